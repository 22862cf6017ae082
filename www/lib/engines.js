// The engines a player can pick, as plain search options for the wasm API, and the plan the
// worker follows to report progress (deepening one depth at a time, MCTS in chunks).
//
// Each engine ends in ONE search with ONE options object — `finalOptions` — and that is what
// "Show me the search" records with Stepper.forGame: the search that moved is the search
// that is drawn. Deepening in steps only adds the shallower searches before it, for
// progress; they do not change the last one.

import { limits } from './limits.js';

/** Engine ids, in the order the menus list them. */
export const ENGINE_IDS = ['human', 'minimax', 'alphabeta', 'hminimax', 'mcts', 'perfect'];

/** Menu names. */
export const ENGINE_NAMES = {
  human: 'Human',
  minimax: 'Minimax',
  alphabeta: 'α-β',
  hminimax: 'H-minimax (EVAL)',
  mcts: 'MCTS',
  perfect: 'Perfect',
};

/** Which settings each engine has (the page shows only these). */
export const ENGINE_FIELDS = {
  human: [],
  minimax: [],
  alphabeta: ['depth'],
  hminimax: ['depth', 'tt', 'quiescence'],
  mcts: ['iterations', 'c', 'seed'],
  perfect: [],
};

/** Defaults per game. `depth: null` means "to the end of the game". */
export function defaultConfig(kind, engine) {
  const c4 = kind === 'c4';
  return {
    engine,
    depth: engine === 'hminimax' ? (c4 ? 6 : 4) : c4 && engine === 'alphabeta' ? 6 : null,
    tt: engine === 'hminimax',
    quiescence: false,
    iterations: c4 ? 5000 : 2000,
    c: 1.414,
    seed: 1,
  };
}

/** Limits the page enforces on the inputs (the API checks again); the module's own limits are read from it. */
export const LIMITS = {
  depth: { min: 1, max: 42 },
  get iterations() {
    return { min: 1, max: limits().maxIterations };
  },
  c: { min: 0, max: 100 },
  seed: { min: 0, max: 2 ** 32 - 1 },
};

/**
 * Checks and normalises a config from the form; throws an Error naming the field.
 * @param {'ttt'|'c4'} kind
 * @param {object} cfg
 */
export function checkConfig(kind, cfg) {
  const engine = cfg.engine;
  if (!ENGINE_IDS.includes(engine)) throw new Error(`unknown engine ${JSON.stringify(engine)}`);
  const out = { ...defaultConfig(kind, engine), ...cfg };
  const int = (name, allowNull) => {
    const v = out[name];
    if (allowNull && (v === null || v === '' || v === undefined)) return null;
    const n = Number(v);
    const { min, max } = LIMITS[name];
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`${name} must be a whole number from ${min} to ${max}${allowNull ? ' (or empty: to the end)' : ''}`);
    }
    return n;
  };
  const fields = ENGINE_FIELDS[engine];
  if (fields.includes('depth')) {
    // Minimax and α-β on Connect-4 need a depth: the game is far too deep to search to the end.
    out.depth = int('depth', kind === 'ttt');
    if (engine === 'hminimax' && out.depth === null) out.depth = defaultConfig(kind, engine).depth;
  }
  if (fields.includes('iterations')) out.iterations = int('iterations', false);
  if (fields.includes('seed')) out.seed = int('seed', false);
  if (fields.includes('c')) {
    const c = Number(out.c);
    if (!Number.isFinite(c) || c < LIMITS.c.min || c > LIMITS.c.max) {
      throw new Error(`C must be a number from ${LIMITS.c.min} to ${LIMITS.c.max}`);
    }
    out.c = c;
  }
  out.tt = Boolean(out.tt);
  out.quiescence = Boolean(out.quiescence);
  return out;
}

/**
 * The search an engine runs, as options for searchGame / Stepper.forGame. Engines that
 * deepen (see `searchPlan`) get their `depth` per step; this is the template.
 * @param {'ttt'|'c4'} kind
 * @param {object} cfg a checked config
 * @param {{solver?: boolean}} [caps] what the wasm module offers
 */
