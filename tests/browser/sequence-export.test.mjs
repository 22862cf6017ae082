// The tree figure's steps exported for slides, in headless Chromium, on Figure 5.2 under α-β
// (29 steps; a leaf is one): the zip of SVGs holds step-01.svg … step-29.svg, each exactly the
// file Save SVG writes at that step, and steps.txt the narration shown at each step; with
// steps=12-15 four files; the PNG zip real PNGs at twice the SVG's size; the animated SVG one
// group per step holding that step's SVG body, one loop of 29 × 1.5 s, which Chromium plays
// without script (one step shown at a time, in order, starting again after the last); in
// predict mode they are refused.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { openBrowser } from './harness.mjs';
import { FIG_5_2 as FIG } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;
const text = (bytes) => new TextDecoder().decode(bytes);
/** A single-step SVG's body: what lies between the root's opening and closing tags. */
const body = (svg) => svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));

describe('exporting the steps of a search', { timeout: 60_000 }, () => {
  let browser;
  let page;
  /** Save SVG's file and the narration on screen at each step 1 … 29. */
  const single = [];

  before(async () => {
    browser = await openBrowser({ acceptDownloads: true });
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  after(async () => {
    await browser?.close();
  });

  const lab = async (hash) => {
    await page.goto(`${browser.base}index.html#tree?${hash}`);
    await page.waitForSelector('#app[data-ready="true"][data-tree-length]', { timeout: TIMEOUT });
    if (await page.$eval('#tl-export', (b) => b.getAttribute('aria-expanded') !== 'true')) await page.click('#tl-export');
    await page.waitForSelector('#view-tree [part="export-menu"]:not([hidden]) [data-format="steps-svg"]', { timeout: TIMEOUT });
  };
  /** Clicks a format's button; the downloaded file's name and bytes. */
  const save = async (format) => {
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click(`#view-tree [data-format="${format}"]`)]);
    return { name: dl.suggestedFilename(), bytes: await readFile(await dl.path()) };
  };
  /**
   * Clicks a format's button and takes the file it saves in the page, at the link's click:
   * Chromium drops a download now and then when a page starts dozens in a row.
   */
  const saveInPage = (format) =>
    page.evaluate(async (f) => {
      const make = URL.createObjectURL;
      const click = HTMLAnchorElement.prototype.click;
      let blob = null;
      let got = null;
      URL.createObjectURL = (b) => {
        blob = b;
        return make.call(URL, b);
      };
      HTMLAnchorElement.prototype.click = function () {
        got = this.download;
      };
      try {
        document.querySelector(`#view-tree [data-format="${f}"]`).click();
        for (let i = 0; i < 500 && got === null; i++) await new Promise((r) => setTimeout(r, 10));
        return { name: got, text: await blob.text() };
      } finally {
        URL.createObjectURL = make;
        HTMLAnchorElement.prototype.click = click;
      }
    }, format);
  const status = () => page.textContent('#view-tree [part="export-status"]');

  it('the menu offers the steps of a search, after the single-step formats', async () => {
    await lab(`tree=${FIG}&algo=alphabeta`);
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.length), 29);
    const shown = await page.$$eval('#view-tree [part="export-menu"] button', (bs) => bs.filter((b) => !b.hidden).map((b) => [b.dataset.format, b.textContent]));
    assert.deepEqual(shown.slice(-3), [
      ['steps-svg', 'Steps as SVG files (zip)'],
      ['steps-png', 'Steps as PNG files (zip)'],
      ['steps-animated', 'Steps as animated SVG'],
    ]);
    // What Save SVG writes at each step, and the narration shown there.
    for (let k = 1; k <= 29; k++) {
      await page.evaluate((i) => window.__plyground.views.tree.figure.seek(i), k);
      const { name, text: svg } = await saveInPage('svg');
      assert.equal(name, `plyground-tree-step-${k}.svg`);
      single[k] = { svg, narration: await page.textContent('#tl-narration') };
    }
    assert.equal(single[15].narration, 'MIN node C: v = 2 ≤ α = 3, prune c2 and c3');
  });

  it('SVG files (zip), from the keyboard: step-01 … step-29, each Save SVG’s file, steps.txt the narration; the figure stays', async () => {
    await page.evaluate(() => window.__plyground.views.tree.figure.seek(7));
    await page.focus('#view-tree [data-format="steps-svg"]');
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.keyboard.press('Enter')]);
    assert.equal(dl.suggestedFilename(), 'plyground-steps-svg.zip');
    const zip = await readFile(await dl.path());
    const files = unzipSync(zip);
    const names = Array.from({ length: 29 }, (_, i) => `step-${String(i + 1).padStart(2, '0')}.svg`);
    assert.deepEqual(Object.keys(files), [...names, 'steps.txt']);
    for (let k = 1; k <= 29; k++) assert.equal(text(files[names[k - 1]]), single[k].svg, `step ${k}`);
    assert.equal(text(files['steps.txt']), single.slice(1).map((s) => `${s.narration}\n`).join(''));
    await page.waitForFunction(
      () => document.querySelector('#view-tree [part="export-status"]').textContent === 'Saved 29 steps as plyground-steps-svg.zip (steps 1 to 29, one SVG each, the narration in steps.txt).',
      null,
      { timeout: TIMEOUT },
    );
    assert.equal(await page.getAttribute('#view-tree [part="export-status"]', 'aria-live'), 'polite');
    // The figure is where it was, and the same steps give the same bytes.
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 7);
    assert.equal(await page.textContent('#tl-narration'), single[7].narration);
    assert.deepEqual((await save('steps-svg')).bytes, zip);
  });

  it('PNG files (zip): 29 PNGs at twice the SVG’s size, and steps.txt', async () => {
    const { name, bytes } = await save('steps-png');
    assert.equal(name, 'plyground-steps-png.zip');
    const files = unzipSync(bytes);
    const names = Object.keys(files);
    assert.equal(names.length, 30);
    assert.deepEqual([names[0], names[28], names[29]], ['step-01.png', 'step-29.png', 'steps.txt']);
    const [, w, h] = /<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(single[1].svg);
    for (const n of names.slice(0, 29)) {
      const png = Buffer.from(files[n]);
      assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], n);
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [Math.ceil(Number(w) * 2), Math.ceil(Number(h) * 2)], n);
    }
    assert.equal(text(files['steps.txt']).split('\n').length, 30);
    assert.equal(await status(), 'Saved 29 steps as plyground-steps-png.zip (steps 1 to 29, one PNG at 2× each, the narration in steps.txt).');
  });

  it('animated SVG: a group per step with its SVG body, 43.5 s a loop, played by Chromium without script', async () => {
    const { name, bytes } = await save('steps-animated');
    assert.equal(name, 'plyground-steps.svg');
    const svg = text(bytes);
    assert.equal(await status(), 'Saved 29 steps as plyground-steps.svg (animated, steps 1 to 29, 1.5 s each, looping).');
    const [, w, h] = /<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(single[1].svg);
    assert.ok(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><title>`), svg.slice(0, 200));
    const groups = [...svg.matchAll(/<g id="step-(\d+)" visibility="(\w+)">(<animate [^>]*\/>)([\s\S]*?)<\/g>\n/g)];
    assert.deepEqual(
      groups.map((g) => Number(g[1])),
      Array.from({ length: 29 }, (_, i) => i + 1),
    );
    assert.ok(!svg.includes('<script'), 'no script');
    for (const [k, g] of groups.entries()) {
      assert.equal(g[4], body(single[k + 1].svg), `step ${k + 1}`);
      assert.ok(g[3].includes(' dur="43.5s" repeatCount="indefinite"'), g[3]);
    }
    // Chromium plays it: at each time exactly one step shows, in turn; after 43.5 s, step 1 again.
    const p = await page.context().newPage();
    try {
      await p.setContent(svg);
      const shown = await p.evaluate(() => {
        const root = document.querySelector('svg');
        root.pauseAnimations();
        const at = (t) => {
          root.setCurrentTime(t);
          return [...root.querySelectorAll(':scope > g')].filter((g) => getComputedStyle(g).visibility === 'visible').map((g) => g.id);
        };
        return [0.1, 1.6, 15.1, 43.4, 43.6].map(at);
      });
      assert.deepEqual(shown, [['step-01'], ['step-02'], ['step-11'], ['step-29'], ['step-01']]);
    } finally {
      await p.close();
    }
  });

  it('steps=12-15: four files, step-12 … step-15, as saved at those steps', async () => {
    await lab(`tree=${FIG}&algo=alphabeta&steps=12-15`);
    const { name, bytes } = await save('steps-svg');
    assert.equal(name, 'plyground-steps-12-15-svg.zip');
    const files = unzipSync(bytes);
    assert.deepEqual(Object.keys(files), ['step-12.svg', 'step-13.svg', 'step-14.svg', 'step-15.svg', 'steps.txt']);
    for (const k of [12, 13, 14, 15]) assert.equal(text(files[`step-${k}.svg`]), single[k].svg, `step ${k}`);
    assert.equal(text(files['steps.txt']), [12, 13, 14, 15].map((k) => `${single[k].narration}\n`).join(''));
    assert.equal(await status(), 'Saved 4 steps as plyground-steps-12-15-svg.zip (steps 12 to 15, one SVG each, the narration in steps.txt).');
    const anim = await save('steps-animated');
    assert.equal(anim.name, 'plyground-steps-12-15.svg');
    assert.equal([...text(anim.bytes).matchAll(/<g id="step-\d+"/g)].length, 4);
    assert.ok(text(anim.bytes).includes(' dur="6s" repeatCount="indefinite"'));
    assert.deepEqual(browser.problems, []);
  });

  it('in predict mode the steps are refused, with the reason: they would give the answers away', async () => {
    await lab(`tree=${FIG}&algo=alphabeta&predict=all`);
    await page.waitForFunction(() => /question 1 of 14$/.test(document.querySelector('#tl-predict-tally')?.textContent ?? ''), null, { timeout: TIMEOUT });
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.click('#view-tree [data-format="steps-animated"]');
    await page.waitForFunction(() => /^Export failed/.test(document.querySelector('#view-tree [part="export-status"]').textContent), null, { timeout: TIMEOUT });
    assert.equal(await status(), 'Export failed: leave Predict first: the later steps would show the answers to its questions');
    assert.equal(downloads, 0);
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 0);
    assert.deepEqual(browser.problems, []);
  });
});
