// Practice: every task, 1–7, driven through the Practice view as a student does it —
// the keyboard alone: Tab / Shift-Tab through the answer cells in the algorithm's visiting
// order, typing values, Space on a leaf or edge to mark it pruned, the letter of a child in
// the choice menu, Alt+← / Alt+→ to reorder children (and a mouse drag), Enter to check, Tab
// to the Hint / Reveal next step / Reveal all / Retry / New tree buttons — with the exact
// feedback: which cells are ✓, the first wrong step marked ✗ on the tree with its rule, the
// misconception named, the score and the summary. Every expected text is the core's
// (`plyground grade` prints the same rules for the same answers); the trees are the lessons'.
// Then axe-core on each task's view, light and dark, at 360 px. No console error anywhere.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { browserForSuite } from './harness.mjs';
import { FIG_5_2, lessonTree } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;
const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
/** Exercise 2's tie: at C, v = 5 = α, which prunes under the lessons' rule only. */
const TIE = '[[5,6],[5,9]]';
const CHANCE = 'max[chance[0.5: 10, 0.5: -4], chance[0.75: 4, 0.25: -8]]';
const THREE = lessonTree('aima_three_player');
const ORDERING = '[[12,4,1],[18,10,2]]';

describe('practice, every task through the UI', { timeout: 300_000 }, () => {
  let browser;
  let page;

  browserForSuite((b) => {
    browser = b;
    page = b.page;
  });

  const open = async (task, query) => {
    await page.goto(`${browser.base}index.html#practice?task=${task}&${query}`);
    await page.waitForSelector(`#app[data-ready="true"][data-practice-task="${task}"]`, { timeout: TIMEOUT });
    await page.waitForFunction(() => window.__plyground.restored);
    // The tree, the last stop before the answers; Tab goes into them.
    await page.focus('#pr-canvas');
  };
  const press = async (key, times = 1) => {
    for (let i = 0; i < times; i++) await page.keyboard.press(key);
  };
  const type = (text) => page.keyboard.type(text);
  /** Replaces the text of the focused cell. */
  const retype = async (text) => {
    await press('Control+A');
    await type(text);
  };
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent);
  const feedback = () => page.$$eval('#pr-feedback p', (ps) => ps.map((p) => p.textContent));
  const snap = () => page.evaluate(() => window.__plyground.views.practice.snapshot());
  const statuses = async () => (await snap()).cells.map((c) => c.status);
  const wrongTags = async () => (await snap()).tags.filter((t) => t.tag === '✗').map((t) => t.path);
  /** Tab (or Shift-Tab) until the element with this id has the focus (at most 40 presses). */
  const tabTo = async (id, back = false) => {
    for (let i = 0; i < 40; i++) {
      if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
      await press(back ? 'Shift+Tab' : 'Tab');
    }
    assert.fail(`Tab never reached #${id}`);
  };

  it('1. minimax: Tab order, a wrong value, Reveal next step fills it with its rule, all correct, then New tree', async () => {
    await open('minimax', `tree=${FIG_5_2}`);
    await press('Tab');
    assert.equal(await active(), 'pr-cell-0');
    // A, B, C, D in depth-first order, then the root's choice; C is wrong (4: not the smallest).
    for (const v of ['3', '3', '4', '2']) {
      await type(v);
      await press('Tab');
    }
    assert.equal(await active(), 'pr-cell-4');
    await press('b');
    await press('Enter');
    assert.deepEqual(await feedback(), ['4 of 5 correct; the first wrong step is at C (value).', 'Rule: C is a MIN node: v = min(2, 4, 6) = 2.']);
    assert.deepEqual(await statuses(), ['ok', 'ok', 'wrong', 'ok', 'ok']);
    assert.equal(await page.textContent('#pr-cell-2-status'), '✗ first wrong step');
    assert.equal(await page.textContent('#pr-cell-0-status'), '✓ correct');
    assert.deepEqual(await wrongTags(), ['1']);
    assert.equal(await page.textContent('#pr-score'), 'Score: 4 of 5');
    // Shift-Tab walks back in the same order.
    await press('Shift+Tab');
    assert.equal(await active(), 'pr-cell-3');
    // Reveal next step, from the keyboard: the key's value in C's cell with the rule.
    await tabTo('pr-reveal-next');
    await press('Enter');
    assert.deepEqual(await feedback(), ['C (value): C is a MIN node: v = min(2, 4, 6) = 2.']);
    assert.equal(await page.inputValue('#pr-cell-2'), '2');
    assert.equal(await active(), 'pr-cell-2');
    await press('Enter');
    assert.deepEqual(await feedback(), ['All correct: 5 of 5.']);
    assert.equal(await page.textContent('#pr-score'), 'Score: 5 of 5 — all correct');
    assert.deepEqual(await statuses(), ['ok', 'ok', 'ok', 'ok', 'ok']);
    assert.deepEqual(await wrongTags(), []);
    assert.equal(await page.getAttribute('#app', 'data-practice-score'), '5/5');
    // New tree: a generated tree (the form's seed + 1), fresh cells.
    await tabTo('pr-new', true);
    await press('Enter');
    await page.waitForFunction(() => window.__plyground.views.practice.snapshot().tree !== '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]');
    const s = await snap();
    assert.equal(await page.inputValue('#pr-seed'), '1');
    assert.equal(s.tree, '[[[9, 9, 16], [10, 5, 16], [12, 9]], [[3, 13], [14, 18, 1], [10, 2]], [[10, 14], [20, 12]]]');
    assert.ok(s.cells.every((c) => c.value === '' && c.status === ''));
    assert.deepEqual(await feedback(), []);
    assert.equal(await page.textContent('#pr-note'), '');
    assert.deepEqual(browser.problems, []);
  });

  it('2. α-β leaves: the strict-rule misconception at a tie, Hint, then the tie mark; the strict rule marks nothing', async () => {
    await open('alphabeta-leaves', `tree=${TIE}`);
    await press('Tab'); // b1, b2, c1, c2: nothing marked
    await press('Enter');
    assert.deepEqual(await feedback(), [
      '3 of 4 correct; the first wrong step is at c2 (pruned).',
      'Rule: at C, v = 5 ≤ α = 5: MIN stops, c2 is pruned.',
      "Misconception (strict-tie): this answer follows the strict rule (prune only on v > β / v < α), but here a tie prunes: at C (MIN), v = α = 5, and the lessons' rule v ≥ β / v ≤ α stops there",
    ]);
    assert.deepEqual(await statuses(), ['ok', 'ok', 'ok', 'wrong']);
    assert.deepEqual(await wrongTags(), ['1.1']);
    await tabTo('pr-hint');
    await press('Enter');
    assert.deepEqual(await feedback(), ['Hint at c2 (pruned): at C (MIN), compare v with α after each child: if v ≤ α, MIN stops and the rest of its children are pruned.']);
    assert.equal(await active(), 'pr-cell-3'); // the hinted cell, c2
    await press('Space');
    await press('Enter');
    assert.deepEqual(await feedback(), ['All correct: 4 of 4.']);
    assert.equal(await page.textContent('#pr-score'), 'Score: 4 of 4 — all correct');
    // The same tree under the strict rule: nothing is pruned.
    await open('alphabeta-leaves', `tree=${TIE}&tie=strict`);
    await press('Tab');
    await press('Enter');
    assert.deepEqual(await feedback(), ['All correct: 4 of 4.']);
    assert.match(await page.textContent('#pr-prompt'), /the strict rule: MAX stops only when v > β, MIN only when v < α/);
    assert.deepEqual(browser.problems, []);
  });

  it('3. α-β in full: windows, values and pruned edges; the window-direction misconception; Shift-Tab back to fix it', async () => {
    await open('alphabeta-full', `tree=${TIE}`);
    // A value, B pruned, B window, B value, b1, b2, C pruned, C window, C value, c1, c2.
    await press('Tab');
    await type('5');
    await press('Tab', 2);
    assert.equal(await active(), 'pr-cell-2');
    await type('-inf, inf');
    await press('Tab');
    await type('5');
    await press('Tab', 4);
    assert.equal(await active(), 'pr-cell-7');
    await type('-∞, 5'); // C's window with B's value passed into β: the wrong bound
    await press('Tab');
    await type('5');
    await press('Tab', 2);
    assert.equal(await active(), 'pr-cell-10');
    await press('Space'); // c2 pruned
    await press('Enter');
    assert.deepEqual(await feedback(), [
      '10 of 11 correct; the first wrong step is at C (window).',
      'Rule: at A (MAX), a1 returned 5: v = 5, α ← max(α, v) = 5; C is entered with (α, β) = (5, +∞).',
      'Misconception (window-direction): at A (MAX), v = 5 goes into α, not β: MAX raises α (a lower bound for MAX); C gets (5, +∞)',
    ]);
    assert.deepEqual(await statuses(), ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'wrong', 'ok', 'ok', 'ok']);
    assert.deepEqual(await wrongTags(), ['1']);
    await press('Shift+Tab', 3);
    assert.equal(await active(), 'pr-cell-7');
    await retype('5, ∞');
    await press('Enter');
    assert.deepEqual(await feedback(), ['All correct: 11 of 11.']);
    assert.equal(await page.textContent('#pr-score'), 'Score: 11 of 11 — all correct');
    assert.deepEqual(browser.problems, []);
  });

  it('4. expectiminimax: the unweighted-average misconception; Reveal all fills the key and steps the real search from that step', async () => {
    await open('expectiminimax', `tree=${CHANCE}`);
    await press('Tab');
    for (const v of ['3', '3', '-2']) {
      await type(v);
      await press('Tab');
    }
    await press('b');
    await press('Enter');
    assert.deepEqual(await feedback(), [
      '3 of 4 correct; the first wrong step is at C (value).',
      'Rule: C is a chance node: v = Σ P(r)·v(r) = 0.75·4 + 0.25·(-8) = 1.',
      "Misconception (unweighted-average): -2 is the plain mean of C's children; a chance node weighs each child by its probability: 0.75·4 + 0.25·(-8) = 1",
    ]);
    assert.deepEqual(await statuses(), ['ok', 'ok', 'wrong', 'ok']);
    assert.deepEqual(await wrongTags(), ['1']);
    await tabTo('pr-reveal-all');
    await press('Enter');
    await page.waitForFunction(() => window.__plyground.views.practice.snapshot().reveal !== null);
    const s = await snap();
    assert.deepEqual(s.cells.map((c) => c.value), ['3', '3', '1', '0']);
    assert.ok(s.reveal.index > 1 && s.reveal.index <= s.reveal.length, JSON.stringify(s.reveal));
    assert.deepEqual(await feedback(), [`The answer key is in the cells. Below, the real search at step ${s.reveal.index}, the first wrong one: step on with the arrow buttons.`]);
    assert.equal(await page.isVisible('#pr-reveal'), true);
    await page.focus('#pr-cell-0');
    await press('Enter');
    assert.deepEqual(await feedback(), ['All correct: 4 of 4.']);
    assert.deepEqual(browser.problems, []);
  });

  it('5. max^n: tuples typed per node; the rule names P3 as the figure numbers it; Retry clears the same tree', async () => {
    await open('maxn', `tree=${THREE}`);
    assert.equal(
      await page.textContent('#pr-legend'),
      'Numbered shapes: the player to move (1 = P1, 2 = P2, 3 = P3) · □ leaf: the utilities (P1, P2, P3) · ✓ correct · ✗ and red ring: the first wrong step',
    );
    await press('Tab');
    // A, B, D, E, C, F, G (depth-first), then the choice. E keeps a tuple that is best for P1, not P3.
    const wrong = ['1, 2, 6', '1, 2, 6', '1, 2, 6', '7, 4, 1', '1, 5, 2', '1, 5, 2', '5, 4, 5'];
    for (const v of wrong) {
      await type(v);
      await press('Tab');
    }
    await press('b');
    await press('Enter');
    assert.deepEqual(await feedback(), [
      '7 of 8 correct; the first wrong step is at E (tuple).',
      "Rule: E: P3 moves and keeps the child's tuple with the largest P3 entry (the third entry; the first child on ties): (6, 1, 2) from e1.",
    ]);
    assert.deepEqual(await statuses(), ['ok', 'ok', 'ok', 'wrong', 'ok', 'ok', 'ok', 'ok']);
    assert.deepEqual(await wrongTags(), ['0.1']);
    await tabTo('pr-retry');
    await press('Enter');
    assert.deepEqual(await feedback(), ['The answers are cleared: the same tree again.']);
    assert.equal(await active(), 'pr-cell-0');
    const s = await snap();
    assert.ok(s.cells.every((c) => c.value === '' && c.status === ''));
    assert.equal(s.tree, '[[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]], [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]');
    for (const v of ['1, 2, 6', '1, 2, 6', '1, 2, 6', '6, 1, 2', '1, 5, 2', '1, 5, 2', '5, 4, 5']) {
      await type(v);
      await press('Tab');
    }
    await press('b');
    await press('Enter');
    assert.deepEqual(await feedback(), ['All correct: 8 of 8.']);
    assert.equal(await page.textContent('#pr-score'), 'Score: 8 of 8 — all correct');
    assert.deepEqual(browser.problems, []);
  });

  it('6. MCTS: UCB1 typed, the largest-W/N misconception on the choice, N and W after the backup, then all correct', async () => {
    await open('mcts', 'seed=7&difficulty=easy');
    assert.equal(await page.textContent('#pr-table caption'), 'N and W after 4 iterations (C = 1.4142)');
    await press('Tab');
    // UCB1 of B and C, the choice (B: the largest W/N), then [N, W] of A, B, C, b1, b2, c1, c2.
    await type('1.628');
    await press('Tab');
    await type('1.665');
    await press('Tab');
    await press('b');
    await press('Tab');
    await type('5, 2');
    await press('Tab', 2);
    await type('2, 0');
    await press('Tab', 3);
    assert.equal(await active(), 'pr-cell-8');
    await type('1, 1');
    await press('Enter');
    assert.deepEqual(await feedback(), [
      '5 of 6 correct; the first wrong step is at A (choice).',
      "Rule: selection takes the root's child with the largest UCB1 (the first on ties): C with 1.6651.",
      'Misconception (largest-q): B has the largest W/N (0.6667), but selection takes the largest UCB1 = W/N + C·√(ln N(parent) / N): C (1.6651)',
    ]);
    assert.deepEqual((await statuses()).slice(0, 4), ['ok', 'ok', 'wrong', 'ok']);
    await press('Shift+Tab', 6);
    assert.equal(await active(), 'pr-cell-2');
    await press('c');
    await press('Enter');
    assert.deepEqual(await feedback(), ['All correct: 6 of 6.']);
    assert.equal(await page.textContent('#pr-score'), 'Score: 6 of 6 — all correct');
    assert.deepEqual(browser.problems, []);
  });

  it('7. move ordering: Alt+← / Alt+→ and a drag reorder the children, announced; the tree redraws in that order; graded against the fewest leaves', async () => {
    await open('ordering', `tree=${ORDERING}`);
    const lists = () => page.$$eval('#pr-cells .order-list', (ls) => ls.map((l) => [...l.querySelectorAll('button')].map((b) => b.textContent)));
    assert.deepEqual(await lists(), [['a1 (B)', 'a2 (C)'], ['b1', 'b2', 'b3'], ['c1', 'c2', 'c3']]);
    const focused = () => page.evaluate(() => document.activeElement.textContent);
    await press('Tab');
    assert.equal(await focused(), 'a1 (B)');
    // One Tab stop per list: Tab goes to the next node's list.
    await press('Alt+ArrowRight');
    assert.deepEqual(await feedback(), ['a1 (B) moved to place 2 of 2 under A: a2 (C), a1 (B).']);
    assert.equal(await focused(), 'a1 (B)');
    assert.equal(await page.getAttribute('#pr-cell-0 button:focus', 'aria-label'), 'a1 (B), place 2 of 2');
    let s = await snap();
    assert.deepEqual(s.drawn, ['', '1', '1.0', '1.1', '1.2', '0', '0.0', '0.1', '0.2']);
    // On the canvas C (path 1) is now left of B (path 0).
    const xOf = (path) =>
      page.evaluate((p) => {
        const f = window.__plyground.views.practice.figure;
        return f.canvas.layout.x[f.idOfPath.get(p)];
      }, path);
    assert.ok((await xOf('1')) < (await xOf('0')));
    await press('Alt+ArrowRight');
    assert.deepEqual(await feedback(), ['a1 (B) is already last.']);
    await press('Enter');
    assert.deepEqual(await feedback(), [
      '0 of 1 correct: in this order α-β evaluates 6 leaves; 4 is the fewest possible.',
      'Rule: α-β evaluates 6 leaves in the tree\'s own order; the fewest over every ordering is 4, for example with A: a2 a1; B: b3 b2 b1; C: c3 c2 c1.',
    ]);
    assert.deepEqual(await statuses(), ['wrong', 'wrong', 'wrong']);
    assert.equal(await page.textContent('#pr-cell-1-status'), '✗ more leaves than needed');
    // B's children: → → to b3, then Alt+← twice puts it first.
    await press('Tab');
    assert.equal(await focused(), 'b1');
    await press('ArrowRight', 2);
    assert.equal(await focused(), 'b3');
    await press('Alt+ArrowLeft', 2);
    assert.deepEqual(await feedback(), ['b3 moved to place 1 of 3 under B: b3, b1, b2.']);
    assert.equal(await focused(), 'b3');
    // C's children with the mouse: drag c3 onto c1's place.
    const box = async (name) => (await page.locator('#pr-cell-2 button', { hasText: name }).boundingBox());
    const from = await box('c3');
    const to = await box('c1');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    assert.deepEqual(await lists(), [['a2 (C)', 'a1 (B)'], ['b3', 'b1', 'b2'], ['c3', 'c1', 'c2']]);
    assert.deepEqual(await feedback(), ['c3 moved to place 1 of 3 under C: c3, c1, c2.']);
    s = await snap();
    assert.deepEqual(s.drawn, ['', '1', '1.2', '1.0', '1.1', '0', '0.2', '0.0', '0.1']);
    assert.deepEqual(s.cells.map((c) => c.value), ['1, 0', '2, 0, 1', '2, 0, 1']);
    assert.equal(await focused(), 'c3');
    await press('Enter');
    assert.deepEqual(await feedback(), ['All correct: 1 of 1.']);
    assert.deepEqual(await statuses(), ['ok', 'ok', 'ok']);
    assert.equal(await page.textContent('#pr-score'), 'Score: 1 of 1 — all correct');
    // Retry puts the tree's own order back, in the lists and in the drawing.
    await tabTo('pr-retry');
    await press('Enter');
    assert.deepEqual(await lists(), [['a1 (B)', 'a2 (C)'], ['b1', 'b2', 'b3'], ['c1', 'c2', 'c3']]);
    assert.deepEqual((await snap()).drawn, ['', '0', '0.0', '0.1', '0.2', '1', '1.0', '1.1', '1.2']);
    assert.equal(await focused(), 'a1 (B)');
    // Reveal next step: the key's order everywhere, graded full.
    await tabTo('pr-reveal-next');
    await press('Enter');
    assert.deepEqual(await lists(), [['a2 (C)', 'a1 (B)'], ['b3', 'b2', 'b1'], ['c3', 'c2', 'c1']]);
    await page.focus('#pr-cell-0 button[tabindex="0"]');
    await press('Enter');
    assert.deepEqual(await feedback(), ['All correct: 1 of 1.']);
    assert.deepEqual(browser.problems, []);
  });
});

