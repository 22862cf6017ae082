// A JavaScript stack nearly exhausted must not kill the module.
//
// Every exported function and method is called at every JavaScript stack depth near the
// limit, one frame deeper each time, so that a RangeError ("Maximum call stack size
// exceeded") is thrown at every point of its path through wasm: on entry, inside the Rust
// code, in its calls back into JavaScript (strings, objects, typed arrays) and while its
// result record is written. A JavaScript exception unwinds through wasm frames without
// running Rust destructors, and V8 throws it at the entry of any wasm function (inside the
// allocator too), so the instance it interrupted cannot be trusted: the guard that
// `cargo xtask build` splices into the glue (xtask/src/guard.js) replaces it with a fresh one
// and invalidates the handles it had made. After every such error a normal search must give
// its exact answer, and an old handle must say clearly that it is gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

// The full module (www/pkg/: the tree and games modules' exports plus Practice and
// exportTikz), so every export is swept.
const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error(`${pkg}plyground_wasm.js is missing: run \`cargo xtask build\` first`);
const bytes = readFileSync(`${pkg}plyground_wasm_bg.wasm`);

// One instance for the whole sweep: thousands of interruptions, each followed by a fresh
// instance of the module (before the guard, the shadow stack each one left behind added up).
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: bytes });
const { Game, GameTree, Stepper, MctsStepper, Practice } = api;

const consoleErrors = [];
const originalError = console.error;
console.error = (...args) => {
  consoleErrors.push(args.map(String).join(' '));
  originalError(...args);
};

/** Calls `fn` under `depth` extra JavaScript frames. */
function atDepth(depth, fn) {
  return depth > 0 ? atDepth(depth - 1, fn) : fn();
}

/** The deepest depth at which a trivial call still returns. */
function stackDepth() {
  const ok = (d) => {
    try {
      atDepth(d, () => 0);
      return true;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      return false;
    }
  };
  let [lo, hi] = [0, 1];
  while (ok(hi)) [lo, hi] = [hi, hi * 2];
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (ok(mid)) [lo] = [mid];
    else hi = mid;
  }
  return lo;
}

function pad(fn) {
  return fn();
}

/**
 * Calls `fn` with the stack filled to `frames` frames below the limit and then `slots` more
 * 8-byte slots (unused arguments of the last frame): one slot more is 8 bytes less room, so
 * sweeping `slots` meets every point of `fn`'s path with an exhausted stack.
 */
function squeezed(frames, slots, fn) {
  return atDepth(TOP - frames, () => pad.apply(null, { length: slots + 1, 0: fn }));
}

const TOP = stackDepth();

/**
 * How finely the slots are swept: every `STRIDE`th slot, each export starting at a different
 * offset. `cargo xtask fuzz stack` sweeps every slot (PLYGROUND_STACK_STRIDE=1: some three
 * minutes, every point of every path); the test run samples every 48th, which still
 * interrupts each export dozens of times along its path (each at its own offset), in seconds:
 * what a sparser sample misses is a point on one path, and the full sweep is the place for that.
 */
const STRIDE = (() => {
  const raw = process.env.PLYGROUND_STACK_STRIDE ?? '48';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`PLYGROUND_STACK_STRIDE must be an integer from 1 to 64, got '${raw}'`);
  return n;
})();

/** A normal search and the module's other entry points still give their exact answers. */
function assertAlive(after) {
  const t = GameTree.parse(FIG_5_2);
  const r = api.searchTree(t);
  assert.equal(r.value, 3, after);
  assert.deepEqual(r.evaluated, ['0.0', '0.1', '0.2', '1.0', '2.0', '2.1', '2.2'], after);
  assert.equal(api.searchGame(Game.create('ttt', '0,3,1,4'), { algo: 'minimax' }).best, 2, after);
  assert.equal(api.limits().maxNodeCap, 100000, after);
  assert.equal(api.solveConnect4('414141').score, 18, after);
  const st = Stepper.forTree(t, {}, 50);
  st.seek(st.length);
  assert.equal(st.result().value, 3, after);
  t.free();
  st.free();
}

/** The quick check after each RangeError (assertAlive runs after each export's sweep). */
function alive(after) {
  let value;
  try {
    const small = GameTree.parse('[[3,12],[2,4]]');
    value = api.searchTree(small, { scores: false }).value;
    small.free();
  } catch (e) {
    assert.fail(`${after}: ${e.name}: ${e.message}`);
  }
  assert.equal(value, 3, after);
}

