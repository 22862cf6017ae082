// Practice in headless Chromium: every task driven through <ply-practice>.submit —
// the core's key scores full marks, one wrong answer gives the expected first wrong step (and
// the misconception where one applies) — and the graded event carries the same record; the
// Practice view driven with the keyboard alone (Tab to a question, type, Enter) for α-β leaves
// and minimax, with the live region's text and the ✓ cells; Reveal all opens the real trace at
// the first wrong step; the embed page posts plyground:graded to its parent. No console error.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildAll, browserForSuite, holdBack } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;

/**
 * The lessons gallery's exercises (www/lessons/index.html), one per task, each with one wrong
 * answer (a change to the key) and the mistake it must give. The expected values are the
 * lessons' own: Exercise 1 (B = min(7, 8) = 7), Figure 5.2 (c2 and c3 pruned at C, step 14 as
 * docs/wasm-api.md shows), Exercise 2 (C2 pruned), the chance node 0.25·(20 − 10 + 4 + 0) = 3.5,
 * the three-player tree (a1: (1, 2, 6)), the UCB1 choice against the largest W/N, and the
 * ordering tree [[12, 4, 1], [18, 10, 2]] (6 leaves in the tree's own order, 4 with C first).
 */
const CASES = [
  {
    task: 'minimax',
    max: 8,
    wrong: 'k.values["0"] = 8',
    mistake: { node: '0', field: 'values', expected: 7, got: 8, misconception: 'max-as-min' },
    rule: 'B is a MIN node: v = min(7, 8) = 7',
  },
  {
    task: 'alphabeta-leaves',
    max: 9,
    wrong: 'k.pruned = ["1.1"]',
    mistake: { node: '1.2', field: 'pruned', expected: true, got: false, misconception: null },
    rule: 'at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned',
  },
  {
    task: 'alphabeta-full',
    max: 23,
    wrong: 'k.pruned = k.pruned.filter((p) => p !== "1.1")',
    mistake: { node: '1.1', field: 'pruned', expected: true, got: false, misconception: null },
    rule: 'at C, v = 4 ≤ α = 5: MIN stops, c2 is pruned',
  },
  {
    task: 'expectiminimax',
    max: 4,
    wrong: 'k.values["1"] = 5',
    mistake: { node: '1', field: 'values', expected: 3.5, got: 5, misconception: null },
    rule: 'C is a chance node: v = Σ P(r)·v(r) = 0.25·20 + 0.25·(-10) + 0.25·4 + 0.25·0 = 3.5',
  },
  {
    task: 'maxn',
    max: 8,
    wrong: 'k.choice = "1"',
    mistake: { node: '', field: 'choice', expected: '0', got: '1', misconception: null },
    rule: 'at the root A, P1 moves to the child whose tuple has the largest P1 entry (the first on ties): a1 (1, 2, 6), a2 (1, 5, 2) — so a1 to B',
  },
  {
    task: 'mcts',
    max: 6,
    wrong: 'k.choice = "0"',
    mistake: { node: '', field: 'choice', expected: '1', got: '0', misconception: 'largest-q' },
    rule: 'selection takes the root\'s child with the largest UCB1 (the first on ties): C with 1.6651',
  },
  {
    task: 'ordering',
    max: 1,
    wrong: 'k.order = {}',
    mistake: { node: '', field: 'order', expected: 4, got: 6, misconception: null },
    rule: 'α-β evaluates 6 leaves in the tree\'s own order; the fewest over every ordering is 4, for example with A: a2 a1; B: b3 b2 b1; C: c3 c2 c1',
  },
];

