// The players a side can have, as the wasm module's catalogue describes them: ids, menu
// names, settings with their ranges, per-game defaults, the checks of a configuration and
// its label. Nothing here decides: which search a player runs, its budget and its answer
// are the core's (plyground::search::players, behind the wasm `Engine`, `engines`,
// `checkEngineConfig`, `engineLabel` and `evaluationConfig`). This adapter only keeps the
// page's old names.
//
// The catalogue is read from a module with the games (www/pkg-games/, or the full www/pkg/)
// the first time it is needed after that module is initialised and given here
// (`useEngineModule`); `installEngines()` reads it at once (elements/runtime.js's
// loadApi('games') calls it, so the ENGINE_* lists are filled before any view reads them).
// Before then every function here throws. The tree module has no catalogue.

let source = null;

/** The initialised module the catalogue is read from, when first needed. */
export function useEngineModule(wasm) {
  source = wasm;
}

/** Engine ids, in the order the menus list them (from the catalogue). */
export let ENGINE_IDS = [];

/** Menu names by id. */
export let ENGINE_NAMES = {};

/** The settings each engine has, by id (keys of its fields). */
export let ENGINE_FIELDS = {};

let api = null;
const catalogues = new Map();

/**
 * Reads the catalogue from the initialised wasm module. Idempotent.
 * @param {object} [wasm] the module (default: the one `useEngineModule` gave)
 */
export function installEngines(wasm = source) {
  if (api && api === wasm) return;
  let list;
  try {
    list = wasm.engines('ttt');
  } catch (e) {
    throw new Error(`the engine catalogue is not loaded: the wasm module is not initialised yet (${e?.message ?? e})`);
  }
  api = wasm;
  catalogues.clear();
  ENGINE_IDS = list.map((e) => e.id);
  ENGINE_NAMES = Object.fromEntries(list.map((e) => [e.id, e.name]));
  ENGINE_FIELDS = Object.fromEntries(list.map((e) => [e.id, e.fields.map((f) => f.key)]));
}

function wasm() {
  if (!api) installEngines();
  return api;
}

/**
 * The catalogue for a game: [{id, name, menu, fields: [{key, label, kind, min, max, step,
 * optional}], defaults, unavailable}] (EngineInfo in the module's TypeScript types).
 * @param {'ttt'|'c4'} kind
 */
export function engineCatalogue(kind) {
  if (!catalogues.has(kind)) catalogues.set(kind, wasm().engines(kind));
  return catalogues.get(kind);
}

/** One player's catalogue entry. */
export function engineInfo(kind, id) {
  const e = engineCatalogue(kind).find((x) => x.id === id);
  if (!e) throw new Error(`unknown engine ${JSON.stringify(id)} (expected ${ENGINE_IDS.join(', ')})`);
  return e;
}

/** The range of a setting, as the catalogue gives it (the same on both games). */
function range(key) {
  for (const e of engineCatalogue('ttt')) {
    const f = e.fields.find((x) => x.key === key);
    if (f) return { min: f.min, max: f.max };
  }
  throw new Error(`no engine has a setting '${key}'`);
}

/** The ranges of the settings figures share (depth, seed, C), read from the catalogue. */
export const LIMITS = {
  get depth() {
    return range('depth');
  },
  get iterations() {
    return range('iterations');
  },
  get c() {
    return range('c');
  },
  get seed() {
    return range('seed');
  },
};

/** The defaults of a player on a game (a fresh object). */
export function defaultConfig(kind, engine) {
  return { ...engineInfo(kind, engine).defaults };
}

/**
 * Checks and completes a configuration (numbers may be the text of a form's input); throws
 * an Error naming the field.
 * @param {'ttt'|'c4'} kind
 * @param {object} cfg
 */
export function checkConfig(kind, cfg) {
  return wasm().checkEngineConfig(kind, cfg);
}

/** A short description of a player with its settings: "H-minimax (EVAL), depth 6, TT". */
export function engineLabel(kind, cfg) {
  return wasm().engineLabel(kind, cfg);
}

/**
 * The player whose search gives the values a board shows for every move (the core decides:
 * exact α-β on tic-tac-toe; on Connect-4 the side to move's engine, else the other side's,
 * else H-minimax to depth 8).
 * @param {'ttt'|'c4'} kind
 * @param {object} mover the side to move's configuration
 * @param {object} other the other side's
 */
export function evaluationConfig(kind, mover, other) {
  return wasm().evaluationConfig(kind, mover, other);
}
