// The state of one figure — a tree search, a game, an MCTS run, the UCB1 calculator or an
// ordering comparison — as named parameters, read from anywhere a figure can be described:
// a custom element's attributes, an embed URL (embed.html#view=tree&tree=…), a playground
// link (index.html#tree?…) or a postMessage from a host page. One reader for all of them, so
// the same names mean the same thing everywhere, and one writer for links and snippets.
//
// Everything here is untrusted text: every value is checked (type, range, length) and an
// error names the parameter and the reason, quoting at most a short prefix of the value. No
// value is ever evaluated or inserted as HTML. The wasm module checks again what it receives
// (tree text, move strings, options).
//
// DOM-free, tested under node --test (tests/js/figure-state.test.mjs).

import { ENGINE_FIELDS, ENGINE_IDS, checkConfig, defaultConfig } from './engines.js';
import { limits } from './limits.js';

/** Size and range limits of the parameters. */
export const LIMITS = {
  /** Tree text, in characters (64 KiB). */
  tree: 65536,
  /** A whole fragment or query string before decoding (percent-encoding can triple a tree). */
  raw: 3 * 65536 + 8192,
  /** Move strings (Connect-4 has at most 42 moves; tic-tac-toe "0,1,…,8" is 17 characters). */
  moves: 200,
  /** Any other single value. */
  value: 200,
  // The players' ranges as limits() publishes them (the catalogue's, also in the tree module).
  get depth() {
    return limits().playerDepth;
  },
  get seed() {
    return limits().playerSeed;
  },
  get cap() {
    return { min: 10, max: limits().maxNodeCap };
  },
  step: { min: 0, max: 10_000_000 },
  speed: { min: 1, max: 60 },
  get c() {
    return limits().playerC;
  },
  /** MCTS iterations to show (re-run from the seed when a figure opens). */
  get iterations() {
    return { min: 0, max: limits().maxShownIterations };
  },
  get runN() {
    return { min: 1, max: limits().maxShownIterations };
  },
  selected: { min: 0, max: 10_000_000 },
  pace: { min: 0, max: 10000 },
  parent: { min: 1, max: 1e9 },
  /** Practice generator options (the core checks them again, with its own limits). */
  practiceDepth: { min: 1, max: 6 },
  /** Not the players' seed and C ranges (the shipped module's catalogue): a practice page may load only the practice module. */
  practiceSeed: { min: 0, max: 2 ** 32 - 1 },
  practiceC: { min: 0, max: 100 },
  players: { min: 2, max: 4 },
  cutoffs: { min: 0, max: 50 },
};

export const VIEWS = ['tree', 'game', 'mcts', 'ucb', 'compare', 'practice'];
export const GAME_KINDS = ['ttt', 'c4'];
export const ALGORITHMS = ['minimax', 'alphabeta', 'expectiminimax', 'maxn', 'solve'];
export const TIES = ['nonstrict', 'strict'];
export const ORDERS = ['natural', 'reverse', 'random', 'best', 'heuristic', 'killer', 'history'];
export const THEMES = ['auto', 'light', 'dark'];
export const PHASES = ['select', 'expand', 'rollout'];
/** Predict mode: the questions each view can ask (`predict=all` asks them all). */
export const PREDICT_KINDS = { tree: ['windows', 'prune', 'returns'], mcts: ['select', 'backup'] };
/** Practice tasks (the core's Practice.tasks() ids) and difficulty presets. */
export const TASKS = ['minimax', 'alphabeta-leaves', 'alphabeta-full', 'expectiminimax', 'maxn', 'mcts', 'ordering'];
export const DIFFICULTIES = ['easy', 'exam', 'hard'];
/** The practice generator's options, as URL/attribute names (kebab-case) → Practice.create's names. */
export const PRACTICE_GEN = [
  ['depth', 'depth'],
  ['branching', 'branching'],
  ['values', 'values'],
  ['decimals', 'decimals'],
  ['chance', 'chance'],
  ['players', 'players'],
  ['cutoffs', 'cutoffs'],
  ['unique-best', 'uniqueBest'],
  ['tie-sensitive', 'tieSensitive'],
  ['worst-order', 'worstOrder'],
];

