// The tree figure's Export menu in headless Chromium: loaded only when asked, keyboard
// operable, announced, and the saved SVG holds exactly the texts the canvas draws at that
// step (Figure 5.2 at step 23, the cutoff at C); the 2× PNG is twice the SVG's size; the
// TikZ at the end is byte for byte what `plyground export` writes.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openBrowser } from './harness.mjs';

const TIMEOUT = 20_000;

describe('exporting the tree figure', { timeout: 120_000 }, () => {
  let browser;
  let page;
  const requested = [];

  before(async () => {
    browser = await openBrowser({ acceptDownloads: true });
    page = browser.page;
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${browser.base}#tree`);
    await page.waitForSelector('#app[data-view="tree"][data-tree-length]', { timeout: TIMEOUT });
  });

  after(async () => {
    await browser?.close();
  });

  /** The texts the figure's canvas draws in one frame, recorded from its own context. */
  const canvasTexts = () =>
    page.evaluate(async () => {
      const fig = window.__plyground.views.tree.figure;
      const ctx = fig.canvas.ctx;
      const texts = [];
      const fillText = ctx.fillText;
      ctx.fillText = function (t, x, y) {
        texts.push(t);
        return fillText.call(this, t, x, y);
      };
      fig.canvas.fit();
      fig.canvas.draw();
      ctx.fillText = fillText;
      return texts;
    });

  it('the export code is not loaded until Export is pressed', async () => {
    assert.ok(!requested.some((p) => p.endsWith('/export-menu.js') || p.endsWith('/export-svg.js')), requested.join(' '));
    assert.equal(await page.getAttribute('#tl-export', 'aria-expanded'), 'false');
  });

  it('SVG at step 23 from the keyboard: the canvas texts, announced, Escape returns to Export', async () => {
    await page.evaluate(() => window.__plyground.views.tree.seek(23));
    const drawn = await canvasTexts();
    assert.ok(drawn.includes('c2') && drawn.includes('[α=3, β=+∞]'), drawn.join(' | '));
    await page.focus('#tl-export');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[part="export-menu"]:not([hidden])', { timeout: TIMEOUT });
    assert.equal(await page.getAttribute('#tl-export', 'aria-expanded'), 'true');
    assert.ok(requested.some((p) => p.endsWith('/views/export-menu.js')) && requested.some((p) => p.endsWith('/lib/export-svg.js')));
    assert.equal(await page.evaluate(() => document.activeElement.dataset.format), 'svg');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.keyboard.press('Enter')]);
    assert.equal(download.suggestedFilename(), 'plyground-tree-step-23.svg');
    const svg = await readFile(await download.path(), 'utf8');
    const texts = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) =>
      m[1].replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]),
    );
    assert.deepEqual([...texts].sort(), [...drawn].sort(), 'the SVG holds exactly the texts the canvas draws');
    assert.ok(svg.includes('stroke-dasharray'), 'the pruned edges are dashed');
    await page.waitForFunction(() => /Saved plyground-tree-step-23\.svg/.test(document.querySelector('[part="export-status"]').textContent));
    assert.equal(await page.getAttribute('[part="export-status"]', 'aria-live'), 'polite');
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tl-export');
    assert.equal(await page.getAttribute('#tl-export', 'aria-expanded'), 'false');
    assert.ok(await page.$eval('[part="export-menu"]', (m) => m.hidden));
  });

  it('PNG 2×: twice the SVG size, a real PNG', async () => {
    await page.click('#tl-export');
    const [svgDl] = await Promise.all([page.waitForEvent('download'), page.click('[data-format="svg"]')]);
    const svg = await readFile(await svgDl.path(), 'utf8');
    const [, w, h] = /<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg);
    const [pngDl] = await Promise.all([page.waitForEvent('download'), page.click('[data-format="png2"]')]);
    assert.equal(pngDl.suggestedFilename(), 'plyground-tree-step-23@2x.png');
    const png = await readFile(await pngDl.path());
    assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
    assert.equal(png.readUInt32BE(16), Math.ceil(Number(w) * 2));
    assert.equal(png.readUInt32BE(20), Math.ceil(Number(h) * 2));
  });

  it('TikZ at the end: exactly the file `plyground export` writes (the golden file of the CLI test)', async () => {
    await page.evaluate(() => window.__plyground.views.tree.seek(43));
    const golden = await readFile(new URL('../../crates/plyground-cli/tests/export_figure_5_2.tex', import.meta.url), 'utf8');
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('[data-format="tikz"]')]);
    assert.equal(dl.suggestedFilename(), 'plyground-tree-step-43.tex');
    assert.equal(await readFile(await dl.path(), 'utf8'), golden);
    const [snip] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('[data-format="tikz-snippet"]')]);
    assert.equal(snip.suggestedFilename(), 'plyground-tree-step-43-snippet.tex');
    const snippet = await readFile(await snip.path(), 'utf8');
    assert.ok(snippet.startsWith('% plyground: alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]], step 43 of 43 (the end)\n'));
    assert.ok(!snippet.includes('\\documentclass') && snippet.trimEnd().endsWith('\\end{tikzpicture}'));
    await page.waitForFunction(() => /Saved plyground-tree-step-43-snippet\.tex/.test(document.querySelector('[part="export-status"]').textContent));
    assert.deepEqual(browser.problems, []);
  });
});
