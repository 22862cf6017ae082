// The tree lab and the MCTS lab in headless Chromium: Figure 5.2 stepped to the end (root 3,
// the lesson's α/β windows, exactly c2 and c3 pruned), keyboard control and no autoplay,
// inline errors for bad tree text with the old tree kept, the ordering comparison, a
// Connect-4 depth-4 search placed whole, "Show me the search" from the Play view, the MCTS
// phases and the lesson's UCB1 exercise, narrow screens, screenshots of every view. No console
// error on the way. (Its load time and frame rate: timing.test.mjs.)

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { holdBack, openBrowser } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

describe('the labs', { timeout: 120_000 }, () => {
  let browser;
  let page;
  const attr = (name) => page.getAttribute('#app', `data-${name}`);
  const snap = () => page.evaluate(() => window.__plyground.views.tree.snapshot());
  const shot = (name) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });

  before(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${browser.base}#play`);
    await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
  });

  after(async () => {
    await browser?.close();
  });

  it('tree lab: Figure 5.2 is loaded, drawn and not playing; nothing happens until asked', async () => {
    await page.click('nav a[data-view="tree"]');
    await page.waitForSelector('#app[data-view="tree"][data-tree-length]');
    await page.waitForTimeout(400);
    const s = await snap();
    assert.equal(s.index, 0, 'no autoplay');
    assert.equal(s.length, 29);
    assert.equal(s.nodes.length, 13);
    assert.equal(await page.inputValue('#tl-text'), FIG_5_2);
    assert.ok(s.frames >= 1, 'the canvas was drawn');
    assert.equal(await page.textContent('#tl-narration'), 'Before the first step. Step forward (→) to start the search.');
  });

  it('tree lab: the α/β windows follow the lesson, then root 3 with exactly c2 and c3 pruned', async () => {
    const steps = await page.evaluate(() => {
      const lab = window.__plyground.views.tree;
      const out = [];
      for (let i = 0; i <= lab.st.length; i++) {
        lab.seek(i);
        out.push(lab.snapshot());
      }
      lab.seek(0);
      return out;
    });
    const node = (s, label) => s.nodes.find((n) => n.label === label);
    const leaf = (s, edge) => s.nodes.find((n) => n.edge === edge && n.kind === 'terminal');
    const windowAt = (label) => steps.filter((s) => node(s, label).state === 'current').map((s) => node(s, label).window);
    // B, C and D are entered with the windows of the lesson's trace.
    assert.deepEqual(windowAt('B')[0], { alpha: '−∞', beta: '+∞' });
    assert.deepEqual(windowAt('C')[0], { alpha: '3', beta: '+∞' });
    assert.deepEqual(windowAt('D')[0], { alpha: '3', beta: '+∞' });
    // Inside D, β falls to 14, then to 5, as its leaves come back.
    const dBetas = [...new Set(steps.map((s) => node(s, 'D').window?.beta).filter(Boolean))];
    assert.deepEqual(dBetas, ['+∞', '14', '5']);
    // The root's α rises to 3 once B returns.
    const aAlphas = [...new Set(steps.map((s) => node(s, 'A').window?.alpha).filter(Boolean))];
    assert.deepEqual(aAlphas, ['−∞', '3']);
    // The cutoff step: narration, pseudocode line, pruned leaves.
    const cut = steps.find((s) => /prune/.test(s.narration));
    assert.equal(cut.narration, 'MIN node C: v = 2 ≤ α = 3, prune c2 and c3');
    assert.deepEqual(
      cut.nodes.filter((n) => n.state === 'pruned').map((n) => n.edge),
      ['c2', 'c3'],
    );
    // The end.
    const end = steps.at(-1);
    assert.equal(node(end, 'A').value, '3');
    assert.deepEqual(
      end.nodes.filter((n) => n.state === 'pruned').map((n) => [n.edge, n.value]),
      [
        ['c2', '4'],
        ['c3', '6'],
      ],
    );
    assert.deepEqual(
      end.nodes.filter((n) => n.bold).map((n) => n.label),
      ['B'],
    );
    assert.equal(end.narration, 'Search done: the root is worth 3, best move a1');
    assert.equal(end.result, 'Root value 3 · best move a1 (to B)');
    assert.equal(leaf(end, 'd3').value, '2');
    assert.equal(leaf(end, 'd3').state, 'done');
  });

  it('tree lab: keys step, jump and play; the pseudocode line follows; a screenshot mid-trace', async () => {
    await page.focus('#tl-canvas');
    for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
    assert.equal(await attr('tree-step'), '15');
    assert.equal(await page.textContent('#tl-narration'), 'MIN node C: v = 2 ≤ α = 3, prune c2 and c3');
    assert.equal((await page.textContent('#tl-pseudo .line.now')).trim(), 'if v ≤ α then return v // alpha cutoff: MAX avoids this node');
    await shot('tree-lab-mid-trace');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await attr('tree-step'), '14');
    await page.keyboard.press('End');
    assert.equal(await attr('tree-step'), '29');
    await shot('tree-lab-figure-5-2-end');
    await page.keyboard.press('Home');
    assert.equal(await attr('tree-step'), '0');
    await page.fill('#tl-speed', '60');
    await page.dispatchEvent('#tl-speed', 'input');
    await page.focus('#tl-canvas');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => Number(document.querySelector('#app').dataset.treeStep) >= 5);
    await page.keyboard.press(' ');
    const paused = await attr('tree-step');
    await page.waitForTimeout(200);
    assert.equal(await attr('tree-step'), paused, 'Space paused the playback');
    assert.equal(await page.textContent('#tl-play'), '▶ Play');
  });

  it('tree lab: at 1280×900 the current pseudocode line stays in the window at every step (MIN-VALUE sits low)', async () => {
    await page.selectOption('#tl-source', 'figure-5-2');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.focus('#tl-canvas');
    await page.keyboard.press('Home');
    const length = Number(await attr('tree-length'));
    const out = [];
    let minValue = 0;
    for (let i = 1; i <= length; i++) {
      await page.keyboard.press('ArrowRight');
      const r = await page.evaluate(() => {
        const line = document.querySelector('#tl-pseudo .line.now');
        if (!line) return null;
        const b = line.getBoundingClientRect();
        const proc = line.closest('[data-proc]')?.textContent ?? '';
        return { top: b.top, bottom: b.bottom, height: innerHeight, text: line.textContent.trim(), min: proc.includes('function MIN-VALUE') };
      });
      if (!r) continue;
      if (r.min) minValue++;
      // Sub-pixel rounding of a line scrolled to the window's edge is not "out of view".
      if (r.top < -1 || r.bottom > r.height + 1) out.push(`step ${i}: '${r.text}' at ${r.top}–${r.bottom} of ${r.height}`);
    }
    assert.deepEqual(out, [], 'every current pseudocode line is in the window');
    assert.ok(minValue >= 3, `MIN-VALUE lines were current at ${minValue} steps`);
  });

  it('tree lab: the text view lists the tree in step with the figure, and the arrow keys move one focus', async () => {
    await page.selectOption('#tl-source', 'figure-5-2');
    await page.click('#tl-text-view summary');
    await page.evaluate(() => window.__plyground.views.tree.figure.seek(15));
    // The text view's code loads on its first opening (views/text-view.js): wait for its list.
    await page.waitForSelector('#tl-text-view li[role="treeitem"]');
    const lines = () => page.$$eval('#tl-text-view li[role="treeitem"] > .line', (ls) => ls.map((l) => l.textContent));
    const at23 = await lines();
    assert.equal(at23.length, 13);
    assert.equal(at23[0], 'A: MAX node, value 3 so far, window α = 3, β = +∞ — open, on the search path');
    assert.equal(at23[5], 'C: MIN node, value 2 so far, window α = 3, β = +∞ — the current node');
    assert.equal(at23[7], 'c2: leaf, utility 4 — pruned, never examined');
    assert.equal(await page.getAttribute('#tl-text-view li[aria-current="step"] > .line', 'class'), 'line');
    await page.evaluate(() => window.__plyground.views.tree.figure.seek(29));
    const end = await lines();
    assert.equal(end[5], 'C: MIN node, value ≤ 2 (an upper bound) — finished');
    assert.equal(end[1], 'B: MIN node, value 3 — finished (the move chosen)');
    // Keyboard: ↑ on the canvas puts the focus on a node; the text view marks the same one.
    await page.focus('#tl-canvas');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    const focusCanvas = await page.evaluate(() => window.__plyground.views.tree.figure.focusId);
    const marked = await page.getAttribute('#tl-text-view li.focus', 'data-id');
    assert.equal(Number(marked), focusCanvas);
    // …and in the list, ↓ moves it back to the canvas's ring.
    await page.focus('#tl-text-view li.focus');
    await page.keyboard.press('ArrowDown');
    const next = Number(await page.getAttribute('#tl-text-view li.focus', 'data-id'));
    assert.notEqual(next, focusCanvas);
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.focusId), next);
    await page.click('#tl-text-view summary');
  });

  it('tree lab: Figure 5.2 ends with C drawn "≤ 2"; the minimax toggle (keyboard) shows the true values, announced', async () => {
    await page.selectOption('#tl-source', 'figure-5-2');
    await page.evaluate(() => window.__plyground.views.tree.figure.seek(29));
    let s = await snap();
    assert.equal(s.nodes.find((n) => n.label === 'C').value, '≤ 2');
    assert.equal(s.nodes.find((n) => n.label === 'D').value, '2');
    assert.equal(s.nodes.find((n) => n.label === 'A').value, '3');
    // The checkbox is labelled and operable from the keyboard.
    assert.equal(await page.$eval('#tl-minimax', (i) => i.closest('label').textContent.trim()), 'Minimax values');
    await page.focus('#tl-minimax');
    await page.keyboard.press('Space');
    assert.equal(await page.$eval('#tl-minimax', (i) => i.checked), true);
    s = await snap();
    assert.equal(s.nodes.find((n) => n.label === 'C').value, '≤ 2 · minimax: 2');
    assert.equal(s.nodes.find((n) => n.label === 'A').value, '3 · minimax: 3');
    const note = await page.$eval('#tl-minimax-note', (n) => ({ text: n.textContent, live: n.getAttribute('aria-live') }));
    assert.equal(note.live, 'polite');
    assert.match(note.text, /^Minimax values shown beside the search’s own/);
    await page.click('#tl-text-view summary');
    // The list of the earlier test is still in the page: wait for the one the opening renders
    // (the details' toggle event comes after the click).
    await page.waitForFunction(() => [...document.querySelectorAll('#tl-text-view li[role="treeitem"] > .line')].some((l) => l.textContent.includes('minimax:')));
    const lines = await page.$$eval('#tl-text-view li[role="treeitem"] > .line', (ls) => ls.map((l) => l.textContent));
    assert.equal(lines[5], 'C: MIN node, value ≤ 2 (an upper bound), minimax: 2 — finished');
    await page.click('#tl-text-view summary');
    // Back on the check box (the click left the focus on the text view's summary).
    await page.focus('#tl-minimax');
    await page.keyboard.press('Space');
    assert.equal(await page.$eval('#tl-minimax', (i) => i.checked), false);
    assert.equal((await snap()).nodes.find((n) => n.label === 'C').value, '≤ 2');
    assert.equal(await page.$eval('#tl-minimax-note', (n) => n.textContent), 'Minimax values hidden.');
  });

  it('tree lab: a capped search says what it knows, as the canvas shows it', async () => {
    await page.selectOption('#tl-source', 'figure-5-2');
    await page.fill('#tl-cap', '10');
    await page.click('#tl-run');
    await page.focus('#tl-canvas');
    await page.keyboard.press('End');
    const s = await snap();
    assert.equal(s.nodes.find((n) => n.label === 'A').value, '3', 'the canvas shows 3 at the root');
    assert.equal(await page.textContent('#tl-result'), 'Incomplete (node budget, 10 nodes): the root is worth at least 3 so far · best move so far a1 (to B)');
    assert.match(s.narration, /^Search stopped by the node budget \(10 nodes entered so far; 2 open nodes abandoned\): the root is worth at least 3 so far$/);
    await page.fill('#tl-cap', '20000');
    await page.click('#tl-run');
  });

  it('tree lab: malformed text gives an inline error naming line and column; the old tree stays', async () => {
    await page.fill('#tl-text', '[[3,12,8],\n [2,4 6]]');
    await page.click('#tl-run');
    assert.equal(await page.textContent('#tl-error'), "line 2, column 7: expected ',' or ']' after a child, found '6'");
    const s = await snap();
    assert.equal(s.nodes.length, 13, 'Figure 5.2 is still drawn');
    // User text is never inserted as HTML.
    await page.fill('#tl-text', '<img src=x onerror=alert(1)>');
    await page.click('#tl-run');
    assert.match(await page.textContent('#tl-error'), /^line 1, column 1: /);
    assert.equal(await page.locator('#tl-error img').count(), 0);
    await page.selectOption('#tl-source', 'figure-5-2');
    assert.equal(await page.textContent('#tl-error'), '');
  });

  it('tree lab: the comparison runs every ordering and both algorithms, with b^m, b^(3m/4), b^(m/2)', async () => {
    await page.selectOption('#tl-source', 'twelve-leaf');
    await page.click('#tl-compare summary');
    await page.click('#tl-compare-run');
    await page.waitForSelector('#tl-compare-table tbody tr');
    const rows = await page.$$eval('#tl-compare-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    const byOrder = Object.fromEntries(rows.map((r) => [`${r[0]} ${r[1]}`, r]));
    assert.equal(byOrder['minimax —'][3], '12');
    assert.equal(byOrder['α-β natural (left to right)'][3], '10');
    assert.equal(byOrder['α-β perfect (best first)'][5], '7');
    assert.equal(byOrder['b^m, m = 2 no pruning'][3], '12');
    assert.equal(byOrder['b^(m/2) perfect order'][3], '≈3.46');
    assert.ok(rows.some((r) => r[1] === 'reversed'));
    assert.ok(rows.some((r) => r[1].startsWith('random (seed')));
    assert.ok(rows.some((r) => r[0] === 'b^(3m/4)'));
  });

  it('tree lab: a Connect-4 depth-4 search (thousands of nodes): every node placed, nothing folds, boards at a readable size', async () => {
    await page.selectOption('#tl-source', 'c4-position');
    await page.waitForFunction(() => window.__plyground.views.tree.snapshot().nodes.length > 1000, null, { timeout: TIMEOUT });
    const n = (await snap()).nodes.length;
    await page.keyboard.press('End');
    // The core places every node where it stays at every step: nothing folds, and a
    // double-click on a node changes nothing.
    await page.locator('#tl-canvas').scrollIntoViewIfNeeded();
    assert.equal(await page.isHidden('#tl-expand'), true);
    const at = await page.evaluate(() => {
      const c = window.__plyground.views.tree.canvas;
      c.frame();
      const v = c.layout.order[0]; // the root, at the top of the first view
      const p = c.camera.toScreen(c.layout.x[v], c.layout.y[v]);
      const r = c.canvas.getBoundingClientRect();
      return { x: r.left + p.x, y: r.top + p.y, nodes: c.layout.x.length };
    });
    await page.mouse.dblclick(at.x, at.y);
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.canvas.layout.x.length), at.nodes);
    assert.equal(at.nodes, n, 'every node of the search is placed');
    // With board thumbnails, the top of the tree at a readable size.
    await page.check('#tl-thumbs');
    await page.evaluate(() => window.__plyground.views.tree.seek(120));
    await shot('tree-lab-c4-depth4');
    await page.uncheck('#tl-thumbs');
  });

  it('tree lab: beam search on Connect-4 is refused by name (the games module leaves it out; no page loads the full module)', async () => {
    await page.click('nav a[data-view="tree"]');
    await page.selectOption('#tl-source', 'c4-position');
    await page.waitForFunction(() => window.__plyground.views.tree.snapshot()?.nodes.length > 1000, null, { timeout: TIMEOUT });
    const before = await page.evaluate(() => ({ nodes: window.__plyground.views.tree.snapshot().nodes.length, url: location.hash }));
    const refusal = "option 'beam' runs on explicit trees: the games module leaves it out";
    const refused = await page.evaluate(() => {
      const api = window.__plyground.apis.games;
      const g = api.Game.create('c4', '4453');
      try {
        api.Stepper.forGame(g, { algo: 'alphabeta', depth: 2, beam: 2 }, 1000);
        return 'accepted';
      } catch (e) {
        return e.message;
      } finally {
        g.free();
      }
    });
    assert.equal(refused, `Stepper.forGame: ${refusal}`);
    await page.fill('#tl-beam', '2');
    await page.click('#tl-run');
    await page.waitForFunction(() => document.getElementById('tl-error').textContent !== '', null, { timeout: TIMEOUT });
    const got = await page.evaluate(() => ({
      error: document.getElementById('tl-error').textContent,
      nodes: window.__plyground.views.tree.snapshot().nodes.length,
      url: location.hash,
      full: Boolean(window.__plyground.apis.full),
    }));
    // The error names the option and where it runs; the figure and the link are unchanged.
    assert.ok(got.error.endsWith(refusal), got.error);
    assert.deepEqual([got.nodes, got.url, got.full], [before.nodes, before.url, false]);
    // Cleared, the same position searches again.
    await page.fill('#tl-beam', '');
    await page.click('#tl-run');
    await page.waitForFunction(() => document.getElementById('tl-error').textContent === '', null, { timeout: TIMEOUT });
    const plain = await page.evaluate(() => {
      const v = window.__plyground.views.tree;
      v.seek(v.snapshot().length);
      return v.snapshot().result;
    });
    assert.doesNotMatch(plain, /beam/);
  });

  it('Show me the search: the engine’s last search opens in the tree lab at its first event', async () => {
    await page.click('nav a[data-view="play"]');
    await page.check('input[name="game"][value="ttt"]');
    await page.selectOption('#side-0 select', 'human');
    await page.selectOption('#side-1 select', 'alphabeta');
    await page.click('#play-new');
    await page.click('.cell[data-cell="4"]');
    await page.waitForSelector('#app[data-state="human"][data-moves^="4,"]', { timeout: TIMEOUT });
    await page.click('#play-show-search');
    await page.waitForSelector('#app[data-view="tree"]');
    const s = await snap();
    assert.equal(s.index, 0);
    assert.equal(await page.inputValue('#tl-moves'), '4');
    assert.equal(await page.inputValue('#tl-game'), 'ttt');
    // Tic-tac-toe α-β after X takes the centre: 2,316 nodes, all recorded.
    assert.equal(s.nodes.filter((x) => x.state !== 'pruned').length + s.nodes.filter((x) => x.state === 'pruned').length, s.nodes.length);
    assert.equal(s.truncated, false);
    const length = s.length;
    assert.ok(length > 2316, `${length} steps`);
    await page.keyboard.press('End');
    assert.match(await page.textContent('#tl-result'), /^Root value 0 · best move /);
    // A capped trace says so.
    await page.fill('#tl-cap', '500');
    await page.click('#tl-run');
    assert.equal((await snap()).truncated, true);
    assert.match(await page.textContent('#tl-truncated'), /^Trace truncated at 500 nodes/);
    await page.fill('#tl-cap', '20000');
  });

  it('MCTS lab: the lesson’s UCB1 exercise, phases tagged by name, stepping back, the decision', async () => {
    await page.click('nav a[data-view="mcts"]');
    await page.waitForSelector('#ucb-table tbody tr');
    const calc = await page.$$eval('#ucb-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    assert.deepEqual(calc, [
      ['A1', '28/40', '0.7000', '0.4798', '1.1798'],
      ['A2', '30/50', '0.6000', '0.4291', '1.0291'],
      ['★ A3', '8/10', '0.8000', '0.9596', '1.7596'],
    ]);
    const text = await page.textContent('#view-mcts');
    for (const x of ['1.1798', '1.0291', '1.7596']) assert.ok(text.includes(x), x);
    // Phases, one at a time: each is named on the page (not only coloured).
    // While the root has untried actions, an iteration expands it directly (nothing to
    // select); once all its children exist, iterations start with SELECT.
    const phases = [];
    while (!phases.includes('SELECT') && phases.length < 40) {
      await page.click('#mc-phase');
      phases.push(await page.textContent('#mc-phase-line .ph'));
    }
    for (let i = 0; i < 3; i++) {
      await page.click('#mc-phase');
      phases.push(await page.textContent('#mc-phase-line .ph'));
    }
    const iterations = phases.join(' ').split('BACKUP').map((x) => x.trim()).filter(Boolean);
    assert.deepEqual(iterations.slice(0, -1), Array(iterations.length - 1).fill('EXPAND ROLLOUT'), phases.join(' '));
    assert.equal(iterations.at(-1), 'SELECT EXPAND ROLLOUT');
    assert.equal(phases.at(-1), 'BACKUP');
    const done = phases.filter((p) => p === 'BACKUP').length;
    assert.equal(await attr('mcts-iterations'), String(done));
    assert.match(await page.textContent('#mc-phase-line'), new RegExp(`Iteration ${done} complete\\. BACKUP: `));
    await page.click('#mc-back');
    assert.equal(await page.textContent('#mc-phase-line .ph'), 'ROLLOUT');
    await page.fill('#mc-n', '200');
    await page.click('#mc-run');
    const total = done + 200; // Run N first completes the iteration in progress
    await page.waitForSelector(`#app[data-mcts-iterations="${total}"]`);
    assert.match(await page.textContent('#mc-decision'), new RegExp(`^Decision now: cell \\d — the most-visited root child \\(N = \\d+ of ${total}\\)`));
    const ucb = await page.$$eval('#mc-ucb-table tbody tr', (trs) => trs.length);
    assert.ok(ucb >= 2, 'the root’s children have UCB1 rows');
    await page.click('#mc-phase');
    await shot('mcts-lab');
    // A bad position is refused inline; the old tree stays.
    await page.fill('#mc-moves', '4,4');
    await page.click('#mc-reset');
    assert.match(await page.textContent('#mc-error'), /^bad move string '4,4': /);
    assert.equal(await attr('mcts-iterations'), String(total));
  });

  it('screenshots of the Play view: tic-tac-toe, and Connect-4 with evaluations', async () => {
    await page.click('nav a[data-view="play"]');
    await page.selectOption('#side-0 select', 'human');
    await page.selectOption('#side-1 select', 'alphabeta');
    await page.check('input[name="game"][value="ttt"]');
    await page.fill('#moves-input', '4,0,2');
    await page.click('#moves-form button[type="submit"]');
    await page.waitForSelector('#app[data-state="human"][data-moves="4,0,2,6"]', { timeout: TIMEOUT });
    await page.check('#show-eval');
    await page.waitForFunction(() => document.querySelectorAll('.cell .eval').length === 5, null, { timeout: TIMEOUT });
    await shot('play-ttt');
    await page.check('input[name="game"][value="c4"]');
    await page.fill('#moves-input', '4453');
    await page.click('#moves-form button[type="submit"]');
    await page.waitForSelector('#app[data-state="human"]', { timeout: TIMEOUT });
    await page.waitForFunction(() => [...document.querySelectorAll('.col-btn .eval')].every((e) => e.textContent !== ''), null, {
      timeout: TIMEOUT,
    });
    await shot('play-c4-evaluations');
    await page.uncheck('#show-eval');
  });

  it('works at 360 px wide: no view scrolls sideways', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const v of ['play', 'tree', 'mcts']) {
      await page.click(`nav a[data-view="${v}"]`);
      await page.waitForTimeout(150);
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= 360, `${v}: the page is ${w} px wide`);
      await shot(`narrow-${v}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('dark mode and reduced motion are honoured', async () => {
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.click('nav a[data-view="tree"]');
    await page.selectOption('#tl-source', 'figure-5-2');
    await page.keyboard.press('End');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(bg, 'rgb(18, 20, 24)');
    assert.equal((await snap()).reducedMotion, true);
    await shot('dark-tree-lab');
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });

  it('MCTS lab: its words from the games module at once, its drawing once the tree module (asked for after their first paint) is here', async () => {
    // The tree module's download is held back: the lab's first figure (a tic-tac-toe
    // position, stepped by the games module) shows its words and tables without it; the
    // tree module, which places every MCTS picture (elements/runtime.js placerForFigure), is
    // asked for once the words have painted (the page's largest paint waits on one module's
    // download, not two), and the drawing follows it.
    const wasm = [];
    const onRequest = (r) => {
      if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).pathname);
    };
    page.on('request', onRequest);
    const treeModule = await holdBack(page, '**/pkg-tree/plyground_wasm_bg.wasm');
    // (A timeout shows in the assertion below, never as an unhandled rejection.)
    const treeAsked = page.waitForRequest('**/pkg-tree/plyground_wasm_bg.wasm', { timeout: TIMEOUT }).catch((e) => e);
    try {
      await page.goto('about:blank');
      await page.goto(`${browser.base}index.html#mcts`);
      await page.waitForSelector('#ucb-table tbody tr', { timeout: TIMEOUT });
      await page.waitForFunction(() => window.__plyground.views.mcts?.figure.m != null, null, { timeout: TIMEOUT });
      const early = await page.evaluate(() => ({
        line: document.getElementById('mc-phase-line').textContent,
        boxes: window.__plyground.views.mcts.figure.canvas.textBoxes()?.length ?? 0,
      }));
      assert.equal(early.line, 'START Iteration 0 · 1 node — Before the first iteration: the tree is just the root.');
      assert.equal(early.boxes, 0, 'nothing drawn before the placing module is here');
      const calc = await page.$$eval('#ucb-table tbody tr', (trs) => trs.map((tr) => tr.lastElementChild.textContent));
      assert.deepEqual(calc, ['1.1798', '1.0291', '1.7596']);
      assert.equal(wasm[0], '/pkg-games/plyground_wasm_bg.wasm', wasm.join(' '));
      await treeAsked;
      assert.ok(wasm.includes('/pkg-tree/plyground_wasm_bg.wasm'), `the tree module is asked for: ${wasm.join(' ')}`);
      treeModule.release();
      // The canvas draws the core's placement of the game's tree; the words did not change.
      await page.waitForFunction(() => window.__plyground.views.mcts.figure.canvas.textBoxes()?.some((b) => b.text === 'root'), null, { timeout: TIMEOUT });
      assert.equal(await page.evaluate(() => document.getElementById('mc-phase-line').textContent), early.line);
      // An explicit tree runs at once: its module is here.
      await page.selectOption('#mc-source', 'tree');
      await page.waitForFunction(() => document.getElementById('mc-error').textContent === '' && window.__plyground.views.mcts.loaded?.source === 'tree', null, {
        timeout: TIMEOUT,
      });
      assert.deepEqual([...new Set(wasm)].sort(), ['/pkg-games/plyground_wasm_bg.wasm', '/pkg-tree/plyground_wasm_bg.wasm']);
    } finally {
      page.off('request', onRequest);
      await treeModule.end();
    }
  });

  it('logged no console error, page error or failed request', () => {
    assert.deepEqual(browser.problems, []);
  });
});
