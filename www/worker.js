// The search runs here, off the main thread: the page stays responsive however long it takes.
// Requests: {id, moves, algo}; answers: {id, ok: true, value, move, nodes, inWorker} or
// {id, ok: false, error}.

import init, { TicTacToeGame, bestMove } from './pkg/plyground_wasm.js';

const ready = init();
let searches = 0;

self.onmessage = async (event) => {
  const { id, moves, algo } = event.data;
  try {
    await ready;
    const game = TicTacToeGame.fromMoves(moves);
    let result;
    try {
      result = bestMove(game, algo);
    } finally {
      game.free();
    }
    searches += 1;
    // Read by the browser tests to check that the search really ran in this worker.
    globalThis.plygroundSearches = searches;
    const inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
    self.postMessage({ id, ok: true, ...result, inWorker });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err?.message ?? err) });
  }
};
