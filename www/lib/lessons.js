// The lessons' worked examples, as the tree lab's menu. Each entry is tree text in the
// grammar of docs/tree-grammar.md, the algorithm that fits it, and what the lesson says the
// answer is (shown next to the tree, so a student can check the picture against the text).

/** @typedef {{id: string, title: string, text: string, algo: string, note: string}} LessonTree */

/** @type {LessonTree[]} */
export const LESSON_TREES = [
  {
    id: 'figure-5-2',
    title: 'Figure 5.2: the two-ply game tree',
    text: '[[3,12,8],[2,4,6],[14,5,2]]',
    algo: 'alphabeta',
    note: 'MIN nodes back up 3, 2, 2; the root is 3 (move a1). α-β prunes c2 and c3 (the 4 and the 6).',
  },
  {
    id: 'twelve-leaf',
    title: 'The 12-leaf pruning trace',
    text: '[[3,12,8],[2,4,6],[14,5,2],[11,7,9]]',
    algo: 'alphabeta',
    note: 'The four MIN nodes back up 3, 2, 2, 7; the root is 7. Only the 4 and 6 under the second node are pruned.',
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
    note: 'B = 5 (β-cutoff at B2 after the 9); at C, β = 4 ≤ α = 5 prunes C2 with its leaves 8 and 7. Root 5.',
  },
  {
    id: 'expectiminimax',
    title: 'Expectiminimax: two chance moves',
    text: 'max[chance[0.5: 10, 0.5: -4], chance[0.25: 20, 0.25: -10, 0.25: 4, 0.25: 0]]',
    algo: 'expectiminimax',
    note: 'EV(C1) = 0.5·10 + 0.5·(−4) = 3; EV(C2) = 0.25·(20 − 10 + 4 + 0) = 3.5; MAX picks a2.',
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
    note: 'Players A, B, C move in turn; each backs up the vector best for itself. The root is (1, 2, 6).',
  },
];

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
];

/** Which algorithms make sense for a tree (utility tuples: max^n only; chance nodes: expectiminimax). */
export function algorithmsFor(info) {
  if (info.hasTuples) return ['maxn'];
  if (info.hasChance) return ['expectiminimax', 'alphabeta'];
  return ['minimax', 'alphabeta'];
}
