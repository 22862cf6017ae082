// The browser side of `cargo xtask bench --latency`: in a module Web Worker, with the games
// module the playground's pages use (/pkg-games/), times for each position it is sent
//   move     what a page waits for before the perfect player moves: Engine.forGame with the
//            perfect player, stepped to the end as www/worker.js steps it (its result is the
//            move and the seven column scores the board shows);
//   columns  analyzeConnect4: the seven exact column scores alone (from the full module,
//            /pkg/: the games module leaves analyzeConnect4 out; the same solver and book);
// each timed with performance.now() around the work. The opening book is fetched the way
// www/worker.js fetches it: the first time a search would use it (Engine.wantsBook,
// connect4BookWanted), timed on its own.
// Request: {positions: [[ply, moves], …]}; answer: {ok: true, book: {ms, bytes, depth,
// positions} | null, results: [{ply, moves, moveMs, columnsMs, fellBack, exact, complete,
// agree}]} or {ok: false, error}.

import init, { Engine, Game, connect4BookWanted, loadConnect4Book } from '/pkg-games/plyground_wasm.js';
import initFull, { analyzeConnect4, loadConnect4Book as loadFullBook } from '/pkg/plyground_wasm.js';

const ready = Promise.all([init(), initFull()]);
let book = null;

async function loadBook() {
  const t0 = performance.now();
  const res = await fetch('/book/connect4.book');
  if (!res.ok) throw new Error(`/book/connect4.book: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const info = loadConnect4Book(bytes);
  book = { ms: performance.now() - t0, bytes: bytes.length, ...info };
  loadFullBook(bytes);
}

function perfectMove(moves) {
  const game = Game.create('c4', moves);
  let engine = null;
  try {
    engine = Engine.forGame(game, { engine: 'perfect' });
    if (engine.wantsBook) throw new Error(`${moves || 'the empty board'}: the engine wants the book after it was loaded`);
    while (!engine.done) engine.step();
    const result = engine.result();
    return { result, fellBack: result.fellBack };
  } finally {
    engine?.free();
    game.free();
  }
}

self.onmessage = async (event) => {
  try {
    await ready;
    const results = [];
    for (const [ply, moves] of event.data.positions) {
      if (!book && connect4BookWanted(moves)) await loadBook();
      let t0 = performance.now();
      const { result, fellBack } = perfectMove(moves);
      const moveMs = performance.now() - t0;
      t0 = performance.now();
      const a = analyzeConnect4(moves);
      const columnsMs = performance.now() - t0;
      // The engine's column scores (from the mover) must be true of the analysis's: an exact
      // one equal, a bound on the right side of it. Columns shown as a bound are counted, and
      // those whose bound does not even say win, draw or loss.
      const truth = (s) => a.scores[s.move - 1];
      const holds = (s) =>
        s.bound === 'exact' ? s.score === truth(s) : s.bound === 'lower' ? truth(s) >= s.score : s.bound === 'upper' ? truth(s) <= s.score : false;
      const agree = !result.exact || !a.complete || result.scores.every(holds);
      const bounds = result.exact ? result.scores.filter((s) => s.bound !== 'exact').length : 0;
      const open = result.exact
        ? result.scores.filter((s) => (s.bound === 'lower' && s.score <= 0) || (s.bound === 'upper' && s.score >= 0)).length
        : 0;
      results.push({ ply, moves, moveMs, columnsMs, fellBack, exact: result.exact, complete: a.complete, agree, bounds, open });
    }
    self.postMessage({ ok: true, book, results });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err?.message ?? err) });
  }
};
