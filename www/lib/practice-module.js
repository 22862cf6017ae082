// The practice module, www/pkg-practice/: the tree module plus `Practice` (exercises,
// answer keys, grading and rule texts — about 90 KiB gzipped, built with the wasm crate's
// `trees` and `practice` features) and `exportTikz`. Only a practice figure, the tree lab's
// caption and the TikZ export load it, the first time they are used, so every other page
// keeps the small module. A practice figure uses this module for everything it
// draws (GameTree, Stepper, MctsStepper): handles never cross between the two modules.

let ready = null;

/** The practice module's API, loaded and initialised once per page. */
export function loadPracticeApi() {
  if (!ready) {
    // The module's bytes download while its glue does (the glue would ask for them only
    // once it has loaded).
    const wasm = fetch(new URL('../pkg-practice/plyground_wasm_bg.wasm', import.meta.url));
    wasm.catch(() => {}); // (a failure shows where the glue awaits it)
    ready = import('../pkg-practice/plyground_wasm.js').then(async (glue) => {
      await glue.default({ module_or_path: wasm });
      return glue;
    });
  }
  return ready;
}
