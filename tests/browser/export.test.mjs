// The tree figure's Export menu in headless Chromium: loaded only when asked, keyboard
// operable, announced, and the saved SVG holds exactly the texts the canvas draws at that
// step (Figure 5.2 at step 15, the cutoff at C); the 2× PNG is twice the SVG's size; the
// TikZ at the end is byte for byte what `plyground export` writes.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openBrowser, plyground } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

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

  /**
   * An SVG document as Chromium reads it: parsed as XML (no parser error), then drawn as an
   * image onto a canvas. In a blank page of its own (the playground's CSP allows no blob:
   * images). Returns the image's size, its <text> count and how many pixels it inked.
   */
  const drawnAsImage = async (svg) => {
    const p = await browser.page.context().newPage();
    try {
      return await p.evaluate(async (text) => {
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        const error = doc.querySelector('parsererror');
        if (error) return { error: error.textContent };
        const img = new Image();
        img.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        const ctx = c.getContext('2d');
        ctx.drawImage(img, 0, 0);
        const data = ctx.getImageData(0, 0, c.width, c.height).data;
        const colours = new Set();
        for (let i = 0; i < data.length; i += 4) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        return { width: img.naturalWidth, height: img.naturalHeight, texts: doc.querySelectorAll('text').length, colours: colours.size };
      }, svg);
    } finally {
      await p.close();
    }
  };

  /** The texts a view's figure canvas draws in one frame, recorded from its own context. */
  const canvasTexts = (view = 'tree') =>
    page.evaluate(async (v) => {
      const fig = window.__plyground.views[v].figure;
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
    }, view);

  it('the export code is not loaded until Export is pressed', async () => {
    assert.ok(!requested.some((p) => p.endsWith('/export-menu.js') || p.endsWith('/export-svg.js')), requested.join(' '));
    assert.equal(await page.getAttribute('#tl-export', 'aria-expanded'), 'false');
  });

  it('SVG at step 15 from the keyboard: the canvas texts, announced, Escape returns to Export', async () => {
    await page.evaluate(() => window.__plyground.views.tree.seek(15));
    const drawn = await canvasTexts();
    assert.ok(drawn.includes('c2') && drawn.includes('[α=3, β=+∞]'), drawn.join(' | '));
    await page.focus('#tl-export');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[part="export-menu"]:not([hidden])', { timeout: TIMEOUT });
    assert.equal(await page.getAttribute('#tl-export', 'aria-expanded'), 'true');
    assert.ok(requested.some((p) => p.endsWith('/views/export-menu.js')) && requested.some((p) => p.endsWith('/lib/export-svg.js')));
    assert.equal(await page.evaluate(() => document.activeElement.dataset.format), 'svg');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.keyboard.press('Enter')]);
    assert.equal(download.suggestedFilename(), 'plyground-tree-step-15.svg');
    const svg = await readFile(await download.path(), 'utf8');
    const texts = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) =>
      m[1].replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]),
    );
    assert.deepEqual([...texts].sort(), [...drawn].sort(), 'the SVG holds exactly the texts the canvas draws');
    assert.ok(svg.includes('stroke-dasharray'), 'the pruned edges are dashed');
    // It parses, and Chromium draws it as an image of its size, with more than a background.
    const img = await drawnAsImage(svg);
    const [, sw, sh] = /<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg);
    assert.deepEqual([img.width, img.height, img.texts], [Math.round(Number(sw)), Math.round(Number(sh)), texts.length], JSON.stringify(img));
    assert.ok(img.colours > 10, `${img.colours} colours drawn`);
    await page.waitForFunction(() => /Saved plyground-tree-step-15\.svg/.test(document.querySelector('[part="export-status"]').textContent));
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
    assert.equal(pngDl.suggestedFilename(), 'plyground-tree-step-15@2x.png');
    const png = await readFile(await pngDl.path());
    assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
    assert.equal(png.readUInt32BE(16), Math.ceil(Number(w) * 2));
    assert.equal(png.readUInt32BE(20), Math.ceil(Number(h) * 2));
    // A chosen width: the same texts, the picture that wide (its height in proportion).
    await page.fill('#view-tree [part="export-width"]', '900');
    const [wideDl] = await Promise.all([page.waitForEvent('download'), page.click('[data-format="svg"]')]);
    const wide = await readFile(await wideDl.path(), 'utf8');
    const [, ww, wh] = /<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(wide);
    assert.equal(Number(ww), 900);
    assert.deepEqual(svgTexts(wide).sort(), svgTexts(svg).sort());
    assert.ok(Number(wh) > 0 && Number(wh) < Number(h) * (900 / Number(w)) + 32, `${wh} for ${w} × ${h}`);
    await page.waitForFunction(() => /^Saved plyground-tree-step-15\.svg \(SVG, 900 px wide, step 15\)\.$/.test(document.querySelector('#view-tree [part="export-status"]').textContent));
    await page.fill('#view-tree [part="export-width"]', '');
  });

  it('TikZ at the end: exactly the file `plyground export` writes (the golden file of the CLI test)', async () => {
    await page.evaluate(() => window.__plyground.views.tree.seek(29));
    const golden = await readFile(new URL('../../crates/plyground-cli/tests/export_figure_5_2.tex', import.meta.url), 'utf8');
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('[data-format="tikz"]')]);
    assert.equal(dl.suggestedFilename(), 'plyground-tree-step-29.tex');
    assert.equal(await readFile(await dl.path(), 'utf8'), golden);
    const [snip] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('[data-format="tikz-snippet"]')]);
    assert.equal(snip.suggestedFilename(), 'plyground-tree-step-29-snippet.tex');
    const snippet = await readFile(await snip.path(), 'utf8');
    assert.ok(snippet.startsWith('% plyground: alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]], step 29 of 29 (the end)\n'));
    assert.ok(!snippet.includes('\\documentclass') && snippet.trimEnd().endsWith('\\end{tikzpicture}'));
    await page.waitForFunction(() => /Saved plyground-tree-step-29-snippet\.tex/.test(document.querySelector('[part="export-status"]').textContent));
    assert.deepEqual(browser.problems, []);
  });

  it('the tree text in each form (Export), read back by the lab from any form', async () => {
    const save = async (format) => {
      const [dl] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click(`[data-format="${format}"]`)]);
      return { name: dl.suggestedFilename(), text: await readFile(await dl.path(), 'utf8') };
    };
    const sexp = '(max (min 3 12 8) (min 2 4 6) (min 14 5 2))';
    assert.deepEqual(await save('text-sexp'), { name: 'plyground-tree.sexp', text: sexp });
    assert.deepEqual(await save('text-grammar'), { name: 'plyground-tree.tree', text: '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]' });
    const outline = await save('text-outline');
    assert.equal(outline.name, 'plyground-tree.outline');
    assert.equal(outline.text, 'max\n  min\n    3\n    12\n    8\n  min\n    2\n    4\n    6\n  min\n    14\n    5\n    2\n');
    const json = await save('text-json');
    assert.equal(json.name, 'plyground-tree.json');
    const doc = JSON.parse(json.text);
    assert.equal(doc.kind, 'max');
    assert.deepEqual(doc.children.map((c) => c.children.map((l) => l.value)), [[3, 12, 8], [2, 4, 6], [14, 5, 2]]);
    // The lab reads the S-expression (auto-detected) as the same tree: the same 29 steps (a leaf is one).
    await page.fill('#tl-text', sexp);
    await page.click('#tl-run');
    await page.waitForFunction(() => document.querySelector('#tl-form-note').textContent === 'Read as S-expression.', null, { timeout: TIMEOUT });
    assert.equal(await page.getAttribute('#app', 'data-tree-error'), '');
    assert.equal(await page.getAttribute('#app', 'data-tree-length'), '29');
    // The outline too, its form chosen in the menu.
    await page.fill('#tl-text', outline.text);
    await page.selectOption('#tl-form', 'outline');
    await page.waitForFunction(() => document.querySelector('#app').dataset.treeError === '' && document.querySelector('#tl-form-note').textContent === '');
    assert.equal(await page.getAttribute('#app', 'data-tree-length'), '29');
    // A form that does not fit the text: the core's error with its place, the picture kept.
    await page.fill('#tl-text', sexp);
    await page.selectOption('#tl-form', 'json');
    await page.waitForFunction(() => /^line 1, column 1: expected a JSON value, found '\('/.test(document.querySelector('#tl-error').textContent), null, { timeout: TIMEOUT });
    assert.equal(await page.getAttribute('#app', 'data-tree-length'), '29');
    await page.selectOption('#tl-form', 'auto');
    await page.waitForFunction(() => document.querySelector('#app').dataset.treeError === '');
    assert.deepEqual(browser.problems, []);
  });

  it('the comparison table as CSV: the core’s counts, one row per search', async () => {
    await page.evaluate(() => {
      document.querySelector('#tl-compare').open = true;
    });
    assert.ok(await page.$eval('#tl-compare-csv', (b) => b.hidden), 'no CSV before a comparison');
    await page.click('#tl-compare-run');
    await page.waitForSelector('#tl-compare-csv:not([hidden])', { timeout: TIMEOUT });
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('#tl-compare-csv')]);
    assert.equal(dl.suggestedFilename(), 'plyground-comparison.csv');
    const lines = (await readFile(await dl.path(), 'utf8')).split('\r\n');
    assert.equal(lines[0], 'algorithm,order,seed,nodes,leaves,cutoffs,max_depth,value,not_run');
    assert.equal(lines[1], 'minimax,,,13,9,0,2,3,');
    assert.ok(lines.includes('alphabeta,natural,,11,7,1,2,3,'), lines.join('\n'));
    // One record per row of the table that is a search (the reference rows are not searches).
    const searches = await page.$$eval('#tl-compare-table tbody tr:not(.ref)', (trs) => trs.length);
    assert.equal(lines.length, searches + 2, 'header, the searches, and the empty string after the last CRLF');
    assert.deepEqual(browser.problems, []);
  });

  it('the MCTS figure as SVG and PNG: exactly the texts its canvas draws', async () => {
    await page.click('nav a[data-view="mcts"]');
    await page.waitForSelector('#mc-run');
    // A small tree (4 iterations), so that fitted on screen its texts are large enough to draw.
    await page.fill('#mc-n', '4');
    await page.click('#mc-run');
    await page.waitForSelector('#app[data-mcts-iterations="4"]', { timeout: TIMEOUT });
    const drawn = await canvasTexts('mcts');
    await page.click('#mc-export');
    // The menu's module loads on the first click: wait for it.
    await page.waitForSelector('#view-mcts [part="export-menu"] button[data-format="svg"]', { timeout: TIMEOUT });
    // Only the picture formats: an MCTS tree has no tree text or TikZ.
    const shownFormats = await page.$$eval('#view-mcts [part="export-menu"] button', (bs) => bs.filter((b) => !b.hidden).map((b) => b.dataset.format));
    assert.deepEqual(shownFormats, ['svg', 'png1', 'png2', 'png3']);
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('#view-mcts [data-format="svg"]')]);
    assert.equal(dl.suggestedFilename(), 'plyground-mcts-step-4.svg');
    const svg = await readFile(await dl.path(), 'utf8');
    assert.ok(svg.includes('<title>plyground: the MCTS tree after 4 iterations</title>'), svg.slice(0, 300));
    const texts = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) =>
      m[1].replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]),
    );
    assert.deepEqual([...texts].sort(), [...drawn].sort(), 'the SVG holds exactly the texts the canvas draws');
    assert.ok(texts.length > 0, 'the figure draws its node texts at this size');
    const [png] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('#view-mcts [data-format="png2"]')]);
    assert.equal(png.suggestedFilename(), 'plyground-mcts-step-4@2x.png');
    const bytes = await readFile(await png.path());
    assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
    assert.deepEqual(browser.problems, []);
  });
  /** The texts of an SVG document, unescaped, in drawing order. */
  const svgTexts = (svg) =>
    [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1].replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]));
  /** A PNG's width and height, from its header. */
  const pngSize = (bytes) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

  it('the game board as SVG and PNG, from the keyboard: the marks and the values the board shows, in light and dark', async () => {
    await page.click('nav a[data-view="play"]');
    await page.waitForSelector('#app[data-view="play"][data-state]', { timeout: TIMEOUT });
    await page.selectOption('#side-0 select', 'human');
    await page.selectOption('#side-1 select', 'alphabeta');
    await page.check('input[name="game"][value="ttt"]');
    await page.fill('#moves-input', '0,3,1,4');
    await page.click('#moves-form button[type="submit"]');
    await page.waitForSelector('#app[data-moves="0,3,1,4"]', { timeout: TIMEOUT });
    await page.check('#show-eval');
    await page.waitForFunction(() => document.querySelectorAll('#view-play .cell .eval').length === 5, null, { timeout: TIMEOUT });
    // What the board on screen shows, cell by cell: a mark, or the move's value.
    const shown = await page.$$eval('#view-play .cell', (cs) => cs.map((c) => c.dataset.mark || c.querySelector('.eval')?.textContent || '').filter(Boolean));
    assert.deepEqual(shown, ['X', 'X', '★ win in 1', 'O', 'O', 'draw', 'loss in 2', 'loss in 2', 'loss in 2']);
    await page.focus('#play-export');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#view-play [part="export-menu"]:not([hidden])', { timeout: TIMEOUT });
    assert.ok(requested.some((p) => p.endsWith('/lib/board-draw.js')));
    // Pictures only: a board has no tree text or TikZ.
    const formats = await page.$$eval('#view-play [part="export-menu"] button', (bs) => bs.filter((b) => !b.hidden).map((b) => b.dataset.format));
    assert.deepEqual(formats, ['svg', 'png1', 'png2', 'png3']);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.format), 'svg');
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.keyboard.press('Enter')]);
    assert.equal(dl.suggestedFilename(), 'plyground-tic-tac-toe-0-3-1-4.svg');
    const svg = await readFile(await dl.path(), 'utf8');
    assert.ok(svg.includes('<title>plyground: Tic-tac-toe, after the moves 0,3,1,4, with the value of each move</title>'), svg.slice(0, 300));
    assert.deepEqual(svgTexts(svg), shown, 'the SVG holds exactly what the board shows');
    const boardImg = await drawnAsImage(svg);
    assert.equal(boardImg.texts, shown.length, JSON.stringify(boardImg));
    assert.ok(boardImg.width > 100 && boardImg.colours > 10, JSON.stringify(boardImg));
    await page.waitForFunction(
      () => document.querySelector('#view-play [part="export-status"]').textContent === 'Saved plyground-tic-tac-toe-0-3-1-4.svg (SVG, after 4 moves, with the values).',
    );
    // The picture is the board's size on screen.
    const cell = await page.$eval('#view-play .cell', (c) => c.getBoundingClientRect().width);
    const width = Number(/<svg [^>]*width="([\d.]+)"/.exec(svg)[1]);
    assert.ok(Math.abs(width - (3 * cell + 8)) < 0.02, `${width} for cells of ${cell} px`);
    const [png] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('#view-play [data-format="png2"]')]);
    assert.equal(png.suggestedFilename(), 'plyground-tic-tac-toe-0-3-1-4@2x.png');
    const bytes = await readFile(await png.path());
    assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
    assert.deepEqual(pngSize(bytes), [Math.ceil(width * 2), Math.ceil(width * 2)]);
    // A chosen width: the picture that wide, the PNG at 2× twice that; a bad width is refused.
    await page.fill('#view-play [part="export-width"]', '600');
    const [wide] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('#view-play [data-format="svg"]')]);
    const wideSvg = await readFile(await wide.path(), 'utf8');
    assert.match(wideSvg, /^<svg [^>]*width="600" height="600" viewBox="0 0 600 600"/);
    assert.deepEqual(svgTexts(wideSvg), shown);
    const [widePng] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('#view-play [data-format="png2"]')]);
    assert.deepEqual(pngSize(await readFile(await widePng.path())), [1200, 1200]);
    await page.fill('#view-play [part="export-width"]', '50');
    await page.click('#view-play [data-format="svg"]');
    await page.waitForFunction(() => /^Export failed: the width must be a whole number of pixels from 100 to 20,000/.test(document.querySelector('#view-play [part="export-status"]').textContent));
    await page.fill('#view-play [part="export-width"]', '5000');
    await page.click('#view-play [data-format="svg"]');
    await page.waitForFunction(
      () => document.querySelector('#view-play [part="export-status"]').textContent === 'Export failed: a Tic-tac-toe board can be 56 to 1208 px wide, not 5000',
    );
    await page.fill('#view-play [part="export-width"]', '');
    await page.focus('#view-play [data-format="svg"]');
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'play-export');
    assert.equal(await page.getAttribute('#play-export', 'aria-expanded'), 'false');
    await page.uncheck('#show-eval');

    // Connect-4 in the dark: the column numbers and the discs, in the dark palette.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.selectOption('#side-1 select', 'human');
    await page.check('input[name="game"][value="c4"]');
    await page.fill('#moves-input', '4455');
    await page.click('#moves-form button[type="submit"]');
    await page.waitForSelector('#app[data-moves="4455"]', { timeout: TIMEOUT });
    await page.click('#play-export');
    await page.waitForSelector('#view-play [part="export-menu"]:not([hidden])', { timeout: TIMEOUT });
    const [c4] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('#view-play [data-format="svg"]')]);
    assert.equal(c4.suggestedFilename(), 'plyground-connect4-4455.svg');
    const dark = await readFile(await c4.path(), 'utf8');
    assert.deepEqual(svgTexts(dark), ['1', '2', '3', '4', '5', '6', '7', 'O', 'O', 'X', 'X']);
    // --ply-board is light-dark(#1f4fa0, #1d3a73): the export writes the colour drawn.
    assert.ok(dark.includes('fill="rgb(29, 58, 115)"'), 'the dark board colour, #1d3a73');
    assert.ok(!dark.includes('light-dark'), 'no unresolved colour');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.deepEqual(browser.problems, []);
  });
  it('the CLI’s SVG (plyground export --format svg) parses and draws in Chromium, light and dark', async () => {
    for (const args of [['--step', '15'], ['--dark', '--width', '800']]) {
      // (The CLI of this tree, built by cargo when it is not yet.)
      const r = plyground(['export', '--format', 'svg', ...args, FIG_5_2]);
      assert.equal(r.status, 0, r.stderr);
      const svg = r.stdout;
      const img = await drawnAsImage(svg);
      assert.equal(img.texts, svgTexts(svg).length, JSON.stringify(img));
      assert.ok(img.texts >= 29 && img.colours > 10, JSON.stringify(img));
      if (args.includes('--width')) assert.equal(img.width, 800);
    }
  });
});
