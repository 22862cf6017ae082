// Printing a lesson page, in headless Chromium with the print media type
// emulated: the lessons gallery's figures stay visible with their narration and result, no
// control is shown (toolbars, transport, scrubbers, menus, snippets, copy buttons; board
// cells, which are buttons, stay), and a tree canvas is drawn again at 3× before printing.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildAll, openBrowser } from './harness.mjs';

describe('printing the lessons gallery', { timeout: 180_000 }, () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(`${browser.base}lessons/`);
    // The gallery's figures are lazy: built as a reader scrolling down reaches them.
    await buildAll(page, 'ply-tree, ply-game, ply-mcts, ply-ucb, ply-compare');
  });

  after(async () => {
    await browser?.close();
  });

  /** What a figure shows: visible parts and visible controls, in its shadow root. */
  const shown = (sel) =>
    page.$eval(sel, (host) => {
      const visible = (e) => {
        if (!e) return false;
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
      };
      const root = host.shadowRoot;
      const controls = [...root.querySelectorAll('button, input, select, textarea, [role="toolbar"]')].filter((e) => !e.matches('.cell, .col-btn') && visible(e));
      return {
        canvas: visible(root.querySelector('canvas')),
        narration: visible(root.querySelector('[part="narration"]')),
        result: visible(root.querySelector('[part="result"]')),
        board: visible(root.querySelector('.board')),
        controls: controls.map((e) => e.outerHTML.slice(0, 60)),
      };
    });

  it('on screen the figures have their controls', async () => {
    const fig = await shown('#figure-5-2 ply-tree:nth-of-type(1)');
    assert.ok(fig.canvas && fig.controls.length > 0, JSON.stringify(fig));
  });

  it('printed: figures, narration and result visible; no controls', async () => {
    await page.emulateMedia({ media: 'print' });
    const ab = await shown('#figure-5-2 figure:nth-of-type(2) ply-tree');
    assert.equal(ab.canvas, true);
    assert.equal(ab.narration, true);
    assert.deepEqual(ab.controls, []);
    // α-β is shown at the cutoff, step 15: its narration is the cutoff's sentence, printed.
    assert.equal(await page.$eval('#figure-5-2 figure:nth-of-type(2) ply-tree', (t) => t.shadowRoot.querySelector('[part="narration"]').textContent), 'MIN node C: v = 2 ≤ α = 3, prune c2 and c3');
    const mm = await shown('#figure-5-2 figure:nth-of-type(1) ply-tree');
    assert.equal(mm.canvas && mm.result, true, JSON.stringify(mm));
    assert.deepEqual(mm.controls, []);
    // Every figure of the page: no control left.
    const leftovers = await page.$$eval('ply-tree, ply-game, ply-mcts, ply-compare', (hosts) =>
      hosts.flatMap((h) =>
        [...h.shadowRoot.querySelectorAll('button, input, select, textarea, [role="toolbar"]')]
          .filter((e) => !e.matches('.cell, .col-btn'))
          .filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.height > 0;
          })
          .map((e) => `${h.closest('section').id}: ${e.outerHTML.slice(0, 50)}`),
      ),
    );
    assert.deepEqual(leftovers, []);
    // A game board (the horizon's Connect-4) is printed, its stones and columns with it.
    const horizon = await shown('#horizon ply-game');
    assert.equal(horizon.board, true);
    // The page's chrome: no navigation, snippets or copy buttons.
    const chrome = await page.evaluate(() => ['header.top nav', '.snippet', 'button.copy'].map((s) => [...document.querySelectorAll(s)].some((e) => e.getBoundingClientRect().height > 0)));
    assert.deepEqual(chrome, [false, false, false]);
  });

  it('a tree canvas is drawn at 3× before printing, at the screen ratio after', async () => {
    const sizes = await page.$eval('#figure-5-2 ply-tree', (t) => {
      const c = t.shadowRoot.querySelector('canvas');
      const before = [c.width, c.clientWidth];
      window.dispatchEvent(new Event('beforeprint'));
      const during = [c.width, c.height, c.clientWidth, c.clientHeight];
      window.dispatchEvent(new Event('afterprint'));
      return { before, during, after: [c.width, c.clientWidth] };
    });
    const [w, h, cw, ch] = sizes.during;
    assert.equal(w, Math.round(cw * 3));
    assert.equal(h, Math.round(ch * 3));
    assert.equal(sizes.after[0], Math.round(sizes.after[1] * (await page.evaluate(() => window.devicePixelRatio || 1))));
    assert.deepEqual(browser.problems, []);
  });
});