/** The controls each view can show; `controls="all"` or `"none"` also work. */
export const CONTROLS = {
  tree: ['step', 'play', 'navigate', 'events', 'scrubber', 'narration', 'counters', 'result', 'pseudocode', 'zoom', 'boards', 'minimax', 'legend', 'export'],
  game: ['status', 'players', 'new', 'undo', 'moves', 'engine', 'summary', 'export'],
  mcts: ['step', 'play', 'run', 'narration', 'zoom', 'ucb', 'chart', 'shares', 'decision', 'legend', 'export', 'present'],
  ucb: ['inputs'],
  compare: ['run'],
  practice: [],
};

/** What a figure shows when `controls` is not given. */
export const DEFAULT_CONTROLS = {
  tree: ['step', 'play', 'scrubber', 'narration', 'counters', 'result'],
  game: ['status', 'players', 'new', 'undo', 'engine', 'summary'],
  mcts: ['step', 'run', 'narration', 'zoom', 'ucb', 'shares', 'decision'],
  ucb: ['inputs'],
  compare: ['run'],
  practice: [],
};

/** Parameter names each view reads (besides `view`). Aliases map to these. */
export const PARAM_NAMES = {
  tree: ['tree', 'game', 'moves', 'depth', 'eval', 'tt', 'quiescence', 'singular', 'beam', 'algo', 'tie', 'order', 'seed', 'cap', 'step', 'steps', 'loop', 'boards', 'controls', 'speed', 'autoplay', 'predict', 'theme', 'height', 'origin'],
  game: ['game', 'moves', 'x', 'o', 'scores', 'pace', 'controls', 'autoplay', 'theme', 'height', 'origin'],
  mcts: ['game', 'tree', 'moves', 'c', 'seed', 'solver', 'iterations', 'phase', 'selected', 'n', 'controls', 'speed', 'autoplay', 'predict', 'theme', 'height', 'origin'],
  ucb: ['parent', 'c', 'children', 'theme', 'origin'],
  compare: ['tree', 'game', 'moves', 'depth', 'eval', 'tt', 'quiescence', 'tie', 'seed', 'controls', 'autoplay', 'theme', 'origin'],
  practice: ['task', 'tree', 'seed', 'difficulty', ...PRACTICE_GEN.map(([k]) => k), 'tie', 'c', 'theme', 'height', 'origin'],
};

/** Other spellings accepted on the way in (attributes read naturally as `algorithm`). */
export const ALIASES = new Map([['algorithm', 'algo']]);

/** The canonical name of a parameter (an alias's target, else the name itself). */
export function canonicalName(name) {
  return ALIASES.get(name) ?? name;
}

/** A parameter with a bad value: names the parameter, says why. */
export class ParamError extends Error {
  constructor(param, reason) {
    super(param ? `${param}: ${reason}` : reason);
    this.name = 'ParamError';
    this.param = param;
  }
}

/** A value for an error message: quoted, at most 40 characters, control characters shown as '?'. */
export function quote(v) {
  let s = String(v);
  const long = s.length > 40;
  if (long) s = s.slice(0, 40);
  // eslint-disable-next-line no-control-regex
  s = s.replace(/[\u0000-\u001f\u007f]/g, '?');
  return `'${s}${long ? '…' : ''}'`;
}

// ------------------------------------------------------------------------------ readers
// Each reader takes the raw value (a string, or undefined/null when absent) and returns the
// typed value or the default; bad values throw ParamError.

function text(name, raw, max = LIMITS.value) {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw new ParamError(name, `expected text, got ${typeof raw}`);
  if (raw.length > max) throw new ParamError(name, `too long (${raw.length.toLocaleString('en-US')} characters; at most ${max.toLocaleString('en-US')})`);
  return raw;
}

function oneOf(name, raw, values, dflt) {
  const v = text(name, raw);
  if (v === null || v.trim() === '') return dflt;
  const t = v.trim();
  if (!values.includes(t)) throw new ParamError(name, `unknown value ${quote(t)} (expected ${values.map((x) => `'${x}'`).join(', ')})`);
  return t;
}

function int(name, raw, { min, max }, dflt) {
  const v = text(name, raw);
  if (v === null || v.trim() === '') return dflt;
  const t = v.trim();
  if (!/^\d{1,16}$/.test(t) || !Number.isSafeInteger(Number(t)) || Number(t) < min || Number(t) > max) {
    throw new ParamError(name, `expected a whole number from ${min} to ${max.toLocaleString('en-US')}, got ${quote(t)}`);
  }
  return Number(t);
}

