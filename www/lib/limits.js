// The wasm module's limits and default budgets — crates/plyground/src/limits.rs, published
// by the module's `limits()` — read once, the first time a page, worker or test asks for
// them (after the module is initialised: loadApi() in elements/runtime.js, init() in
// worker.js, initSync() in Node). Nothing in JavaScript repeats these numbers.

import { limits as moduleLimits } from '../pkg/plyground_wasm.js';

let cached = null;

/**
 * `{maxDepth, maxBudget, c4DefaultBudget, maxIterations, maxShownIterations, maxC, maxSeed,
 * defaultNodeCap, maxNodeCap, solveGameBudget, perfectFallbackBudget, …}` (the `Limits`
 * type of the module's TypeScript declarations). Throws until the module is initialised.
 */
export function limits() {
  if (cached) return cached;
  try {
    cached = Object.freeze(moduleLimits());
  } catch (e) {
    throw new Error(`the wasm module is not loaded yet, and its limits come from it (${e?.message ?? e})`);
  }
  return cached;
}
