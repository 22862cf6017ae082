// A seeded fuzzer for the wasm API (www/pkg, built by `cargo xtask build`), in Node.
//
// Each case is a short random sequence of calls: handles (Game, GameTree, Stepper,
// MctsStepper) made from random and mutated arguments, option objects for searchGame,
// searchTree, Stepper.forGame/forTree/forSolve, MctsStepper.forGame/forTree, solveConnect4,
// analyzeConnect4 and solveGame (a valid base with one or more fields mutated, unknown
// fields, values of every JavaScript type), and random calls on the handles. Properties:
//
// - every call returns or throws an `Error` whose message is not empty and names the call,
//   one of its arguments or options, or the offending value; never `RuntimeError:
//   unreachable`, `memory access out of bounds`, a "recursive use"/"already borrowed" message
//   or a Rust panic on the console;
// - after every thrown error the module still works (a normal search gives Figure 5.2's 3);
// - a call that throws leaves its handle as it was (game: move string and cells; stepper:
//   index and length; MCTS stepper: iterations, phase and node count), and a search never
//   changes the game it searches;
// - exact results agree with an oracle: a tic-tac-toe or tree search that says `exact` has
//   minimax's value.
//
// Bounded under `node --test` (and so `cargo xtask test`): PLYGROUND_FUZZ_CASES cases
// (default 300) from a fixed seed, and every seed in tests/fuzz/api/*.json. Long mode
// (`cargo xtask fuzz api --minutes N`): PLYGROUND_FUZZ_MS milliseconds of rounds with seeds
// from the clock (PLYGROUND_FUZZ_SEED to replay); a failing case is stored as
// tests/fuzz/api/found-<time>.json (a replay seed) and the process exits 1.
//
// Searches are kept small (node budgets, MCTS iterations, late Connect-4 positions for the
// solver).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIG_5_2 as FIG } from '../fixtures/lessons.mjs';

const consoleErrors = [];
const originalError = console.error;
console.error = (...args) => {
  consoleErrors.push(args.map(String).join(' '));
  originalError(...args);
};
after(() => {
  console.error = originalError;
});

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) {
  throw new Error(`${pkg}plyground_wasm.js is missing: run \`cargo xtask build\` first`);
}
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { Game, GameTree, Stepper, MctsStepper, searchGame, searchTree, solveConnect4, analyzeConnect4, solveGame, limits, ucb1 } = api;

const SEEDS_DIR = new URL('../fuzz/api/', import.meta.url);

/** A seeded generator (SplitMix32-style): r() in [0, 1), r.int(n), r.pick(list). */
function prng(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
  const r = () => next();
  r.int = (n) => Math.floor(next() * n);
  r.pick = (list) => list[Math.floor(next() * list.length)];
  r.chance = (p) => next() < p;
  return r;
}

// ---------------------------------------------------------------------------------------
// Values of every type.

const ODD_NUMBERS = [0, -0, -1, 1.5, NaN, Infinity, -Infinity, 1e308, -1e308, 2 ** 53, 2 ** 31, 2 ** 32 + 1, 1e-300, 65, 101, 1e9, 1e12 + 1, 4294967296];
const ODD_STRINGS = ['', ' ', '4', '4455', 'NaN', 'true', 'alphabeta ', 'MINIMAX', '\u0000', '\u2212' + '1', 'é', 'x'.repeat(300), '[1,2]', '{}', 'undefined'];

function oddValue(r, depth = 0) {
  switch (r.int(depth > 1 ? 8 : 10)) {
    case 0: return undefined;
    case 1: return null;
    case 2: return r.chance(0.5);
    case 3: return r.pick(ODD_NUMBERS);
    case 4: return r.int(200) - 50;
    case 5: return r.pick(ODD_STRINGS);
    case 6: return BigInt(r.int(5));
    case 7: return String.fromCharCode(...Array.from({ length: r.int(6) }, () => r.int(0x3000)));
    case 8: return Array.from({ length: r.int(3) }, () => oddValue(r, depth + 1));
    default: return { [r.pick(['algo', 'depth', 'x', 'valueOf', 'toString'])]: oddValue(r, depth + 1) };
  }
}

// ---------------------------------------------------------------------------------------
// Option records: a valid base, then mutations.

