// The tree lab's editor in headless Chromium, by keyboard only: Figure 5.2
// edited — a leaf's utility changed, a child added, a node moved among its siblings, undo,
// redo — with the text field (the core's writer's text) and the search's result (the root's
// value, the search recorded again at its end) checked after each step; a refusal explained
// in place with the tree unchanged; a chance node's probabilities checked as they are typed;
// the editor's module loaded only when it is opened. No console error on the way.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;

describe('the tree editor', { timeout: 120_000 }, () => {
  let browser;
  let page;
  const requested = [];
  const text = () => page.inputValue('#tl-text');
  /** The root's value at the end of the search on show, and where the figure stands. */
  const root = () =>
    page.evaluate(() => {
      const s = window.__plyground.views.tree.snapshot();
      return { value: s.nodes[0].value, atEnd: s.index === s.length, result: s.result };
    });
  const said = () => page.textContent('#tl-edit-said');
  const editing = () => page.textContent('#tl-edit-node');
  /** The panel shows this node (the text view's module may still be loading after the first arrow key). */
  const waitEditing = (want) =>
    page.waitForFunction((w) => document.getElementById('tl-edit-node').textContent === w, want, { timeout: TIMEOUT });
  /** After a key, the lab has recorded the search again: wait for the text to change. */
  const press = async (key, before) => {
    await page.keyboard.press(key);
    if (before != null) await page.waitForFunction((t) => document.getElementById('tl-text').value !== t, before, { timeout: TIMEOUT });
  };

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${browser.base}#tree`);
    await page.waitForSelector('#app[data-ready="true"][data-tree-length]', { timeout: TIMEOUT });
  });

  after(async () => {
    await browser?.close();
  });

  it('is loaded only when opened, by keyboard', async () => {
    assert.ok(!requested.some((p) => p.endsWith('/tree-editor.js')), 'not loaded before it is opened');
    assert.equal(await text(), FIG_5_2);
    await page.focus('#tl-edit');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#app[data-tree-editor="ready"]', { timeout: TIMEOUT });
    assert.ok(requested.some((p) => p.endsWith('/tree-editor.js')));
    assert.equal(await page.getAttribute('#tl-edit', 'aria-expanded'), 'true');
    assert.equal(await editing(), 'Editing A: MAX node, the root.');
  });

  it("edits Figure 5.2 by keyboard: a leaf's utility, a new child, a reorder, undo, redo", async () => {
    // To b1 on the canvas: the first arrow focuses the root, ↓ B, ↓ b1.
    await page.focus('#tl-canvas');
    await press('ArrowDown');
    await press('ArrowDown');
    await press('ArrowDown');
    await waitEditing('Editing b1: leaf, child 1 of 3 of B.');
    // Enter: the utility field; 5 for 3 → B = min(5, 12, 8) = 5, the root 5.
    await press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tl-edit-value');
    await page.keyboard.type('5');
    let was = await text();
    await press('Enter', was);
    assert.equal(await text(), '[[5, 12, 8], [2, 4, 6], [14, 5, 2]]');
    assert.deepEqual(await root(), { value: '5', atEnd: true, result: 'Root value 5 · best move a1 (to B)' });
    assert.equal(await said(), "'b1' now has utility 5.");
    // Back to the tree (Escape), up to B, Insert: a leaf of utility 0 → B = 0, the root max(0, 2, 2) = 2.
    await press('Escape');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tl-canvas');
    await press('ArrowUp');
    await waitEditing('Editing B: MIN node, child 1 of 3 of A.');
    was = await text();
    await press('Insert', was);
    assert.equal(await text(), '[[5, 12, 8, 0], [2, 4, 6], [14, 5, 2]]');
    assert.equal((await root()).value, '2');
    assert.equal(await said(), "'B' has a new child, 'b4', with utility 0.");
    assert.equal(await editing(), 'Editing b4: leaf, child 4 of 4 of B.');
    // Alt+←: b4 moves before b3 (the value stays 2).
    was = await text();
    await press('Alt+ArrowLeft', was);
    assert.equal(await text(), '[[5, 12, 0, 8], [2, 4, 6], [14, 5, 2]]');
    assert.equal((await root()).value, '2');
    assert.equal(await said(), "'b3' is now child 3 of 4 under 'B'.");
    // Undo twice: before the move, then before the new child (root 5 again).
    was = await text();
    await press('Control+z', was);
    assert.equal(await text(), '[[5, 12, 8, 0], [2, 4, 6], [14, 5, 2]]');
    assert.equal((await root()).value, '2');
    assert.equal(await said(), 'Undone: the tree is [[5, 12, 8, 0], [2, 4, 6], [14, 5, 2]].');
    was = await text();
    await press('Control+z', was);
    assert.equal(await text(), '[[5, 12, 8], [2, 4, 6], [14, 5, 2]]');
    assert.equal((await root()).value, '5');
    // Redo: the new child is back.
    was = await text();
    await press('Control+y', was);
    assert.equal(await text(), '[[5, 12, 8, 0], [2, 4, 6], [14, 5, 2]]');
    assert.deepEqual(await root(), { value: '2', atEnd: true, result: 'Root value 2 · best move a2 (to C)' });
    assert.equal(await said(), 'Redone: the tree is [[5, 12, 8, 0], [2, 4, 6], [14, 5, 2]].');
    assert.equal(await page.textContent('#tl-error'), '');
  });

  it('an edit is drawn from the edited tree itself, in the lab module: no text is read back', async () => {
    // Count every GameTree.parse of the tree and lab modules (the app's own instances: a
    // module is one instance per URL).
    await page.evaluate(async () => {
      const { MODULES } = await import(new URL('elements/runtime.js', location.href).href);
      window.__parses = 0;
      window.__lab = await import(MODULES.lab.glue.href);
      for (const kind of ['tree', 'lab']) {
        const m = await import(MODULES[kind].glue.href);
        const parse = m.GameTree.parse;
        m.GameTree.parse = function (...args) {
          window.__parses += 1;
          return parse.apply(this, args);
        };
      }
    });
    await page.evaluate(() => window.__plyground.views.tree.figure.focusNode(2));
    await waitEditing('Editing b1: leaf, child 1 of 4 of B.');
    const was = await text();
    await page.fill('#tl-edit-value', '4');
    await page.focus('#tl-edit-value');
    await press('Enter', was);
    assert.equal(await text(), '[[4, 12, 8, 0], [2, 4, 6], [14, 5, 2]]');
    assert.equal(await said(), "'b1' now has utility 4.");
    assert.equal(await page.evaluate(() => window.__parses), 0, 'no tree text was parsed for the edit');
    assert.ok(await page.evaluate(() => window.__plyground.views.tree.figure.st instanceof window.__lab.Stepper), "the figure's search is the lab module's");
    // Undo is a kept copy, not a text read again.
    await press('Escape');
    await press('Control+z', await text());
    assert.equal(await text(), '[[5, 12, 8, 0], [2, 4, 6], [14, 5, 2]]');
    assert.equal(await page.evaluate(() => window.__parses), 0);
    await press('Control+y', await text());
    assert.equal(await text(), '[[4, 12, 8, 0], [2, 4, 6], [14, 5, 2]]');
    // Back to the state the next tests start from.
    await press('Control+z', await text());
    assert.equal(await text(), '[[5, 12, 8, 0], [2, 4, 6], [14, 5, 2]]');
    assert.equal(await page.textContent('#tl-error'), '');
  });

  it('explains a refusal in place and leaves the tree as it was', async () => {
    const was = await text();
    // The root cannot be removed.
    await page.focus('#tl-canvas');
    await page.evaluate(() => window.__plyground.views.tree.figure.focusNode(0));
    await page.waitForFunction(() => document.getElementById('tl-edit-node').textContent.startsWith('Editing A'));
    await press('Delete');
    assert.equal(
      await page.textContent('#tl-edit-error'),
      "GameTree.removeNode: the root 'A' cannot be removed: a tree has a root (make it a leaf to start again)",
    );
    assert.equal(await text(), was);
    // A label the grammar would read as a kind.
    await page.fill('#tl-edit-label', 'max');
    await page.focus('#tl-edit-label');
    await press('Enter');
    await page.waitForFunction(() => document.getElementById('tl-edit-error').textContent.includes('cannot be a label'));
    assert.equal(await text(), was);
  });

  it("a chance node's probabilities: the sum is checked beside the fields as they are typed", async () => {
    // C (the root's second child) made a chance node: 1/3 each.
    await page.evaluate(() => window.__plyground.views.tree.figure.focusNode(6));
    await page.waitForFunction(() => document.getElementById('tl-edit-node').textContent.startsWith('Editing C'));
    let was = await text();
    await page.selectOption('#tl-edit-kind', 'chance');
    await page.waitForFunction((t) => document.getElementById('tl-text').value !== t, was);
    assert.equal(await text(), '[[5, 12, 8, 0], chance[1/3: 2, 1/3: 4, 1/3: 6], [14, 5, 2]]');
    assert.equal((await root()).value, '4');
    assert.equal(await page.textContent('#tl-edit-prob-msg'), 'They sum to 1.');
    await page.fill('#tl-edit-prob-0', '0.5');
    assert.equal(
      await page.textContent('#tl-edit-prob-msg'),
      "the probabilities under 'C' sum to 1.1666666666666665, not 1: a chance node's probabilities must sum to 1",
    );
    assert.equal(await page.getAttribute('#tl-edit-prob-0', 'aria-invalid'), 'true');
    assert.ok(await page.isDisabled('#tl-edit-prob-set'));
    await page.fill('#tl-edit-prob-1', '1/4');
    await page.fill('#tl-edit-prob-2', '0.25');
    assert.equal(await page.textContent('#tl-edit-prob-msg'), 'They sum to 1.');
    was = await text();
    await page.focus('#tl-edit-prob-2');
    await press('Enter', was);
    assert.equal(await text(), '[[5, 12, 8, 0], chance[0.5: 2, 1/4: 4, 1/4: 6], [14, 5, 2]]');
    // Expectiminimax: C = 0.5·2 + 0.25·4 + 0.25·6 = 3.5.
    assert.equal((await root()).value, '3.5');
    assert.deepEqual(browser.problems, [], 'no console error on the way');
  });
});
