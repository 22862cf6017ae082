// The search runs here, off the main thread: the page stays responsive however long it takes.
// Requests: {id, kind, moves, opts}; answers: {id, ok: true, move, value, nodes, result,
// inWorker} (result: searchGame's whole record) or {id, ok: false, error}.

import init, { Game, searchGame } from './pkg/plyground_wasm.js';

const ready = init();
let searches = 0;

self.onmessage = async (event) => {
  const { id, kind, moves, opts } = event.data;
  try {
    await ready;
    const game = Game.create(kind, moves);
    let result;
    try {
      result = searchGame(game, opts);
    } finally {
      game.free();
    }
    searches += 1;
    // Read by the browser tests to check that the search really ran in this worker.
    globalThis.plygroundSearches = searches;
    const inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
    self.postMessage({ id, ok: true, move: result.best, value: result.value, nodes: result.stats.nodes, result, inWorker });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err?.message ?? err) });
  }
};