// The handles the sweep's calls make, freed after each call. The sweep makes thousands of
// them without one turn of the event loop, so their finalizers never run before it ends: 510
// unfreed perfect players (an 8 MiB solver table each) fill the 4 GiB of a wasm32 memory, and
// the next allocation fails, which Rust turns into a trap (RuntimeError: unreachable; the
// guard then replaces the instance). A page frees what it makes; so does this test.
let made = null;
for (const C of [Game, GameTree, Stepper, MctsStepper, Practice, api.Predict, api.Engine, api.FigurePlan, api.PracticeFigure]) {
  const wrap = C.__wrap;
  C.__wrap = function (ptr) {
    const h = wrap.call(this, ptr);
    if (made) made.push(h);
    return h;
  };
}
function freeMade() {
  // A handle of a replaced instance: free() does nothing; one Rust took: pointer 0, skipped.
  for (const h of made.splice(0)) if (h.__wbg_p !== 0) h.free();
}

const tree = () => GameTree.parse(FIG_5_2);
const stepper = () => {
  const st = Stepper.forTree(tree(), {}, 100);
  st.seek(5);
  return st;
};
const mcts = () => {
  const m = MctsStepper.forTree(tree(), { seed: 1 });
  m.run(5);
  return m;
};

const practice = () => Practice.create({ task: 'alphabeta-full', tree: FIG_5_2 });
const predictSession = () => api.Predict.create({ algo: 'alphabeta', tree: FIG_5_2, predict: 'all' });
const practiceMcts = () => Practice.create({ task: 'mcts', tree: FIG_5_2 });
const practiceOrdering = () => Practice.create({ task: 'ordering', tree: FIG_5_2 });
const engine = () => {
  const e = api.Engine.forGame(Game.create('ttt', '4,0'), { engine: 'mcts', iterations: 20, seed: 1 });
  e.step();
  return e;
};

