// The gallery's hand-written sentences that are not a tree trace's values (captions.test.mjs
// checks "B = 3", cutoffs and edge names for every tree figure): each number and word is
// computed here through the wasm API the figure itself uses, from the figure's own attributes
// in www/lessons/index.html — the MCTS-Solver figure (the proof against the visits), the
// horizon boards (the board's own words for each column), the quiescence tree's choice and
// beam search's EVALs. Needs `cargo xtask build` first (www/pkg).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { api } from './wasm.mjs';
import { evaluationConfig, installEngines } from '../../www/lib/engines.js';
import { readState } from '../../www/lib/figure-state.js';
import { boardScores } from '../../www/lib/game-words.js';
import { recordSearch } from '../../www/lib/record.js';
import { applyStep, buildMctsModel, buildTraceModel } from '../../www/lib/trace-view.js';

// The catalogue of players, for reading the game figures' x and o attributes.
installEngines(api);

const HTML = readFileSync(new URL('../../www/lessons/index.html', import.meta.url), 'utf8');
const unescape = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** A caption as one line of plain text. */
const plain = (t) => unescape(t.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim();

/** Every figure of the page whose element is `tag`: {attrs (a Map), text, caption}. */
function figures(tag) {
  const re = new RegExp(`<figure>\\s*<${tag}([^>]*)>([^<]*)</${tag}>\\s*<figcaption>([\\s\\S]*?)</figcaption>`, 'g');
  return [...HTML.matchAll(re)].map((m) => ({
    attrs: new Map([...m[1].matchAll(/([a-z]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ''])),
    text: unescape(m[2].trim()),
    caption: plain(m[3]),
  }));
}

/** The one figure of `tag` whose attributes include all of `want`. */
function figure(tag, want) {
  const found = figures(tag).filter((f) => Object.entries(want).every(([k, v]) => f.attrs.get(k) === v));
  assert.equal(found.length, 1, `one <${tag}> with ${JSON.stringify(want)} in the gallery`);
  return found[0];
}

/** Whatever `re` captures in `text`, or a failure naming the sentence that is missing. */
function claim(text, re) {
  const m = re.exec(text);
  assert.ok(m, `the caption should say ${re} in: ${text}`);
  return m;
}

// ------------------------------------------------------------------ MCTS-Solver

test('MCTS-Solver: the caption’s proven move, its visits and the most-visited move are the figure’s', () => {
  const f = figure('ply-mcts', { solver: '' });
  const s = readState('mcts', (k) => f.attrs.get(k));
  const run = (n) => {
    const m = api.MctsStepper.forGame(api.Game.create(s.source, s.moves), { seed: s.seed, c: s.c, solver: true });
    m.run(n);
    return m;
  };
  const m = run(s.iterations);
  const nodes = m.nodes();
  const shares = m.rootShares();
  const proven = nodes[m.bestChild];
  const most = shares.reduce((a, b) => (b.n > a.n ? b : a));
  // The point of the figure: the proof picks a move that is not the most visited.
  assert.equal(nodes[0].proof, 'win');
  assert.equal(proven.proof, 'win');
  assert.notEqual(most.child, proven.id, 'the proven move is also the most visited: the figure would not show the proof overriding the visits');
  assert.ok(proven.n < most.n);
  // Proven at exactly the iteration shown, not before.
  assert.equal(run(s.iterations - 1).nodes()[0].proof, null);
  const plies = Number(/ends in (\d+) pl/.exec(nodes[0].proofRule)[1]);
  // The figure's marks: +∞ beside the proven child's W/N, the decision on it.
  const model = buildMctsModel(nodes, [], { phase: 'done', bestChild: m.bestChild });
  assert.match(model.nodes[proven.id].value, / \+∞$/);
  const c = claim(f.caption, /At iteration (\d+) cell (\d) \([^)]*\) is proven to win in (\d+) plies \(\+∞ beside its W\/N\) with only (\d+) visits, while cell (\d) has the most, (\d+):/);
  // The cells by the labels the figure draws and its decision line names ("cell 0").
  assert.deepEqual(
    c.slice(1),
    [s.iterations, proven.label, plies, proven.n, nodes[most.child].label, most.n].map(String),
    'iteration, proven cell, plies, its visits, the most-visited cell, its visits',
  );
  assert.deepEqual([s.iterations, m.best, plies, proven.n, most.n], [32, 0, 3, 7, 11]);
  // "O top-left, a fork": the mover and the cell's name.
  assert.match(f.caption, /cell 0 \(O top-left, a fork\)/);
  assert.equal(nodes[0].toMove, 1, 'O is to move');
});

// ------------------------------------------------------------------ the horizon

/** The labels the figure's board shows for each column: {text, best} by column. */
function boardWords(f) {
  const s = readState('game', (k) => f.attrs.get(k));
  const g = api.Game.create(s.game, s.moves);
  const mover = g.toMove;
  const sides = [s.x, s.o];
  const e = api.Engine.forGame(g, evaluationConfig(s.game, sides[mover], sides[1 - mover]));
  try {
    while (!e.done) e.step();
    const r = e.result();
    const session = { kind: s.game, scoresShown: () => true, evaluation: { ...r, engine: e.label, mover } };
    const words = new Map([...boardScores(session)].map(([col, l]) => [col, { text: l.text, best: l.best }]));
    return { words, best: r.best };
  } finally {
    e.free();
    g.free();
  }
}

const HORIZON = '634327443434467221527331152655';

test('the horizon: each column’s words in the captions are the words its board shows', () => {
  const truth = figure('ply-game', { moves: HORIZON, x: 'perfect' });
  const exact = boardWords(truth).words;
  assert.deepEqual(
    [...exact].map(([c, w]) => `${c} ${w.text}`),
    ['1 loss in 4', '2 loss in 4', '5 loss in 4', '6 loss in 2', '7 draw'],
  );
  // "columns 1, 2 and 5 lose in 4 plies, column 6 loses in 2, column 7 draws": every legal
  // column named once, with its board's words.
  const said = new Map();
  for (const m of truth.caption.matchAll(/columns? ([\d, and]+?) (?:loses?|lose) in (\d+)/g)) {
    for (const col of m[1].match(/\d/g)) said.set(Number(col), `loss in ${m[2]}`);
  }
  for (const m of truth.caption.matchAll(/column (\d) draws/g)) said.set(Number(m[1]), 'draw');
  assert.deepEqual(
    [...said].sort((a, b) => a[0] - b[0]),
    [...exact].map(([c, w]) => [c, w.text]),
  );
  assert.doesNotMatch(truth.caption, /−\d/, 'no solver score that the board does not show');

  const plainSearch = figure('ply-game', { moves: HORIZON, x: 'hminimax,depth=2' });
  const h = boardWords(plainSearch);
  const c = claim(plainSearch.caption, /rates column (\d) best \(([−+]?[\d.]+)\)/);
  assert.equal(h.words.get(Number(c[1])).best, true, `the board stars column ${c[1]}`);
  assert.equal(h.words.get(Number(c[1])).text, c[2]);
  const loses = claim(plainSearch.caption, /With best play column (\d) loses in (\d+) plies/);
  assert.equal(loses[1], c[1]);
  assert.equal(exact.get(Number(loses[1])).text, `loss in ${loses[2]}`);

  const quiet = figure('ply-game', { moves: HORIZON, x: 'hminimax,depth=2,quiescence' });
  const q = boardWords(quiet);
  const plays = claim(quiet.caption, /now it plays column (\d), the only draw/);
  assert.equal(q.best, Number(plays[1]));
  assert.equal(exact.get(q.best).text, 'draw');
  assert.equal([...exact.values()].filter((w) => w.text === 'draw').length, 1);
});

// ------------------------------------------------------------------ trees

/** A tree figure's search recorded as the element records it, at its end. */
function record(state) {
  const rec = recordSearch(api, { source: 'tree', algo: 'alphabeta', tie: 'nonstrict', order: 'natural', cap: 50000, ...state }, { strict: true });
  return rec;
}

test('the quiescence tree: the caption’s choice is the search’s, and it is column 7', () => {
  const f = figure('ply-tree', { moves: HORIZON, quiescence: '' });
  const s = readState('tree', (k) => f.attrs.get(k));
  const rec = recordSearch(api, s, { strict: true });
  const st = rec.st;
  st.seek(st.length);
  const result = st.resultLine();
  st.free();
  rec.tree?.free?.();
  const c = claim(f.caption, /the root’s choice is column (\d)/);
  assert.match(result, new RegExp(`best move column ${c[1]}\\b`));
  assert.equal(c[1], '7');
});

test('beam search: the EVALs the page states are the tree’s, and the narration gives each dropped one', () => {
  const f = figure('ply-tree', { beam: '1' });
  const intro = plain(/<section class="example" id="beam"[\s\S]*?<p>([\s\S]*?)<\/p>/.exec(HTML)[1]);
  // The tree text printed in the paragraph is the figure's tree.
  const printed = claim(intro, /after its name, (\S.*?\]\]):/)[1];
  assert.equal(printed, f.text);
  const written = new Map([...f.text.matchAll(/([A-Z])~(−?-?\d+)/g)].map((m) => [m[1], m[2].replace('-', '−')]));
  assert.deepEqual([...written], [['B', '6'], ['C', '3'], ['D', '2']]);
  const looks = claim(intro, /B looks worth (\d+), C (\d+) and D (\d+)/);
  assert.deepEqual(looks.slice(1), [written.get('B'), written.get('C'), written.get('D')]);
  const evals = [...f.caption.matchAll(/\b([A-Z])(?:, [^,()]*)? \(EVAL (\d+)\)/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(evals, [['B', written.get('B')], ['D', written.get('D')]], f.caption);
  // "its leaves 7 and 8 make it worth 7, the minimax value": D's leaves as drawn, and the root's
  // minimax value.
  const d = claim(f.caption, /D, [^:]*: its leaves (\d+) and (\d+) make it worth (\d+), the minimax value/);
  assert.deepEqual(d.slice(1, 3), /D~-?\d+\[(\d+), (\d+)\]/.exec(f.text).slice(1));
  assert.equal(Number(d[3]), Math.min(Number(d[1]), Number(d[2])));
  const mm = recordSearch(api, { source: 'tree', tree: f.text, algo: 'minimax', tie: 'nonstrict', order: 'natural', cap: 50000 }, { strict: true });
  mm.st.seek(mm.st.length);
  assert.match(mm.st.resultLine(), new RegExp(`^Root value ${d[3]} `));
  mm.st.free();
  mm.tree?.free?.();
  // The narration at each forward prune names the dropped move's EVAL.
  const rec = record({ tree: f.text, depth: null, beam: 1 });
  const st = rec.st;
  const dropped = new Map();
  for (let i = 0; i < st.length; i++) {
    const n = /(\b[A-Z]\b) \(EVAL (−?\d+)\) is pruned forward/.exec(st.narration(i));
    if (n) dropped.set(n[1], n[2]);
  }
  st.free();
  rec.tree?.free?.();
  assert.deepEqual([...dropped], [['C', '3'], ['D', '2']]);
  // "The root is drawn “1?”": the text the figure draws beside A at the end, and its "?" is
  // the core's "no bound" (moves pruned forward under B and at A).
  const drawnAs = claim(f.caption, /The root is drawn “([^”]+)”: with moves never searched under B and at A, (\S+) bounds A’s true value neither from above nor from below/);
  const end = record({ tree: f.text, depth: null, beam: 1 });
  const model = buildTraceModel({ traceNodes: end.st.nodes(), treeNodes: end.tree.nodes(), finalPruned: end.st.pruned(), players: end.tree.players });
  end.st.seek(end.st.length);
  applyStep(model, end.st.state(), { done: true, bestChild: end.st.result().bestChild });
  const root = model.nodes.find((n) => n.label === 'A');
  const forward = model.nodes.filter((n) => n.forward).map((n) => n.edgeLabel ?? n.label);
  end.st.free();
  end.tree?.free?.();
  assert.equal(root.value, drawnAs[1]);
  assert.equal(root.value, `${drawnAs[2]}?`);
  assert.equal(root.bound, 4, 'no bound');
  assert.deepEqual(forward.sort(), ['a2', 'a3', 'b2']);
});

// ------------------------------------------------------------------ UCB1, the tic-tac-toe tree

test('the UCB1 exercise: each child’s terms and the pick are the calculator’s', () => {
  const f = figure('ply-ucb', {});
  const s = readState('ucb', (k) => f.attrs.get(k));
  const kids = s.children.split(',').map((t) => t.trim().split('/').map(Number));
  const rows = kids.map(([w, n], i) => ({ name: `A${i + 1}`, w, n, ...api.ucb1(w, n, s.parent, s.c) }));
  const said = claim(f.caption, /N\(parent\) = (\d+), C = ([\d.]+):/);
  assert.deepEqual([Number(said[1]), Number(said[2])], [s.parent, s.c]);
  for (const r of rows) {
    const t = claim(f.caption, new RegExp(`UCB1\\(${r.name}\\) = ([\\d.]+) \\+ ([\\d.]+) = ([\\d.]+)`));
    assert.deepEqual(t.slice(1), [r.exploitation, r.exploration, r.total].map((x) => x.toFixed(4)), r.name);
  }
  const pick = api.ucb1Select(Float64Array.from(kids, (k) => k[0]), Float64Array.from(kids, (k) => k[1]), s.parent, s.c);
  const follows = claim(f.caption, /selection follows (A\d), the least-visited child with the fewest wins, because its exploration term is by far the largest/);
  assert.equal(follows[1], rows[pick].name);
  assert.equal(Math.min(...rows.map((r) => r.n)), rows[pick].n);
  assert.equal(Math.min(...rows.map((r) => r.w)), rows[pick].w);
  assert.equal(Math.max(...rows.map((r) => r.exploration)), rows[pick].exploration);
});

test('the tic-tac-toe tree: three moves for X, and the position is a draw', () => {
  const f = figure('ply-tree', { game: 'ttt' });
  const s = readState('tree', (k) => f.attrs.get(k));
  const rec = recordSearch(api, s, { strict: true });
  const st = rec.st;
  st.seek(st.length);
  const result = st.resultLine();
  const nodes = st.nodes();
  st.free();
  rec.tree?.free?.();
  assert.match(f.caption, /MAX \(X\) has three moves/);
  assert.equal(nodes.filter((n) => n.parent === 0).length, 3);
  assert.match(f.caption, /the position is a draw \(0\)/);
  assert.match(result, /^Root value 0 /);
});
