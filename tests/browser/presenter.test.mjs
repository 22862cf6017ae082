// Presenter mode, in headless Chromium at 1920×1080: it opens with F and with the Present
// button (the tree lab, the MCTS lab, <ply-tree>), the narration is at least 28 px,
// PageDown first asks the question about the next step (the core's prompt) and then takes
// the step, PageUp takes it back, the controls fade out when the pointer rests and come back
// when it moves (and stay while it rests on one of them, moved there or not), Esc leaves and the focus goes back where it was; axe finds nothing in light
// and dark; screenshots of both go to tests/artifacts/. The figure fills the screen: Figure
// 5.2 whole with its smallest drawn text at 28 px or more, a tree too big for that with the
// root and the current node in view at that size at every step; leaving puts the view back
// exactly as it was.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { openBrowser } from './harness.mjs';
import { IDLE_MS } from '../../www/views/presenter.js';
import { FIG_5_2 as FIG } from '../fixtures/lessons.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const TIMEOUT = 20_000;
/** Three plies of three: too wide for 1920 px with its texts at 28 px. */
const FIG_27 = '[[[1,2,3],[4,5,6],[7,8,9]],[[9,8,7],[6,5,4],[3,2,1]],[[1,5,9],[2,6,7],[3,4,8]]]';

/**
 * Every step of the tree lab's figure, once the camera has stopped: the smallest drawn text
 * (px), whether every text is inside the canvas, and the current node's and the root's boxes
 * (glyph and own texts) in page px, with the canvas's and the window's size.
 */
function everyStep(page) {
  return page.evaluate(async () => {
    const f = window.__plyground.views.tree.figure;
    const c = f.canvas;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const cr = c.canvas.getBoundingClientRect();
    const onPage = (b) => b && { minX: cr.left + b.minX, minY: cr.top + b.minY, maxX: cr.left + b.maxX, maxY: cr.top + b.maxY };
    const out = [];
    for (let i = 0; i <= f.length; i++) {
      f.seek(i);
      for (let k = 0; k < 100 && (c.glide || c.pending); k++) await frame();
      await frame();
      const t = f.state.current;
      const d = t == null ? -1 : f.model.traceToDraw[t];
      const texts = c.textBoxes();
      out.push({
        step: i,
        min: Math.min(...texts.map((b) => b.px)),
        whole: texts.every((b) => b.x0 >= 0 && b.y0 >= 0 && b.x1 <= cr.width && b.y1 <= cr.height),
        current: d >= 0 ? onPage(c.drawnBoxes(d).node) : null,
        root: onPage(c.drawnBoxes(0).node),
      });
    }
    return { steps: out, canvas: { minX: cr.left, minY: cr.top, maxX: cr.right, maxY: cr.bottom }, w: innerWidth, h: innerHeight };
  });
}

/** What of box `b` lies outside the canvas or the window (empty: nothing). */
function outside(b, s, what) {
  const c = s.canvas;
  const inCanvas = b.minX >= c.minX && b.minY >= c.minY && b.maxX <= c.maxX && b.maxY <= c.maxY;
  const inWindow = b.minX >= 0 && b.minY >= 0 && b.maxX <= s.w && b.maxY <= s.h;
  return inCanvas && inWindow ? [] : [`${what}: ${JSON.stringify(b)} outside the canvas ${JSON.stringify(c)} or the window`];
}