function num(name, raw, { min, max }, dflt) {
  const v = text(name, raw);
  if (v === null || v.trim() === '') return dflt;
  const t = v.trim();
  const n = /^[+]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(n) || n < min || n > max) throw new ParamError(name, `expected a number from ${min} to ${max}, got ${quote(t)}`);
  return n;
}

/** Present with no value (`<ply-game scores>`), or true/false, 1/0, on/off, yes/no. */
function bool(name, raw, dflt) {
  const v = text(name, raw);
  if (v === null) return dflt;
  const t = v.trim().toLowerCase();
  if (['', 'true', '1', 'on', 'yes'].includes(t)) return true;
  if (['false', '0', 'off', 'no'].includes(t)) return false;
  throw new ParamError(name, `expected true or false, got ${quote(t)}`);
}

/** 'end' or a step number (checked against the trace's length once it is recorded). */
function step(name, raw) {
  const v = text(name, raw);
  if (v === null || v.trim() === '') return 0;
  if (v.trim() === 'end') return 'end';
  return int(name, v, LIMITS.step, 0);
}

/**
 * A step range `from-to` (`steps=12-23`: positions, as `step=` counts them), or null. The
 * figure starts at `from` and keeps between the two; `loop` says whether playing past `to`
 * starts again at `from` or stops. Checked against the trace once it is recorded
 * (checkSteps).
 */
function stepRange(name, raw) {
  const v = text(name, raw);
  if (v === null || v.trim() === '') return null;
  const m = /^(\d{1,8})-(\d{1,8})$/.exec(v.trim());
  if (!m) throw new ParamError(name, `expected a range of steps like 12-23, got ${quote(v.trim())}`);
  const [from, to] = [Number(m[1]), Number(m[2])];
  if (to > LIMITS.step.max) throw new ParamError(name, `the range ends past ${LIMITS.step.max.toLocaleString('en-US')}, got ${quote(v.trim())}`);
  if (from > to) throw new ParamError(name, `the range must start before it ends (${from} > ${to})`);
  return { from, to };
}

/**
 * A list of known words separated by commas or spaces, in the order given, each once, or
 * 'all' / 'none'; `dflt` when absent. An unknown word names the parameter and the choices.
 */
function wordList(name, raw, known, what, dflt) {
  const v = text(name, raw);
  if (v === null) return dflt;
  const words = v.split(/[\s,]+/).filter(Boolean);
  if (words.length === 1 && words[0] === 'none') return [];
  if (words.length === 1 && words[0] === 'all') return known.slice();
  const out = [];
  for (const w of words) {
    if (!known.includes(w)) throw new ParamError(name, `unknown ${what(quote(w))} (expected ${known.join(', ')}, or all or none)`);
    if (!out.includes(w)) out.push(w);
  }
  return out;
}

/** Predict mode: null (off), or the question kinds asked ('all' or a list). */
export function readPredict(view, raw) {
  const kinds = wordList('predict', raw, PREDICT_KINDS[view], (w) => `question kind ${w}`, []);
  return kinds.length ? kinds : null;
}

/** A comma- or space-separated list of control names, or 'all' / 'none'. */
export function readControls(view, raw) {
  return wordList('controls', raw, CONTROLS[view], (w) => `control ${w} for a ${view} figure`, DEFAULT_CONTROLS[view].slice());
}

/** A CSS length for a figure's drawing: a number (pixels) or a number with px, em, rem, vh. */
function height(raw) {
  const v = text('height', raw);
  if (v === null || v.trim() === '') return null;
  const t = v.trim();
  const m = /^(\d{1,4}(?:\.\d{1,2})?)(px|em|rem|vh)?$/.exec(t);
  if (!m) throw new ParamError('height', `expected a length like 320 or 320px, 20em, 50vh; got ${quote(t)}`);
  const n = Number(m[1]);
  const unit = m[2] ?? 'px';
  const max = unit === 'px' ? 4000 : unit === 'vh' ? 100 : 250;
  const min = unit === 'px' ? 80 : unit === 'vh' ? 10 : 5;
  if (n < min || n > max) throw new ParamError('height', `${t} is out of range (${min}${unit} to ${max}${unit})`);
  return `${n}${unit}`;
}

/** `origin`: where the embed page posts its messages and which sender it listens to. */
function origin(raw) {
  const v = text('origin', raw);
  if (v === null || v.trim() === '' || v.trim() === '*') return null;
  const t = v.trim();
  let u;
  try {
    u = new URL(t);
  } catch {
    throw new ParamError('origin', `expected an origin like https://example.org, got ${quote(t)}`);
  }
  if (!['http:', 'https:'].includes(u.protocol) || u.origin !== t) {
    throw new ParamError('origin', `expected an origin like https://example.org (scheme, host and port only), got ${quote(t)}`);
  }
  return t;
}

