// The players a side can have, as the wasm module's catalogue describes them: ids, menu
// names, settings with their ranges, per-game defaults, the checks of a configuration and
// its label. Nothing here decides: which search a player runs, its budget and its answer
// are the core's (plyground::search::players, behind the wasm `Engine`, `engines`,
// `checkEngineConfig` and `engineLabel`). This adapter only keeps the page's old names.
//
// `installEngines(api)` must run once the wasm module is ready (elements/runtime.js's
// loadApi does it); until then every function here throws.

/** Engine ids, in the order the menus list them (from the catalogue). */
export let ENGINE_IDS = [];

/** Menu names by id. */
export let ENGINE_NAMES = {};

/** The settings each engine has, by id (keys of its fields). */
export let ENGINE_FIELDS = {};

let api = null;
const catalogues = new Map();

/**
 * Reads the catalogue from the wasm module. Idempotent.
 * @param {object} wasm the initialised wasm module
 */
export function installEngines(wasm) {
  if (api === wasm) return;
  api = wasm;
  catalogues.clear();
  const list = api.engines('ttt');
  ENGINE_IDS = list.map((e) => e.id);
  ENGINE_NAMES = Object.fromEntries(list.map((e) => [e.id, e.name]));
  ENGINE_FIELDS = Object.fromEntries(list.map((e) => [e.id, e.fields.map((f) => f.key)]));
}

function wasm() {
  if (!api) throw new Error('the engine catalogue is not loaded: call installEngines(api) once the wasm module is ready');
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
