// Predict, then reveal, in headless Chromium: the tree lab opened with predict=all stops at
// the core's first question (α and β at B, step 2) and will not step past it; a right and a
// wrong answer give the core's feedback words (the rule read from the trace) and the tally;
// <ply-tree predict="prune,returns"> on a lesson page asks the same way and fires graded
// events whose record has the practice grade record's shape. The question opens at its node
// too, over the canvas: at 1280 × 800 and 360 × 740, for every question of Figure 5.2, the
// field is inside the canvas beside the node (or, where there is no room, docked right under
// the drawing), never on the node's texts; it has the focus when it comes up, Esc goes back
// to the canvas; what is typed there shows in the list beside the figure and back; an answer
// at the node gives the core's words, at the node and in the list's live region; axe finds
// nothing with it open, light and dark. Screenshots go to tests/artifacts/. No console error.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { browserForSuite } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const TIMEOUT = 20_000;
const RIGHT_B = "Right: B is A's first child: it is entered with A's own window (α, β) = (−∞, +∞).";
const WRONG_B2 = 'Not quite: you said pruned, the trace says not pruned. at B after b1, v = 3 > α = −∞: MIN does not stop, so b2 is evaluated.';

/**
 * The box at the node and the node as drawn, once the camera has stopped: the box's place
 * (data-side), its box, the canvas's and its frame's, the boxes of the node's glyph and own
 * texts and of the edge text into it (page px), and whether it holds the focus. The node is
 * `name`, or the one the open question names.
 */
function atNode(page, name = null) {
  return page.evaluate(async (name) => {
    const c = window.__plyground.views.tree.figure.canvas;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    for (let k = 0; k < 100 && (c.glide || c.pending); k++) await frame();
    await frame();
    await frame();
    const rect = (r) => ({ minX: r.left, minY: r.top, maxX: r.right, maxY: r.bottom });
    const cr = c.canvas.getBoundingClientRect();
    const form = document.querySelector('#tl-predict-at');
    const question = document.querySelector('#tl-predict-at-question').textContent;
    name ??= /^α and β at (\S+) now\?$|^What does (\S+) return|^Is the edge (\S+) pruned\?$/.exec(question).slice(1).find(Boolean);
    const texts = c.textBoxes();
    const v = texts.find((b) => b.text === name && (b.kind === 'name' || b.kind === 'edge')).node;
    const onPage = (b) => ({ minX: cr.left + b.x0, minY: cr.top + b.y0, maxX: cr.left + b.x1, maxY: cr.top + b.y1 });
    const { scale, tx, ty } = c.camera;
    const h = c.layout.hit;
    const glyph = { minX: cr.left + h[4 * v] * scale + tx, minY: cr.top + h[4 * v + 1] * scale + ty, maxX: cr.left + h[4 * v + 2] * scale + tx, maxY: cr.top + h[4 * v + 3] * scale + ty };
    return {
      question,
      side: form.dataset.side,
      form: rect(form.getBoundingClientRect()),
      canvas: rect(cr),
      wrap: rect(c.canvas.parentElement.getBoundingClientRect()),
      own: [glyph, ...texts.filter((b) => b.node === v && b.kind !== 'edge' && b.kind !== 'prob').map(onPage)],
      edge: texts.filter((b) => b.node === v && b.kind === 'edge').map(onPage),
      focus: form.contains(document.activeElement),
    };
  }, name);
}

const meet = (a, b) => Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX) > 0.5 && Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY) > 0.5;
const union = (bs) => bs.reduce((a, b) => ({ minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) }));
/** The gap between two boxes (0 when they touch or meet). */
const gap = (a, b) => Math.hypot(Math.max(0, a.minX - b.maxX, b.minX - a.maxX), Math.max(0, a.minY - b.maxY, b.minY - a.maxY));

/** What is wrong with the place of the box at the node (empty: nothing). */
function misplaced(s, where) {
  const out = [];
  const f = s.form;
  if (s.side === 'docked') {
    // Right under the drawing, within its frame.
    if (Math.abs(f.minY - s.canvas.maxY) > 1 || f.minX < s.wrap.minX - 0.5 || f.maxX > s.wrap.maxX + 0.5) out.push(`${where}: docked at ${JSON.stringify(f)}, not under the canvas ${JSON.stringify(s.canvas)}`);
    return out;
  }
  const c = s.canvas;
  if (f.minX < c.minX - 0.5 || f.minY < c.minY - 0.5 || f.maxX > c.maxX + 0.5 || f.maxY > c.maxY + 0.5) out.push(`${where}: ${JSON.stringify(f)} is not inside the canvas ${JSON.stringify(c)}`);
  const d = gap(f, union(s.own));
  if (d > 16) out.push(`${where}: ${d.toFixed(1)} px from its node`);
  for (const b of [...s.own, ...s.edge]) if (meet(f, b)) out.push(`${where}: covers its node (${JSON.stringify(b)})`);
  return out;
}