/**
 * An engine for one side: `human`, or an engine with options,
 * e.g. `hminimax,depth=6,tt` or `mcts,iterations=5000,c=1.4,seed=7` (commas or spaces).
 * @param {string} name 'x' or 'o'
 * @param {string|null|undefined} raw
 * @param {'ttt'|'c4'} kind
 * @param {string} dflt engine id
 */
export function readEngine(name, raw, kind, dflt) {
  const v = text(name, raw);
  if (v === null || v.trim() === '') return checkConfig(kind, defaultConfig(kind, dflt));
  const [id, ...rest] = v.trim().split(/[\s,]+/);
  if (!ENGINE_IDS.includes(id)) throw new ParamError(name, `unknown engine ${quote(id)} (expected ${ENGINE_IDS.join(', ')})`);
  if (id === 'minimax' && kind === 'c4') throw new ParamError(name, 'minimax searches to the end of the game: only tic-tac-toe is small enough');
  const cfg = defaultConfig(kind, id);
  for (const part of rest) {
    const m = /^([a-z]+)(?:=(.*))?$/.exec(part);
    const key = m ? m[1] : part;
    if (!m || !ENGINE_FIELDS[id].includes(key)) {
      const fields = ENGINE_FIELDS[id];
      throw new ParamError(name, `${quote(key)} is not an option of ${id}${fields.length ? ` (options: ${fields.join(', ')})` : ' (it has none)'}`);
    }
    if (key === 'tt' || key === 'quiescence') cfg[key] = bool(`${name} ${key}`, m[2] ?? '', true);
    else cfg[key] = m[2] ?? '';
  }
  try {
    return checkConfig(kind, cfg);
  } catch (e) {
    throw new ParamError(name, e.message);
  }
}

/** An engine config back to its spec text: only what differs from the defaults. */
export function engineSpec(kind, cfg) {
  const d = defaultConfig(kind, cfg.engine);
  const parts = [cfg.engine];
  for (const f of ENGINE_FIELDS[cfg.engine]) {
    if (cfg[f] === d[f]) continue;
    if (f === 'tt' || f === 'quiescence') parts.push(cfg[f] ? f : `${f}=false`);
    else parts.push(`${f}=${cfg[f] ?? ''}`);
  }
  return parts.join(',');
}

// ------------------------------------------------------------------------------ views

/**
 * Reads the state of one view from a getter of raw values.
 * @param {string} view one of VIEWS
 * @param {(name: string) => string|null|undefined} get
 * @returns {object} the normalised state (see the tests for its shape)
 */
export function readState(view, get) {
  if (!VIEWS.includes(view)) throw new ParamError('view', `unknown view ${quote(view)} (expected ${VIEWS.join(', ')})`);
  const common = { view, theme: oneOf('theme', get('theme'), THEMES, 'auto'), origin: origin(get('origin')) };
  if (view === 'tree') return { ...common, ...readTreeSource(get, true), ...readTreeOptions(get), ...readTreeShow(get) };
  if (view === 'compare') {
    const src = readTreeSource(get, false);
    return {
      ...common,
      ...src,
      tie: oneOf('tie', get('tie'), TIES, 'nonstrict'),
      seed: int('seed', get('seed'), LIMITS.seed, 1),
      controls: readControls(view, get('controls')),
      autoplay: bool('autoplay', get('autoplay'), false),
    };
  }
  if (view === 'game') {
    const kind = oneOf('game', get('game'), GAME_KINDS, 'ttt');
    return {
      ...common,
      game: kind,
      moves: moves(get('moves')),
      x: readEngine('x', get('x'), kind, 'human'),
      o: readEngine('o', get('o'), kind, kind === 'c4' ? 'hminimax' : 'alphabeta'),
      scores: bool('scores', get('scores'), false),
      pace: int('pace', get('pace'), LIMITS.pace, 600),
      controls: readControls(view, get('controls')),
      autoplay: bool('autoplay', get('autoplay'), false),
      height: height(get('height')),
    };
  }
  if (view === 'mcts') {
    const tree = text('tree', get('tree'), LIMITS.tree);
    const game = get('game');
    if (tree !== null && tree.trim() !== '' && game != null && game !== '') throw new ParamError('tree', 'give either a tree or a game, not both');
    const hasTree = tree !== null && tree.trim() !== '';
    const iterations = int('iterations', get('iterations'), LIMITS.iterations, 0);
    return {
      ...common,
      source: hasTree ? 'tree' : oneOf('game', game, GAME_KINDS, 'ttt'),
      tree: hasTree ? tree : null,
      moves: hasTree ? '' : moves(get('moves')),
      c: num('c', get('c'), LIMITS.c, 1.414),
      seed: int('seed', get('seed'), LIMITS.seed, 1),
      solver: bool('solver', get('solver'), false),
      iterations,
      phase: oneOf('phase', get('phase'), PHASES, null),
      selected: int('selected', get('selected'), LIMITS.selected, 0),
      n: int('n', get('n'), LIMITS.runN, 100),
      controls: readControls(view, get('controls')),
      speed: int('speed', get('speed'), LIMITS.speed, 2),
      autoplay: bool('autoplay', get('autoplay'), false),
      predict: readPredict('mcts', get('predict')),
      height: height(get('height')),
    };
  }
  if (view === 'practice') return { ...common, ...readPractice(get) };
  // ucb
  return {
    ...common,
    parent: int('parent', get('parent'), LIMITS.parent, 100),
    c: num('c', get('c'), LIMITS.c, 1.414),
    children: text('children', get('children')) ?? '28/40, 30/50, 8/10',
  };
}