const SEARCH_VALID = {
  algo: ['minimax', 'alphabeta', 'expectiminimax', 'maxn', 'mcts'],
  tie: ['nonstrict', 'strict'],
  order: ['natural', 'reverse', 'random', 'heuristic', 'killer', 'history', 'best'],
  seed: [0, 1, 7, 123456],
  depth: [1, 2, 3, 4, 6, 64],
  eval: [true, false],
  tt: [true, false],
  quiescence: [true, false],
  iterative: [true, false],
  budget: [1, 3, 100, 2000, 20000],
  iterations: [1, 10, 200, 1000],
  c: [0, 0.5, Math.SQRT2, 1e6],
  expansion: ['natural', 'random'],
  scores: [true, false],
};
const MCTS_VALID = { algo: ['mcts'], c: SEARCH_VALID.c, seed: SEARCH_VALID.seed, expansion: SEARCH_VALID.expansion };
const SOLVER_VALID = { weak: [true, false], budget: [1, 100, 5000, 100000] };
const UNKNOWN_KEYS = ['algorithm', 'Depth', 'nodeCap', 'budgets', '', ' ', '__proto__', 'constructor', 'toString', 'weak', 'depth '];

/** {opts, mutated: [keys]} — a valid record with `k` fields mutated (0 ≤ k ≤ 3). */
function optionRecord(r, valid) {
  const keys = Object.keys(valid);
  const opts = {};
  for (const k of keys) if (r.chance(0.3)) opts[k] = r.pick(valid[k]);
  const mutated = [];
  const n = r.pick([0, 0, 1, 1, 1, 2, 3]);
  for (let i = 0; i < n; i++) {
    if (r.chance(0.2)) {
      const k = r.pick(UNKNOWN_KEYS);
      if (k === '__proto__') continue; // a literal __proto__ key sets the prototype
      opts[k] = oddValue(r);
      mutated.push(k);
    } else {
      const k = r.pick(keys);
      opts[k] = r.chance(0.3) ? r.pick(Object.values(valid).flat()) : oddValue(r);
      mutated.push(k);
    }
  }
  if (r.chance(0.05)) return { opts: r.pick([undefined, null, 3, 'alphabeta', [], true]), mutated: ['(options)'] };
  return { opts, mutated };
}

// ---------------------------------------------------------------------------------------
// Games, trees and move strings.

function randomMoveString(r, kind) {
  if (r.chance(0.15)) return oddValue(r);
  const g = Game.create(kind);
  const n = r.int(kind === 'ttt' ? 10 : 42);
  for (let i = 0; i < n && !g.isTerminal; i++) {
    const legal = g.legalMoves();
    g.play(legal[r.int(legal.length)]);
  }
  let s = g.moveString;
  g.free();
  if (r.chance(0.2)) {
    const k = r.int(s.length + 1);
    s = s.slice(0, k) + r.pick(['9', '0', 'x', ',', ' ', '44444444', '\u0664', '\u2212']) + s.slice(k);
  }
  return s;
}

/** A late Connect-4 position (≥ 24 plies, or a finished game): the solver answers at once. */
function latePosition(r) {
  const g = Game.create('c4');
  const plies = 24 + r.int(12);
  while (!g.isTerminal && g.moveCount < plies) {
    const legal = g.legalMoves();
    g.play(legal[r.int(legal.length)]);
  }
  const s = g.moveString;
  g.free();
  return s;
}

function randomTreeText(r, depth = 0) {
  if (depth > 3 || (depth > 0 && r.chance(0.3))) {
    return r.chance(0.9) ? String(r.int(21) - 10) : r.pick(['1e15', '-0.5', '1e308', 'NaN', '(1,2)', 'x=3']);
  }
  const k = 1 + r.int(3);
  const kids = Array.from({ length: k }, () => randomTreeText(r, depth + 1));
  if (r.chance(0.15)) return `chance[${kids.map((c) => `1/${k}: ${c}`).join(', ')}]`;
  const kind = r.pick(['', '', '', 'max', 'min', 'p1', 'A']);
  return `${kind}[${kids.join(',')}]`;
}

function mutateText(r, s) {
  const tokens = ['[', ']', ',', ':', '(', ')', '#', '\n', '-', 'e', '1e308', 'chance', 'p9', '\u2212', '\u0000', '[[[[', ']]'];
  for (let i = r.int(3); i > 0; i--) {
    const k = r.int(s.length + 1);
    s = r.chance(0.5) ? s.slice(0, k) + r.pick(tokens) + s.slice(k) : s.slice(0, k) + s.slice(k + 1 + r.int(3));
  }
  return s;
}

function treeText(r) {
  if (r.chance(0.05)) return oddValue(r);
  const base = r.chance(0.3) ? r.pick([FIG, '[5,[3,[[[-7]]]]]', '[-3,[[12]]]', 'chance[0.5: [1,2], 0.5: 3]', '[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]']) : randomTreeText(r);
  return r.chance(0.25) ? mutateText(r, base) : base;
}

// ---------------------------------------------------------------------------------------
// The checks around every call.

const BAD_MESSAGES = /unreachable|memory access out of bounds|recursive use|already borrowed|panicked|RuntimeError|null pointer passed to rust/i;

