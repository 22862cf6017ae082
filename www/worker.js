// Every engine search runs here, in a module Web Worker, so the page stays responsive however
// long it takes. The page talks to it through www/lib/rpc.js:
//   request  {id, op, args}
//   answers  {id, type: 'progress', data}*  then  {id, type: 'result', data} | {id, type: 'error', error}
// A search inside wasm never yields: the page cancels by terminating this worker and starting
// a new one.
//
// Ops:
//   engine   {kind, moves, config}        → {result, options, label, ms, inWorker}
//            the player `config` (lib/engines.js) searches the position: this worker only
//            steps the wasm Engine (which search, its budget, its fallbacks and its answer
//            are the core's), posting its progress between steps ({...Engine.step(), ms}).
//            `result` is Engine.result(); `options` are Engine.searchOptions(), what "Show me
//            the search" records.
//            A perfect player on an early Connect-4 position wants the opening book
//            (Engine.wantsBook, the core's answer): the first such request fetches
//            book/connect4.book (137 KB gzipped, then in the browser's cache), hands it to
//            the module (loadConnect4Book) and makes the engine again; a book that cannot be
//            fetched or read fails the request with the reason.
//   compare  {source, base}               → {rows, minimaxAlgo, marks, reference} | {refused}: the
//            core's comparison grid (compareTree/compareGame), each cell's search run with
//            searchTree/searchGame, then the grid again with their counts for its figures
//   caps     {}                           → what this build offers ({solver, limits})
//   init     {which, module} (no id, no answer) → use this compiled WebAssembly.Module for
//            the module `which` ('tree', 'games' or 'full'; a missing `which` is 'full')
//
// Which module answers: elements/runtime.js (moduleForRequest). A module the page did not send is
// loaded here, once.

import { loadBook } from './lib/book.js';
import { MODULES, importGlue, moduleForRequest } from './elements/runtime.js';

// The page may send its compiled modules first ({op: 'init', which, module}), so the worker
// neither downloads nor compiles them again; otherwise the first request that needs one loads it.
const given = {};
const loaded = {};
function start(which) {
  loaded[which] ??= importGlue(which).then(async (glue) => {
    const module = given[which];
    await glue.default(module instanceof WebAssembly.Module ? { module_or_path: module } : undefined);
    return glue;
  });
  return loaded[which];
}

/** The module for a request (elements/runtime.js decides). */
function apiFor(op, args) {
  return start(moduleForRequest(op, args, Boolean(given.full)));
}

let searches = 0;

function post(id, type, payload) {
  if (type === 'error') self.postMessage({ id, type, error: payload });
  else self.postMessage({ id, type, data: payload });
}

/** A Game handle for the request, freed by the caller. */
function gameOf(api, kind, moves) {
  return api.Game.create(kind, moves ?? '');
}

function now() {
  return performance.now();
}

const ops = {
  async caps(api) {
    const limits = typeof api.limits === 'function' ? api.limits() : null;
    return { solver: typeof api.Stepper?.forSolve === 'function', limits };
  },

  async engine(api, id, { kind, moves, config }) {
    const game = gameOf(api, kind, moves);
    let engine = null;
    try {
      const t0 = now();
      engine = api.Engine.forGame(game, config);
      if (engine.wantsBook === true) {
        engine.free();
        engine = null;
        await loadBook(api);
        engine = api.Engine.forGame(game, config);
      }
      while (!engine.done) post(id, 'progress', { ...engine.step(), ms: now() - t0 });
      searches += 1;
      // Read by the browser tests to check that the search really ran in this worker.
      globalThis.plygroundSearches = searches;
      return {
        result: engine.result(),
        options: engine.searchOptions(),
        label: engine.label,
        ms: now() - t0,
        inWorker: typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope,
      };
    } finally {
      engine?.free();
      game.free();
    }
  },

  async compare(api, id, { source, base }) {
    let handle;
    let run;
    let grid;
    if (source.type === 'tree') {
      handle = api.GameTree.parse(source.text);
      run = (o) => api.searchTree(handle, o);
      grid = (found) => api.compareTree(handle, base.depth, found);
    } else {
      handle = gameOf(api, source.kind, source.moves);
      run = (o) => api.searchGame(handle, o);
      grid = (found) => api.compareGame(handle, base.depth, found);
    }
    try {
      // Which searches run and which apply: the core's grid. Then each cell's search, here.
      const { refused, minimaxAlgo, cells } = grid([]);
      if (refused) return { refused, rows: [] };
      const rows = [];
      // Per cell: leaves, deepest ply, value, move (NaN: not run / none), for the figures.
      const found = new Float64Array(cells.length * 4).fill(NaN);
      const t0 = now();
      for (const [i, { algo, order, width, skip }] of cells.entries()) {
        const row = width == null ? { algo, order } : { algo, order, width };
        try {
          // A cell the grid does not run (minimax with a depth) says why; the table shows "not run".
          if (skip) rows.push({ ...row, error: skip, skipped: true });
          else {
            // Minimax alone (no depth, window or order); α-β and beam search with the shared
            // options and no per-move scores (their refinement is not the search).
            const opts = algo === 'minimax' ? { algo: minimaxAlgo } : { ...base, algo: 'alphabeta', order, scores: false, ...(width == null ? {} : { beam: width }) };
            const r = run(opts);
            found.set([r.stats.leaves, r.stats.maxDepth, r.value, r.best ?? NaN], 4 * i);
            rows.push({ ...row, stats: r.stats, value: r.value, best: r.best, bestLabel: r.bestLabel ?? null });
          }
        } catch (err) {
          // e.g. perfect ordering on a deep Connect-4 search (an oracle search per node).
          rows.push({ ...row, error: String(err?.message ?? err) });
        }
        post(id, 'progress', { done: rows.length, of: cells.length, ms: now() - t0 });
      }
      // The figures (the bold rows, the beams' verdicts, the reference sizes): the core's.
      const { cells: marks, reference } = grid(found);
      return { rows, minimaxAlgo, marks, reference };
    } finally {
      handle.free();
    }
  },
};

self.onmessage = async (event) => {
  const { id, op, args } = event.data ?? {};
  if (op === 'init' && id === undefined) {
    const which = event.data.which ?? 'full';
    if (MODULES[which] && !loaded[which]) given[which] = event.data.module;
    return;
  }
  try {
    const fn = ops[op];
    if (!fn) throw new Error(`unknown op '${op}'`);
    const api = await apiFor(op, args);
    const data = op === 'caps' ? await fn(api) : await fn(api, id, args ?? {});
    post(id, 'result', data);
  } catch (err) {
    post(id, 'error', String(err?.message ?? err));
  }
};