/** Every export, by name: a fresh handle where one is needed, then the call. */
const CALLS = {
  limits: () => api.limits(),
  ucb1: () => api.ucb1(1, 2, 10, 1.4),
  ucb1Select: () => api.ucb1Select(new Float64Array([28, 30, 8]), new Float64Array([40, 50, 10]), 100, 1.414),
  searchGame: () => api.searchGame(Game.create('ttt', '4'), { depth: 3 }),
  searchTree: () => api.searchTree(tree(), { algo: 'minimax' }),
  // The comparison grid with a found count per cell (the figures' path).
  compareTree: () => api.compareTree(tree(), undefined, [9, 2, 3, 0]),
  compareGame: () => api.compareGame(Game.create('c4', '4453'), 4, []),
  solveConnect4: () => api.solveConnect4('4455', { budget: 2000 }),
  analyzeConnect4: () => api.analyzeConnect4('414141', { budget: 5000 }),
  // A budget, as for analyzeConnect4: the first descent of a solve reaches the solver's
  // deepest frames within it, and each call costs a millisecond, not the 25 of the whole
  // solve (each of the sweep's ~700 interruptions calls it again, warm). The complete
  // answer's path (the scores written out) is swept on a position solved in a few nodes.
  solveGame: () => api.solveGame(Game.create('c4', '414141'), 5000),
  'solveGame (complete)': () => {
    const r = api.solveGame(Game.create('c4', '4444443333332'));
    if (!r.complete || r.scores.length !== 5) throw new Error(`solveGame: ${JSON.stringify(r)}`);
    return r;
  },
  connect4BookWanted: () => api.connect4BookWanted('44'),
  // Reading a real book enumerates 269,531 positions: too slow to sweep; the refusal's path.
  'loadConnect4Book (error)': () => {
    try {
      return api.loadConnect4Book(new Uint8Array(24));
    } catch (e) {
      // startsWith, not a regular expression: V8 compiles a regular expression lazily (and
      // again after its code is flushed), and compiling it here, with the stack squeezed,
      // throws a SyntaxError ("Invalid regular expression: …: Maximum call stack size
      // exceeded") that is the test's own, not the module's.
      if (e instanceof Error && e.message.startsWith('loadConnect4Book: not a plyground opening book')) return e;
      throw e;
    }
  },
  'Game.create': () => Game.create('c4', '4455'),
  'Game.play': () => Game.create('ttt').play(4),
  'Game.undo': () => Game.create('ttt', '4').undo(),
  'Game.redo': () => {
    const g = Game.create('ttt', '4');
    g.undo();
    return g.redo();
  },
  'Game.legalMoves': () => Game.create('c4', '44').legalMoves(),
  'Game.algorithms': () => Game.create('c4', '44').algorithms(),
  'Game.cells': () => Game.create('c4', '44').cells(),
  'Game.winningLine': () => Game.create('c4', '4455667').winningLine(),
  'Game.clone': () => Game.create('ttt', '4').clone(),
  'Game getters': () => {
    const g = Game.create('c4', '44');
    return [g.kind, g.width, g.height, g.toMove, g.isTerminal, g.winner, g.utility, g.moveString, g.moveCount];
  },
  'GameTree.parse': () => GameTree.parse('max[chance[0.5: 10, 0.5: -4], chance[1/4: 20, 1/4: -10, 1/4: 4, 1/4: 0]]'),
  'GameTree.parse (error)': () => {
    try {
      return GameTree.parse('[[1,');
    } catch (e) {
      if (e.name === 'TreeParseError' && e.line === 1 && e.column === 5) return e;
      throw e;
    }
  },
  'GameTree.nodes': () => tree().nodes(),
  'GameTree.toText': () => tree().toText(),
  'GameTree.copy': () => tree().copy().toText(),
  'GameTree.parseAs': () => GameTree.parseAs('(max (chance (1/2 10) (1/2 -4)) (min 3 12))', 'auto'),
  'GameTree.detectForm': () => GameTree.detectForm('max\n  3\n'),
  'GameTree.toTextAs': () => tree().toTextAs('json'),
  'GameTree.algorithms': () => tree().algorithms(),
  'GameTree getters': () => {
    const t = tree();
    return [t.nodeCount, t.players, t.hasTuples];
  },
  // The tree editor's edits (each on a fresh tree).
  'GameTree.editFields': () => tree().editFields(1),
  'GameTree.setValue': () => tree().setValue(2, '\u22125'),
  'GameTree.setKind': () => tree().setKind(1, 'chance'),
  'GameTree.setLabel': () => tree().setLabel(1, 'Left'),
  'GameTree.setProbabilities': () => {
    const t = GameTree.parse('chance[0.5: 1, 0.5: 2]');
    return t.setProbabilities(0, ['1/4', 0.75]);
  },
  'GameTree.checkProbabilities': () => GameTree.parse('chance[0.5: 1, 0.5: 2]').checkProbabilities(0, ['1/4', '1/2']),
  'GameTree.addChild': () => tree().addChild(1),
  'GameTree.removeNode': () => tree().removeNode(5),
  'GameTree.moveNode': () => tree().moveNode(9, 0),
  'Stepper.forGame': () => Stepper.forGame(Game.create('ttt', '4,0,8,2'), {}, 60),
  'Stepper.forTree': () => Stepper.forTree(tree(), {}, 100),
  'Stepper.forSolve': () => Stepper.forSolve(Game.create('c4', '414141'), 200),
  'Stepper.step': () => stepper().step(3),
  'Stepper.back': () => stepper().back(2),
  'Stepper.seek': () => stepper().seek(9),
  'Stepper.nodes': () => stepper().nodes(),
  'Stepper.state': () => stepper().state(),
  'Stepper.events': () => stepper().events(0, 10),
  'Stepper.narration': () => stepper().narration(3),
  'Stepper.seekTarget': () => stepper().seekTarget('next-cutoff'),
  'Stepper.stepList': () => stepper().stepList(0, 10),
  'Stepper.prompt': () => stepper().prompt(3),
  'Stepper.result': () => stepper().result(),
  'Stepper.pseudocode': () => stepper().pseudocode(),
  'Stepper.pruned': () => stepper().pruned(),
  'Stepper.resultLine': () => stepper().resultLine(),
  'Stepper.caption': () => stepper().caption(),
  'Stepper.valueWords': () => stepper().valueWords(),
  'Stepper.minimaxValues': () => Stepper.forTree(tree(), {}, 100).minimaxValues(),
  'Stepper.board': () => Stepper.forGame(Game.create('ttt', '4,0,8,2,6'), {}, 20).board(3),
  'Stepper.figureRecord': () => Stepper.forGame(Game.create('ttt', '4,0,8,2'), {}, 60).figureRecord(),
  'Stepper getters': () => {
    const s = stepper();
    return [s.length, s.index, s.nodeCount, s.nodeCap, s.truncated, s.note, s.width, s.kind];
  },
  'MctsStepper.forGame': () => MctsStepper.forGame(Game.create('c4'), { c: 1 }),
  'MctsStepper.forTree': () => MctsStepper.forTree(tree()),
  'MctsStepper.stepPhase': () => mcts().stepPhase(),
  'MctsStepper.stepIteration': () => mcts().stepIteration(),
  'MctsStepper.run': () => mcts().run(10),
  'MctsStepper.back': () => mcts().back(),
  'MctsStepper.seekIteration': () => mcts().seekIteration(2),
  'MctsStepper.nodes': () => mcts().nodes(),
  'MctsStepper.ucb': () => mcts().ucb(0),
  'MctsStepper.lastEvents': () => mcts().lastEvents(),
  'MctsStepper.rootShares': () => mcts().rootShares(),
  'MctsStepper.picture': () => mcts().picture(null, 0),
  placeMcts: () => {
    const m = mcts();
    return api.placeMcts(m.picture(m.bestChild, 0), m.nodes().map((n) => n.label), true);
  },
  'Practice.create': () => Practice.create({ task: 'alphabeta-leaves', seed: 7, depth: 3, branching: '2-3', cutoffs: 2 }),
  'Practice.tasks': () => Practice.tasks(),
  'Predict.create': () => api.Predict.create({ algo: 'alphabeta', tree: FIG_5_2, predict: 'all' }),
  'Predict.questions': () => predictSession().questions(),
  'Predict.check': () => predictSession().check(0, [-Infinity, Infinity]),
  'Predict.record': () => predictSession().record([], false),
  'Predict getters': () => predictSession().task,
  'Practice.learnerSeed': () => Practice.learnerSeed('week-3', 's1001', 0),
  'Practice.misconceptions': () => Practice.misconceptions(),
  'Practice.questions': () => practice().questions(),
  'Practice.answerKey': () => practice().answerKey(),
  'Practice.grade': () => {
    const p = practice();
    return p.grade(p.answerKey());
  },
  'Practice.hint': () => practice().hint({ values: { '': 2 } }),
  'Practice.revealNext': () => practice().revealNext({}),
  'Practice.steps': () => practice().steps(),
  'Practice.mcts': () => practiceMcts().mcts(),
  'Practice.ordering': () => practiceOrdering().ordering(),
  'Practice.figurePlan': () => practiceOrdering().figurePlan({ order: { '': [2, 0, 1] } }, true),
  'PracticeFigure.layout': () => practice().figurePlan(undefined, false).layout(),
  'PracticeFigure.at': () => practice().figurePlan(undefined, true).at({ answers: { values: { '': 3 }, pruned: ['0'] }, ok: [''], wrong: '1' }),
  'Practice getters': () => {
    const p = practice();
    return [p.task, p.seed, p.treeText, p.tie, p.tieApplies, p.prompt, p.fields, p.maxScore, p.stepperOptions, p.traceLength];
  },
  'MctsStepper.narration': () => mcts().narration(),
  'MctsStepper.decision': () => mcts().decision(),
  'MctsStepper getters': () => {
    const m = mcts();
    return [m.iterations, m.phase, m.nodeCount, m.best, m.bestChild];
  },
  // Records a search as Stepper.forTree does (practice module only).
  exportTikz: () => api.exportTikz(tree(), {}, 100, 5, false),
  exportSvg: () => api.exportSvg(tree(), {}, 100, 5, true, 600),
  figureRecord: () => api.figureRecord(tree(), {}, 100, 5, true),
  'FigurePlan.forTree': () => api.FigurePlan.forTree(tree(), {}, 100, true, true),
  'FigurePlan.layout': () => api.FigurePlan.forTree(tree(), {}, 100, true, false).layout(),
  'FigurePlan.at': () => api.FigurePlan.forTree(tree(), {}, 100, true, true).at(5),
  'FigurePlan getters': () => api.FigurePlan.forTree(tree(), {}, 100).length,
  'FigurePlan.forRecord': () => {
    const r = Stepper.forGame(Game.create('ttt', '4,0,8,2'), {}, 60).figureRecord();
    return api.FigurePlan.forRecord(r.numbers, r.names, false, true).at(5);
  },
  engines: () => api.engines('c4'),
  checkEngineConfig: () => api.checkEngineConfig('c4', { engine: 'hminimax', depth: '5', tt: true }),
  engineLabel: () => api.engineLabel('ttt', { engine: 'mcts', iterations: 10 }),
  evaluationConfig: () => api.evaluationConfig('c4', { engine: 'human' }, { engine: 'mcts', iterations: 10 }),
  'Engine.forGame': () => api.Engine.forGame(Game.create('c4', '4455'), { engine: 'perfect' }),
  'Engine.step': () => api.Engine.forGame(Game.create('ttt', '4'), { engine: 'hminimax', depth: 2 }).step(),
  'Engine.progress': () => engine().progress(),
  'Engine.result': () => engine().result(),
  'Engine.searchOptions': () => engine().searchOptions(),
  'Engine.config': () => engine().config(),
  'Engine getters': () => {
    const e = engine();
    return [e.slice, e.done, e.label];
  },
};

