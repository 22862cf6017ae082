// The lab module (elements/runtime.js), www/pkg-practice/: the tree module plus `Practice`
// (exercises, answer keys, grading and rule texts), `exportTikz` and the placement of a game's
// search. Only a practice figure, the tree lab's caption, the TikZ export and a game's search
// tree load it, the first time they are used, so every other page keeps the small module. A
// practice figure uses this module for everything it draws (GameTree, Stepper, MctsStepper):
// handles never cross between the two modules.

import { loadApi } from '../elements/runtime.js';

let ready = null;

/**
 * The practice module's API, loaded and initialised once per page: through runtime.js's
 * loadApi, the one loader of every module, so that a page that also asks for it there (a
 * game's search tree, placed by this module) downloads and starts it once.
 */
export function loadPracticeApi() {
  ready ??= loadApi('lab').then(({ api }) => api);
  return ready;
}
