// The page in headless Chromium: a random-move human plays X against α-β several times.
// α-β must never lose, its search must run inside the module worker, and the page must
// log no error. (Server and browser: harness.mjs.)

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';

const GAMES = 4;
const TIMEOUT = 15_000;

/** A small seeded generator, so a failing game can be replayed. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
}

describe('tic-tac-toe page against α-β', { timeout: 120_000 }, () => {
  let browser;
  let page;
  let problems;
  let wasmTypes;

  before(async () => {
    browser = await openBrowser();
    ({ page, problems, wasmTypes } = browser);
    await page.goto(browser.base);
    await page.waitForSelector('#app[data-state="human"]', { timeout: TIMEOUT });
  });

  after(async () => {
    await browser?.close();
  });

  it('loads the module under its CSP, with wasm served as application/wasm', async () => {
    const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
    assert.equal(await page.textContent('#status'), 'Your move: you are X.');
    assert.ok(wasmTypes.length >= 1, 'the page fetched the wasm module');
    assert.ok(wasmTypes.every((t) => t === 'application/wasm'), wasmTypes.join(', '));
    assert.equal(await page.locator('.cell:not([disabled])').count(), 9);
  });

  it(`α-β never loses ${GAMES} games to a random player, searching in the worker`, async () => {
    const pick = rng(7);
    const app = page.locator('#app');
    let aiMovesTotal = 0;
    const results = [];
    for (let game = 0; game < GAMES; game++) {
      if (game > 0) {
        await page.click('#new-game');
        await page.waitForSelector('#app[data-state="human"][data-cells="........."]', { timeout: TIMEOUT });
      }
      const aiBefore = Number((await app.getAttribute('data-ai-moves')) ?? 0);
      for (;;) {
        const state = await app.getAttribute('data-state');
        if (state === 'over') break;
        assert.equal(state, 'human', `unexpected state ${state}`);
        const free = await page.$$eval('.cell:not([disabled])', (bs) => bs.map((b) => Number(b.dataset.cell)));
        const cells = await app.getAttribute('data-cells');
        assert.deepEqual(
          free,
          [...cells].flatMap((c, i) => (c === '.' ? [i] : [])),
          'exactly the empty cells are offered',
        );
        const cell = free[pick(free.length)];
        await page.click(`.cell[data-cell="${cell}"]`);
        // Either the game ended with the human's move, or the search answers.
        await page.waitForSelector('#app[data-state="human"], #app[data-state="over"], #app[data-state="error"]', {
          timeout: TIMEOUT,
        });
        assert.notEqual(await app.getAttribute('data-state'), 'error', await page.textContent('#status'));
        assert.equal((await app.getAttribute('data-cells'))[cell], 'X', `X stands on ${cell}`);
      }
      const winner = await app.getAttribute('data-winner');
      const moves = await app.getAttribute('data-moves');
      results.push(`${winner} (${moves})`);
      assert.notEqual(winner, 'X', `α-β lost: ${moves}`);
      const line = await app.getAttribute('data-winning-line');
      const highlighted = await page.$$eval('.cell.win', (bs) => bs.map((b) => b.dataset.cell).join(','));
      assert.equal(highlighted, line, 'the winning line is highlighted');
      if (winner === 'O') {
        assert.equal(line.split(',').length, 3);
        assert.equal(await page.textContent('#status'), 'α-β wins. New game?');
      } else {
        assert.equal(winner, 'draw');
        assert.equal(line, '');
      }
      assert.equal(await page.locator('.cell:not([disabled])').count(), 0, 'no moves after the end');
      const aiAfter = Number(await app.getAttribute('data-ai-moves'));
      // Every O on the board was a search answer of this game.
      const finalCells = await app.getAttribute('data-cells');
      assert.equal(aiAfter - aiBefore, [...finalCells].filter((c) => c === 'O').length, moves);
      aiMovesTotal = aiAfter;
    }

    // Every AI move was searched in the module worker, and none on the main thread.
    const workers = page.workers();
    assert.equal(workers.length, 1, 'one worker');
    assert.match(workers[0].url(), /\/worker\.js$/);
    assert.equal(await workers[0].evaluate(() => globalThis.plygroundSearches), aiMovesTotal);
    assert.equal(await page.evaluate(() => globalThis.plygroundSearches), undefined);
    assert.equal(await app.getAttribute('data-search-in-worker'), 'true');
    assert.ok(Number(await app.getAttribute('data-search-nodes')) >= 1);
    console.log(`games: ${results.join('; ')}`);
  });

  it('logged no console error, page error or failed request', () => {
    assert.deepEqual(problems, []);
  });
});