test('the list of calls covers every export of the module', () => {
  const named = new Set(Object.keys(CALLS).map((k) => k.replace(/ \((error|complete)\)$/, '')));
  const want = [];
  for (const [name, v] of Object.entries(api)) {
    if (typeof v !== 'function' || name === 'default' || name === 'initSync' || name === 'start') continue;
    if (/^[A-Z]/.test(name)) {
      for (const m of Object.getOwnPropertyNames(v)) if (!['length', 'name', 'prototype', '__wrap'].includes(m)) want.push(`${name}.${m}`);
      for (const m of Object.getOwnPropertyNames(v.prototype)) {
        const d = Object.getOwnPropertyDescriptor(v.prototype, m);
        if (m === 'constructor' || m === 'free' || m === '__destroy_into_raw' || typeof m === 'symbol' || m.startsWith('__')) continue;
        want.push(d.get ? `${name} getters` : `${name}.${m}`);
      }
    } else want.push(name);
  }
  // Skipped on purpose: the benchmark workloads (the full module's `bench*` and `StepBench`)
  // run for seconds each and are no page's API; `cargo xtask bench` exercises them.
  const skipped = (w) => /^bench[A-Z]/.test(w) || w.startsWith('StepBench');
  const missing = [...new Set(want)].filter((w) => !named.has(w) && !skipped(w));
  assert.deepEqual(missing, []);
  assert.ok(want.some(skipped), 'the full module has the benchmark workloads this test skips');
});

