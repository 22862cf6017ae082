// What it costs to keep the module working after a RangeError inside a call,
// the two ways measured side by side (ARCHITECTURE.md, "A thrown JavaScript error does not
// break the module"): a stack-headroom probe before each call, and the glue's guard that
// `cargo xtask build` splices in (the one shipped). Run after `cargo xtask build`:
//
//   node bench/guard.mjs
//
// Prints: the probe's cost per call for a few headroom sizes; the stack the deepest exports
// need beyond a trivial call (what a probe would have to reserve); the time of a few calls
// through the guarded glue and straight into the instance's exports (the guard's wrapper is
// the difference); and the time to replace a broken instance.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../www/pkg/', import.meta.url));
const bytes = readFileSync(`${pkg}plyground_wasm_bg.wasm`);
const api = await import(`${pkg}plyground_wasm.js`);
const module = new WebAssembly.Module(bytes);
api.initSync({ module });

/** The best of five runs of n calls, in ns per call. */
function time(fn, n = 20000) {
  for (let i = 0; i < n; i++) fn();
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    best = Math.min(best, ((performance.now() - t0) / n) * 1e6);
  }
  return best;
}
const ns = (x) => (x >= 1000 ? `${(x / 1000).toFixed(1)} µs` : `${x.toFixed(0)} ns`);

console.log('stack-headroom probe (Function.prototype.apply with N arguments: V8 checks N×8 bytes):');
function sink() {
  return 0;
}
for (const kib of [16, 64, 128]) {
  const args = new Array(kib * 128).fill(0);
  console.log(`  ${String(kib).padStart(3)} KiB  ${ns(time(() => sink.apply(null, args), 5000))} per call`);
}

console.log('stack needed beyond a trivial call (what a probe must reserve):');
function atDepth(d, fn) {
  return d > 0 ? atDepth(d - 1, fn) : fn();
}
function pad(fn) {
  return fn();
}
const works = (d, fn) => {
  try {
    atDepth(d, fn);
    return true;
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return false;
  }
};
let [lo, hi] = [0, 1];
while (works(hi, () => 0)) [lo, hi] = [hi, hi * 2];
while (hi - lo > 1) {
  const m = (lo + hi) >> 1;
  if (works(m, () => 0)) lo = m;
  else hi = m;
}
const top = lo - 3000;
const squeezedWorks = (slots, fn) => works(0, () => atDepth(top, () => pad.apply(null, { length: slots + 1, 0: fn })));
/** The most 8-byte slots of padding with which `fn` still returns. */
function room(fn) {
  let [a, b] = [0, 1];
  while (squeezedWorks(b, fn)) [a, b] = [b, b * 2];
  while (b - a > 1) {
    const m = (a + b) >> 1;
    if (squeezedWorks(m, fn)) a = m;
    else b = m;
  }
  return a;
}
let deep = '0';
for (let i = 0; i < 64; i++) deep = `[${deep}, 1]`;
// Handles are made inside each call: a RangeError inside the module replaces the instance
// and invalidates the handles made before.
const base = room(() => 0);
for (const [name, fn] of [
  ['limits()', () => api.limits()],
  ['searchTree(64-level tree, minimax)', () => api.searchTree(api.GameTree.parse(deep), { algo: 'minimax' })],
  ['GameTree.parse(64-level tree)', () => api.GameTree.parse(deep)],
  ['solveConnect4(empty board, budget 200,000)', () => api.solveConnect4('', { budget: 200000 })],
]) {
  // The deepest need of a few tries (V8's tiers change frame sizes as code warms up).
  let need = 0;
  for (let i = 0; i < 3; i++) need = Math.max(need, (base - room(fn)) * 8);
  console.log(`  ${name.padEnd(44)} ${(need / 1024).toFixed(1)} KiB`);
}

console.log('calls through the guarded glue and straight into the instance (the wrapper is the difference):');
const raw = new WebAssembly.Instance(module, { './plyground_wasm_bg.js': new Proxy({}, { get: () => () => 0 }) }).exports;
const g = api.Game.create('c4', '4455');
const ucb = () => api.ucb1(1, 2, 10, 1.4);
console.log(`  ucb1 (glue, guarded)          ${ns(time(ucb, 200000))}`);
console.log(`  ucb1 (the raw export)         ${ns(time(() => raw.ucb1(1, 2, 10, 1.4), 200000))}`);
console.log(`  Game.cells() (glue, guarded)  ${ns(time(() => g.cells(), 50000))}`);

console.log('replacing a broken instance:');
const t0 = performance.now();
for (let i = 0; i < 20; i++) new WebAssembly.Instance(module, { './plyground_wasm_bg.js': new Proxy({}, { get: () => () => 0 }) });
console.log(`  new WebAssembly.Instance      ${((performance.now() - t0) / 20).toFixed(2)} ms`);
