// The browser side of `cargo xtask bench`: in a module Web Worker, as a page would run it,
// solve every position of the sets it is sent (fetched from /data/ on the bench server),
// one solveConnect4 call per position, each timed with performance.now() around the call
// (what a page waits for: the reset table, the search, the result object). The module is
// used as it is loaded, cold: the first calls include its compilation tiers and the first
// allocation of the solver's table.
// Request: {sets: [name, …], limit?: the first N positions of each set (a smoke pass)}; answer: {ok: true, sets: [{name, positions, times (ms),
// nodes, wrong}]} or {ok: false, error}.

import init, { solveConnect4 } from '/pkg/plyground_wasm.js';

self.onmessage = async (event) => {
  try {
    await init();
    const out = [];
    for (const name of event.data.sets) {
      const res = await fetch(`/data/${name}`);
      if (!res.ok) throw new Error(`/data/${name}: HTTP ${res.status}`);
      const lines = (await res.text()).split('\n').filter((l) => l.trim()).slice(0, event.data.limit ?? Infinity);
      const times = [];
      let nodes = 0;
      let wrong = 0;
      for (const line of lines) {
        const [moves, score] = line.trim().split(/\s+/);
        const t0 = performance.now();
        const r = solveConnect4(moves);
        times.push(performance.now() - t0);
        nodes += r.nodes;
        if (!r.complete || r.score !== Number(score)) wrong += 1;
      }
      out.push({ name, positions: lines.length, times, nodes, wrong });
    }
    self.postMessage({ ok: true, sets: out });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err?.message ?? err) });
  }
};
