// plyground's custom elements, one script for all six:
//
//   <script type="module" src="https://…/plyground-elements.js"></script>
//   <ply-tree step="end">[[3,12,8],[2,4,6],[14,5,2]]</ply-tree>
//
// <ply-tree>, <ply-game>, <ply-mcts>, <ply-ucb>, <ply-compare> and <ply-practice> (and
// <ply-set>, a set of <ply-practice> exercises) share one
// WebAssembly module per kind and one small worker pool per page (elements/runtime.js). Each
// element is its own module (elements/ply-tree.js, …, which defines its tag and exports its
// class); this script loads an element's module when its tag first appears in the document,
// now or later, so a page with one <ply-tree> downloads no other element's code.
// Before a module arrives each element holds the space its figure will take
// (elements/reserve.js), so the text under it does not move when the figure appears.
// docs/embedding.md has the attributes, events and hosting notes.

import { reserveAll } from './elements/reserve.js';

const ELEMENTS = {
  'ply-tree': () => import('./elements/ply-tree.js'),
  'ply-game': () => import('./elements/ply-game.js'),
  'ply-mcts': () => import('./elements/ply-mcts.js'),
  'ply-ucb': () => import('./elements/ply-ucb.js'),
  'ply-compare': () => import('./elements/ply-compare.js'),
  'ply-practice': () => import('./elements/ply-practice.js'),
  'ply-set': () => import('./elements/ply-set.js'),
};

const waiting = new Map(Object.entries(ELEMENTS));

let observer = null;

/** Loads the module of each tag now in the document (once per tag). */
function scan() {
  reserveAll();
  for (const [tag, load] of waiting) {
    if (document.getElementsByTagName(tag).length > 0) {
      waiting.delete(tag);
      load();
    }
  }
  // Elements added after their tag's module loaded reserve their space when they connect.
  if (waiting.size === 0) observer?.disconnect();
}

/**
 * Loads a tag's module now, before the tag is in the document (the embed frame knows its
 * figure's tag from its URL while the wasm downloads); resolves once the tag is defined.
 */
export function loadElement(tag) {
  const load = ELEMENTS[tag];
  if (!load) return Promise.reject(new Error(`loadElement: no element ${JSON.stringify(tag)}`));
  waiting.delete(tag);
  return load();
}

scan();
if (waiting.size > 0) {
  observer = new MutationObserver(scan);
  observer.observe(document, { childList: true, subtree: true });
}

export { loadApi, workerPool, SITE_BASE } from './elements/runtime.js';
