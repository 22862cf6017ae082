// The tree lab's canvas draws the core's placement (plyground::export::plan, through the
// tree module's FigurePlan): Figure 5.2 at 1280 × 800 and 360 × 740, with and without the
// minimax values, at every step: the texts on the canvas (as the core placed them, read back
// through the canvas's textBoxes hook) do not overlap, none is cut off by the canvas's
// edges, none is under 11 px, and the compact placement is the phone's. The SVG the Export
// button saves holds the same texts at the same places; nothing offers to fold a subtree there.
// A game's search is placed by the core too (the games module's Stepper.figureRecord, placed
// by the tree module's FigurePlan.forRecord): a tic-tac-toe position, the solver's
// null-window passes and a Connect-4 depth-4 search, each at two dozen steps spread over it
// (the core's own check, tests/game_figure.rs, takes every step), with and without boards,
// hold the same rules, and every board is clear of every text.
// Screenshots go to $PLYGROUND_SHOTS.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openBrowser, textProblems } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;
const SHOTS = process.env.PLYGROUND_SHOTS ?? '';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
];

/**
 * The tree figure's canvas at step `i`, once any glide has ended: its texts, its boards' boxes
 * (a game's search with boards), in canvas px, its size, and whether the whole tree is on
 * screen (else the texts of the node the view follows must be).
 */
function boxesAt(page, i) {
  return page.evaluate(async (i) => {
    const f = window.__plyground.views.tree.figure;
    f.seek(i);
    const c = f.canvas;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    for (let k = 0; k < 100 && (c.glide || c.pending); k++) await frame();
    await frame();
    const lay = c.layout;
    const cam = c.camera;
    const boards = [];
    if (lay.boards) {
      for (let v = 0; v < lay.x.length; v++) {
        const b = lay.boards.slice(4 * v, 4 * v + 4);
        if (b[2] > b[0]) boards.push({ node: v, x0: b[0] * cam.scale + cam.tx, y0: b[1] * cam.scale + cam.ty, x1: b[2] * cam.scale + cam.tx, y1: b[3] * cam.scale + cam.ty });
      }
    }
    const whole = lay.width * cam.scale <= cam.width + 1e-6 && lay.height * cam.scale <= cam.height + 1e-6;
    return { boxes: c.textBoxes(), boards, whole, focus: c.focus, w: cam.width, h: cam.height, compact: lay.geometry.compact, size: [lay.width, lay.height], length: f.length, nodes: lay.x.length };
  }, i);
}

function problems({ boxes, w, h }, where) {
  return textProblems(boxes, w, h, where);
}

describe('the canvas draws the core placement of Figure 5.2', { timeout: 240_000 }, () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser({ acceptDownloads: true });
    page = browser.page;
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
  });

  for (const vp of VIEWPORTS) {
    it(`${vp.name}: every step, with and without minimax values: no overlap, none cut off, none under 11 px`, async () => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.goto('about:blank');
      await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta`);
      await page.waitForFunction(() => window.__plyground.views.tree?.snapshot()?.nodes.length === 13, null, { timeout: TIMEOUT });
      await page.locator('#tl-canvas').scrollIntoViewIfNeeded();
      // Nothing folds on the core's placement: no Expand all, no double-click offered.
      assert.equal(await page.isHidden('#tl-expand'), true);
      assert.doesNotMatch(await page.getAttribute('#tl-canvas', 'aria-label'), /double-click/);
      for (const minimax of [false, true]) {
        // (The lab keeps the box's last state: set it either way.)
        await page.setChecked('#tl-minimax', minimax);
        const first = await boxesAt(page, 0);
        assert.equal(first.compact, vp.width < 400, `the compact placement on the phone only (${JSON.stringify({ w: first.w, h: first.h, size: first.size })})`);
        let texts = 0;
        for (let i = 0; i <= first.length; i++) {
          const s = await boxesAt(page, i);
          assert.deepEqual(problems(s, `${vp.name} step ${i}${minimax ? ' minimax' : ''}`), []);
          texts += s.boxes.length;
        }
        assert.ok(texts > 500, `${texts} texts checked`);
        const end = await boxesAt(page, first.length);
        const words = end.boxes.map((b) => b.text);
        if (minimax) {
          // C's value is a bound; its true minimax value beside it (compact: on a line of its own).
          assert.ok(vp.width < 400 ? words.includes('≤ 2') && words.includes('minimax: 2') : words.includes('≤ 2 · minimax: 2'), words.join(' | '));
        } else assert.ok(words.includes('≤ 2') && !words.some((t) => t.includes('minimax')), words.join(' | '));
        if (SHOTS) {
          for (const scheme of ['light', 'dark']) {
            await page.emulateMedia({ colorScheme: scheme });
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            await page.locator('#tl-canvas').screenshot({ path: join(SHOTS, `fig-5-2-${minimax ? 'minimax-' : ''}${vp.name}-${scheme}.png`) });
          }
          await page.emulateMedia({ colorScheme: 'light' });
        }
      }
      assert.deepEqual(browser.problems, []);
    });
  }

  it('the SVG export holds the texts the canvas draws, at the same places', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const s = await boxesAt(page, 23);
    await page.click('#tl-export');
    await page.waitForSelector('[part="export-menu"]:not([hidden])', { timeout: TIMEOUT });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click('[part="export-menu"] [data-format="svg"]')]);
    const svg = await readFile(await download.path(), 'utf8');
    const unescape = (t) => t.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]);
    const texts = [...svg.matchAll(/<text x="([^"]*)" y="([^"]*)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: unescape(m[3]) }));
    assert.deepEqual(
      texts.map((t) => t.text),
      s.boxes.map((b) => b.text),
      'the same texts, in the same order',
    );
    // Each text set at its box's anchor, the two pictures one translation apart.
    const got = texts.map((t) => ({ x: t.x - texts[0].x, y: t.y - texts[0].y }));
    const anchors = await page.evaluate(() => {
      const c = window.__plyground.views.tree.figure.canvas;
      const { compact } = c.layout.geometry;
      return c.placed.at(compact).labels.map((l) => l.anchor);
    });
    const want = s.boxes.map((b, i) => {
      const a = anchors[i];
      const x = a === 'west' ? b.x0 : a === 'east' ? b.x1 : (b.x0 + b.x1) / 2;
      return { x, y: (b.y0 + b.y1) / 2 };
    });
    for (let i = 0; i < want.length; i++) {
      assert.ok(Math.abs(got[i].x - (want[i].x - want[0].x)) < 0.02 && Math.abs(got[i].y - (want[i].y - want[0].y)) < 0.02, `'${texts[i].text}' at (${got[i].x}, ${got[i].y}), the canvas's at (${want[i].x - want[0].x}, ${want[i].y - want[0].y})`);
    }
    assert.deepEqual(browser.problems, []);
  });
});