/**
 * `warm`: after each RangeError (and the restart it causes), call the export once with room
 * to spare, so that the next, squeezed call meets the path of a call on an instance that has
 * already worked. Without it every squeezed call is the first on a fresh instance, whose path
 * goes about 40 KiB deeper (the memory and tables growing), and the sweep interrupts that one
 * path some 5,000 times per export (11 s each, 8 minutes in all); the fresh instance's path
 * has its own sweep below.
 */
const sweep = (which, { warm }) => async () => {
  assert.ok(TOP > 1000, `only ${TOP} frames of stack`);
  assertAlive('before');
  // Room for the largest call, below which the slots are swept.
  const FRAMES = 3000;
  let provoked = 0;
  made = [];
  const tryAt = (name, slots, fn) => {
    try {
      squeezed(FRAMES, slots, fn);
      freeMade();
      return true;
    } catch (e) {
      // Only stack exhaustion is expected here.
      if (!(e instanceof RangeError)) assert.fail(`${name}, ${slots} slots: ${e.name}: ${e.message}`);
      provoked++;
      alive(`after RangeError ${provoked}, in ${name} (${slots} slots)`);
      if (warm) fn();
      // After alive(): a handle of the instance it replaced is stale, and its free() does nothing.
      freeMade();
      return false;
    }
  };
  /** The fewest slots with which a trivial call fails now (V8 optimises the recursion as it
   * runs, so this is measured again before each sweep). */
  const noRoom = () => {
    let [lo, hi] = [0, 1];
    while (tryAt('a trivial call', hi, () => 0)) [lo, hi] = [hi, hi * 2];
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (tryAt('a trivial call', mid, () => 0)) lo = mid;
      else hi = mid;
    }
    return hi;
  };
  for (let i = 0; i < 3; i++) noRoom();
  const calls = Object.entries(CALLS).filter(([name]) => which(name));
  for (const [i, [name, call]] of calls.entries()) {
    assert.ok(tryAt(name, 0, call), `${name} needs more stack than ${FRAMES} frames`);
    // STRIDE slots (8 bytes each) more room at a time, from none at all until the call has
    // returned 16 times in a row (V8 compiles code again as it warms up, which changes frame
    // sizes a little): with STRIDE 1 the call is interrupted at every point of its path.
    let inARow = 0;
    for (let slots = noRoom() - (i % STRIDE); slots >= 0 && inARow < 16; slots -= STRIDE) inARow = tryAt(name, slots, call) ? inARow + 1 : 0;
    assert.equal(inARow, 16, `${name} never returned 16 times in a row`);
    assertAlive(`after ${name}`);
  }
  made = null;
  assert.ok(provoked > (100 / STRIDE) * calls.length, `only ${provoked} RangeErrors provoked`);
};
test('a RangeError thrown anywhere inside any export leaves the module working', sweep(() => true, { warm: true }));
test('a RangeError thrown anywhere inside the first calls on a fresh instance leaves the module working', sweep((name) => ['searchTree', 'Stepper.forTree', 'GameTree.nodes', 'Practice.create'].includes(name), { warm: false }));