describe('practice, every task: axe-core', { timeout: 300_000 }, () => {
  let browser;
  let page;

  browserForSuite(
    (b) => {
      browser = b;
      page = b.page;
    },
    { viewport: null, bypassCSP: true },
  );

  const VIEWS = [
    `minimax&tree=${FIG_5_2}`,
    `alphabeta-leaves&tree=${FIG_5_2}`,
    `alphabeta-full&tree=${TIE}`,
    `expectiminimax&tree=${CHANCE}`,
    `maxn&tree=${THREE}`,
    'mcts&seed=7&difficulty=easy',
    `ordering&tree=${ORDERING}`,
  ];
  for (const scheme of ['light', 'dark']) {
    it(`each task's view, checked with a wrong answer, ${scheme}, 360 px: no violation`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 360, height: 800 });
      const found = [];
      for (const v of VIEWS) {
        await page.goto(`${browser.base}index.html#practice?task=${v}`);
        await page.waitForSelector('#app[data-ready="true"][data-practice-task]', { timeout: TIMEOUT });
        // Check the empty cells: the feedback, ✗ and the statuses are on screen.
        await page.click('#pr-check');
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => {
          const r = await window.axe.run(document, { resultTypes: ['violations'] });
          return r.violations.map((x) => `${x.id} (${x.impact}): ${x.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
        });
        for (const x of violations) found.push(`${v}: ${x}`);
      }
      assert.deepEqual(found, []);
      assert.deepEqual(browser.problems, []);
    });
  }
});
