// Every engine search runs here, in a module Web Worker, so the page stays responsive however
// long it takes. The page talks to it through www/lib/rpc.js:
//   request  {id, op, args}
//   answers  {id, type: 'progress', data}*  then  {id, type: 'result', data} | {id, type: 'error', error}
// A search inside wasm never yields: the page cancels by terminating this worker and starting
// a new one. Progress is posted between the steps of a plan (one depth, one MCTS chunk).
//
// Ops:
//   search   {kind, moves, plan, scores}  → {result, options, depthsDone, ms, inWorker}
//   evaluate {kind, moves, options}       → searchGame(…, {…options, scores: true})
//   compare  {source, base, orders}       → node counts for every ordering × algorithm
//   caps     {}                           → what this build offers ({solver, limits})
//   init     {module} (no id, no answer)   → use this compiled WebAssembly.Module
//
// Plans (www/lib/engines.js): 'single', 'deepen' (depth by depth), 'mcts' (in chunks),
// 'solve' (the exact Connect-4 solver, falling back to 'deepen' when its budget runs out).

import init, * as api from './pkg/plyground_wasm.js';

// The page may send its compiled module first ({op: 'init', module}), so the worker neither
// downloads nor compiles the wasm again; otherwise the first request loads it.
let ready = null;
function start(module) {
  ready ??= module instanceof WebAssembly.Module ? init({ module_or_path: module }) : init();
  return ready;
}
let searches = 0;

function post(id, type, payload) {
  if (type === 'error') self.postMessage({ id, type, error: payload });
  else self.postMessage({ id, type, data: payload });
}

/** A Game handle for the request, freed by the caller. */
function gameOf(kind, moves) {
  return api.Game.create(kind, moves ?? '');
}

function now() {
  return performance.now();
}

/** Most-visited line from the root of an MCTS tree (for the principal variation). */
function mctsLine(nodes) {
  const children = new Map();
  for (const nd of nodes) {
    if (nd.parent < 0) continue;
    if (!children.has(nd.parent)) children.set(nd.parent, []);
    children.get(nd.parent).push(nd);
  }
  const line = [];
  let at = nodes.find((nd) => nd.parent < 0);
  while (at && children.has(at.id) && line.length < 64) {
    let best = null;
    for (const c of children.get(at.id)) if (!best || c.n > best.n) best = c;
    if (!best || best.n === 0) break;
    line.push(best.action);
    at = best;
  }
  return line;
}

function runMcts(id, game, plan) {
  const { c, seed } = plan.options;
  const m = api.MctsStepper.forGame(game, { c, seed });
  try {
    const t0 = now();
    while (m.iterations < plan.iterations) {
      m.run(Math.min(plan.chunk, plan.iterations - m.iterations));
      post(id, 'progress', {
        iterations: m.iterations,
        of: plan.iterations,
        nodes: m.nodeCount,
        best: m.best,
        ms: now() - t0,
      });
    }
    const shares = m.rootShares();
    const nodes = m.nodes();
    const root = nodes.find((nd) => nd.parent < 0);
    const pv = mctsLine(nodes);
    const mover = game.toMove;
    return {
      algo: 'mcts',
      best: m.best,
      value: root ? root.q : null,
      pv,
      scores: shares.map((s) => ({ move: s.action, value: s.n > 0 ? s.q : null, n: s.n })),
      exact: false,
      depth: null,
      complete: true,
      iterations: m.iterations,
      mover,
      stats: { nodes: m.nodeCount, iterations: m.iterations },
    };
  } finally {
    m.free();
  }
}

function runDeepen(id, game, plan, scores) {
  const t0 = now();
  let last = null;
  let lastOptions = null;
  let total = 0;
  let depthsDone = 0;
  for (let d = 1; d <= plan.maxDepth; d++) {
    const options = { ...plan.options, depth: d };
    if (plan.budget != null) {
      const left = plan.budget - total;
      if (left <= 0) break;
      options.budget = Math.min(left, options.budget ?? left);
    }
    const r = api.searchGame(game, { ...options, scores: false });
    total += r.stats.nodes;
    if (!r.complete) break; // the budget ran out inside this depth: keep the previous answer
    last = r;
    lastOptions = options;
    depthsDone = d;
    post(id, 'progress', { depth: d, of: plan.maxDepth, nodes: total, value: r.value, best: r.best, ms: now() - t0 });
    if (r.exact) break; // nothing was cut off: deeper searches are this same search
  }
  if (!last) {
    // Not even depth 1 fit in the budget: search depth 1 regardless.
    lastOptions = { ...plan.options, depth: 1 };
    last = api.searchGame(game, lastOptions);
    depthsDone = 1;
  }
  lastOptions.budget = plan.options.budget; // the answer's own options, without the running budget
  if (lastOptions.budget === undefined) delete lastOptions.budget;
  if (scores) last = api.searchGame(game, { ...lastOptions, scores: true });
  return { result: last, options: lastOptions, depthsDone, total };
}