/** `branching`: a number (2) or a range (2-3), each 1 – 9. */
function branching(raw) {
  const v = text('branching', raw);
  if (v === null || v.trim() === '') return null;
  const t = v.trim();
  if (!/^[1-9](-[1-9])?$/.test(t)) throw new ParamError('branching', `expected a number of children like 2 or a range like 2-3, got ${quote(t)}`);
  return t;
}

/** `values`: a range of leaf values, lo..hi (integers). */
function valueRange(raw) {
  const v = text('values', raw);
  if (v === null || v.trim() === '') return null;
  const t = v.trim();
  if (!/^-?\d{1,4}\.\.-?\d{1,4}$/.test(t)) throw new ParamError('values', `expected a range like 0..9 or -5..5, got ${quote(t)}`);
  return t;
}

/**
 * A practice exercise: the task, then a given tree or a seed with generator options (null
 * when not given: the difficulty preset decides), the tie rule and C.
 */
function readPractice(get) {
  const tree = text('tree', get('tree'), LIMITS.tree);
  const hasTree = tree !== null && tree.trim() !== '';
  const out = {
    task: oneOf('task', get('task'), TASKS, 'alphabeta-leaves'),
    tree: hasTree ? tree : null,
    // A given tree has no seed unless one is named (grades then report seed: null).
    seed: int('seed', get('seed'), LIMITS.practiceSeed, hasTree ? null : 1),
    difficulty: oneOf('difficulty', get('difficulty'), DIFFICULTIES, 'exam'),
    depth: int('depth', get('depth'), LIMITS.practiceDepth, null),
    branching: branching(get('branching')),
    values: valueRange(get('values')),
    decimals: bool('decimals', get('decimals'), null),
    chance: bool('chance', get('chance'), null),
    players: int('players', get('players'), LIMITS.players, null),
    cutoffs: int('cutoffs', get('cutoffs'), LIMITS.cutoffs, null),
    uniqueBest: bool('unique-best', get('unique-best'), null),
    tieSensitive: bool('tie-sensitive', get('tie-sensitive'), null),
    worstOrder: bool('worst-order', get('worst-order'), null),
    tie: oneOf('tie', get('tie'), TIES, 'nonstrict'),
    c: num('c', get('c'), LIMITS.practiceC, null),
    height: height(get('height')),
  };
  if (hasTree) {
    for (const [k, prop] of [['difficulty', 'difficulty'], ...PRACTICE_GEN]) {
      const v = get(k);
      if (v !== null && v !== undefined) throw new ParamError(k, 'is a generator option: give either a tree or generator options, not both');
      if (prop !== 'difficulty') out[prop] = null;
    }
  }
  return out;
}

/** The options of Practice.create for a practice state: only what the state gives. */
export function practiceOptions(s) {
  const o = { task: s.task };
  if (s.tree !== null) o.tree = s.tree;
  else {
    o.difficulty = s.difficulty;
    for (const [, prop] of PRACTICE_GEN) if (s[prop] !== null && s[prop] !== undefined) o[prop] = s[prop];
  }
  if (s.seed !== null) o.seed = s.seed;
  o.tie = s.tie;
  if (s.c !== null) o.c = s.c;
  return o;
}

