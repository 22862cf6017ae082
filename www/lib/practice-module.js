// The lab module (elements/runtime.js), www/pkg-practice/: the tree module plus `Practice`
// (exercises, answer keys, grading and rule texts) and `exportTikz`. Only a practice figure, the tree lab's
// caption and the TikZ export load it, the first time they are used, so every other page
// keeps the small module. A practice figure uses this module for everything it
// draws (GameTree, Stepper, MctsStepper): handles never cross between the two modules.

import { MODULES, importGlue } from '../elements/runtime.js';

let ready = null;

/** The practice module's API, loaded and initialised once per page. */
export function loadPracticeApi() {
  if (!ready) {
    // The module's bytes download while its glue does (the glue would ask for them only
    // once it has loaded).
    const wasm = fetch(MODULES.lab.wasm);
    wasm.catch(() => {}); // (a failure shows where the glue awaits it)
    ready = importGlue('lab').then(async (glue) => {
      await glue.default({ module_or_path: wasm });
      return glue;
    });
  }
  return ready;
}