class FuzzFailure extends Error {}

function fail(msg) {
  throw new FuzzFailure(msg);
}

/** Is the module still alive? Figure 5.2 searches to 3 and a game plays. */
function canary() {
  let v;
  try {
    const t = GameTree.parse(FIG);
    v = searchTree(t, {}).value;
    t.free();
    const g = Game.create('ttt', '4,0');
    if (g.moveString !== '4,0') v = 'bad game';
    g.free();
  } catch (e) {
    fail(`the module is dead after an error: ${e && e.message}`);
  }
  if (v !== 3) fail(`the module answers wrongly after an error: Figure 5.2 gave ${v}`);
}

function show(v) {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v);
  try {
    const s = JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x === undefined ? '(undefined)' : x));
    return s === undefined ? String(v) : s.length > 200 ? `${s.slice(0, 200)}…` : s;
  } catch {
    return String(v);
  }
}

/** Words the message of a call may name: its name, argument names, option keys, values. */
function namesIn(call, words, args) {
  const out = [call.split('.').pop(), call, ...words];
  for (const a of args) {
    if (a === null || a === undefined) continue;
    if (typeof a === 'object' && !ArrayBuffer.isView(a) && !Array.isArray(a)) {
      for (const [k, v] of Object.entries(a)) {
        out.push(k);
        if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
      }
    } else if (typeof a !== 'object') {
      out.push(String(a));
    }
  }
  return out.filter((w) => w !== '');
}

/**
 * Runs one call. `snap` gives the state that must not change when it throws (or ever, with
 * `never`). Returns {ok, value} or {ok: false, error}.
 */
function call(ctx, name, words, args, fn, { snap, never = false, freed = false } = {}) {
  const before = snap ? snap() : undefined;
  ctx.log.push(`${name}(${args.map(show).join(', ')})`);
  ctx.execs++;
  let value;
  try {
    value = fn();
  } catch (e) {
    if (!(e instanceof Error)) fail(`${name} threw a non-Error: ${show(e)}`);
    if (!e.message || BAD_MESSAGES.test(`${e.name}: ${e.message}`)) fail(`${name} threw ${e.name}: ${e.message}`);
    // A freed handle is refused in the glue, by name, before any wasm frame (wasm-bindgen's
    // own "null pointer passed to rust" came through the export's frames, and each one
    // lowered the shadow stack until a trap, 800,000 calls later).
    if (freed && !/^\w+: this handle was freed /.test(e.message)) fail(`${name} on a freed handle threw ${e.name}: ${e.message}`);
    if (!freed) {
      const names = namesIn(name, words, args);
      if (!names.some((w) => e.message.includes(w))) {
        fail(`${name}: the message "${e.message}" names neither the call nor an argument or option (${names.slice(0, 12).map(show).join(', ')})`);
      }
    }
    if (snap) {
      const after = snap();
      if (show(after) !== show(before)) fail(`${name} threw "${e.message}" but changed the state: ${show(before)} → ${show(after)}`);
    }
    canary();
    return { ok: false, error: e };
  }
  if (snap && never) {
    const after = snap();
    if (show(after) !== show(before)) fail(`${name} changed what it must not: ${show(before)} → ${show(after)}`);
  }
  return { ok: true, value };
}

const gameSnap = (g) => () => [g.moveString, g.cells(), g.moveCount];

/** Minimax's value of a tic-tac-toe position, from a fresh game (the oracle). */
function tttOracle(moves) {
  const g = Game.create('ttt', moves);
  const v = searchGame(g, { algo: 'minimax', scores: false }).value;
  g.free();
  return v;
}

function treeOracle(text) {
  const t = GameTree.parse(text);
  const r = searchTree(t, { algo: t.hasTuples ? 'maxn' : 'minimax' });
  t.free();
  return r;
}

/** Keeps Connect-4 searches small: one node budget covers the search and its per-move scores. */
function boundC4(opts) {
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) return opts;
  const o = { ...opts };
  if (typeof o.budget !== 'number' || !(o.budget <= 20000)) o.budget = 20000;
  if (typeof o.iterations !== 'number' || !(o.iterations <= 2000)) o.iterations = 200;
  return o;
}

function boundIterations(opts) {
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) return opts;
  if (typeof opts.iterations === 'number' && opts.iterations > 5000 && opts.iterations <= 1e6) return { ...opts, iterations: 5000 };
  return opts;
}

// ---------------------------------------------------------------------------------------
// One case: a random sequence of calls.

