// Practice, what a student sees after Check and Reveal, in headless Chromium: a full score
// never stands next to a wrong step (the leaves under a pruned edge ticked too), Reveal next
// step turns its cell from ✗ to revealed, the tie-rule menu only where the rule changes the
// key, the first answer cell one Tab and Enter from the top of the view, leaf values in the
// documented <ply-practice>, and the answer form on the tree (click a node, or pick it with
// the arrow keys and press Enter), the twin of the list of cells. No console error.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForSuite } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;
/** C stops on v = 3 ≤ α = 6 (not a tie): c2 is pruned, with H and h1–h3 below it. */
const NO_TIE = '[[[6,1,3],[9,9],[4,9]],[[0,3,2],[6,0,9]]]';

describe('practice: grades, reveal, tie menu, skip link, answers on the tree', { timeout: 240_000 }, () => {
  let browser;
  let page;

  browserForSuite((b) => {
    browser = b;
    page = b.page;
  });

  const open = async (task, query) => {
    await page.goto('about:blank'); // a new document each time (a hash change alone keeps the old exercise's state)
    await page.goto(`${browser.base}index.html#practice?task=${task}&${query}`);
    await page.waitForSelector(`#app[data-ready="true"][data-practice-task="${task}"]`, { timeout: TIMEOUT });
    await page.waitForFunction(() => window.__plyground.restored);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  };
  const feedback = () => page.$$eval('#pr-feedback p', (ps) => ps.map((p) => p.textContent));
  const snap = () => page.evaluate(() => window.__plyground.views.practice.snapshot());
  const active = () => page.evaluate(() => document.activeElement?.id);
  /** Where the tree node at `path` is drawn, in page coordinates. */
  const nodeAt = (path) =>
    page.evaluate((path) => {
      const f = window.__plyground.views.practice.figure;
      const d = f.idOfPath.get(path); // (the canvas numbers the nodes as the tree does)
      const c = f.canvas;
      const p = c.camera.toScreen(c.layout.x[d], c.layout.y[d]);
      const r = c.canvas.getBoundingClientRect();
      return { x: r.left + p.x, y: r.top + p.y };
    }, path);

  it('the key with the leaves under the pruned edge c2 ticked: all correct, and no wrong step anywhere', async () => {
    await open('alphabeta-full', `tree=${NO_TIE}`);
    await page.evaluate(() => {
      const f = window.__plyground.views.practice.figure;
      const k = f.practice.answerKey();
      k.pruned.push('1.1.0', '1.1.1', '1.1.2');
      f.submit(k);
    });
    assert.equal(await page.textContent('#pr-score'), 'Score: 30 of 30 — all correct');
    assert.deepEqual(await feedback(), ['All correct: 30 of 30.']);
    const s = await snap();
    assert.deepEqual(s.tags.filter((t) => t.tag === '✗'), []);
    assert.equal(s.cells.filter((c) => c.status === 'wrong').length, 0);
    // A value at H (never reached) costs a point and is the first wrong step, in words.
    await page.evaluate(() => {
      const f = window.__plyground.views.practice.figure;
      const k = f.practice.answerKey();
      k.values['1.1'] = 9;
      f.submit(k);
    });
    assert.equal(await page.textContent('#pr-score'), 'Score: 29 of 30');
    assert.deepEqual(await feedback(), [
      '29 of 30: 30 cells correct, less 1 for an answer where there is nothing to give; the first wrong step is at H (value).',
      'Rule: H is below the pruned edge c2: α-β never reaches it, so it has no value.',
    ]);
    assert.deepEqual(browser.problems, []);
  });

  it('Reveal next step: its cell is no longer the first wrong step; the next one is', async () => {
    await open('minimax', `tree=${FIG_5_2}`);
    await page.fill('#pr-cell-0', '3');
    await page.fill('#pr-cell-1', '8'); // B: wrong
    await page.click('#pr-check');
    assert.equal(await page.textContent('#pr-cell-1-status'), '✗ first wrong step');
    await page.click('#pr-reveal-next');
    assert.equal(await page.inputValue('#pr-cell-1'), '3');
    assert.equal(await page.textContent('#pr-cell-1-status'), '✓ revealed');
    // C is now the first wrong (missing) step: the core's grade of the cells as they are.
    assert.equal(await page.textContent('#pr-cell-2-status'), '✗ first wrong step');
    assert.equal(await page.textContent('#pr-cell-0-status'), '✓ correct');
    assert.deepEqual(await feedback(), ['B (value): B is a MIN node: v = min(3, 12, 8) = 3.']);
    assert.equal(await page.textContent('#pr-score'), 'Score: 2 of 5');
    assert.deepEqual((await snap()).tags.filter((t) => t.tag === '✗'), [{ path: '1', tag: '✗' }]);
    // Before any Check, only the revealed cell is marked.
    await open('minimax', `tree=${FIG_5_2}`);
    await page.click('#pr-reveal-next');
    assert.equal(await page.textContent('#pr-cell-1-status'), '✓ revealed');
    assert.deepEqual((await snap()).cells.filter((c) => c.status !== '').map((c) => c.key), ['values:0']);
    assert.deepEqual(browser.problems, []);
  });

  it('the tie-rule menu shows only on the tasks whose key it changes', async () => {
    const shown = {};
    for (const [task, q] of [
      ['minimax', `tree=${FIG_5_2}`],
      ['alphabeta-leaves', `tree=${FIG_5_2}`],
      ['alphabeta-full', `tree=${FIG_5_2}`],
      ['expectiminimax', 'seed=1'],
      ['maxn', 'seed=1'],
      ['mcts', 'seed=1'],
      ['ordering', 'seed=1'],
    ]) {
      await open(task, q);
      // The menu sits in the bar's Options: shown there, or its label hidden.
      shown[task] = await page.evaluate(() => !document.getElementById('pr-tie').closest('label').hidden);
    }
    assert.deepEqual(shown, { minimax: false, 'alphabeta-leaves': true, 'alphabeta-full': true, expectiminimax: false, maxn: false, mcts: false, ordering: true });
    assert.deepEqual(browser.problems, []);
  });

  it('the first answer cell: the page\'s skip link is its first stop, Enter on it focuses the cell', async () => {
    await open('alphabeta-leaves', `tree=${FIG_5_2}`);
    const first = await page.evaluate(() => {
      const stops = [...document.querySelectorAll('a[href], button, input, select, [tabindex="0"]')].filter((e) => !e.closest('[hidden]'));
      return stops[0]?.id;
    });
    assert.equal(first, 'skip');
    // From the top of the page (a fresh load): Tab until the skip link, then Enter.
    let tabs = 0;
    while ((await active()) !== 'skip' && tabs < 60) {
      await page.keyboard.press('Tab');
      tabs++;
    }
    await page.keyboard.press('Enter');
    assert.equal(await active(), 'pr-cell-0');
    console.log(`# Tabs from the top of the page to the skip link: ${tabs}, then Enter`);
    assert.ok(tabs <= 8, `${tabs} Tabs`);
    assert.match(await page.evaluate(() => location.hash), /^#practice\?/);
    const live = await page.getAttribute('#pr-feedback', 'aria-live');
    assert.equal(live, 'polite');
    assert.deepEqual(browser.problems, []);
  });

  it('answers on the tree: a click on a node opens its form, the twin of its cells', async () => {
    await open('alphabeta-full', `tree=${FIG_5_2}`);
    const c = await nodeAt('1'); // C
    await page.mouse.click(c.x, c.y);
    const labels = await page.$$eval('.practice-node-editor label', (ls) => ls.map((l) => l.textContent));
    assert.deepEqual(labels, ['edge a2 (to C) pruned', 'C: window [α, β]', 'C: value']);
    assert.equal(await page.getAttribute('.practice-node-editor', 'aria-label'), 'Answers at C');
    // The focus is in the form's first field; typing there writes the cell in the list.
    await page.keyboard.press('Tab');
    await page.keyboard.type('3, inf');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2');
    const cell = (key) => page.evaluate((key) => window.__plyground.views.practice.snapshot().cells.find((c) => c.key === key).value, key);
    assert.equal(await cell('windows:1'), '3, inf');
    assert.equal(await cell('values:1'), '2');
    // And the other way: a cell typed in the list shows in the form.
    await page.fill('#pr-cell-9', '5'); // values:1 in the list
    await page.dispatchEvent('#pr-cell-9', 'input');
    assert.equal(await page.inputValue('.practice-node-editor input[id$="-tree"][type="text"]:last-of-type'), '5');
    // The tree shows the typed value at C.
    assert.equal(await page.evaluate(() => {
      const f = window.__plyground.views.practice.figure;
      return f.model.nodes[f.idOfPath.get('1')].value;
    }), '5');
    // Enter checks, as in the list; Escape closes the form and gives the focus to the tree.
    await page.focus('.practice-node-editor input[type="text"]');
    await page.keyboard.press('Enter');
    assert.match((await feedback())[0], /correct; the first wrong step is at /);
    await page.keyboard.press('Escape');
    assert.equal(await page.$('.practice-node-editor'), null);
    assert.equal(await active(), 'pr-canvas');
    assert.deepEqual(browser.problems, []);
  });

  it('answers on the tree with the keyboard: arrows pick a node, Enter opens its form or toggles a leaf', async () => {
    await open('alphabeta-full', `tree=${FIG_5_2}`);
    await page.focus('#pr-canvas');
    await page.keyboard.press('Home'); // A
    assert.equal(await page.textContent('#pr-cursor'), 'A (max) — value: —.');
    await page.keyboard.press('ArrowDown'); // B
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('.practice-node-editor', 'aria-label'), 'Answers at B');
    await page.keyboard.press('Tab');
    await page.keyboard.type('-inf, inf');
    await page.keyboard.press('Escape');
    assert.equal(await active(), 'pr-canvas');
    assert.equal(await page.inputValue('#pr-cell-2'), '-inf, inf'); // B's window in the list
    // → to b1 (a leaf): Enter toggles its mark, the focus stays on the tree.
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#pr-cursor'), /^b1 \(terminal\) — pruned: no\.$/);
    await page.keyboard.press('Enter');
    assert.equal(await page.isChecked('#pr-cell-4'), true);
    assert.equal(await active(), 'pr-canvas');
    assert.deepEqual(browser.problems, []);
  });

  it('the documented <ply-practice> snippet draws its leaf values', async () => {
    await page.goto(`${browser.base}tests/pages/practice-snippet.html`);
    await page.waitForFunction(() => [...document.querySelectorAll('ply-practice')].every((e) => e.state != null && e.figure?.model), null, { timeout: TIMEOUT });
    // Each leaf's value, and whether its box and the value under it are inside the canvas.
    const leaves = await page.evaluate(() =>
      [...document.querySelectorAll('ply-practice')].map((e) => {
        const f = e.figure;
        const c = f.canvas;
        // (The value texts as the core placed them, where the canvas draws them.)
        const boxes = c.textBoxes();
        return f.model.nodes
          .filter((n) => n.kind === 'terminal')
          .map((n) => {
            const b = boxes.find((t) => t.node === n.id && t.kind === 'value');
            const inside = b && b.x0 >= 0 && b.x1 <= c.camera.width && b.y0 >= 0 && b.y1 <= c.camera.height;
            return `${b?.text ?? n.value}${inside ? '' : ' (outside the view)'}`;
          });
      }),
    );
    assert.deepEqual(leaves[0], ['6', '1', '3', '9', '9', '4', '9', '0', '3', '2', '6', '0', '9']);
    assert.deepEqual(leaves[1], ['3', '12', '8', '2', '4', '6', '14', '5', '2']);
    assert.deepEqual(browser.problems, []);
  });
});