describe('practice', { timeout: 180_000 }, () => {
  let browser;
  let page;

  browserForSuite((b) => {
    browser = b;
    page = b.page;
  });

  it('every task through submit: the key scores full marks; one wrong answer gives the expected first wrong step', async () => {
    await page.goto(`${browser.base}lessons/index.html`);
    // The gallery's figures are lazy: built as a reader scrolling down reaches them.
    await buildAll(page, 'ply-practice', TIMEOUT);
    await page.waitForFunction(() => {
      const els = [...document.querySelectorAll('ply-practice')];
      return els.length === 7 && els.every((e) => e.state != null || Boolean(e.error));
    }, null, { timeout: TIMEOUT });
    for (const c of CASES) {
      const out = await page.evaluate(
        ({ task, wrong }) => {
          const el = document.querySelector(`ply-practice[task="${task}"]`);
          const events = [];
          el.addEventListener('graded', (e) => events.push(e.detail));
          const right = el.submit(el.answerKey());
          const k = el.answerKey();
          // eslint-disable-next-line no-new-func
          new Function('k', wrong)(k);
          const bad = el.submit(k);
          const fb = el.shadowRoot.querySelector('[part="feedback"]');
          return { error: el.error, right, bad, events, feedback: fb.textContent, live: fb.getAttribute('aria-live') };
        },
        { task: c.task, wrong: c.wrong },
      );
      assert.equal(out.error, '', c.task);
      assert.equal(out.right.task, c.task);
      assert.deepEqual([out.right.score, out.right.max, out.right.done, out.right.mistakes], [c.max, c.max, true, []], c.task);
      assert.deepEqual(Object.keys(out.right), ['task', 'seed', 'tree', 'score', 'max', 'done', 'mistakes']);
      assert.deepEqual([out.bad.score, out.bad.max, out.bad.done], [c.max - 1, c.max, false], c.task);
      assert.deepEqual(out.bad.mistakes, [c.mistake], c.task);
      assert.deepEqual(out.events, [out.right, out.bad], `${c.task}: the graded events carry the records`);
      assert.ok(out.feedback.includes(`Rule: ${c.rule}.`), `${c.task}: ${out.feedback}`);
      assert.equal(out.live, 'polite');
    }
    const fig = await page.evaluate(() => document.querySelector('ply-practice[task="alphabeta-leaves"]').state.tree);
    assert.equal(fig, FIG_5_2);
    assert.deepEqual(browser.problems, []);
  });

  it('the Practice view shows its task\'s prompt, the core\'s words, while its module loads; the answers wait and nothing moves', async () => {
    // The core's prompts (Task::fixed_prompt, www/lib/practice-prompts.js): those every
    // exercise of the task gives. MCTS quotes figures of its exercise: no prompt before it.
    const MINIMAX = 'Give the minimax value of every inner node (MAX takes the largest child value, MIN the smallest), and the root\'s decision (the first best child on ties).';
    const LEAVES_STRICT = 'Run ALPHA-BETA-SEARCH left to right and mark every leaf that is never evaluated (the strict rule: MAX stops only when v > β, MIN only when v < α).';
    let load = 0;
    for (const [hash, prompt, task] of [
      ['#practice', MINIMAX, 'minimax'],
      [`#practice?task=alphabeta-leaves&tie=strict&tree=${FIG_5_2}`, LEAVES_STRICT, 'alphabeta-leaves'],
      ['#practice?task=mcts&seed=2', '', 'mcts'],
    ]) {
      const wasm = await holdBack(page, '**/pkg-practice/plyground_wasm_bg.wasm');
      try {
        // (A new load each time: a new fragment alone would not reload the page.)
        await page.goto(`${browser.base}index.html?load=${++load}${hash}`);
        // The view is built: its figure's parts are in place while the module is held back.
        await page.waitForSelector('#pr-figure #pr-check', { state: 'attached', timeout: TIMEOUT });
        await page.waitForTimeout(200);
        const before = await page.evaluate(() => ({
          prompt: document.getElementById('pr-prompt').textContent,
          box: JSON.stringify(document.getElementById('pr-prompt').getBoundingClientRect()),
          ready: document.getElementById('app').dataset.ready,
          status: document.getElementById('load-status').textContent,
          hidden: ['pr-check', 'pr-cells', 'pr-score', 'pr-feedback'].map((id) => getComputedStyle(document.getElementById(id)).visibility),
        }));
        assert.deepEqual(before, { ...before, prompt, ready: 'false', status: 'Loading…', hidden: ['hidden', 'hidden', 'hidden', 'hidden'] }, hash);
        wasm.release();
        await page.waitForSelector(`#app[data-ready="true"][data-practice-task="${task}"]`, { timeout: TIMEOUT });
        const after = await page.evaluate(() => ({
          prompt: document.getElementById('pr-prompt').textContent,
          box: JSON.stringify(document.getElementById('pr-prompt').getBoundingClientRect()),
          check: getComputedStyle(document.getElementById('pr-check')).visibility,
        }));
        assert.equal(after.check, 'visible', hash);
        if (prompt) assert.deepEqual([after.prompt, after.box], [prompt, before.box], `${hash}: the same words in the same place`);
        else assert.ok(after.prompt.startsWith('The tree shows N and W after '), after.prompt);
      } finally {
        await wasm.end();
      }
    }
    assert.deepEqual(browser.problems, []);
  });

  it('α-β leaves in the Practice view with the keyboard alone: a wrong check, the rule, then all correct', async () => {
    await page.goto(`${browser.base}index.html#practice?task=alphabeta-leaves&tree=${FIG_5_2}`);
    await page.waitForSelector('#app[data-ready="true"][data-practice-task="alphabeta-leaves"]', { timeout: TIMEOUT });
    // The tree (the last stop before the answers), then Tab into them: b1, b2, b3, c1, c2, c3, …
    await page.focus('#pr-canvas');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pr-cell-0');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // c2
    await page.keyboard.press('Enter');
    const live = () => page.textContent('#pr-feedback');
    assert.equal(await live(), '8 of 9 correct; the first wrong step is at c3 (pruned).Rule: at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned.');
    let snap = await page.evaluate(() => window.__plyground.views.practice.snapshot());
    assert.deepEqual(snap.cells.map((c) => c.status), ['ok', 'ok', 'ok', 'ok', 'ok', 'wrong', 'ok', 'ok', 'ok']);
    assert.deepEqual(snap.tags.find((t) => t.tag === '✗'), { path: '1.2', tag: '✗' });
    assert.equal(await page.getAttribute('#pr-feedback', 'aria-live'), 'polite');
    // Reveal all opens the real α-β trace at the first wrong step (step 14, the cutoff at C,
    // shown done: 15 of 29, a leaf being one step).
    await page.click('#pr-reveal-all');
    await page.waitForFunction(() => window.__plyground.views.practice.snapshot().reveal !== null);
    snap = await page.evaluate(() => window.__plyground.views.practice.snapshot());
    assert.deepEqual(snap.reveal, { index: 15, length: 29 });
    // Retry: the same tree, empty cells; answer it right with the keyboard.
    await page.click('#pr-retry');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pr-cell-0');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    assert.equal(await live(), 'All correct: 9 of 9.');
    assert.equal(await page.textContent('#pr-score'), 'Score: 9 of 9 — all correct');
    snap = await page.evaluate(() => window.__plyground.views.practice.snapshot());
    assert.ok(snap.cells.every((c) => c.status === 'ok'));
    assert.equal(await page.locator('#pr-cells .practice-cell.ok .cell-status').first().textContent(), '✓ correct');
    assert.equal(snap.tags.length, 9);
    assert.ok(snap.tags.every((t) => t.tag === '✓'));
    assert.equal(await page.getAttribute('#app', 'data-practice-score'), '9/9');
    assert.deepEqual(browser.problems, []);
  });

  it('minimax in the Practice view with the keyboard alone: type the values, pick the move, Enter', async () => {
    await page.goto(`${browser.base}index.html#practice?task=minimax&tree=${FIG_5_2}`);
    await page.waitForSelector('#app[data-ready="true"][data-practice-task="minimax"]', { timeout: TIMEOUT });
    await page.focus('#pr-canvas');
    await page.keyboard.press('Tab');
    // A, B, C, D values, then the root's choice: first with a MIN node taken as MAX.
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    assert.equal(
      await page.textContent('#pr-feedback'),
      '1 of 5 correct; the first wrong step is at B (value).Rule: B is a MIN node: v = min(3, 12, 8) = 3.Misconception (max-as-min): B is a MIN node, but this value treats it as MAX: 12 instead of 3',
    );
    // Hint: the rule at the first wrong step, without its answer; the focus goes to that cell.
    await page.click('#pr-hint');
    assert.equal(await page.textContent('#pr-feedback'), "Hint at B (value): B is a MIN node: its value is the smallest of its children's values.");
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pr-cell-1');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.press('b'); // the menu: B
    await page.keyboard.press('Enter');
    assert.equal(await page.textContent('#pr-feedback'), 'All correct: 5 of 5.');
    const snap = await page.evaluate(() => window.__plyground.views.practice.snapshot());
    assert.deepEqual(
      snap.cells.map((c) => [c.key, c.value, c.status]),
      [
        ['values:', '3', 'ok'],
        ['values:0', '3', 'ok'],
        ['values:1', '2', 'ok'],
        ['values:2', '2', 'ok'],
        ['choice:', '0', 'ok'],
      ],
    );
    assert.deepEqual(browser.problems, []);
  });

  it('a click on a leaf of the tree marks it pruned, a second click unmarks it', async () => {
    await page.goto(`${browser.base}index.html#practice?task=alphabeta-leaves&tree=${FIG_5_2}`);
    await page.waitForSelector('#app[data-ready="true"][data-practice-task="alphabeta-leaves"]', { timeout: TIMEOUT });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // Where leaf c3 (path 1.2) is drawn, in page coordinates.
    const at = await page.evaluate(() => {
      const f = window.__plyground.views.practice.figure;
      const id = f.idOfPath.get('1.2');
      const c = f.canvas;
      const p = c.camera.toScreen(c.layout.x[id], c.layout.y[id]);
      const r = c.canvas.getBoundingClientRect();
      return { x: r.left + p.x, y: r.top + p.y };
    });
    await page.mouse.click(at.x, at.y);
    let cells = (await page.evaluate(() => window.__plyground.views.practice.snapshot())).cells;
    assert.deepEqual(cells.filter((c) => c.value === true).map((c) => c.key), ['pruned:1.2']);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pr-cell-5'); // b1, b2, b3, c1, c2, c3
    await page.mouse.click(at.x, at.y);
    cells = (await page.evaluate(() => window.__plyground.views.practice.snapshot())).cells;
    assert.deepEqual(cells.filter((c) => c.value === true), []);
    assert.deepEqual(browser.problems, []);
  });

  it('MCTS in the Practice view: Reveal all fills the key and opens the real run at the asked iteration; Check scores it', async () => {
    await page.goto(`${browser.base}index.html#practice?task=mcts&seed=7&difficulty=easy`);
    await page.waitForSelector('#app[data-ready="true"][data-practice-task="mcts"]', { timeout: TIMEOUT });
    await page.click('#pr-reveal-all');
    await page.waitForFunction(() => window.__plyground.views.practice.snapshot().reveal !== null);
    const snap = await page.evaluate(() => window.__plyground.views.practice.snapshot());
    assert.deepEqual(snap.reveal, { iterations: 4 });
    assert.equal(await page.textContent('#pr-cell-0'), '');
    assert.equal(await page.inputValue('#pr-cell-0'), '1.628');
    assert.equal(await page.textContent('#pr-cell-0-status'), '');
    await page.focus('#pr-cell-0');
    await page.keyboard.press('Enter');
    assert.equal(await page.textContent('#pr-feedback'), 'All correct: 6 of 6.');
    assert.deepEqual(browser.problems, []);
  });

  it('a link fixes a generated exercise: the issue\'s link gives the documented tree', async () => {
    await page.goto(`${browser.base}index.html#practice?task=alphabeta-leaves&seed=7&depth=3&branching=2-3&cutoffs=2&tie=nonstrict`);
    await page.waitForSelector('#app[data-ready="true"][data-practice-task="alphabeta-leaves"]', { timeout: TIMEOUT });
    await page.waitForFunction(() => window.__plyground.restored);
    const snap = await page.evaluate(() => window.__plyground.views.practice.snapshot());
    assert.equal(snap.tree, '[[[6, 1, 3], [9, 9], [4, 9]], [[0, 3, 2], [6, 0, 9]]]');
    assert.equal(await page.inputValue('#pr-seed'), '7');
    assert.deepEqual(browser.problems, []);
  });

  it('the embed page posts plyground:graded to its parent with the grade record', async () => {
    await page.goto(`${browser.base}tests/pages/practice-host.html`);
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => document.querySelector('ply-practice')?.state != null, null, { timeout: TIMEOUT });
    const record = await frame.evaluate(() => {
      const el = document.querySelector('ply-practice');
      const k = el.answerKey();
      k.pruned = ['1.1'];
      return el.submit(k);
    });
    await page.waitForFunction(() => window.received.some((m) => m.type === 'plyground:graded'), null, { timeout: TIMEOUT });
    const msgs = await page.evaluate(() => window.received.filter((m) => m.type === 'plyground:graded'));
    assert.deepEqual(msgs, [{ type: 'plyground:graded', view: 'practice', ...record }]);
    assert.deepEqual(record, {
      task: 'alphabeta-leaves',
      seed: null,
      tree: '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]',
      score: 8,
      max: 9,
      done: false,
      mistakes: [{ node: '1.2', field: 'pruned', expected: true, got: false, misconception: null }],
    });
    assert.deepEqual(browser.problems, []);
  });
});
