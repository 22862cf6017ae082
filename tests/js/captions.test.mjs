// Every hand-written sentence next to a lesson figure is checked against the search the
// figure records: the tree lab's notes (www/lib/lessons.js) and the
// gallery's figcaptions (www/lessons/index.html). A caption may only name nodes and edges the
// tree has, give each node the value (and the bound: "≤", "≥") the figure shows at the end,
// and count the cutoffs the counter shows. Uses the built practice package (`cargo xtask
// build`): the same API as the page's module plus `Stepper.caption`, which the page's module
// leaves out for size (the tree lab loads the practice module to write its caption).
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LESSON_TREES, algorithmsFor, treeNote } from '../../www/lib/lessons.js';
import { recordSearch } from '../../www/lib/record.js';
import { formatValue, formatVector } from '../../www/lib/notation.js';
import { lessonTree } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg-practice/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg-practice is missing: run `cargo xtask build` first');
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });

/** The search a figure shows, at its end: labels, final values, relations, counters. */
function figureFacts(text, algo, h = {}) {
  const state = { source: 'tree', tree: text, algo, tie: 'nonstrict', order: 'natural', cap: 50000, ...h };
  const rec = recordSearch(api, state, { strict: true });
  const { st, tree } = rec;
  st.seek(st.length);
  const s = st.state();
  const traceNodes = st.nodes();
  const players = tree.players;
  const words = st.valueWords();
  const byLabel = new Map();
  const per = traceNodes.length ? s.values.length / traceNodes.length : 1;
  traceNodes.forEach((n, t) => {
    const v = per === 1 ? formatValue(s.values[t]) : formatVector(Array.from(s.values.subarray(t * per, t * per + players)));
    byLabel.set(n.label, { value: v, relation: words.relation[t] ?? '=' });
  });
  const labels = new Set(tree.nodes().map((n) => n.label));
  const edges = new Set(tree.nodes().map((n) => n.edge).filter(Boolean));
  const facts = { players, byLabel, labels, edges, cutoffs: s.counters.cutoffs, caption: st.caption(), result: st.resultLine() };
  st.free();
  tree.free();
  return facts;
}