export function finalOptions(kind, cfg, caps = {}) {
  // Every α-β option is spelled out: the module's Connect-4 defaults (iterative deepening,
  // TT, a node budget) would otherwise change what "depth d" means.
  const order = kind === 'c4' ? 'heuristic' : 'natural';
  const limited = (o) => ({ ...o, order, iterative: false, budget: limits().maxBudget });
  switch (cfg.engine) {
    case 'minimax':
      // MINIMAX-DECISION has no depth limit: it searches to the end (tic-tac-toe only).
      return { algo: 'minimax' };
    case 'alphabeta':
      // The textbook α-β: only terminal utilities, 0 for an unfinished position at the cutoff.
      return cfg.depth == null
        ? { algo: 'alphabeta', order, tt: false, iterative: false }
        : limited({ algo: 'alphabeta', depth: cfg.depth, eval: false, tt: false });
    case 'hminimax':
      return limited({ algo: 'alphabeta', depth: cfg.depth, eval: true, tt: cfg.tt, quiescence: cfg.quiescence });
    case 'mcts':
      return { algo: 'mcts', iterations: cfg.iterations, c: cfg.c, seed: cfg.seed };
    case 'perfect':
      if (caps.solver && kind === 'c4') return { algo: 'solve', budget: limits().solveGameBudget };
      if (kind === 'ttt') return { algo: 'alphabeta', order, tt: true, iterative: false };
      return limited({ algo: 'alphabeta', depth: 42, eval: true, tt: true });
    default:
      throw new Error(`engine ${JSON.stringify(cfg.engine)} does not search`);
  }
}

// Budgets come from the module (www/lib/limits.js): "no node budget" is `maxBudget`, the
// largest it accepts (the user can always cancel); the solver's budget per move is
// `solveGameBudget` (positions early in the game need far more: there the solver gives up and
// the deepening α-β moves instead); the Perfect engine's budget on Connect-4 when the solver
// is absent or gives up is `perfectFallbackBudget`.

/**
 * How the worker runs an engine so that it can report progress:
 * - `{type: 'deepen', maxDepth, budget, options}`: searches to depth 1, 2, … maxDepth with
 *   `options` (depth set per step), stopping early once a search is exact (deeper ones would
 *   be the same search) or, with a node budget, when the next depth does not fit; the last
 *   complete search is the answer;
 * - `{type: 'mcts', iterations, chunk, options}`: MCTS run in chunks on one tree;
 * - `{type: 'single', options}`: one search;
 * - `{type: 'solve', budget, options, fallback}`: the exact Connect-4 solver, and when its
 *   node budget runs out, the fallback plan (the deepening α-β).
 * @param {'ttt'|'c4'} kind
 * @param {object} cfg a checked config
 * @param {object} [caps]
 */
export function searchPlan(kind, cfg, caps = {}) {
  const options = finalOptions(kind, cfg, caps);
  if (options.algo === 'solve') {
    return { type: 'solve', budget: options.budget, options, fallback: searchPlan(kind, cfg, { ...caps, solver: false }) };
  }
  if (options.algo === 'mcts') {
    return { type: 'mcts', iterations: cfg.iterations, chunk: Math.max(50, Math.ceil(cfg.iterations / 40)), options };
  }
  if (options.depth != null) {
    const budget = cfg.engine === 'perfect' ? limits().perfectFallbackBudget : null;
    return { type: 'deepen', maxDepth: options.depth, budget, options };
  }
  return { type: 'single', options };
}

/** A short description of an engine with its settings: "H-minimax, depth 6, TT". */
export function engineLabel(kind, cfg) {
  const name = ENGINE_NAMES[cfg.engine];
  switch (cfg.engine) {
    case 'alphabeta':
      return cfg.depth == null ? name : `${name}, depth ${cfg.depth}`;
    case 'hminimax':
      return `${name}, depth ${cfg.depth}${cfg.tt ? ', TT' : ''}${cfg.quiescence ? ', quiescence' : ''}`;
    case 'mcts':
      return `${name}, ${cfg.iterations} iterations, C ${cfg.c}, seed ${cfg.seed}`;
    case 'perfect':
      return kind === 'ttt' ? 'Perfect (exact α-β with TT)' : name;
    default:
      return name;
  }
}