function runCase(seed) {
  const r = prng(seed);
  const ctx = { log: [], execs: 0 };
  const handles = [];
  const keep = (h) => {
    if (h && typeof h.free === 'function') handles.push(h);
    return h;
  };
  try {
    const kind = r.pick(['ttt', 'ttt', 'c4', 'c4', oddValue(r)]);
    const moves = typeof kind === 'string' ? randomMoveString(r, kind === 'c4' ? 'c4' : 'ttt') : '';
    const gr = call(ctx, 'Game.create', ['kind', 'moves', 'game'], [kind, moves], () => Game.create(kind, moves));
    const game = gr.ok ? keep(gr.value) : keep(Game.create('ttt'));
    const text = treeText(r);
    const tr = call(ctx, 'GameTree.parse', ['text', 'line', 'column'], [text], () => GameTree.parse(text));
    if (!tr.ok && typeof text === 'string' && tr.error.name !== 'TreeParseError') fail(`GameTree.parse threw ${tr.error.name}, not TreeParseError`);
    if (tr.ok && typeof tr.value.toText === 'function') {
      const back = GameTree.parse(tr.value.toText());
      if (back.toText() !== tr.value.toText()) fail(`toText does not round-trip for ${show(text)}`);
      back.free();
    }
    const tree = tr.ok ? keep(tr.value) : keep(GameTree.parse(FIG));
    const treeSrc = tr.ok ? text : FIG;
    let stepper = null;
    let mcts = null;
    for (let steps = 1 + r.int(6); steps > 0; steps--) {
      const op = r.int(16);
      const isC4 = game.kind === 'c4';
      if (op === 0) {
        const { opts } = optionRecord(r, SEARCH_VALID);
        const o = isC4 ? boundC4(opts) : boundIterations(opts);
        const res = call(ctx, 'searchGame', ['game', 'options'], [game, o], () => searchGame(game, o), { snap: gameSnap(game), never: true });
        if (res.ok && !isC4 && res.value.exact && res.value.complete) {
          const want = tttOracle(game.moveString);
          if (res.value.value !== want) fail(`searchGame says exact ${res.value.value}, minimax ${want} (${game.moveString})`);
        }
      } else if (op === 1) {
        const { opts } = optionRecord(r, SEARCH_VALID);
        const o = boundIterations(opts);
        const res = call(ctx, 'searchTree', ['tree', 'options'], [tree, o], () => searchTree(tree, o));
        if (res.ok && res.value.exact && res.value.complete && !tree.hasTuples) {
          const m = treeOracle(treeSrc);
          if (Math.abs(res.value.value - m.value) > 1e-9 * (1 + Math.abs(m.value))) fail(`searchTree says exact ${res.value.value}, minimax ${m.value} (${treeSrc}, ${show(o)})`);
          const wantScores = !(o && typeof o === 'object' && o.scores === false);
          if (wantScores && res.value.scores.length !== tree.nodes()[0].children.length) fail(`searchTree: exact but scores ${show(res.value.scores)} (${treeSrc}, ${show(o)})`);
          if (wantScores) {
            // max^n's per-move `value` is the root player's entry (docs/wasm-api.md): on these
            // two-player trees, minus the value to X when player 1 moves at the root.
            const sign = res.value.algo === 'maxn' && tree.nodes()[0].player === 1 ? -1 : 1;
            // Each score is what its bound says (docs/wasm-api.md, "Guarantees"): 'exact' equal
            // to minimax, 'lower'/'upper' a true bound on it (α-β refines the other moves'
            // bounds only as far as the budget goes), 'missing' not searched; the best move's
            // score is exact whenever the value is.
            for (const [i, s] of res.value.scores.entries()) {
              const truth = sign * m.scores[i].value;
              const at = `move ${i} scores ${s.value} (${s.bound}), minimax ${m.scores[i].value} (${treeSrc}, ${show(o)})`;
              if (i === res.value.best && s.bound !== 'exact') fail(`searchTree: exact, but the best ${at}`);
              if (s.bound === 'exact' && s.value !== truth) fail(`searchTree: exact but ${at}`);
              else if (s.bound === 'upper' && !(sign === 1 && truth <= s.value)) fail(`searchTree: a false upper bound: ${at}`);
              else if (s.bound === 'lower' && !(sign === 1 && truth >= s.value)) fail(`searchTree: a false lower bound: ${at}`);
              else if (!['exact', 'upper', 'lower', 'missing'].includes(s.bound)) fail(`searchTree: bound ${s.bound} in an α-β or minimax result: ${at}`);
              else if ((s.bound === 'missing') !== (s.value === null)) fail(`searchTree: ${at}`);
            }
          }
        }
      } else if (op === 2) {
        const { opts } = optionRecord(r, SEARCH_VALID);
        const cap = r.chance(0.7) ? r.pick([1, 10, 500, 20000]) : oddValue(r);
        const o = isC4 ? boundC4(opts) : opts;
        const res = call(ctx, 'Stepper.forGame', ['game', 'options', 'nodeCap'], [game, o, cap], () => Stepper.forGame(game, o, cap), { snap: gameSnap(game), never: true });
        if (res.ok) {
          if (stepper) stepper.free();
          stepper = res.value;
        }
      } else if (op === 3) {
        const { opts } = optionRecord(r, SEARCH_VALID);
        const cap = r.chance(0.7) ? r.pick([1, 10, 500, 20000]) : oddValue(r);
        const res = call(ctx, 'Stepper.forTree', ['tree', 'options', 'nodeCap'], [tree, opts, cap], () => Stepper.forTree(tree, opts, cap));
        if (res.ok) {
          if (stepper) stepper.free();
          stepper = res.value;
        }
      } else if (op === 4) {
        const { opts } = optionRecord(r, MCTS_VALID);
        const onTree = r.chance(0.5);
        const res = onTree
          ? call(ctx, 'MctsStepper.forTree', ['tree', 'options'], [tree, opts], () => MctsStepper.forTree(tree, opts))
          : call(ctx, 'MctsStepper.forGame', ['game', 'options'], [game, opts], () => MctsStepper.forGame(game, opts), { snap: gameSnap(game), never: true });
        if (res.ok) {
          if (mcts) mcts.free();
          mcts = res.value;
        }
      } else if (op === 5) {
        const late = r.chance(0.5);
        const m = late ? latePosition(r) : randomMoveString(r, 'c4');
        let { opts } = optionRecord(r, SOLVER_VALID);
        // The default budget (10^9) is minutes on an early position: only late ones get it.
        if (!late && opts && typeof opts === 'object' && !(typeof opts.budget === 'number' && opts.budget <= 100000)) opts = { ...opts, budget: 50000 };
        if (!late && (opts === undefined || opts === null)) opts = { budget: 50000 };
        const fn = r.chance(0.5) ? ['solveConnect4', solveConnect4] : ['analyzeConnect4', analyzeConnect4];
        call(ctx, fn[0], ['moves', 'options', 'move string'], [m, opts], () => fn[1](m, opts));
      } else if (op === 6 && isC4) {
        const budget = r.chance(0.7) ? r.pick([1, 1000, 50000]) : oddValue(r);
        const b = typeof budget === 'number' && budget > 100000 && budget <= 1e9 ? 50000 : budget === undefined || budget === null ? 50000 : budget;
        call(ctx, 'solveGame', ['game', 'budget'], [game, b], () => solveGame(game, b), { snap: gameSnap(game), never: true });
      } else if (op === 6) {
        call(ctx, 'solveGame', ['game', 'budget', 'Connect-4', 'c4'], [game, 1000], () => solveGame(game, 1000), { snap: gameSnap(game), never: true });
      } else if (op === 7) {
        const mv = r.chance(0.6) ? r.int(10) : oddValue(r);
        call(ctx, 'Game.play', ['move', 'illegal'], [mv], () => game.play(mv), { snap: gameSnap(game) });
      } else if (op === 8) {
        const what = r.pick(['undo', 'redo', 'legalMoves', 'cells', 'winningLine', 'clone']);
        const res = call(ctx, `Game.${what}`, [], [], () => game[what]());
        if (what === 'clone' && res.ok) keep(res.value);
      } else if (op === 9 && stepper) {
        const what = r.pick(['step', 'back', 'seek', 'narration', 'board', 'events', 'state', 'nodes', 'pruned', 'result', 'pseudocode']);
        const arg = r.chance(0.6) ? r.int(Math.max(1, stepper.length + 2)) : oddValue(r);
        const arg2 = r.chance(0.5) ? undefined : r.chance(0.5) ? r.int(stepper.length + 2) : oddValue(r);
        const snap = () => [stepper.index, stepper.length];
        call(ctx, `Stepper.${what}`, ['index', 'node', 'from', 'to', 'n', 'i', 'tree', 'step'], [arg, arg2], () => stepper[what](arg, arg2), { snap });
      } else if (op === 10 && mcts) {
        const what = r.pick(['stepPhase', 'stepIteration', 'run', 'back', 'seekIteration', 'nodes', 'ucb', 'lastEvents', 'rootShares']);
        let arg = r.chance(0.6) ? r.int(40) : oddValue(r);
        if (typeof arg === 'number' && arg > 2000 && arg <= 1e6) arg = 2000;
        const snap = () => [mcts.iterations, mcts.phase, mcts.nodeCount];
        call(ctx, `MctsStepper.${what}`, ['n', 'node', 'k', 'iterations', 'iteration'], [arg], () => mcts[what](arg), { snap });
      } else if (op === 11) {
        const args = Array.from({ length: r.int(3) }, () => oddValue(r));
        const res = call(ctx, 'limits', [], args, () => limits(...args));
        if (res.ok && !(res.value.maxNodeCap > 0)) fail(`limits() gave ${show(res.value)}`);
      } else if (op === 12) {
        const args = Array.from({ length: 4 }, () => (r.chance(0.6) ? r.int(20) : oddValue(r)));
        call(ctx, 'ucb1', ['w', 'n', 'parentN', 'c'], args, () => ucb1(...args));
      } else if (op === 13) {
        // Arguments of the wrong kind where a handle belongs.
        const wrong = r.pick([tree, game, stepper, mcts, {}, 3, 'ttt', null, undefined]);
        const fn = r.pick([
          ['searchGame', () => searchGame(wrong, {})],
          ['searchTree', () => searchTree(wrong, {})],
          ['Stepper.forGame', () => Stepper.forGame(wrong, {}, 50)],
          ['Stepper.forTree', () => Stepper.forTree(wrong, {}, 50)],
          ['MctsStepper.forTree', () => MctsStepper.forTree(wrong, {})],
        ]);
        if (wrong === game || wrong === tree) continue; // valid: covered above
        call(ctx, fn[0], ['game', 'tree', 'expected instance', 'Game', 'GameTree'], [wrong], fn[1]);
      } else if (op === 14) {
        const c = r.pick(['ttt', 'c4']);
        const m = randomMoveString(r, c);
        const res = call(ctx, 'Game.create', ['kind', 'moves', 'move string'], [c, m], () => Game.create(c, m));
        if (res.ok) {
          if (res.value.moveString !== Game.create(c, res.value.moveString).moveString) fail(`moveString does not round-trip: ${show(m)}`);
          keep(res.value);
        }
      } else if (op === 15 && r.chance(0.3)) {
        // A freed handle: calls on it throw wasm-bindgen's null-pointer Error, and nothing else breaks.
        const g2 = Game.create('ttt');
        g2.free();
        call(ctx, 'Game.play (freed)', [], [4], () => g2.play(4), { freed: true });
        call(ctx, 'searchGame (freed game)', [], [], () => searchGame(g2, {}), { freed: true });
      }
    }
    // After the sequence above, so that every stored seed replays the calls it was found with.
    if (r.chance(0.5)) {
      // The tree editor's edits, on a copy (the oracle checks above read the tree's text):
      // a refusal leaves the text as it was; an edit says what it did, its focus is a node,
      // and the edited tree reads back as it writes.
      const t2 = keep(GameTree.parse(tree.toText()));
      const n = t2.nodeCount;
      const id = r.chance(0.8) ? r.int(n + 2) : oddValue(r);
      const what = r.pick(['setValue', 'setKind', 'setLabel', 'setProbabilities', 'checkProbabilities', 'addChild', 'removeNode', 'moveNode', 'editFields']);
      const second = {
        setValue: () => r.pick([r.int(21) - 10, '\u22122.5', '(1, 2, 6)', '1e16', 'x', oddValue(r)]),
        setKind: () => r.pick(['max', 'min', 'chance', 'terminal', 'p0', 'p3', 'bogus', oddValue(r)]),
        setLabel: () => r.pick(['', 'Left', 'A', "b'", '<b>', oddValue(r)]),
        setProbabilities: () => r.pick([['1/2', '1/2'], [0.25, 0.75], ['1/3'], [0.5, 0.6], oddValue(r)]),
        checkProbabilities: () => r.pick([['1/2', '1/2'], [0.25, 0.75], ['1/3'], oddValue(r)]),
        moveNode: () => (r.chance(0.7) ? r.int(4) : oddValue(r)),
      }[what];
      const args = second ? [id, second()] : [id];
      const res = call(ctx, `GameTree.${what}`, ['id', 'node', 'value', 'kind', 'label', 'probabilities', 'to'], args, () => t2[what](...args), { snap: () => t2.toText() });
      if (res.ok && !['editFields', 'checkProbabilities'].includes(what)) {
        const { focus, said } = res.value;
        if (!Number.isInteger(focus) || focus < 0 || focus >= t2.nodeCount || typeof said !== 'string' || said === '') fail(`GameTree.${what} said ${show(res.value)}`);
        const back = GameTree.parse(t2.toText());
        if (back.toText() !== t2.toText()) fail(`the edited tree does not read back as it writes: ${show(t2.toText())}`);
        back.free();
      }
    }
    if (r.chance(0.3)) {
      // The print figures (TikZ in the practice module, SVG in the full one) at a random
      // step with random options: they return text or refuse, naming the call or an argument.
      const { opts } = optionRecord(r, SEARCH_VALID);
      const o = boundIterations(opts);
      const cap = r.chance(0.8) ? 10 + r.int(300) : oddValue(r);
      const step = r.chance(0.8) ? r.int(60) : oddValue(r);
      const svg = r.chance(0.5);
      const extra = svg ? [r.chance(0.5), r.chance(0.6) ? undefined : r.pick([50, 100, 800, 20001, oddValue(r)])] : [r.chance(0.5)];
      const name = svg ? 'exportSvg' : 'exportTikz';
      const res = call(ctx, name, ['tree', 'options', 'nodeCap', 'step', 'width'], [tree, o, cap, step, ...extra], () => api[name](tree, o, cap, step, ...extra));
      if (res.ok && (typeof res.value !== 'string' || !res.value.startsWith(svg ? '<svg ' : '% plyground: '))) fail(`${name} gave ${show(res.value).slice(0, 80)}`);
    }
    if (stepper) stepper.free();
    if (mcts) mcts.free();
  } catch (e) {
    if (e instanceof FuzzFailure) {
      e.message = `${e.message}\n  case seed ${seed}; calls:\n    ${ctx.log.join('\n    ')}`;
    }
    throw e;
  } finally {
    for (const h of handles) {
      try {
        h.free();
      } catch {
        // already freed
      }
    }
  }
  const panics = consoleErrors.filter((e) => /panicked/.test(e));
  if (panics.length) fail(`a Rust panic reached the console: ${panics[0]}\n  case seed ${seed}; calls:\n    ${ctx.log.join('\n    ')}`);
  return ctx.execs;
}

