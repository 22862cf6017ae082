// The Play view in headless Chromium: tic-tac-toe against α-β from both sides (it never
// loses), scripted wins that end the game with the line highlighted, Connect-4 wins in every
// direction, full columns that refuse clicks and say why, undo/redo, move strings, and a
// No console error on the way. (The 2-second search that leaves the main thread free:
// timing.test.mjs.)

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listenToPlay, newPlayGame, openBrowser, setPlayers, spokenTexts } from './harness.mjs';

const TIMEOUT = 20_000;
const GAMES = 20;

/** A small seeded generator, so a failing game can be replayed. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
}

describe('the Play view', { timeout: 120_000 }, () => {
  let browser;
  let page;
  const attr = (name) => page.getAttribute('#app', `data-${name}`);

  /** Waits until the side to move is a human or the game is over. */
  const settle = () =>
    page.waitForSelector('#app[data-state="human"], #app[data-state="over"], #app[data-state="paused"]', { timeout: TIMEOUT });

  const players = (x, o) => setPlayers(page, x, o);
  const newGame = (kind) => newPlayGame(page, kind);

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await page.goto(`${browser.base}#play`);
    await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
  });

  after(async () => {
    await browser?.close();
  });

  it('loads under its CSP, with wasm served as application/wasm, human X against α-β', async () => {
    const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
    assert.match(csp, /style-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.ok(browser.wasmTypes.length >= 1 && browser.wasmTypes.every((t) => t === 'application/wasm'), browser.wasmTypes.join());
    assert.equal(await attr('state'), 'human');
    assert.equal(await attr('players'), 'human,alphabeta');
    assert.equal(await page.textContent('#play-status'), 'X to move: click an empty cell.');
  });

  const listen = () => listenToPlay(page);
  const spoken = () => spokenTexts(page);
  const CELL_NAMES = ['top-left', 'top', 'top-right', 'left', 'centre', 'right', 'bottom-left', 'bottom', 'bottom-right'];

  it('a screen reader hears each move once — the human’s, then the engine’s — and never “thinking” over and over', async () => {
    await players('human', 'alphabeta');
    await newGame('ttt');
    await settle();
    // The status line is not a live region (it says "… is thinking" at every step of a search).
    assert.equal(await page.getAttribute('#play-status', 'aria-live'), null);
    assert.equal(await page.getAttribute('#play-status', 'role'), null);
    assert.equal(await page.getAttribute('#play-announce', 'aria-live'), 'polite');
    await listen();
    // From the keyboard: focus the centre and press Enter.
    await page.focus('.cell[data-cell="4"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#app[data-state="human"][data-moves^="4,"]', { timeout: TIMEOUT });
    const reply = Number((await attr('moves')).split(',')[1]);
    assert.deepEqual(await spoken(), ['play-announce: Move 1: X played centre.', `play-announce: Move 2: O (α-β) played ${CELL_NAMES[reply]}. X to move.`]);
    // The last search describes the position on the board; Undo takes it away, Redo brings it back.
    assert.match(await page.textContent('#play-last'), new RegExp(`^O \\(α-β\\) played ${CELL_NAMES[reply]} after [\\d,]+ nodes in `));
    await page.click('#play-undo');
    await page.waitForSelector('#app[data-moves=""]');
    assert.equal(await page.textContent('#play-last'), 'No search yet.');
    assert.equal(await page.isDisabled('#play-show-search'), true);
    await page.click('#play-redo');
    await page.waitForSelector('#app[data-moves^="4,"]');
    assert.match(await page.textContent('#play-last'), /^O \(α-β\) played /);
    await page.click('#play-new');
    await page.waitForSelector('#app[data-moves=""]');
    assert.equal(await page.textContent('#play-last'), 'No search yet.');
    assert.deepEqual((await spoken()).slice(2), [
      'play-announce: Empty board. X to move: click an empty cell.',
      `play-announce: 2 moves played. X to move: click an empty cell.`,
      'play-announce: Empty board. X to move: click an empty cell.',
    ]);
    await page.evaluate(() => window.__listening.disconnect());
  });

  it(`α-β never loses ${GAMES} games to random moves, playing either side, searching in the worker`, async () => {
    const pick = rng(2024);
    const results = [];
    for (let game = 0; game < GAMES; game++) {
      const humanSide = game % 2; // even games: the human is X; odd: the human is O
      if (humanSide === 0) await players('human', 'alphabeta');
      else await players('alphabeta', 'human');
      await newGame('ttt');
      for (;;) {
        await settle();
        if ((await attr('state')) === 'over') break;
        const cells = await attr('cells');
        const free = [...cells].flatMap((c, i) => (c === '.' ? [i] : []));
        const cell = free[pick(free.length)];
        await page.click(`.cell[data-cell="${cell}"]`);
        await page.waitForFunction((c) => document.querySelector('#app').dataset.cells[c] !== '.', cell);
      }
      const winner = await attr('winner');
      const moves = await attr('moves');
      results.push(`${'XO'[humanSide]}:${winner}`);
      assert.notEqual(winner, 'XO'[humanSide], `α-β lost as ${'XO'[1 - humanSide]}: ${moves}`);
      const line = await attr('winning-line');
      const lit = await page.$$eval('.cell.win', (bs) => bs.map((b) => b.dataset.cell).join(','));
      assert.equal(lit, line, 'exactly the winning line is highlighted');
      if (winner === 'draw') assert.equal(line, '');
      else assert.equal(line.split(',').length, 3);
    }
    // The searches ran in the module worker, none on the main thread.
    const workers = page.workers();
    assert.ok(workers.length >= 1);
    assert.ok(workers.every((w) => /\/worker\.js$/.test(w.url())));
    assert.equal(await attr('search-in-worker'), 'true');
    assert.equal(await page.evaluate(() => globalThis.plygroundSearches), undefined);
    console.log(`games (human side:result): ${results.join(' ')}`);
  });

  it('a human win on the bottom row ends the game with that line highlighted; no move after it', async () => {
    await players('human', 'human');
    await newGame('ttt');
    for (const cell of [6, 0, 7, 1, 8]) await page.click(`.cell[data-cell="${cell}"]`);
    await page.waitForSelector('#app[data-state="over"]');
    assert.equal(await attr('moves'), '6,0,7,1,8');
    assert.equal(await attr('winner'), 'X');
    assert.equal(await attr('winning-line'), '6,7,8');
    assert.deepEqual(await page.$$eval('.cell.win', (bs) => bs.map((b) => b.dataset.cell)), ['6', '7', '8']);
    assert.equal(await page.textContent('#play-status'), 'X wins with a line on the bottom row.');
    // No move is accepted now, and the page says why.
    await page.click('.cell[data-cell="4"]', { force: true });
    assert.equal(await attr('moves'), '6,0,7,1,8');
    assert.match(await page.textContent('#play-note'), /^The game is over — X wins with a line on the bottom row\./);
  });

  it('undo and redo step through the game; a bad move string is refused naming the character', async () => {
    await players('human', 'human');
    await page.fill('#moves-input', '4,0,8');
    await page.click('#moves-form button[type="submit"]');
    await page.waitForSelector('#app[data-moves="4,0,8"]');
    await page.click('#play-undo');
    await page.waitForSelector('#app[data-moves="4,0"]');
    await page.click('#play-redo');
    await page.waitForSelector('#app[data-moves="4,0,8"]');
    assert.equal(await page.inputValue('#moves-input'), '4,0,8');
    await page.fill('#moves-input', '4,x');
    await page.click('#moves-form button[type="submit"]');
    assert.equal(await page.textContent('#moves-error'), "bad move string '4,x': bad character 'x' at position 3 (cells are 0–8)");
    assert.equal(await attr('moves'), '4,0,8', 'the game is unchanged');
    // An occupied cell: nothing happens, and the page says why.
    await page.click('.cell[data-cell="4"]', { force: true });
    assert.equal(await attr('moves'), '4,0,8');
    assert.equal(await page.textContent('#play-note'), 'Cell 4 is already taken.');
  });

  /** Plays Connect-4 columns human vs human from the empty board; returns the final state. */
  async function c4Game(columns) {
    await players('human', 'human');
    await newGame('c4');
    for (const c of columns) {
      await page.click(`.col-btn[data-col="${c}"]`, { force: true });
    }
    return { state: await attr('state'), winner: await attr('winner'), line: await attr('winning-line') };
  }

  it('Connect-4: vertical, horizontal and diagonal wins end the game with the line lit', async () => {
    // Vertical: X stacks column 1 (the edge).
    let r = await c4Game([1, 2, 1, 2, 1, 2, 1]);
    assert.deepEqual(r, { state: 'over', winner: 'X', line: '14,21,28,35' });
    assert.equal(await page.textContent('#play-status'), 'X wins with a vertical line in column 1.');
    // Horizontal on the bottom row, right edge: X on 4..7.
    r = await c4Game([4, 4, 5, 5, 6, 6, 7]);
    assert.deepEqual(r, { state: 'over', winner: 'X', line: '38,39,40,41' });
    assert.equal(await page.textContent('#play-status'), 'X wins with a line on the bottom row.');
    // Diagonal by O rising to the right from column 1.
    r = await c4Game([1, 2, 2, 3, 4, 3, 3, 4, 5, 4, 4, 1]);
    assert.equal(r.state, 'over', JSON.stringify(r));
    assert.equal(r.winner, 'X');
    assert.equal(r.line, '17,23,29,35');
    assert.equal(await page.textContent('#play-status'), 'X wins with a diagonal line.');
    const lit = await page.$$eval('.hole.win', (hs) => hs.map((h) => h.dataset.cell).join(','));
    assert.equal(lit, '17,23,29,35');
    // After the end, a column click changes nothing.
    const cells = await attr('cells');
    await page.click('.col-btn[data-col="6"]', { force: true });
    assert.equal(await attr('cells'), cells);
  });

  it('Connect-4: a click on a full column does nothing and says why', async () => {
    await c4Game([3, 3, 3, 3, 3, 3]);
    const before = await attr('cells');
    assert.equal(before.slice(0, 7), '..O....', 'column 3 is full to the top');
    await page.click('.col-btn[data-col="3"]', { force: true });
    assert.equal(await attr('cells'), before);
    assert.equal(await attr('to-move'), 'X');
    assert.equal(await page.textContent('#play-note'), 'Column 3 is full.');
    await page.click('.hole[data-cell="2"]', { force: true });
    assert.equal(await attr('cells'), before);
  });

  it('Connect-4 against the exact solver: it takes the win, says the scores are exact, and shows its search', async () => {
    assert.equal(await page.evaluate(() => window.__plyground.caps.solver), true);
    await players('human', 'human');
    await newGame('c4');
    await page.fill('#moves-input', '414141');
    await page.click('#moves-form button[type="submit"]');
    await page.waitForSelector('#app[data-moves="414141"]');
    await page.selectOption('#side-0 select', 'perfect');
    await page.waitForSelector('#app[data-state="over"]', { timeout: TIMEOUT });
    assert.equal(await attr('moves'), '4141414');
    assert.equal(await attr('winner'), 'X');
    assert.equal(await attr('winning-line'), '17,24,31,38');
    assert.match(await page.textContent('#play-last'), /^X \(Perfect \(exact solver\)\) played column 4 after .* — exact: X wins in 1\.$/);
    await page.click('#play-show-search');
    await page.waitForSelector('#app[data-view="tree"]');
    assert.equal(await page.inputValue('#tl-algo'), 'solve');
    assert.equal(await page.inputValue('#tl-moves'), '414141');
    await page.keyboard.press('End');
    assert.match(await page.textContent('#tl-narration'), /^Search done: the root is worth 18/);
    await page.click('nav a[data-view="play"]');
    await players('human', 'human');
  });

  it('engine against engine: plays to the end at the chosen pace, pauses and resumes', async () => {
    await page.fill('#speed', '0');
    await page.dispatchEvent('#speed', 'input');
    await players('human', 'human');
    await newGame('ttt');
    await players('alphabeta', 'perfect');
    await page.waitForSelector('#app[data-state="over"]', { timeout: TIMEOUT });
    assert.equal(await attr('winner'), 'draw', 'perfect play on both sides is a draw');
    assert.equal((await attr('moves')).split(',').length, 9);
    // Pause mid-game: no move is made while paused; Resume continues.
    await page.fill('#speed', '400');
    await page.dispatchEvent('#speed', 'input');
    await page.click('#play-new');
    await page.waitForFunction(() => document.querySelector('#app').dataset.moves.split(',').length >= 2, null, { timeout: TIMEOUT });
    await page.click('#play-pause');
    await page.waitForSelector('#app[data-state="paused"]');
    const frozen = await attr('moves');
    await page.waitForTimeout(900);
    assert.equal(await attr('moves'), frozen);
    assert.equal(await page.textContent('#play-pause'), 'Resume engines');
    await page.click('#play-pause');
    await page.waitForSelector('#app[data-state="over"]', { timeout: TIMEOUT });
    assert.equal(await attr('winner'), 'draw');
    await players('human', 'human');
    await page.fill('#speed', '600');
    await page.dispatchEvent('#speed', 'input');
  });

  it('shows per-move evaluations on request: exact values in tic-tac-toe, scores per column in Connect-4', async () => {
    await players('human', 'alphabeta');
    await newGame('ttt');
    await page.fill('#moves-input', '0,4');
    await page.click('#moves-form button[type="submit"]');
    await page.check('#show-eval');
    await page.waitForFunction(() => document.querySelectorAll('.cell .eval').length === 7, null, { timeout: TIMEOUT });
    const evals = await page.$$eval('.cell .eval', (es) => es.map((e) => e.textContent));
    assert.ok(evals.every((t) => t === '★ draw'), evals.join('|'));
    assert.match(await page.textContent('#play-summary'), /^Evaluations for X to move \(α-β\): exact; a draw with best play\. Best line: X /);
    // A win, and losses: X has 0 and 1, O has 3 and 4.
    await page.fill('#moves-input', '0,3,1,4');
    await page.click('#moves-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelectorAll('.cell .eval').length === 5, null, { timeout: TIMEOUT });
    const byCell = Object.fromEntries(
      await page.$$eval('.cell', (bs) => bs.filter((b) => b.querySelector('.eval')).map((b) => [b.dataset.cell, b.querySelector('.eval').textContent])),
    );
    assert.deepEqual(byCell, { 2: '★ win in 1', 5: 'draw', 6: 'loss in 2', 7: 'loss in 2', 8: 'loss in 2' });
    // An immediate win (8) and two forks (3, 6) are not all "+1 win";
    // α-β takes the immediate win and says so.
    await page.fill('#moves-input', '0,1,4,2');
    await page.click('#moves-form button[type="submit"]');
    await page.waitForSelector('#app[data-moves="0,1,4,2"]');
    await page.waitForFunction(() => document.querySelectorAll('.cell .eval').length === 5, null, { timeout: TIMEOUT });
    const fork = Object.fromEntries(
      await page.$$eval('.cell', (bs) => bs.filter((b) => b.querySelector('.eval')).map((b) => [b.dataset.cell, b.querySelector('.eval').textContent])),
    );
    assert.deepEqual([fork[3], fork[6], fork[8]], ['win in 3', 'win in 3', '★ win in 1']);
    assert.equal(await page.getAttribute('.cell[data-cell="8"] .eval', 'title'), 'bottom-right: X wins in 1 ply (proven) — best');
    assert.match(await page.textContent('#play-summary'), /^Evaluations for X to move \(α-β\): exact; X wins in 1\. Best line: X bottom-right\.$/);
    await page.selectOption('#side-0 select', 'alphabeta');
    await page.waitForSelector('#app[data-state="over"]', { timeout: TIMEOUT });
    assert.equal(await attr('moves'), '0,1,4,2,8');
    assert.match(await page.textContent('#play-last'), /^X \(α-β\) played bottom-right after .* — exact: X wins in 1\.$/);
    await players('human', 'alphabeta');
    await newGame('c4');
    await page.waitForFunction(() => [...document.querySelectorAll('.col-btn .eval')].every((e) => e.textContent !== ''), null, {
      timeout: TIMEOUT,
    });
    assert.match(await page.textContent('#play-summary'), /estimate, depth \d+/);
    await page.uncheck('#show-eval');
  });

  it('logged no console error, page error or failed request', () => {
    assert.deepEqual(browser.problems, []);
  });
});