describe('presenter mode', { timeout: 300_000 }, () => {
  let browser;
  let page;

  before(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await openBrowser({ bypassCSP: true });
    page = browser.page;
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  after(async () => {
    await browser?.close();
  });

  const lab = async () => {
    await page.goto(`${browser.base}index.html#tree?tree=${FIG}&algo=alphabeta&step=12`);
    await page.waitForSelector('#app[data-ready="true"][data-tree-length]', { timeout: TIMEOUT });
  };
  const index = () => page.evaluate(() => window.__plyground.views.tree.figure.index);
  const presenting = (sel = '.presenting') => page.waitForSelector(sel, { timeout: TIMEOUT });
  const gone = () => page.waitForFunction(() => !document.querySelector('.presenting'), null, { timeout: TIMEOUT });
  const px = (sel) => page.$eval(sel, (e) => parseFloat(getComputedStyle(e).fontSize));
  /** The view once the canvas has settled (no glide, no frame pending, a few frames on: a
   * resize it observes reframes it). */
  const view = () =>
    page.evaluate(async () => {
      const c = window.__plyground.views.tree.figure.canvas;
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
      for (let k = 0; k < 3; k++) await frame();
      for (let k = 0; k < 100 && (c.glide || c.pending); k++) await frame();
      return c.viewState();
    });
  /** The view before, and every step in presenter mode once `open` has opened it. */
  const presentEveryStep = async (open) => {
    const before = await view();
    await open();
    await presenting();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return { before, s: await everyStep(page) };
  };
  /** Esc, then (once the figure is back at its size) the tree lab's view is `before` again. */
  const leaveTo = async (before) => {
    await page.keyboard.press('Escape');
    await gone();
    assert.deepEqual(await view(), before);
  };

  it('opens with F in the tree lab: large type, the question then the step, Esc leaves to the canvas', async () => {
    await lab();
    await page.focus('#tl-canvas');
    await page.keyboard.press('f');
    await presenting('#app .lab-main.presenting');
    const size = await px('.presenting .narration');
    assert.ok(size >= 28, `narration ${size} px at 1920×1080`);
    assert.equal(await index(), 12);
    await page.keyboard.press('PageDown');
    assert.equal(await page.textContent('.presenter-prompt'), 'Next: the leaf c1. What value does it return?');
    assert.ok((await px('.presenter-prompt')) >= 28);
    assert.equal(await index(), 12, 'the question comes first');
    await page.keyboard.press('PageDown');
    assert.equal(await index(), 13);
    assert.equal(await page.textContent('.presenter-prompt'), '');
    assert.equal(await page.textContent('#tl-narration'), 'c1 is a terminal state: TERMINAL-TEST is true, UTILITY(c1) = 2, returned to C');
    await page.keyboard.press('PageUp');
    assert.equal(await index(), 12);
    await page.keyboard.press('Escape');
    await gone();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'tl-canvas');
    assert.deepEqual(browser.problems, []);
  });

  it('opens with the button; the controls hide when the pointer rests and show when it moves', async () => {
    await lab();
    await page.focus('#tl-present');
    await page.click('#tl-present');
    await presenting();
    // The focus is on Next (keyboard reachable while faded).
    await page.waitForFunction(() => document.activeElement?.className === 'pr-next', null, { timeout: 3000 });
    await page.evaluate(() => document.activeElement.blur());
    // The pointer on the figure (the button it clicked may now lie under a control).
    await page.mouse.move(400, 400);
    await page.waitForSelector('.presenting.idle', { timeout: 6000 });
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.presenter-controls')).opacity === '0', null, { timeout: 3000 });
    await page.mouse.move(420, 410);
    await page.waitForFunction(() => !document.querySelector('.presenting').classList.contains('idle'), null, { timeout: 3000 });
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.presenter-controls')).opacity === '1', null, { timeout: 3000 });
    // A pointer resting on a control keeps them all: longer than IDLE_MS, still shown.
    await page.hover('.pr-keys');
    await new Promise((r) => setTimeout(r, IDLE_MS + 1000));
    assert.equal(await page.evaluate(() => document.querySelector('.presenting').classList.contains('idle')), false);
    await page.mouse.move(400, 400);
    // ? lists the keys in a modal dialog; Esc closes it first, then presenter mode.
    await page.keyboard.press('?');
    await page.waitForSelector('dialog.keys-help[open]', { timeout: TIMEOUT });
    const keys = await page.$$eval('dialog.keys-help dt', (d) => d.map((x) => x.textContent));
    assert.ok(keys.includes('PageDown / → / Space') && keys.includes('Esc') && keys.includes('C / Shift+C'), keys.join(' | '));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.keys-help'), null, { timeout: TIMEOUT });
    assert.ok(await page.$('.presenting'), 'still presenting');
    await page.keyboard.press('Escape');
    await gone();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'tl-present');
  });

  it('a pointer already resting on a control when presenter mode opens keeps the controls', async () => {
    await lab();
    await page.hover('#tl-fit');
    await page.focus('#tl-canvas');
    await page.keyboard.press('f');
    await presenting();
    // No pointer event since it opened: the pointer rests where the toolbar now is.
    assert.ok(await page.$('.presenting .toolbar:hover'), 'the pointer is on the toolbar');
    await new Promise((r) => setTimeout(r, IDLE_MS + 1000));
    assert.equal(await page.evaluate(() => document.querySelector('.presenting').classList.contains('idle')), false);
    await page.keyboard.press('Escape');
    await gone();
  });

  it('the figure fills the screen: Figure 5.2 whole, its texts at 28 px or more; Esc puts the view back exactly', async () => {
    await lab();
    const { before, s } = await presentEveryStep(async () => {
      await page.focus('#tl-canvas');
      await page.keyboard.press('f');
    });
    assert.equal(s.steps.length, 30);
    const bad = [];
    for (const x of s.steps) {
      if (!(x.min >= 28)) bad.push(`step ${x.step}: smallest text ${x.min} px`);
      if (!x.whole) bad.push(`step ${x.step}: not the whole tree`);
      if (x.current) bad.push(...outside(x.current, s, `step ${x.step}, the current node`));
    }
    assert.deepEqual(bad, []);
    assert.equal(s.steps[12].min.toFixed(2), '29.52');
    await page.evaluate(() => window.__plyground.views.tree.figure.seek(12));
    await leaveTo(before);
    assert.deepEqual(browser.problems, []);
  });

  it('a tree too big for that: the root and the current node at 28 px, following every step', async () => {
    await page.goto(`${browser.base}index.html#tree?tree=${FIG_27}&algo=alphabeta`);
    await page.waitForSelector('#app[data-ready="true"][data-tree-length]', { timeout: TIMEOUT });
    const { before, s } = await presentEveryStep(() => page.click('#tl-present'));
    assert.equal(s.steps.length, 91);
    const bad = [];
    for (const x of s.steps) {
      if (x.min.toFixed(6) !== '28.000000') bad.push(`step ${x.step}: smallest text ${x.min} px`);
      if (x.whole) bad.push(`step ${x.step}: the whole tree, at 28 px?`);
      if (x.current) bad.push(...outside(x.current, s, `step ${x.step}, the current node`));
      bad.push(...outside(x.root, s, `step ${x.step}, the root`));
    }
    assert.deepEqual(bad, []);
    await page.screenshot({ path: `${ARTIFACTS}presenter-big-tree-1920.png` });
    await leaveTo(before);
    assert.deepEqual(browser.problems, []);
  });

  for (const scheme of ['light', 'dark']) {
    it(`axe finds nothing in presenter mode, ${scheme}; screenshot`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await lab();
      await page.click('#tl-present');
      await presenting();
      try {
        await page.keyboard.press('PageDown');
        // The pointer on a control keeps the controls shown (fully: axe would read a fade
        // in progress as low contrast), however long the screenshot and axe take. From
        // elsewhere first: the page is the one the light check left with the pointer there.
        await page.mouse.move(1, 1);
        await page.hover('#tl-fit');
        await page.waitForFunction(
          () => [...document.querySelectorAll('.presenting :is(.toolbar, .transport, .nav, .scrub, .presenter-controls)')].every((e) => getComputedStyle(e).opacity === '1'),
          null,
          { timeout: 3000 },
        );
        await page.screenshot({ path: `${ARTIFACTS}presenter-${scheme}-1920.png` });
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => {
          const r = await window.axe.run(document, { resultTypes: ['violations'] });
          return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
        });
        assert.deepEqual(violations, []);
      } finally {
        await page.keyboard.press('Escape');
        await gone();
      }
    });
  }

  it('opens from the MCTS lab and from <ply-tree>', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${browser.base}index.html#mcts`);
    await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
    await page.waitForFunction(() => window.__plyground.views.mcts?.figure?.m != null, null, { timeout: TIMEOUT });
    const iters = () => page.evaluate(() => window.__plyground.views.mcts.figure.m.iterations);
    const phase = () => page.evaluate(() => window.__plyground.views.mcts.figure.m.phase);
    await page.click('#mc-present');
    await presenting();
    assert.ok((await px('.presenting .phase-line')) >= 28);
    const before = [await iters(), await phase()];
    await page.keyboard.press('PageDown');
    assert.equal(await page.textContent('.presenter-prompt'), 'What happens in the next phase?');
    assert.deepEqual([await iters(), await phase()], before);
    await page.keyboard.press('PageDown');
    assert.notDeepEqual([await iters(), await phase()], before);
    await page.keyboard.press('Escape');
    await gone();

    await page.goto(`${browser.base}tests/pages/one-tree.html`);
    await page.waitForFunction(() => document.getElementById('fig-tree').state != null, null, { timeout: TIMEOUT });
    await page.focus('#fig-tree');
    await page.keyboard.press('f');
    await page.waitForFunction(() => document.getElementById('fig-tree').shadowRoot.querySelector('.presenting') != null, null, { timeout: TIMEOUT });
    const size = await page.$eval('#fig-tree', (e) => parseFloat(getComputedStyle(e.shadowRoot.querySelector('.presenting .narration')).fontSize));
    assert.ok(size >= 28, `narration ${size} px`);
    assert.equal(await page.$eval('#fig-tree', (e) => e.index), 15);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    assert.equal(await page.$eval('#fig-tree', (e) => e.index), 16);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('fig-tree').shadowRoot.querySelector('.presenting') == null, null, { timeout: TIMEOUT });
    await page.waitForFunction(() => document.activeElement?.id === 'fig-tree', null, { timeout: 3000 });
    assert.deepEqual(browser.problems, []);
  });
});