/** The seeds of the corpus (tests/fuzz/api/*.json). */
function corpus() {
  return readdirSync(SEEDS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: f, ...JSON.parse(readFileSync(new URL(f, SEEDS_DIR), 'utf8')) }));
}

/** Builds the arguments of a seed: {"$game": [kind, moves]}, {"$tree": text}. */
function materialise(args, handles) {
  return args.map((a) => {
    if (a && typeof a === 'object' && '$game' in a) {
      const g = Game.create(...a.$game);
      handles.push(g);
      return g;
    }
    if (a && typeof a === 'object' && '$treeGen' in a) {
      // "root-children N": a root with N leaf children valued i mod 97 (as the Rust corpus).
      const [what, n] = a.$treeGen.split(' ');
      if (what !== 'root-children') throw new Error(`unknown $treeGen '${a.$treeGen}'`);
      const t = GameTree.parse(`[${Array.from({ length: Number(n) }, (_, i) => i % 97).join(',')}]`);
      handles.push(t);
      return t;
    }
    if (a && typeof a === 'object' && '$tree' in a) {
      const t = GameTree.parse(a.$tree);
      handles.push(t);
      return t;
    }
    return a;
  });
}

const CALLS = { 'GameTree.parse': (t) => GameTree.parse(t), searchGame, searchTree, solveConnect4, analyzeConnect4, solveGame, limits, 'Stepper.forGame': Stepper.forGame, 'Stepper.forTree': Stepper.forTree };