function moves(raw) {
  const v = text('moves', raw, LIMITS.moves);
  return v === null ? '' : v.trim();
}

/** A tree text or a game position (with the depth options of a game search). */
function readTreeSource(get, allowNone) {
  const tree = text('tree', get('tree'), LIMITS.tree);
  const game = get('game');
  const hasTree = tree !== null && tree.trim() !== '';
  const hasGame = game !== null && game !== undefined && String(game).trim() !== '';
  if (hasTree && hasGame) throw new ParamError('tree', 'give either a tree or a game position, not both');
  if (!hasTree && !hasGame) {
    if (!allowNone) throw new ParamError('tree', 'missing: give a tree (e.g. [[3,12,8],[2,4,6],[14,5,2]]) or a game and moves');
    throw new ParamError('tree', 'missing: give a tree (e.g. [[3,12,8],[2,4,6],[14,5,2]]) or a game and moves');
  }
  const isGame = hasGame;
  const out = {
    source: isGame ? oneOf('game', game, GAME_KINDS, 'ttt') : 'tree',
    tree: isGame ? null : tree,
    moves: isGame ? moves(get('moves')) : '',
    depth: null,
    eval: true,
    tt: false,
    quiescence: false,
  };
  if (isGame) {
    out.depth = int('depth', get('depth'), LIMITS.depth, null);
    out.eval = bool('eval', get('eval'), true);
    out.tt = bool('tt', get('tt'), false);
    out.quiescence = bool('quiescence', get('quiescence'), false);
  } else {
    // A tree cuts off with EVAL = its inner nodes' written evaluations (`B~4[…]`), else 0.
    out.depth = int('depth', get('depth'), LIMITS.depth, null);
    for (const n of ['moves', 'eval', 'tt', 'quiescence']) {
      const v = get(n);
      if (v !== null && v !== undefined) throw new ParamError(n, 'applies to a game position (game="ttt" or "c4"), not to a tree');
    }
  }
  return out;
}

/**
 * `singular="MARGIN[:EXTRA]"` (α-β's singular extensions, e.g. "2:1") → {margin, extra}, or
 * null; the core checks the ranges again and names them.
 */
function singular(raw) {
  const v = text('singular', raw);
  if (v === null || v.trim() === '') return null;
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?\s*(?::\s*(\d{1,2})\s*)?$/i.exec(v);
  const margin = m ? Number(m[1] + (m[2] !== undefined ? `e${m[2]}` : '')) : NaN;
  const extra = m && m[3] !== undefined ? Number(m[3]) : 1;
  if (!Number.isFinite(margin) || extra < 1 || extra > limits().maxSingularExtra) {
    throw new ParamError('singular', `expected MARGIN or MARGIN:EXTRA (a margin ≥ 0, 1 to ${limits().maxSingularExtra} extra plies), as in 2:1, got ${quote(v.trim())}`);
  }
  return { margin, extra };
}

function readTreeOptions(get) {
  return {
    singular: singular(get('singular')),
    beam: int('beam', get('beam'), { min: 1, max: limits().maxBeamWidth }, null),
    algo: oneOf('algo', get('algo'), ALGORITHMS, null),
    tie: oneOf('tie', get('tie'), TIES, 'nonstrict'),
    order: oneOf('order', get('order'), ORDERS, null),
    seed: int('seed', get('seed'), LIMITS.seed, 1),
    cap: int('cap', get('cap'), LIMITS.cap, limits().defaultNodeCap),
  };
}

function readTreeShow(get) {
  return {
    step: step('step', get('step')),
    steps: stepRange('steps', get('steps')),
    loop: bool('loop', get('loop'), false),
    boards: bool('boards', get('boards'), false),
    controls: readControls('tree', get('controls')),
    speed: int('speed', get('speed'), LIMITS.speed, 4),
    autoplay: bool('autoplay', get('autoplay'), false),
    predict: readPredict('tree', get('predict')),
    height: height(get('height')),
  };
}

// ------------------------------------------------------------------------------ URLs

const KEY = /^[a-z][a-z0-9-]{0,30}$/;

/**
 * Splits `a=1&b=2` (a fragment or query, with or without its leading '#' or '?') into a Map.
 * Values are percent-decoded ('+' stays '+'). Throws ParamError on a malformed escape, a
 * repeated or unknown-looking name, or an oversized string.
 * @param {string} s
 * @returns {Map<string, string>}
 */
