// The wasm module's limits and default budgets — crates/plyground/src/limits.rs, published
// by every module's `limits()` (the tree, games, full and practice modules publish the same
// numbers) — read once, the first time a page or test asks for them, from the first module
// installed: loadApi() in elements/runtime.js installs each module it loads, tests/js/wasm.mjs
// the one Node loads. Nothing in JavaScript repeats these numbers.

let source = null;
let cached = null;

/** The initialised module whose `limits()` this file reads (the first one given wins). */
export function installLimits(api) {
  source ??= api;
}

/**
 * `{maxDepth, maxBudget, c4DefaultBudget, maxIterations, maxShownIterations, maxC, maxSeed,
 * defaultNodeCap, maxNodeCap, solveGameBudget, perfectFallbackBudget, …}` (the `Limits`
 * type of the module's TypeScript declarations). Throws until the module is initialised.
 */
export function limits() {
  if (cached) return cached;
  try {
    if (!source) throw new Error('no module installed');
    cached = Object.freeze(source.limits());
  } catch (e) {
    throw new Error(`the wasm module is not loaded yet, and its limits come from it (${e?.message ?? e})`);
  }
  return cached;
}
