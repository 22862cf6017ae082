// Framing in headless Chromium, at a desktop (1280 × 800) and a phone (360 × 740) viewport:
// every figure opens with the whole tree when its names read (11 CSS px or more), else with
// the root and the focus (the current step's node, the current question's) at a readable
// size and an overview map; Fit never squashes a tree past its names; the camera follows the
// current node when it leaves the view. Screenshots go to $PLYGROUND_SHOTS when it is set.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { browserForSuite, buildAll } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;
const SHOTS = process.env.PLYGROUND_SHOTS ?? '';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
];

/** A complete tree of `branching` children per node and `depth` levels of edges, leaves 0 … 9. */
function bigTree(branching, depth) {
  let leaf = 0;
  const build = (d) => (d === 0 ? String((leaf++ * 7) % 10) : `[${Array.from({ length: branching }, () => build(d - 1)).join(',')}]`);
  return build(depth);
}

/**
 * What the canvas of `figure` (a path from window.__plyground.views) shows, once any glide has
 * ended: the scale, whether texts were drawn, the readable scale, the whole tree's box on
 * screen, the map, and for each asked node (by draw id) whether its centre is on the canvas.
 */
function canvasState(page, figure, ids = []) {
  return page.evaluate(
    async ({ figure, ids }) => {
      const c = figure.split('.').reduce((o, k) => o[k], window.__plyground.views).canvas;
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
      for (let k = 0; k < 100 && (c.glide || c.pending); k++) await frame();
      await frame();
      const { x, y, bounds } = c.layout;
      const cam = c.camera;
      const on = (v) => {
        const p = cam.toScreen(x[v], y[v]);
        return p.x >= 0 && p.y >= 0 && p.x <= cam.width && p.y <= cam.height;
      };
      const a = cam.toScreen(bounds.minX, bounds.minY);
      const b = cam.toScreen(bounds.maxX, bounds.maxY);
      return {
        scale: cam.scale,
        readable: c.readableScale,
        text: c.lastStats.text,
        whole: a.x >= 0 && a.y >= 0 && b.x <= cam.width && b.y <= cam.height,
        map: c.minimap,
        on: ids.map(on),
        root: on(c.layout.order[0]),
        focus: c.focus,
        size: [cam.width, cam.height],
        compact: Boolean(c.layout.geometry?.compact),
      };
    },
    { figure, ids },
  );
}

/** The texts the canvas of `figure` draws in one frame. */
function drawnTexts(page, figure) {
  return page.evaluate((figure) => {
    const c = figure.split('.').reduce((o, k) => o[k], window.__plyground.views).canvas;
    const texts = [];
    const fillText = c.ctx.fillText;
    c.ctx.fillText = function (t, ...rest) {
      texts.push(t);
      return fillText.call(this, t, ...rest);
    };
    c.draw();
    c.ctx.fillText = fillText;
    return texts;
  }, figure);
}

