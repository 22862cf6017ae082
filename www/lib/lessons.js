// The lessons' worked examples, as the tree lab's menu. Each entry is tree text in the
// grammar of docs/tree-grammar.md, the algorithm that fits it, and what the lesson says the
// answer is (shown next to the tree, so a student can check the picture against the text).
//
// Every note names only nodes, values and counts the figure shows: tests/js/captions.test.mjs
// records each entry's search and checks each "X = v", "X ≤ v", each node and edge name and
// each number of the note against the trace. Under the figure the lab also shows the core's
// own caption of the search (Stepper.caption()), generated from the trace.

/** @typedef {{id: string, title: string, text: string, algo: string, note: string}} LessonTree */

/** @type {LessonTree[]} */
export const LESSON_TREES = [
  {
    id: 'figure-5-2',
    title: 'Figure 5.2: the two-ply game tree',
    text: '[[3,12,8],[2,4,6],[14,5,2]]',
    algo: 'alphabeta',
    note: 'MIN nodes B = 3, C ≤ 2, D = 2; the root A = 3 (move a1). α-β prunes c2 and c3, the leaves 4 and 6.',
  },
  {
    id: 'twelve-leaf',
    title: 'The 12-leaf pruning trace',
    text: '[[3,12,8],[2,4,6],[14,5,2],[11,7,9]]',
    algo: 'alphabeta',
    note: 'MIN nodes B = 3, C ≤ 2, D = 2, E = 7; the root A = 7 (move a4). Only c2 and c3, the leaves 4 and 6 under C, are pruned.',
  },
  {
    id: 'exercise-minimax',
    title: 'Exercise: minimax propagation',
    text: '[[[4,7],[2,8]],[[1,5],[3,6]]]',
    algo: 'minimax',
    note: 'D = 7, E = 8, F = 5, G = 6; B = 7, C = 5; the root is 7 (move to B).',
  },
  {
    id: 'exercise-alphabeta',
    title: 'Exercise: α-β derivation',
    text: '[[[3,5],[2,9]],[[1,4],[8,7]]]',
    algo: 'alphabeta',
    note: 'D = 5 and E = 9 give B = 5, so α = 5 at the root. Under C, F = 4: v = 4 ≤ α = 5 prunes G with its leaves 8 and 7 (1 cutoff). The root A = 5 (move a1).',
  },
  {
    id: 'expectiminimax',
    title: 'Expectiminimax: two chance moves',
    text: 'max[chance[0.5: 10, 0.5: -4], chance[0.25: 20, 0.25: -10, 0.25: 4, 0.25: 0]]',
    algo: 'expectiminimax',
    note: 'B = 0.5·10 + 0.5·(−4) = 3; C = 0.25·20 + 0.25·(−10) + 0.25·4 + 0.25·0 = 3.5; MAX picks a2 (to C).',
  },
  {
    id: 'sqrt-before',
    title: 'Utilities must be cardinal: certain 1 vs a gamble',
    text: '[1, chance[0.5: 0, 0.5: 3]]',
    algo: 'expectiminimax',
    note: 'Certain 1.0 against 0 or 3 with probability ½ each (expected 1.5): the gamble wins.',
  },
  {
    id: 'sqrt-after',
    title: '… the same after u ↦ √u',
    text: '[1, chance[0.5: 0, 0.5: 1.7320508075688772]]  # √1, √0, √3',
    algo: 'expectiminimax',
    note: '√1 = 1 against ½·0 + ½·√3 ≈ 0.866: a monotonic transform flips the choice.',
  },
  {
    id: 'three-player',
    title: 'Three players (max^n, AIMA Figure 5.4)',
    text: '[[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]],[[(5,1,1),(1,5,2)],[(7,7,1),(5,4,5)]]]',
    algo: 'maxn',
    note: 'Players P1, P2, P3 move in turn (drawn ▲, ◆, ⬟ with their numbers); each backs up the tuple best for itself. B = (1, 2, 6), C = (1, 5, 2); the root A = (1, 2, 6).',
  },
];

/** Where the lab's own caption is, for notes that are not a lesson's. */
const SEE_CAPTION = 'What this search found is in the caption below, “What the search found”, written from its trace.';

/**
 * The note the tree lab shows over a recorded search of an explicit tree. A lesson's note
 * is true of the lesson's search only: its tree, its algorithm, the natural order, the
 * lessons' tie rule, no depth cutoff, no singular extension, no beam. Any other search gets
 * a note that is true of every tree and points at the caption the core writes from the trace.
 * @param {{tree: string, algo: string, tie?: string, order?: string|null, depth?: number|null, singular?: object|null, beam?: number|null}} s a tree state (figure-state.js)
 * @returns {string}
 */
export function treeNote(s) {
  const lesson = LESSON_TREES.find((t) => t.text === s.tree);
  if (!lesson) return `Your own tree. ${SEE_CAPTION}`;
  const own = s.algo === lesson.algo && (s.order ?? 'natural') === 'natural' && (s.tie ?? 'nonstrict') === 'nonstrict' && s.depth == null && !s.singular && s.beam == null;
  if (own) return lesson.note;
  return `The tree of “${lesson.title}”, searched with other options than the lesson’s, so the lesson’s note is not shown. ${SEE_CAPTION}`;
}

/** The lab's position sources, after the explicit trees. */
export const POSITION_SOURCES = [
  {
    id: 'ttt-position',
    title: 'A tic-tac-toe position’s search',
    kind: 'ttt',
    moves: '4,0,8,2',
    depth: null,
    note: 'The real α-β (or minimax) search of the position; cap the nodes for big ones.',
  },
  {
    id: 'c4-position',
    title: 'A Connect-4 position’s search (depth 4)',
    kind: 'c4',
    moves: '4453',
    depth: 4,
    note: 'H-minimax to depth 4 with the evaluation function at the cutoff: thousands of nodes.',
  },
  {
    id: 'c4-solve',
    title: 'A Connect-4 position’s exact solve (null-window passes)',
    kind: 'c4',
    algo: 'solve',
    moves: '7174362564676726631735257252323',
    depth: null,
    note: 'The exact solver’s own search: one pass after another, each a search of the root with a null window (β = α + 1) that only shows whether the value is above α or not; together the passes settle the value. Each pass is one search: one root per pass.',
  },
];

/**
 * The position source that shows a game search: the exact solver's own entry for `algo:
 * 'solve'`, else the game's α-β entry.
 * @param {string} kind 'ttt' | 'c4'
 * @param {string|null|undefined} algo
 */
export function positionSource(kind, algo) {
  const solve = algo === 'solve';
  return POSITION_SOURCES.find((p) => p.kind === kind && (p.algo === 'solve') === solve);
}

/**
 * Which algorithms apply to a parsed tree, the default first: the core decides
 * (GameTree.algorithms(), plyground::caption::algorithms_for).
 * @param {{algorithms: () => string[]}} tree a GameTree
 */
export function algorithmsFor(tree) {
  return Array.from(tree.algorithms());
}