const GAME_SEARCHES = [
  { name: 'tic-tac-toe 4,0,8,2 (α-β)', hash: 'game=ttt&moves=4,0,8,2&algo=alphabeta', samples: 24, shot: 'ttt-ab' },
  { name: 'the solver’s null-window passes', hash: 'game=c4&moves=7174362564676726631735257252323&algo=solve', samples: 12, shot: 'c4-solve' },
  { name: 'Connect-4 4453 to depth 4', hash: 'game=c4&moves=4453&depth=4', samples: 6, shot: 'c4-d4' },
];

describe('the canvas draws the core placement of a game search', { timeout: 400_000 }, () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
  });

  for (const vp of VIEWPORTS) {
    for (const g of GAME_SEARCHES) {
      it(`${vp.name}, ${g.name}: with and without boards, no overlap, nothing on a board, none cut off, none under 11 px`, async () => {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        await page.goto('about:blank');
        await page.goto(`${browser.base}index.html#tree?${g.hash}`);
        const kind = g.hash.slice(5, g.hash.indexOf('&'));
        await page.waitForFunction((kind) => window.__plyground.views.tree?.loaded?.source === kind && window.__plyground.views.tree.figure.canvas.placed, kind, { timeout: TIMEOUT });
        await page.locator('#tl-canvas').scrollIntoViewIfNeeded();
        for (const boards of [false, true]) {
          await page.setChecked('#tl-thumbs', boards);
          if (boards) await page.waitForFunction(() => window.__plyground.views.tree.figure.canvas.layout.boards != null, null, { timeout: TIMEOUT });
          const first = await boxesAt(page, 0);
          assert.equal(first.nodes, (await page.evaluate(() => window.__plyground.views.tree.snapshot().nodes.length)), 'every node of the search is placed');
          const steps = [...new Set(Array.from({ length: g.samples + 1 }, (_, k) => Math.round((k * first.length) / g.samples)))];
          let texts = 0;
          let boardsSeen = 0;
          for (const i of steps) {
            const s = await boxesAt(page, i);
            const where = `${vp.name} ${g.name} step ${i}${boards ? ' boards' : ''}`;
            const whole = (b) => s.whole || (b.node === s.focus && b.kind !== 'edge' && b.kind !== 'prob');
            assert.deepEqual(textProblems(s.boxes, s.w, s.h, where, whole), []);
            const meet = (a, b) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1e-6 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1e-6;
            for (const b of s.boards) for (const t of s.boxes) assert.ok(!meet(b, t), `${where}: '${t.text}' is on the board of node ${b.node}`);
            assert.equal(s.boards.length > 0, boards, `${where}: boards drawn only when asked for`);
            texts += s.boxes.length;
            boardsSeen += s.boards.length;
          }
          assert.ok(texts > 50, `${texts} texts checked`);
          if (boards) assert.ok(boardsSeen > 10, `${boardsSeen} boards checked`);
          if (SHOTS) {
            for (const scheme of ['light', 'dark']) {
              await page.emulateMedia({ colorScheme: scheme });
              await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
              await page.locator('#tl-canvas').screenshot({ path: join(SHOTS, `game-${g.shot}-${boards ? 'boards-' : ''}${vp.name}-${scheme}.png`) });
            }
            await page.emulateMedia({ colorScheme: 'light' });
          }
        }
        await page.setChecked('#tl-thumbs', false);
        assert.deepEqual(browser.problems, []);
      });
    }
  }
});