const ops = {
  async caps() {
    const limits = typeof api.limits === 'function' ? api.limits() : null;
    return { solver: typeof api.solveGame === 'function', limits };
  },

  async search(id, { kind, moves, plan, scores }) {
    const game = gameOf(kind, moves);
    const t0 = now();
    try {
      let out;
      if (plan.type === 'solve') {
        post(id, 'progress', { solving: true, budget: plan.budget, ms: now() - t0 });
        const r = api.solveGame(game, plan.budget);
        if (r.complete) {
          r.pv = r.best != null ? [r.best] : [];
          r.depth = null;
          r.stats = { nodes: r.nodes };
          out = { result: r, options: plan.options, depthsDone: null };
        } else {
          // Too early in the game for the budget: the deepening α-β moves instead (and says so).
          post(id, 'progress', { solverGaveUp: true, nodes: r.nodes, ms: now() - t0 });
          out = runDeepen(id, game, plan.fallback, scores);
          out.solverNodes = r.nodes;
        }
      } else if (plan.type === 'mcts') {
        const result = runMcts(id, game, plan);
        out = { result, options: plan.options, depthsDone: null };
      } else if (plan.type === 'deepen') {
        out = runDeepen(id, game, plan, scores);
      } else {
        const result = api.searchGame(game, { ...plan.options, scores: Boolean(scores) });
        out = { result, options: plan.options, depthsDone: null };
      }
      searches += 1;
      // Read by the browser tests to check that the search really ran in this worker.
      globalThis.plygroundSearches = searches;
      out.result.mover ??= game.toMove;
      out.ms = now() - t0;
      out.inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
      return out;
    } finally {
      game.free();
    }
  },

  async evaluate(id, { kind, moves, options }) {
    const game = gameOf(kind, moves);
    try {
      const r = api.searchGame(game, { ...options, scores: true });
      r.mover = game.toMove;
      return r;
    } finally {
      game.free();
    }
  },

  async compare(id, { source, base, orders }) {
    const rows = [];
    let handle;
    let run;
    if (source.type === 'tree') {
      handle = api.GameTree.parse(source.text);
      run = (o) => api.searchTree(handle, o);
    } else {
      handle = gameOf(source.kind, source.moves);
      run = (o) => api.searchGame(handle, o);
    }
    try {
      const t0 = now();
      const { minimaxAlgo, ...ab } = base;
      try {
        // MINIMAX-DECISION (or EXPECTIMINIMAX) has no depth, window or ordering options.
        if (ab.depth != null) throw new Error('minimax has no depth limit: with a depth, only α-β is compared');
        const mm = run({ algo: minimaxAlgo ?? 'minimax' });
        rows.push({ algo: 'minimax', order: null, stats: mm.stats, value: mm.value });
      } catch (err) {
        rows.push({ algo: 'minimax', order: null, error: String(err?.message ?? err) });
      }
      for (const order of orders) {
        try {
          const r = run({ ...ab, algo: 'alphabeta', order });
          rows.push({ algo: 'alphabeta', order, stats: r.stats, value: r.value });
        } catch (err) {
          // e.g. perfect ordering on a deep Connect-4 search (an oracle search per node).
          rows.push({ algo: 'alphabeta', order, error: String(err?.message ?? err) });
        }
        post(id, 'progress', { done: rows.length, of: orders.length + 1, ms: now() - t0 });
      }
      return { rows };
    } finally {
      handle.free();
    }
  },
};

self.onmessage = async (event) => {
  const { id, op, args } = event.data ?? {};
  if (op === 'init' && id === undefined) {
    start(event.data.module);
    return;
  }
  try {
    await start();
    const fn = ops[op];
    if (!fn) throw new Error(`unknown op '${op}'`);
    const data = op === 'caps' ? await fn() : await fn(id, args ?? {});
    post(id, 'result', data);
  } catch (err) {
    post(id, 'error', String(err?.message ?? err));
  }
};
