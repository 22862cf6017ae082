// A module Web Worker for tests/browser/solver.test.mjs: solves the positions it is sent
// with the module's exact Connect-4 solver and answers with what it found.
// Request: {positions: [moves, …], weak, analyze}; answer: {ok: true, inWorker, results:
// [{moves, score, nodes, complete} | {moves, scores, nodes, complete}]} or {ok: false, error}.

import init, { analyzeConnect4, solveConnect4 } from '/pkg/plyground_wasm.js';

const ready = init();

self.onmessage = async (event) => {
  const { positions, weak = false, analyze = false } = event.data;
  try {
    await ready;
    const results = positions.map((moves) => {
      const r = analyze ? analyzeConnect4(moves, { weak }) : solveConnect4(moves, { weak });
      return { moves, ...r };
    });
    const inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
    self.postMessage({ ok: true, inWorker, results });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err?.message ?? err) });
  }
};