describe('framing', { timeout: 240_000 }, () => {
  let browser;
  let page;

  before(() => (SHOTS ? mkdir(SHOTS, { recursive: true }) : undefined));
  browserForSuite(
    (b) => {
      browser = b;
      page = b.page;
    },
    { viewport: null },
  );

  /** A picture of the canvas `sel` (when $PLYGROUND_SHOTS names a folder). */
  const shot = async (name, sel) => {
    if (SHOTS) await page.locator(sel).screenshot({ path: join(SHOTS, `${name}.png`) });
  };

  for (const vp of VIEWPORTS) {
    it(`${vp.name}: practice minimax seed 1 opens on E, its leaves and the root's names`, async () => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.goto(`${browser.base}index.html#practice?task=minimax&seed=1`);
      await page.waitForSelector('#app[data-ready="true"][data-practice-task="minimax"]', { timeout: TIMEOUT });
      const info = await page.evaluate(() => {
        const f = window.__plyground.views.practice.figure;
        const id = f.firstAnswered();
        return { first: f.treeNodes[id].label, e: id, leaves: f.treeNodes[id].children, values: f.treeNodes[id].children.map((k) => f.treeNodes[k].value) };
      });
      // The first question the search answers is E (its value, before B's and A's), whose
      // leaves are 9, 9 and 16.
      assert.equal(info.first, 'E');
      assert.deepEqual(info.values, [9, 9, 16]);
      await page.locator('#pr-canvas').scrollIntoViewIfNeeded();
      const s = await canvasState(page, 'practice.figure', [info.e, ...info.leaves]);
      await shot(`practice-minimax-1-${vp.name}`, '#pr-canvas');
      assert.deepEqual(s.on, [true, true, true, true], `E and its three leaves on the canvas (${JSON.stringify(s)})`);
      assert.ok(s.scale >= s.readable, `names readable: scale ${s.scale} ≥ ${s.readable}`);
      assert.equal(s.text, true);
      assert.equal(s.focus, info.e);
      const texts = await drawnTexts(page, 'practice.figure');
      assert.ok(texts.includes('E'), `E's name is drawn: ${texts.join(' | ')}`);
      // Fit: never past the names.
      await page.click('#pr-fit');
      const fit = await canvasState(page, 'practice.figure', [info.e]);
      assert.ok(fit.scale >= fit.readable, `Fit keeps names readable: ${fit.scale}`);
      assert.equal(fit.text, true);
      assert.deepEqual(fit.on, [true]);
      if (!fit.whole) assert.ok(fit.map, 'a tree that cannot be read whole gets the map');
      // Zooming out stops where the names still read (they are how the learner finds a node).
      for (let k = 0; k < 12; k++) await page.click('#pr-zoom-out');
      const out = await canvasState(page, 'practice.figure');
      assert.equal(out.scale, out.readable);
      assert.equal(out.text, true);
      assert.deepEqual(browser.problems, []);
    });

    // At 360 px the core's normal placement of Figure 5.2 is wider than the canvas at a
    // readable size (its α–β windows and edge names beside the nodes), so the canvas draws
    // the core's compact placement.
    it(`${vp.name}: Figure 5.2 opens whole and readable, with and without minimax values`, async () => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      // Opened in a fresh page at this size, as a reader on this device opens it.
      await page.goto('about:blank');
      await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta`);
      await page.waitForFunction(() => window.__plyground.views.tree?.snapshot()?.nodes.length === 13, null, { timeout: TIMEOUT });
      await page.locator('#tl-canvas').scrollIntoViewIfNeeded();
      for (const minimax of [false, true]) {
        if (minimax) await page.check('#tl-minimax');
        // Opened afresh and after Fit.
        for (const how of ['open', 'fit']) {
          if (how === 'fit') await page.click('#tl-fit');
          const s = await canvasState(page, 'tree.figure');
          assert.equal(s.whole, true, `${how}, minimax ${minimax}: the whole tree (${JSON.stringify(s)})`);
          assert.ok(s.scale >= s.readable, `${how}, minimax ${minimax}: readable, ${s.scale} ≥ ${s.readable}`);
          assert.equal(s.text, true);
          assert.equal(s.map, null, 'no map when all of it shows');
          assert.equal(s.compact, vp.width < 400, 'the compact placement on the phone only');
        }
        await shot(`fig-5-2-${minimax ? 'minimax-' : ''}${vp.name}`, '#tl-canvas');
      }
      assert.deepEqual(browser.problems, []);
    });

    it(`${vp.name}: a branching-4 depth-5 tree opens on the root and the current node, readable, with a map`, async () => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.goto(`${browser.base}index.html#tree?tree=${bigTree(4, 5)}&algo=alphabeta&step=40`);
      await page.waitForFunction(() => window.__plyground.views.tree?.snapshot()?.nodes.length === 1365, null, { timeout: TIMEOUT });
      await page.locator('#tl-canvas').scrollIntoViewIfNeeded();
      const current = () => page.evaluate(() => {
        const f = window.__plyground.views.tree.figure;
        return f.model.traceToDraw[f.state.current];
      });
      let cur = await current();
      let s = await canvasState(page, 'tree.figure', [cur]);
      await shot(`b4d5-step40-${vp.name}`, '#tl-canvas');
      assert.equal(s.whole, false);
      assert.ok(s.scale >= s.readable, `readable: ${s.scale}`);
      assert.equal(s.text, true);
      assert.deepEqual(s.on, [true], 'the current node is on the canvas');
      assert.ok(s.map, 'the overview map is drawn');
      // The map covers neither the root nor the current node on the canvas, and shows both
      // (1024 leaves are about 43 000 px wide at a readable scale: the root, in the middle,
      // is on the canvas only when the current node is near it).
      const covered = await page.evaluate((v) => {
        const c = window.__plyground.views.tree.figure.canvas;
        const m = c.minimap;
        const inMap = (p) => p.x >= m.x && p.x <= m.x + m.w && p.y >= m.y && p.y <= m.y + m.h;
        const screen = (w) => c.camera.toScreen(c.layout.x[w], c.layout.y[w]);
        const root = c.layout.order[0];
        return { covers: [inMap(screen(root)), inMap(screen(v))] };
      }, cur);
      assert.deepEqual(covered.covers, [false, false]);
      // Stepping on: the camera follows the current node (548 steps in all, a leaf being one).
      assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.st.length), 548);
      for (const step of [200, 400, 500]) {
        await page.evaluate((i) => window.__plyground.views.tree.figure.seek(i), step);
        cur = await current();
        s = await canvasState(page, 'tree.figure', [cur]);
        assert.deepEqual(s.on, [true], `step ${step}: the current node is on the canvas`);
        assert.ok(s.scale >= s.readable, `step ${step}: readable`);
      }
      await shot(`b4d5-step500-${vp.name}`, '#tl-canvas');
      // Fit: the farthest readable view, the map for the rest — not a sliver.
      await page.click('#tl-fit');
      s = await canvasState(page, 'tree.figure', [cur]);
      assert.equal(s.scale, s.readable);
      assert.deepEqual(s.on, [true]);
      assert.ok(s.map);
      await shot(`b4d5-fit-${vp.name}`, '#tl-canvas');
      // A click on the map centres the view on the point under it: near the tree's left end.
      await page.locator('#tl-canvas').scrollIntoViewIfNeeded();
      const box = await page.locator('#tl-canvas').boundingBox();
      const m = s.map;
      const click = { x: m.x + m.pad + 2, y: m.y + m.h / 2 };
      await page.mouse.click(box.x + click.x, box.y + click.y);
      const moved = await page.evaluate(() => {
        const c = window.__plyground.views.tree.figure.canvas;
        return { centre: c.camera.toWorld(c.camera.width / 2, 0).x, b: c.layout.bounds, auto: c.auto };
      });
      // The map's inner width stands for the tree's width: one map pixel is `px` world units.
      const px = (moved.b.maxX - moved.b.minX) / (m.w - 2 * m.pad);
      const want = moved.b.minX + 2 * px;
      assert.ok(Math.abs(moved.centre - want) <= px, `centred on ${want} ± ${px}: ${moved.centre}`);
      assert.equal(moved.auto, null, 'moved by hand: the view no longer follows');
      assert.deepEqual(browser.problems, []);
    });

    it(`${vp.name}: practice on a branching-4 depth-5 tree opens on the root and the first question`, async () => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.goto(`${browser.base}index.html#practice?task=alphabeta-leaves&seed=3&branching=4&depth=5`);
      await page.waitForSelector('#app[data-ready="true"][data-practice-task="alphabeta-leaves"]', { timeout: TIMEOUT });
      await page.locator('#pr-canvas').scrollIntoViewIfNeeded();
      const first = await page.evaluate(() => {
        const f = window.__plyground.views.practice.figure;
        return f.firstAnswered();
      });
      const s = await canvasState(page, 'practice.figure', [first]);
      await shot(`practice-b4d5-${vp.name}`, '#pr-canvas');
      assert.equal(s.whole, false);
      assert.ok(s.scale >= s.readable);
      assert.deepEqual(s.on, [true], 'the first question on the canvas');
      assert.ok(s.map, 'the overview map is drawn');
      // Tab to a later question: the canvas follows it.
      const later = await page.evaluate(() => {
        const f = window.__plyground.views.practice.figure;
        const q = f.questions[f.questions.length - 1];
        return { id: f.idOfPath.get(q.path), cell: `pr-cell-${f.questions.length - 1}` };
      });
      await page.focus(`#${later.cell}`);
      const t = await canvasState(page, 'practice.figure', [later.id]);
      assert.deepEqual(t.on, [true], 'the focused question on the canvas');
      assert.deepEqual(browser.problems, []);
    });
  }

  it('a canvas narrowed while its view is hidden takes the column width when shown', async () => {
    // The tree lab drawn at 1280 px, then hidden (the practice view), the window narrowed to a
    // phone's 360 px, and the tree lab shown again: its canvas spans the column, as one opened
    // at 360 px does, and the camera knows that size.
    const measure = () =>
      page.evaluate(() => {
        const c = document.querySelector('#tl-canvas');
        const cam = window.__plyground.views.tree.figure.canvas.camera;
        const wrap = c.closest('.canvas-wrap');
        const s = getComputedStyle(wrap);
        const inner = c.closest('.lab-main').clientWidth - parseFloat(s.borderLeftWidth) - parseFloat(s.borderRightWidth);
        return { canvas: c.clientWidth, column: inner, camera: cam.width };
      });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('about:blank');
    await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta`);
    await page.waitForFunction(() => window.__plyground.views.tree?.figure?.canvas?.lastStats, null, { timeout: TIMEOUT });
    const wide = await measure();
    assert.equal(wide.canvas, wide.camera);
    await page.evaluate(() => (location.hash = '#practice'));
    await page.waitForSelector('#app[data-ready="true"][data-practice-task]', { timeout: TIMEOUT });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.evaluate(() => (location.hash = '#tree'));
    await page.waitForFunction(() => document.querySelector('#tl-canvas')?.clientWidth > 0, null, { timeout: TIMEOUT });
    await canvasState(page, 'tree.figure');
    const narrow = await measure();
    assert.deepEqual(narrow, { canvas: narrow.column, column: narrow.column, camera: narrow.column });
    // Opened afresh at 360 px: the same width.
    await page.goto('about:blank');
    await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta`);
    await page.waitForFunction(() => window.__plyground.views.tree?.figure?.canvas?.lastStats, null, { timeout: TIMEOUT });
    assert.deepEqual(await measure(), narrow);
    assert.equal(narrow.canvas, 342);
    await page.locator('#tl-canvas').scrollIntoViewIfNeeded();
    await shot('tree-narrowed-while-hidden-phone', '#tl-canvas');
    assert.deepEqual(browser.problems, []);
  });

  it('custom elements frame by the same rule: <ply-tree>, <ply-mcts> and <ply-practice> on the lessons page', async () => {
    for (const vp of VIEWPORTS) {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.goto(`${browser.base}lessons/index.html`);
      // The gallery's figures are lazy: built as a reader scrolling down reaches them.
      await buildAll(page, 'ply-tree, ply-mcts, ply-practice', TIMEOUT);
      await page.waitForFunction(() => [...document.querySelectorAll('ply-tree, ply-mcts, ply-practice')].every((e) => e.figure?.canvas?.lastStats || e.error), null, { timeout: TIMEOUT });
      const got = await page.evaluate(async () => {
        const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
        await frame();
        await frame();
        return [...document.querySelectorAll('ply-tree, ply-mcts, ply-practice')].map((e) => {
          const c = e.figure.canvas;
          const cam = c.camera;
          const b = c.layout.bounds;
          const a = cam.toScreen(b.minX, b.minY);
          const z = cam.toScreen(b.maxX, b.maxY);
          const whole = a.x >= 0 && a.y >= 0 && z.x <= cam.width && z.y <= cam.height;
          return { tag: e.localName, id: e.id, readable: cam.scale >= c.readableScale, whole, map: Boolean(c.minimap) };
        });
      });
      // (Every module the page asked for has arrived before the next page load.)
      await page.waitForLoadState('networkidle');
      for (const g of got) {
        assert.ok(g.readable, `${vp.name} ${g.tag}#${g.id}: names readable`);
        assert.ok(g.whole || g.map, `${vp.name} ${g.tag}#${g.id}: whole, or a map for the rest`);
      }
    }
    assert.deepEqual(browser.problems, []);
  });
});