describe('predict, then reveal', () => {
  let browser;
  let page;
  before(() => mkdir(ARTIFACTS, { recursive: true }));
  browserForSuite(
    (b) => {
      browser = b;
      page = b.page;
    },
    { viewport: { width: 1280, height: 900 }, bypassCSP: true },
  );

  it('the tree lab asks before it shows, grades right and wrong, keeps the tally', async () => {
    await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta&predict=all`);
    await page.waitForFunction(() => document.querySelector('#tl-predict-tally')?.textContent === 'Predict: 0 of 0 right so far · question 1 of 14', null, { timeout: TIMEOUT });
    // The figure opens at its start; asked for the end, it stops before B is entered and asks.
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 0);
    await page.click('#tl-end');
    await page.waitForSelector('#tl-predict-form:not([hidden])');
    assert.equal(await page.textContent('#tl-predict-question'), 'α and β at B now?');
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 2);
    // It does not step past an open question.
    await page.click('#tl-fwd');
    await page.click('#tl-end');
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 2);
    assert.equal(await page.getAttribute('#tl-predict-feedback', 'aria-live'), 'polite');
    // Right, by the keyboard: type the window, Enter.
    await page.focus('#tl-predict-answer-0');
    await page.keyboard.type('-inf, inf');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#tl-predict-feedback').textContent !== '');
    assert.equal(
      await page.textContent('#tl-predict-feedback'),
      "Right: B is A's first child: it is entered with A's own window (α, β) = (−∞, +∞).",
    );
    assert.equal(await page.getAttribute('#app', 'data-predict-score'), '1/1');
    // The reveal: the step the question was about is shown; the next question waits at step 5.
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 3);
    await page.click('#tl-end');
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 5);
    await page.waitForSelector('#tl-predict-form:not([hidden])');
    assert.equal(await page.textContent('#tl-predict-question'), 'Is the edge b2 pruned?');
    // Wrong: b2 is not pruned.
    await page.click('#tl-predict-fields >> text=Pruned');
    assert.equal(
      await page.textContent('#tl-predict-feedback'),
      'Not quite: you said pruned, the trace says not pruned. at B after b1, v = 3 > α = −∞: MIN does not stop, so b2 is evaluated.',
    );
    assert.equal(await page.textContent('#tl-predict-tally'), 'Predict: 1 of 2 right so far · question 3 of 14');
    assert.equal(await page.getAttribute('#app', 'data-predict-score'), '1/2');
    assert.match(await page.evaluate(() => location.hash), /&predict=all/);
    assert.deepEqual(browser.problems, []);
  });

  it('a session that starts past its first question opens at it (a link at the end, a search loaded again)', async () => {
    // A link at the last step: the figure goes back to the first question, none left unasked.
    await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta&step=end&predict=all`);
    await page.waitForSelector('#tl-predict-form:not([hidden])', { timeout: TIMEOUT });
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 2);
    assert.equal(await page.textContent('#tl-predict-question'), 'α and β at B now?');
    // Skipped, then the same search loaded again (same page, the hash changed): a new session,
    // back at its first question, which it asks afresh.
    await page.click('#tl-predict-fields >> text=Skip');
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 3);
    await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta&predict=all&step=4`);
    await page.waitForFunction(() => document.querySelector('#tl-predict-tally')?.textContent === 'Predict: 0 of 0 right so far · question 1 of 14', null, { timeout: TIMEOUT });
    await page.waitForSelector('#tl-predict-form:not([hidden])', { timeout: TIMEOUT });
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 2);
    assert.deepEqual(browser.problems, []);
  });

  it('the MCTS lab asks the selection and the back-up, one phase at a time', async () => {
    await page.goto(`${browser.base}index.html#mcts?tree=${FIG_5_2}&iterations=3&predict=all`);
    await page.waitForSelector('#mc-predict-form:not([hidden])', { timeout: TIMEOUT });
    assert.equal(await page.textContent('#mc-predict-question'), 'Which child of A does UCB1 select?');
    const phase = () => page.getAttribute('#app', 'data-mcts-phase');
    // The figure does not step past the open question; Step iteration and Run N wait in predict mode.
    await page.click('#mc-phase');
    assert.equal(await phase(), 'done');
    assert.equal(await page.isDisabled('#mc-iter'), true);
    assert.equal(await page.isDisabled('#mc-run'), true);
    // Right: B.
    await page.click('#mc-predict-fields >> text=B');
    assert.equal(await page.textContent('#mc-predict-feedback'), "Right: selection takes the root's child with the largest UCB1 (the first on ties): B with 2.3154.");
    assert.equal(await phase(), 'select');
    await page.click('#mc-phase');
    await page.click('#mc-phase');
    await page.click('#mc-phase');
    assert.equal(await phase(), 'rollout');
    await page.waitForSelector('#mc-predict-form:not([hidden])');
    assert.equal(await page.textContent('#mc-predict-question'), 'N and W of b1 after the back-up?');
    // Wrong: b1's W is MIN's reward.
    await page.fill('#mc-predict-fields input', '1, 1');
    await page.keyboard.press('Enter');
    assert.equal(
      await page.textContent('#mc-predict-feedback'),
      "Not quite: you said (1, 1), the trace says (1, 0.9167). backup adds 1 to N and the reward to W at every node on the path from b1 up to the root: b1's W counts MIN's reward 0.9167: N 0 → 1, W 0 → 0.9167.",
    );
    assert.equal(await page.textContent('#mc-predict-tally'), 'Predict: 1 of 2 right so far');
    assert.equal(await page.getAttribute('#app', 'data-predict-score'), '1/2');
    assert.equal(await page.textContent('#mc-predict-question'), 'N and W of B after the back-up?');
    assert.deepEqual(browser.problems, []);
  });

  it('<ply-tree predict> asks on a lesson page and fires graded records', async () => {
    await page.goto(`${browser.base}tests/pages/predict.html`);
    await page.waitForFunction(() => document.querySelector('#fig-tree')?.predict === 'prune,returns' && document.querySelector('#fig-tree').length > 0, null, { timeout: TIMEOUT });
    await page.evaluate(() => {
      window.records = [];
      document.querySelector('#fig-tree').addEventListener('graded', (e) => window.records.push(e.detail));
    });
    const form = '#fig-tree .predict-form';
    // Asked to go to the end, the figure stops at the first question (b2, step 5).
    await page.waitForFunction(() => /^Predict: /.test(document.querySelector('#fig-tree').shadowRoot.querySelector('.predict-tally')?.textContent ?? ''), null, { timeout: TIMEOUT });
    await page.evaluate(() => document.querySelector('#fig-tree').seek(29));
    assert.equal(await page.evaluate(() => document.querySelector('#fig-tree').index), 5);
    await page.waitForSelector(`${form}:not([hidden])`);
    assert.equal(await page.textContent('#fig-tree .predict-question'), 'Is the edge b2 pruned?');
    await page.click('#fig-tree .predict-fields >> text=Not pruned');
    assert.equal(
      await page.textContent('#fig-tree .predict-feedback'),
      'Right: at B after b1, v = 3 > α = −∞: MIN does not stop, so b2 is evaluated.',
    );
    await page.evaluate(() => document.querySelector('#fig-tree').seek(29));
    assert.equal(await page.evaluate(() => document.querySelector('#fig-tree').index), 7);
    assert.equal(await page.textContent('#fig-tree .predict-question'), 'Is the edge b3 pruned?');
    await page.click('#fig-tree .predict-fields >> text=/^Pruned$/');
    assert.equal(
      await page.textContent('#fig-tree .predict-feedback'),
      'Not quite: you said pruned, the trace says not pruned. at B after b2, v = 3 > α = −∞: MIN does not stop, so b3 is evaluated. ' +
        "A known misconception, treating a MAX node as MIN (or a MIN node as MAX): at B (MIN), b2 returned 12 ≥ β = 3: stopping there is MAX's test; " +
        'MIN stops only when v ≤ α, and v = 3 > α = −∞, so b3 is evaluated.',
    );
    assert.equal(await page.textContent('#fig-tree .predict-tally'), 'Predict: 1 of 2 right so far · question 3 of 11');
    const records = await page.evaluate(() => window.records);
    assert.deepEqual(records, [
      { task: 'predict-alphabeta', seed: null, tree: '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]', score: 1, max: 1, done: false, mistakes: [] },
      {
        task: 'predict-alphabeta',
        seed: null,
        tree: '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]',
        score: 1,
        max: 2,
        done: false,
        mistakes: [{ node: '0.2', field: 'pruned', expected: false, got: true, misconception: 'max-as-min' }],
      },
    ]);
    assert.deepEqual(browser.problems, []);
  });

  for (const vp of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 360, height: 740 },
  ]) {
    it(`${vp.name}: every question of Figure 5.2 opens at its node, with the focus, off its texts`, async () => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.goto('about:blank');
      await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta&predict=all`);
      await page.waitForFunction(() => document.querySelector('#tl-predict-tally')?.textContent === 'Predict: 0 of 0 right so far · question 1 of 14', null, { timeout: TIMEOUT });
      const sides = [];
      for (let k = 0; k < 14; k++) {
        // (Two questions can wait at one step: the next is open at once.)
        if ((await page.getAttribute('#tl-predict-at', 'data-mode')) !== 'question') await page.click('#tl-end');
        await page.waitForSelector('#tl-predict-at[data-mode="question"]', { timeout: TIMEOUT });
        const s = await atNode(page);
        // The same question as in the list beside the figure.
        assert.equal(s.question, await page.textContent('#tl-predict-question'));
        assert.deepEqual(misplaced(s, `${vp.name} question ${k + 1} (${s.question})`), []);
        assert.ok(s.focus, `the focus is on the field at the node (question ${k + 1})`);
        sides.push(s.side);
        if (k === 0 || k === 3) {
          await page.evaluate(() => document.querySelector('#tl-predict-at').closest('.canvas-wrap').scrollIntoView({ block: 'center' }));
          await page.screenshot({ path: `${ARTIFACTS}predict-at-node-${vp.name}-q${k + 1}.png` });
        }
        await page.click('#tl-predict-at .predict-skip');
      }
      // On a desktop every question has room at its node; on a phone the first does (B's
      // right), and the others may dock under the drawing.
      if (vp.width > 1000) assert.ok(!sides.includes('docked'), sides.join(' '));
      else assert.notEqual(sides[0], 'docked');
      assert.equal(await page.textContent('#tl-predict-tally'), 'Predict: 0 of 14 right. Every question is answered; step on freely.');
      assert.deepEqual(browser.problems, []);
    });
  }

  it('at the node and in the list: one draft, either answers; the verdict at the node; Esc to the canvas', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('about:blank');
    await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta&predict=all`);
    await page.waitForFunction(() => document.querySelector('#tl-predict-tally')?.textContent === 'Predict: 0 of 0 right so far · question 1 of 14', null, { timeout: TIMEOUT });
    await page.click('#tl-end');
    await page.waitForSelector('#tl-predict-at[data-mode="question"]');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tl-predict-at-answer-0');
    // Typed at the node: in the list too; typed in the list: at the node too.
    await page.keyboard.type('-inf');
    assert.equal(await page.inputValue('#tl-predict-answer-0'), '-inf');
    await page.fill('#tl-predict-answer-0', '-inf, inf');
    assert.equal(await page.inputValue('#tl-predict-at-answer-0'), '-inf, inf');
    // Checked at the node (Enter): the core's words in the list's live region and at the node.
    await page.focus('#tl-predict-at-answer-0');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#tl-predict-feedback').textContent !== '');
    assert.equal(await page.textContent('#tl-predict-feedback'), RIGHT_B);
    assert.equal(await page.getAttribute('#tl-predict-feedback', 'aria-live'), 'polite');
    assert.equal(await page.getAttribute('#tl-predict-at', 'data-mode'), 'verdict');
    assert.equal(await page.textContent('#tl-predict-at-verdict'), RIGHT_B);
    // The verdict sits at B, off its texts (its window is on show now).
    assert.deepEqual(misplaced(await atNode(page, 'B'), 'the verdict at B'), []);
    // The focus back on the canvas, to step on; the verdict goes with the next step.
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tl-canvas');
    await page.keyboard.press('End');
    await page.waitForSelector('#tl-predict-at[data-mode="question"]');
    assert.equal(await page.textContent('#tl-predict-at-question'), 'Is the edge b2 pruned?');
    assert.equal(await page.textContent('#tl-predict-at-verdict'), '');
    // Wrong, at the node: the same words as in the list.
    await page.click('#tl-predict-at-fields >> text=/^Pruned$/');
    assert.equal(await page.textContent('#tl-predict-feedback'), WRONG_B2);
    assert.equal(await page.textContent('#tl-predict-at-verdict'), WRONG_B2);
    assert.equal(await page.getAttribute('#app', 'data-predict-score'), '1/2');
    // Answered in the list: the field at the node goes with the question.
    await page.click('#tl-end');
    await page.waitForSelector('#tl-predict-at[data-mode="question"]');
    assert.equal(await page.textContent('#tl-predict-at-question'), 'Is the edge b3 pruned?');
    // Esc at the node: back to the canvas, the question still open.
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Pruned');
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tl-canvas');
    assert.equal(await page.getAttribute('#tl-predict-at', 'data-mode'), 'question');
    await page.click('#tl-predict-fields >> text=Not pruned');
    assert.equal(await page.textContent('#tl-predict-feedback'), 'Right: at B after b2, v = 3 > α = −∞: MIN does not stop, so b3 is evaluated.');
    assert.equal(await page.getAttribute('#tl-predict-at', 'data-mode'), 'verdict');
    assert.equal(await page.textContent('#tl-predict-tally'), 'Predict: 2 of 3 right so far · question 4 of 14');
    // Answered in the list with the next question at the same step: the focus stays in the list.
    await page.click('#tl-end');
    await page.waitForSelector('#tl-predict-at[data-mode="question"]');
    assert.equal(await page.textContent('#tl-predict-question'), 'What does B return (a value or a bound)?');
    await page.fill('#tl-predict-answer-3', '3');
    await page.press('#tl-predict-answer-3', 'Enter');
    await page.click('#tl-end');
    await page.waitForSelector('#tl-predict-at[data-mode="question"]');
    assert.equal(await page.textContent('#tl-predict-question'), 'Is the edge a2 pruned?');
    await page.click('#tl-predict-fields >> text=Not pruned');
    assert.equal(await page.textContent('#tl-predict-at-question'), 'α and β at C now?');
    assert.equal(await page.textContent('#tl-predict-at-verdict'), 'Last answer: right.');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tl-predict-answer-5');
    assert.equal(await page.textContent('#tl-predict-tally'), 'Predict: 4 of 5 right so far · question 6 of 14');
    assert.deepEqual(browser.problems, []);
  });

  it('the MCTS lab asks at the node too: the selection at the root', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${browser.base}index.html#mcts?tree=${FIG_5_2}&iterations=3&predict=all`);
    await page.waitForSelector('#mc-predict-at[data-mode="question"]', { timeout: TIMEOUT });
    assert.equal(await page.textContent('#mc-predict-at-question'), 'Which child of A does UCB1 select?');
    const s = await page.evaluate(async () => {
      const f = window.__plyground.views.mcts.figure;
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
      for (let k = 0; k < 100 && (f.canvas.glide || f.canvas.pending); k++) await frame();
      await frame();
      const b = f.canvas.drawnBoxes(0);
      const r = document.querySelector('#mc-predict-at').getBoundingClientRect();
      const c = f.canvas.canvas.getBoundingClientRect();
      return { node: b.node, form: { minX: r.left - c.left, minY: r.top - c.top, maxX: r.right - c.left, maxY: r.bottom - c.top }, w: c.width, h: c.height, side: document.querySelector('#mc-predict-at').dataset.side };
    });
    assert.notEqual(s.side, 'docked');
    assert.ok(s.form.minX >= 0 && s.form.minY >= 0 && s.form.maxX <= s.w && s.form.maxY <= s.h, JSON.stringify(s));
    assert.ok(!meet(s.form, s.node) && gap(s.form, s.node) <= 16, JSON.stringify(s));
    await page.click('#mc-predict-at-fields >> text=B');
    assert.equal(await page.textContent('#mc-predict-feedback'), "Right: selection takes the root's child with the largest UCB1 (the first on ties): B with 2.3154.");
    assert.deepEqual(browser.problems, []);
  });

  for (const scheme of ['light', 'dark']) {
    for (const vp of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      it(`axe finds nothing with the field open at the node, ${scheme}, ${vp.width} px`, async () => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(vp);
        await page.goto('about:blank');
        await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta&predict=all`);
        await page.waitForFunction(() => /^Predict: /.test(document.querySelector('#tl-predict-tally')?.textContent ?? ''), null, { timeout: TIMEOUT });
        await page.click('#tl-end');
        await page.waitForSelector('#tl-predict-at[data-mode="question"]');
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await page.evaluate(() => document.querySelector('#tl-predict-at').closest('.canvas-wrap').scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: `${ARTIFACTS}predict-at-node-${scheme}-${vp.width}.png` });
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => {
          const r = await window.axe.run(document, { resultTypes: ['violations'] });
          return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
        });
        assert.deepEqual(violations, []);
        await page.emulateMedia({ colorScheme: 'light' });
      });
    }
  }
});