const STALE = /^(Game|GameTree|Stepper|MctsStepper|Practice): this handle belonged to an instance of the module that was replaced after an error thrown inside a call \(a RangeError when the stack ran out\); make it again$/;

test('handles made before an interrupted call say clearly that they are gone; their finalizers leave the new instance alone', async () => {
  const { setFlagsFromString } = await import('node:v8');
  const { runInNewContext } = await import('node:vm');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  let restarts = 0;
  let kept = 0;
  for (let round = 0; round < 40 && restarts < 3; round++) {
    const g = Game.create('c4', '4455');
    const t = GameTree.parse(FIG_5_2);
    const st = Stepper.forTree(t, {}, 100);
    // Interrupt a search at every step of stack room until one RangeError came from inside
    // the instance (the handles made before it are then stale).
    let stale = false;
    const fails = (slots) => {
      try {
        squeezed(3000, slots, () => 0);
        return false;
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        return true;
      }
    };
    let [lo, hi] = [0, 1];
    while (!fails(hi)) [lo, hi] = [hi, hi * 2];
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (fails(mid)) hi = mid;
      else lo = mid;
    }
    for (let slots = hi; slots >= 0 && !stale; slots--) {
      try {
        squeezed(3000, slots, () => api.searchGame(Game.create('ttt', '4'), { depth: 3 }));
        // The search had room enough: with more it has more (a round whose RangeErrors all
        // came on the way in, in JavaScript, once went on through some 45,000 full searches).
        break;
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        try {
          g.cells();
        } catch (e2) {
          assert.match(e2.message, STALE);
          stale = true;
        }
      }
    }
    if (!stale) {
      kept++;
      continue;
    }
    restarts++;
    assert.throws(() => t.nodes(), { message: STALE });
    assert.throws(() => st.step(1), { message: STALE });
    assert.throws(() => api.searchTree(t), { message: STALE });
    assert.throws(() => Stepper.forTree(t, {}, 10), { message: STALE });
    // free() on a stale handle does nothing (and is not an error); then it is a freed handle.
    g.free();
    st.free();
    assert.throws(() => g.cells(), /^Error: Game: this handle was freed /);
    assertAlive(`after restart ${restarts}`);
    // The stale GameTree is left to the garbage collector: its finalizer must not free a
    // pointer of the new instance.
  }
  assert.ok(restarts >= 3, `only ${restarts} interrupted calls replaced the instance (${kept} rounds without)`);
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
  // Many new handles after the finalizers ran: no pointer was freed twice.
  const trees = Array.from({ length: 200 }, () => GameTree.parse(FIG_5_2));
  for (const t of trees) assert.equal(api.searchTree(t).value, 3);
  assertAlive('after the finalizers of stale handles ran');
});
test('no Rust panic reached the console', () => {
  assert.deepEqual(consoleErrors.filter((e) => /panicked/.test(e)), []);
});