/**
 * Runs one stored seed. A `replay` seed re-runs a generated case; a `call` seed runs one call
 * with `args` and checks `expect` ({"value": v}, {"exactValue": v}, {"throws": true},
 * {"scoresLength": n}).
 */
function runSeed(s) {
  if (s.replay) return runCase(s.replay);
  if (s.special === 'deep-recursion') return deepRecursion(s);
  const argsSpec = s.args;
  const expect = s.expect || {};
  const handles = [];
  try {
    const args = materialise(argsSpec, handles);
    const ctx = { log: [], execs: 0 };
    const game = args.find((a) => a instanceof Game);
    const res = call(ctx, s.call, ['options', 'moves', 'budget', 'line'], args, () => CALLS[s.call](...args), game ? { snap: gameSnap(game), never: true } : {});
    if (expect.throws && res.ok) fail(`${s.file}: ${s.call} should throw, gave ${show(res.value)}`);
    if (!expect.throws && !res.ok) fail(`${s.file}: ${s.call} threw ${res.error.message}`);
    const v = res.value;
    if ('value' in expect && v.value !== expect.value) fail(`${s.file}: value ${v.value}, expected ${expect.value}`);
    if ('exactValue' in expect && v.exact && v.value !== expect.exactValue) fail(`${s.file}: says exact ${v.value}, the true value is ${expect.exactValue}`);
    if ('complete' in expect && v.complete !== expect.complete) fail(`${s.file}: complete ${v.complete}, expected ${expect.complete}`);
    if ('scores' in expect && v.exact && show(v.scores.map((x) => x.value)) !== show(expect.scores)) fail(`${s.file}: exact with scores ${show(v.scores.map((x) => x.value))}, true ${show(expect.scores)}`);
    if ('scoresLength' in expect && v.complete && v.scores.length !== expect.scoresLength) fail(`${s.file}: complete with ${v.scores.length} scores, expected ${expect.scoresLength}`);
    return 1;
  } finally {
    for (const h of handles) h.free();
  }
}

