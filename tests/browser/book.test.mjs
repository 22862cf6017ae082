// The Connect-4 opening book in headless Chromium: the search worker (www/worker.js) fetches
// book/connect4.book the first time the perfect player would use it, and from then on the
// perfect player is exact from the very first move: from the empty board its seven column
// scores are −2 −1 0 1 0 −1 −2 and it plays the centre; perfect against perfect from the empty
// board, the first player wins with its 21st stone (move 41), as the score +1 says; from early
// positions of the community's Test_L1_R3 set (../shared/data/connect4: when it is missing the
// test is skipped, and with CI set it fails) the game ends as their known scores say. The
// module's loadConnect4Book refuses what is not a book, and solveConnect4('') answers the
// empty board through it; so does analyzeConnect4('') in the full module (www/pkg/: the games
// module leaves it out, see the wasm crate's `analyze` feature). No timing is asserted (`cargo xtask
// bench --latency` prints the times).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBrowser } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CI = !['', '0', 'false'].includes((process.env.CI ?? '').trim());

/** The early positions of Test_L1_R3 with their scores, or why not. */
function earlyPositions(count) {
  const dir = process.env.PLYGROUND_DATA ?? join(ROOT, '../shared/data/connect4');
  const file = join(dir, 'Test_L1_R3');
  if (!existsSync(file)) return { missing: `${file} is missing` };
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .map(([moves, score]) => [moves, Number(score)]);
  // The shortest first (1 to 4 stones), one of each score among them, in file order.
  const early = rows.filter(([m]) => m.length <= 4);
  const picked = [];
  for (const r of early) if (!picked.some((p) => p[1] === r[1]) && picked.length < count) picked.push(r);
  return { picked };
}

/** Moves a game lasts from `moves` when the side to move there has `score` under perfect play. */
function expectedEnd(moves, score) {
  if (score === 0) return { winner: -1, length: 42 };
  const mover = moves.length % 2;
  const winner = score > 0 ? mover : 1 - mover;
  const stones = 22 - Math.abs(score);
  // The first player's w-th stone is move 2w − 1; the second player's is move 2w.
  return { winner, length: winner === 0 ? 2 * stones - 1 : 2 * stones };
}