const NUM = '−?\\d+(?:\\.\\d+)?';
/** Checks one caption against the facts; returns how many claims it checked. */
function checkCaption(where, caption, f) {
  const text = caption.replace(/\s+/g, ' ');
  let claims = 0;
  // Names: "C2", "B1" (a node label with a number) and "c2", "a1" (edges) must exist.
  for (const m of text.matchAll(/\b([A-Z]\d+)\b/g)) {
    const player = /^P(\d+)$/.exec(m[1]);
    if (player && Number(player[1]) >= 1 && Number(player[1]) <= f.players) continue; // P1, P2, P3
    assert.ok(f.labels.has(m[1]), `${where}: '${m[1]}' is not a node of the figure (${[...f.labels].join(' ')}) in: ${text}`);
    claims++;
  }
  for (const m of text.matchAll(/\b([a-z]\d+)\b/g)) {
    assert.ok(f.edges.has(m[1]) || f.labels.has(m[1]), `${where}: '${m[1]}' is not an edge of the figure in: ${text}`);
    claims++;
  }
  // "X = 5", "X ≤ 2", "X ≥ 9", "X = (1, 2, 6)", "X backs up (1, 2, 6)", and formulas "X = … = 3".
  const simple = new RegExp(`\\b([A-Z])\\s*(=|≤|≥|backs up)\\s*(\\([^)]*\\)|${NUM})(?![\\d.]|\\s*[×·])`, 'g');
  for (const m of text.matchAll(simple)) {
    const node = f.byLabel.get(m[1]);
    assert.ok(node, `${where}: '${m[1]}' is not a node of the figure in: ${text}`);
    const op = m[2] === 'backs up' ? '=' : m[2];
    assert.equal(m[3].replace(/\s+/g, ' ').replace(/\(\s*/g, '(').replace(/-/g, '−'), node.value, `${where}: ${m[0]} but the figure shows ${m[1]} = ${node.value}`);
    assert.equal(op, node.relation, `${where}: '${m[0]}' but the core knows ${m[1]} ${node.relation} ${node.value}`);
    claims++;
  }
  const formula = new RegExp(`\\b([A-Z])\\s*=\\s*[^;:]*?[×·][^;:]*?=\\s*(${NUM})`, 'g');
  for (const m of text.matchAll(formula)) {
    const node = f.byLabel.get(m[1]);
    assert.ok(node, `${where}: '${m[1]}' is not a node in: ${text}`);
    assert.equal(m[2], node.value, `${where}: ${m[0]} but the figure shows ${node.value}`);
    claims++;
  }
  const cut = /\((\d+) cutoffs?\)/.exec(text);
  if (cut) {
    assert.equal(Number(cut[1]), f.cutoffs, `${where}: '${cut[0]}' but the counter shows ${f.cutoffs}`);
    claims++;
  }
  return claims;
}

test('the tree lab’s notes name only what the figure shows', () => {
  let claims = 0;
  for (const entry of LESSON_TREES) {
    claims += checkCaption(entry.id, entry.note, figureFacts(entry.text, entry.algo));
  }
  assert.ok(claims >= 30, `only ${claims} claims checked`);
});

test('the tree lab shows a lesson’s note only while its own search is on screen', () => {
  // The lab kept Figure 5.2's "MIN nodes B = 3, C ≤ 2, D = 2 …" after another tree was
  // searched. A note is the lesson's only for the lesson's tree, algorithm and options.
  const fig = LESSON_TREES.find((t) => t.id === 'figure-5-2');
  const lessonState = { source: 'tree', tree: fig.text, algo: 'alphabeta', tie: 'nonstrict', order: 'natural', depth: null, singular: null, beam: null };
  assert.equal(treeNote(lessonState), fig.note);
  const own = 'Your own tree. What this search found is in the caption below, “What the search found”, written from its trace.';
  assert.equal(treeNote({ ...lessonState, tree: '[[5,9],[2,7],[6,1]]' }), own);
  const other = 'The tree of “Figure 5.2: the two-ply game tree”, searched with other options than the lesson’s, so the lesson’s note is not shown. What this search found is in the caption below, “What the search found”, written from its trace.';
  assert.equal(treeNote({ ...lessonState, algo: 'minimax' }), other);
  assert.equal(treeNote({ ...lessonState, tie: 'strict' }), other);
  assert.equal(treeNote({ ...lessonState, order: 'reverse' }), other);
  assert.equal(treeNote({ ...lessonState, depth: 1 }), other);
  assert.equal(treeNote({ ...lessonState, beam: 2 }), other);
  // Every lesson's note, under its own search, is still checked against that search above.
  for (const entry of LESSON_TREES) assert.equal(treeNote({ ...lessonState, tree: entry.text, algo: entry.algo }), entry.note);
});

test('the old captions would fail: B2/C2 and EV(C1) are not nodes of those figures', () => {
  const ab = figureFacts(lessonTree('exercise_alpha_beta'), 'alphabeta');
  assert.throws(() => checkCaption('old', 'B = 5 (β-cutoff at B2 after the 9); at C, β = 4 ≤ α = 5 prunes C2.', ab), /'B2' is not a node/);
  assert.throws(() => checkCaption('old', 'prunes G (2 cutoffs)', ab), /counter shows 1/);
  assert.throws(() => checkCaption('old', 'C = 4', ab), /the core knows C ≤ 4/);
  const ev = figureFacts(lessonTree('exercise_expectiminimax'), 'expectiminimax');
  assert.throws(() => checkCaption('old', 'EV(C1) = 3', ev), /'C1' is not a node/);
  const three = figureFacts(LESSON_TREES.find((t) => t.id === 'three-player').text, 'maxn');
  assert.throws(() => checkCaption('old', 'the root A = 1', three), /figure shows A = \(1, 2, 6\)/);
});

test('the gallery’s figcaptions name only what their figures show', () => {
  const html = readFileSync(new URL('../../www/lessons/index.html', import.meta.url), 'utf8');
  let claims = 0;
  let figures = 0;
  for (const m of html.matchAll(/<figure>\s*<ply-tree([^>]*)>([^<]+)<\/ply-tree>\s*<figcaption>([\s\S]*?)<\/figcaption>/g)) {
    const algo = /algorithm="([a-z]+)"/.exec(m[1])?.[1] ?? 'alphabeta';
    const text = m[2].replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
    // H-minimax's options on a tree: depth, singular extensions, beam search.
    const h = {};
    const depth = /\bdepth="(\d+)"/.exec(m[1]);
    if (depth) h.depth = Number(depth[1]);
    const singular = /\bsingular="([\d.]+):(\d+)"/.exec(m[1]);
    if (singular) h.singular = { margin: Number(singular[1]), extra: Number(singular[2]) };
    const beam = /\bbeam="(\d+)"/.exec(m[1]);
    if (beam) h.beam = Number(beam[1]);
    claims += checkCaption(`gallery ${text.slice(0, 30)}`, m[3].replace(/<[^>]+>/g, ''), figureFacts(text, algo, h));
    figures++;
  }
  assert.ok(figures >= 8, `only ${figures} tree figures found`);
  assert.ok(claims >= 30, `only ${claims} claims checked`);
});

test('the core’s own captions and result lines of the lessons’ trees', () => {
  const f = figureFacts(lessonTree('exercise_alpha_beta'), 'alphabeta');
  assert.equal(
    f.caption,
    'MAX nodes D = 5, E = 9, F = 4; MIN nodes B = 5, C ≤ 4. 1 cutoff: at C, v = 4 ≤ α = 5 prunes G; the test also passes at E (v = 9 ≥ β = 5) after the last child, with nothing left to prune. 12 nodes entered, 6 leaves evaluated. The root, MAX node A, is worth 5: best move a1 (to B).',
  );
  assert.equal(f.result, 'Root value 5 · best move a1 (to B)');
  const three = figureFacts(LESSON_TREES.find((t) => t.id === 'three-player').text, 'maxn');
  assert.equal(three.result, 'Root value (1, 2, 6) for P1, P2 and P3 · best move a1 (to B)');
});

test('which algorithms apply to a tree is the core’s answer', () => {
  const cases = [
    ['[[3,12,8],[2,4,6]]', ['minimax', 'alphabeta']],
    ['[chance[0.5: 1, 0.5: 2], 3]', ['expectiminimax', 'alphabeta']],
    ['[(1,2,3),(3,2,1)]', ['maxn']],
  ];
  for (const [text, want] of cases) {
    const t = api.GameTree.parse(text);
    assert.deepEqual(algorithmsFor(t), want, text);
    t.free();
  }
  for (const entry of LESSON_TREES) {
    const t = api.GameTree.parse(entry.text);
    assert.ok(algorithmsFor(t).includes(entry.algo), `${entry.id}: ${entry.algo} applies`);
    t.free();
  }
});