export function splitParams(s) {
  if (typeof s !== 'string') throw new ParamError(null, 'the parameters must be text');
  if (s.length > LIMITS.raw) throw new ParamError(null, `the URL is too long (${s.length.toLocaleString('en-US')} characters; at most ${LIMITS.raw.toLocaleString('en-US')})`);
  const out = new Map();
  const body = s.replace(/^[#?]/, '');
  if (body === '') return out;
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawVal = eq < 0 ? '' : pair.slice(eq + 1);
    let key;
    let val;
    try {
      key = decodeURIComponent(rawKey);
      val = decodeURIComponent(rawVal);
    } catch {
      throw new ParamError(null, `a malformed %-escape in ${quote(pair)}`);
    }
    if (!KEY.test(key)) throw new ParamError(null, `${quote(key)} is not a parameter name`);
    key = canonicalName(key);
    if (out.has(key)) throw new ParamError(key, 'given twice');
    out.set(key, val);
  }
  return out;
}

/**
 * Reads a whole state from URL parameters: `view` picks the view (default `tree`, or the
 * given one for playground links whose hash names the view), unknown names are refused.
 * @param {Map<string, string>} params
 * @param {string} [view] the view when the URL names it elsewhere (the playground's #tree?…)
 */
export function stateFromParams(params, view) {
  const v = view ?? params.get('view') ?? 'tree';
  if (!VIEWS.includes(v)) throw new ParamError('view', `unknown view ${quote(v)} (expected ${VIEWS.join(', ')})`);
  const allowed = new Set([...PARAM_NAMES[v], ...(view ? [] : ['view'])]);
  for (const k of params.keys()) {
    if (!allowed.has(k)) throw new ParamError(k, `not a parameter of a ${v} figure (parameters: ${PARAM_NAMES[v].join(', ')})`);
  }
  return readState(v, (name) => params.get(name));
}

/** Parses an embed URL's fragment or query into a state. */
export function parseStateString(s, view) {
  return stateFromParams(splitParams(s), view);
}

/** Percent-encodes a value, leaving the characters of tree text and specs readable. */
export function encodeValue(v) {
  return encodeURIComponent(String(v)).replace(/%(2C|3A|3D|5B|5D|40|2F|28|29)/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * The parameters that describe a state, in a stable order, without defaults: [name, value] pairs.
 * @param {object} s a state from readState
 * @param {{names?: 'url'|'attributes'}} [opts] attributes spell `algo` as `algorithm`
 */
export function stateParams(s, opts = {}) {
  const out = [];
  const put = (k, v) => out.push([k, String(v)]);
  const flag = (k, v, dflt) => {
    if (v !== dflt) put(k, v ? 'true' : 'false');
  };
  const controls = (view) => {
    const d = DEFAULT_CONTROLS[view];
    const c = s.controls ?? d;
    if (c.length === d.length && c.every((x, i) => x === d[i])) return;
    put('controls', c.length === 0 ? 'none' : c.join(','));
  };
  if (s.view === 'tree' || s.view === 'compare') {
    if (s.source === 'tree') {
      put('tree', s.tree);
      if (s.depth != null) put('depth', s.depth);
    } else {
      put('game', s.source);
      if (s.moves) put('moves', s.moves);
      if (s.depth != null) put('depth', s.depth);
      flag('eval', s.eval, true);
      flag('tt', s.tt, false);
      flag('quiescence', s.quiescence, false);
    }
  }
  if (s.view === 'tree') {
    if (s.algo) put(opts.names === 'attributes' ? 'algorithm' : 'algo', s.algo);
    if (s.tie !== 'nonstrict') put('tie', s.tie);
    if (s.order) put('order', s.order);
    if (s.singular) put('singular', `${s.singular.margin}:${s.singular.extra}`);
    if (s.beam != null) put('beam', s.beam);
    if (s.seed !== 1) put('seed', s.seed);
    if (s.cap !== limits().defaultNodeCap) put('cap', s.cap);
    if (s.step !== 0) put('step', s.step);
    if (s.steps) put('steps', `${s.steps.from}-${s.steps.to}`);
    flag('loop', s.loop, false);
    flag('boards', s.boards, false);
    controls('tree');
    if (s.speed !== 4) put('speed', s.speed);
    flag('autoplay', s.autoplay, false);
    if (s.predict) put('predict', s.predict.join(','));
    if (s.height) put('height', s.height);
  } else if (s.view === 'compare') {
    if (s.tie !== 'nonstrict') put('tie', s.tie);
    if (s.seed !== 1) put('seed', s.seed);
    controls('compare');
    flag('autoplay', s.autoplay, false);
  } else if (s.view === 'game') {
    if (s.game !== 'ttt') put('game', s.game);
    if (s.moves) put('moves', s.moves);
    put('x', engineSpec(s.game, s.x));
    put('o', engineSpec(s.game, s.o));
    flag('scores', s.scores, false);
    if (s.pace !== 600) put('pace', s.pace);
    controls('game');
    flag('autoplay', s.autoplay, false);
    if (s.height) put('height', s.height);
  } else if (s.view === 'mcts') {
    if (s.source === 'tree') put('tree', s.tree);
    else {
      put('game', s.source);
      if (s.moves) put('moves', s.moves);
    }
    if (s.c !== 1.414) put('c', s.c);
    if (s.seed !== 1) put('seed', s.seed);
    flag('solver', s.solver, false);
    if (s.iterations) put('iterations', s.iterations);
    if (s.phase) put('phase', s.phase);
    if (s.selected) put('selected', s.selected);
    if (s.n !== 100) put('n', s.n);
    controls('mcts');
    if (s.speed !== 2) put('speed', s.speed);
    flag('autoplay', s.autoplay, false);
    if (s.predict) put('predict', s.predict.join(','));
    if (s.height) put('height', s.height);
  } else if (s.view === 'practice') {
    put('task', s.task);
    if (s.tree !== null) put('tree', s.tree);
    if (s.seed !== null && (s.tree !== null || s.seed !== 1)) put('seed', s.seed);
    if (s.tree === null) {
      if (s.difficulty !== 'exam') put('difficulty', s.difficulty);
      for (const [k, prop] of PRACTICE_GEN) {
        const v = s[prop];
        if (v === null || v === undefined) continue;
        if (typeof v === 'boolean') put(k, v ? 'true' : 'false');
        else put(k, v);
      }
    }
    if (s.tie !== 'nonstrict') put('tie', s.tie);
    if (s.c !== null) put('c', s.c);
    if (s.height) put('height', s.height);
  } else if (s.view === 'ucb') {
    if (s.parent !== 100) put('parent', s.parent);
    if (s.c !== 1.414) put('c', s.c);
    if (s.children !== '28/40, 30/50, 8/10') put('children', s.children);
  }
  if (s.theme && s.theme !== 'auto') put('theme', s.theme);
  if (s.origin) put('origin', s.origin);
  return out;
}

/**
 * A state as URL parameters: `view=tree&tree=[[3,12,8],…]&step=end`.
 * @param {object} s
 * @param {{withView?: boolean}} [opts] withView false for the playground (its hash names the view)
 */
export function stateToString(s, opts = {}) {
  const pairs = stateParams(s);
  if (opts.withView !== false) pairs.unshift(['view', s.view]);
  return pairs.map(([k, v]) => `${k}=${encodeValue(v)}`).join('&');
}

/**
 * Checks a step range (or null) and the requested step against a recorded trace: returns
 * the range in bounds ({from, to, loop}; the whole trace when there is none) and the step
 * to show first (the range's start unless `step` names one inside it).
 * @param {{step: number|'end', steps: {from: number, to: number}|null, loop: boolean}} s
 * @param {number} length
 */
export function checkSteps(s, length) {
  const r = s.steps;
  if (!r) return { range: null, step: checkStep(s.step, length) };
  const n = length.toLocaleString('en-US');
  if (r.to > length) throw new ParamError('steps', `steps=${r.from}-${r.to} ends past the end of the search (${n} steps)`);
  const range = { from: r.from, to: r.to, loop: Boolean(s.loop) };
  if (s.step === 0) return { range, step: r.from };
  const step = checkStep(s.step, length);
  if (step < r.from || step > r.to) throw new ParamError('step', `step ${step} is outside steps=${r.from}-${r.to}`);
  return { range, step };
}

/** Checks a requested step against a recorded trace: 'end' or 0 … length. */
export function checkStep(step, length) {
  if (step === 'end') return length;
  if (step > length) throw new ParamError('step', `step ${step.toLocaleString('en-US')} is past the end of the search (${length.toLocaleString('en-US')} steps)`);
  return step;
}
