// plyground's custom elements, all in one module:
//
//   <script type="module" src="https://…/plyground-elements.js"></script>
//   <ply-tree step="end">[[3,12,8],[2,4,6],[14,5,2]]</ply-tree>
//
// <ply-tree>, <ply-game>, <ply-mcts>, <ply-ucb>, <ply-compare> and <ply-practice> share one WebAssembly module
// and one small worker pool per page (elements/runtime.js). Each element is also its own
// module (elements/ply-tree.js, …) for pages that want only one. docs/embedding.md has the
// attributes, events and hosting notes.

export { PlyTree } from './elements/ply-tree.js';
export { PlyGame } from './elements/ply-game.js';
export { PlyMcts } from './elements/ply-mcts.js';
export { PlyUcb } from './elements/ply-ucb.js';
export { PlyCompare } from './elements/ply-compare.js';
export { PlyPractice } from './elements/ply-practice.js';
export { loadApi, workerPool, SITE_BASE } from './elements/runtime.js';