describe('the Connect-4 opening book in the browser', { timeout: 900_000 }, () => {
  let browser;
  let page;

  /** Plays the perfect player against itself from `moves` through one www/worker.js. */
  const playPerfect = (moves) =>
    page.evaluate(
      (start) =>
        new Promise((resolve, reject) => {
          const w = new Worker(new URL('/worker.js', location.href), { type: 'module' });
          // The page's own fetches of the book (a worker's are in the worker's timeline),
          // counted from here: the first test fetched it in the page to load it by hand.
          const pageFetches = () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/book/connect4.book')).length;
          const fetchedBefore = pageFetches();
          const bookFetches = () => pageFetches() - fetchedBefore;
          let line = start;
          let id = 0;
          const turns = [];
          const ask = () => {
            id += 1;
            w.postMessage({ id, op: 'engine', args: { kind: 'c4', moves: line, config: { engine: 'perfect' } } });
          };
          w.onmessage = (e) => {
            if (e.data.type === 'progress') return;
            if (e.data.type === 'error') {
              w.terminate();
              reject(new Error(e.data.error));
              return;
            }
            // An answer is {id, type: 'result', data: {result, options, label, ms, inWorker}}.
            // Anything this handler cannot read fails the test now, instead of leaving the
            // promise pending until the suite's timeout.
            try {
              const r = e.data.data.result;
              if (r.best == null) {
                w.terminate();
                resolve({ line, turns, pageBookFetches: bookFetches() });
                return;
              }
              turns.push({
                moves: line,
                best: r.best,
                exact: r.exact,
                fellBack: r.fellBack,
                algo: r.algo,
                scores: r.scores.map((s) => [s.move, s.score, s.bound]),
              });
              line += String(r.best);
              ask();
            } catch (err) {
              w.terminate();
              reject(new Error(`${line || 'the empty board'}: cannot read the worker's answer ${JSON.stringify(e.data).slice(0, 300)}: ${err.message}`));
            }
          };
          w.onerror = (e) => reject(new Error(`worker error: ${e.message}`));
          ask();
        }),
      moves,
    );

  /** Who won the game after `moves` (−1 a draw) and its length, from the module. */
  const outcome = (moves) =>
    page.evaluate((m) => {
      const g = globalThis.plygroundBook.Game.create('c4', m);
      try {
        return { over: g.isTerminal, winner: g.winner, length: g.moveString.length };
      } finally {
        g.free();
      }
    }, moves);

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await page.goto(`${browser.base}tests/browser/solver.html`);
    await page.evaluate(async () => {
      const api = await import('/pkg-games/plyground_wasm.js');
      await api.default();
      globalThis.plygroundBook = api;
    });
  });

  after(async () => {
    await browser?.close();
  });

  it('loads the book into the module and answers the empty board exactly', async () => {
    const seen = await page.evaluate(async () => {
      const api = globalThis.plygroundBook;
      const errors = [];
      for (const bad of [new Uint8Array([1, 2, 3]), 'connect4.book']) {
        try {
          api.loadConnect4Book(bad);
          errors.push('accepted');
        } catch (err) {
          errors.push(err.message);
        }
      }
      const wantedBefore = [api.connect4BookWanted(''), api.connect4BookWanted('444444326'), api.connect4BookWanted('4444443265')];
      const bytes = new Uint8Array(await (await fetch('/book/connect4.book')).arrayBuffer());
      const info = api.loadConnect4Book(bytes);
      const damaged = bytes.slice();
      damaged[100] ^= 1;
      try {
        api.loadConnect4Book(damaged);
        errors.push('accepted');
      } catch (err) {
        errors.push(err.message);
      }
      return {
        errors,
        wantedBefore,
        wantedAfter: api.connect4BookWanted(''),
        info,
        gamesHasAnalyze: 'analyzeConnect4' in api || 'solveConnect4' in api || 'solveGame' in api,
        ...(await (async () => {
          const full = await import('/pkg/plyground_wasm.js');
          await full.default();
          full.loadConnect4Book(bytes);
          // solveGame on a Game handle (the full module's): the empty board's best column.
          const g = full.Game.create('c4', '');
          let game;
          try {
            const r = full.solveGame(g);
            game = { score: r.score, best: r.best, exact: r.exact, scores: r.scores.map((c) => c.value) };
          } finally {
            g.free();
          }
          return {
            game,
            solve: full.solveConnect4(''),
            atDepth: full.solveConnect4('444444326'),
            analyze: full.analyzeConnect4(''),
            weak: full.analyzeConnect4('', { weak: true }).scores,
          };
        })()),
      };
    });
    assert.equal(seen.errors[0], 'loadConnect4Book: not a plyground opening book (no PLYC4BK1 header)');
    assert.match(seen.errors[1], /^loadConnect4Book: bytes must be a Uint8Array, got 'connect4\.book'$/);
    assert.match(seen.errors[2], /^loadConnect4Book: book checksum \d+ differs from the header's \d+: a damaged file$/);
    assert.deepEqual(seen.wantedBefore, [true, true, false]);
    assert.equal(seen.wantedAfter, false);
    assert.deepEqual(seen.info, { depth: 9, positions: 269_531 });
    assert.equal(seen.solve.score, 1);
    assert.equal(seen.solve.complete, true);
    assert.ok(seen.solve.nodes < 100_000, `${seen.solve.nodes} nodes`);
    assert.equal(seen.gamesHasAnalyze, false, 'solveConnect4, analyzeConnect4 and solveGame are in the full module only');
    assert.deepEqual(seen.game, { score: 1, best: 4, exact: true, scores: [-2, -1, 0, 1, 0, -1, -2] });
    assert.deepEqual(Array.from(seen.analyze.scores), [-2, -1, 0, 1, 0, -1, -2]);
    assert.deepEqual(Array.from(seen.weak), [-1, -1, 0, 1, 0, -1, -1]);
    assert.equal(seen.atDepth.nodes, 1);
    assert.deepEqual(browser.problems, []);
  });

  it('plays perfect against perfect from the empty board: the first player wins on move 41', async () => {
    const game = await playPerfect('');
    const first = game.turns[0];
    assert.equal(first.best, 4, 'the centre');
    assert.deepEqual(
      first.scores,
      [-2, -1, 0, 1, 0, -1, -2].map((s, c) => [c + 1, s, 'exact']),
    );
    for (const t of game.turns) {
      assert.equal(t.exact, true, `${t.moves || 'the empty board'}: not exact`);
      assert.equal(t.fellBack, false, `${t.moves}: fell back`);
      assert.equal(t.algo, 'solve', t.moves);
    }
    const end = await outcome(game.line);
    assert.deepEqual(end, { over: true, winner: 0, length: 41 }, game.line);
    assert.equal(game.pageBookFetches, 0, 'the worker, not the page, fetched the book');
    assert.deepEqual(browser.problems, []);
    console.log(`perfect vs perfect: ${game.line}`);
  });

  it('plays perfect against perfect from early positions as their known scores say', async (t) => {
    const { picked, missing } = earlyPositions(3);
    if (missing) {
      if (CI) assert.fail(`${missing}; CI is set, so this data-dependent test fails instead of skipping`);
      t.skip(`data missing (with CI set this fails): ${missing}`);
      return;
    }
    assert.equal(picked.length, 3);
    for (const [moves, score] of picked) {
      const game = await playPerfect(moves);
      for (const turn of game.turns) assert.equal(turn.exact && !turn.fellBack, true, `${turn.moves}: not exact`);
      // The first turn's best column has the position's score.
      const best = game.turns[0].scores.find(([c]) => c === game.turns[0].best);
      assert.equal(best[1], score, `${moves}: the perfect player's score`);
      const want = expectedEnd(moves, score);
      const end = await outcome(game.line);
      assert.deepEqual(end, { over: true, ...want }, `${moves} (${score}): ${game.line}`);
    }
    assert.deepEqual(browser.problems, []);
  });
});