/** Calls an export at ever deeper recursion until the stack runs out, then searches: a
 * RangeError thrown inside wasm frames must leave the module working (the glue's guard). */
function deepRecursion(s) {
  for (const fn of s.exports) {
    // Call the export at every level of a recursion that goes on until the stack runs out:
    // at some depth the call gets into wasm and a RangeError is thrown inside it (from the
    // glue that builds its result or reads its arguments).
    const handles = [];
    const args = materialise(s.argsFor[fn] || [], handles);
    const down = () => {
      try {
        CALLS[fn](...args);
      } catch {
        // RangeError or an Error from the call: both fine, if the module survives.
      }
      down();
    };
    try {
      down();
    } catch {
      // the stack ran out
    }
    canary();
    for (const h of handles) h.free();
  }
  return 1;
}

function save(seed, message) {
  const file = new URL(`found-${Date.now()}.json`, SEEDS_DIR);
  const note = message.split('\n').slice(0, 3).join(' ').slice(0, 500);
  writeFileSync(file, `${JSON.stringify({ note: `Found by cargo xtask fuzz api: ${note}`, replay: seed }, null, 2)}\n`);
  return fileURLToPath(file);
}

const longMs = Number(process.env.PLYGROUND_FUZZ_MS || 0);

if (longMs > 0) {
  // Long mode: rounds of cases until the time is up.
  const base = Number(process.env.PLYGROUND_FUZZ_SEED || Date.now() % 4294967296) >>> 0;
  const seeds = corpus();
  console.log(`== target api: the wasm API's calls and option records in Node (${seeds.length} seeds in tests/fuzz/api/)`);
  const start = performance.now();
  let execs = 0;
  let cases = 0;
  let lastPrint = start;
  try {
    for (const s of seeds) execs += runSeed(s);
    for (let i = 0; performance.now() - start < longMs; i++) {
      const seed = (base + i * 0x9e3779b1) >>> 0;
      // So that a case that never returns can be named by whoever kills the process.
      if (process.env.PLYGROUND_FUZZ_CURRENT) writeFileSync(process.env.PLYGROUND_FUZZ_CURRENT, `${seed}\n`);
      try {
        execs += runCase(seed);
      } catch (e) {
        console.log(`FAIL target api (case seed ${seed}): ${e.message}`);
        console.log(`   stored as ${save(seed, e.message)}`);
        process.exitCode = 1;
        break;
      }
      cases++;
      if (performance.now() - lastPrint > 60000) {
        lastPrint = performance.now();
        const secs = (lastPrint - start) / 1000;
        console.log(`   ${secs.toFixed(0)} s  ${execs} calls  ${(execs / secs).toFixed(0)}/s  ${cases} cases`);
      }
    }
  } catch (e) {
    console.log(`FAIL target api: ${e.message}`);
    process.exitCode = 1;
  }
  const secs = (performance.now() - start) / 1000;
  console.log(`   target api: ${execs} executions (calls) in ${secs.toFixed(0)} s = ${(execs / secs).toFixed(1)} executions/s (${cases} cases); corpus ${corpus().length} seeds`);
} else {
  const CASES = Number(process.env.PLYGROUND_FUZZ_CASES || 300);

  test(`${CASES} random call sequences (seeded) return or throw named Errors, keep state and the module alive`, () => {
    let execs = 0;
    for (let i = 0; i < CASES; i++) execs += runCase((0x5eed0016 + i * 0x9e3779b1) >>> 0);
    assert.ok(execs >= CASES, `only ${execs} calls`);
  });

  for (const s of corpus()) {
    test(`seed ${s.file}`, () => {
      // The calls it made (a replayed case makes several); every check is inside runSeed,
      // which throws on the first that fails.
      const calls = runSeed(s);
      assert.ok(Number.isInteger(calls) && calls >= 1, `${s.file}: ${calls} calls`);
    });
  }

  test('a failing case would be caught: a fake dead module fails the canary', () => {
    assert.throws(() => fail('x'), FuzzFailure);
    assert.equal(namesIn('Stepper.seek', [], [{ depth: 3 }, 'x']).includes('depth'), true);
  });

  test('no Rust panic reached the console', () => {
    assert.deepEqual(consoleErrors.filter((e) => /panicked/.test(e)), []);
  });
}
