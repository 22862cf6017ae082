// The embed page's postMessage protocol (docs/embedding.md, "Messages"): what a host page may
// send to a plyground <iframe>, checked field by field, and what the frame sends back. Every
// message is a plain object whose `type` starts with "plyground:". Anything else is ignored;
// nothing in a message is ever evaluated or inserted as HTML.
//
// In (host → frame):
//   {type: 'plyground:set', <parameter>: value, …}  change parameters of the figure (the URL's
//       names; values text, numbers or true/false; null removes one) — e.g.
//       {type: 'plyground:set', step: 12} or {type: 'plyground:set', tree: '[[1,2],[3]]', step: 'end'}
//   {type: 'plyground:get'}                          ask for a plyground:state message
// Out (frame → host):
//   {type: 'plyground:ready', view, version, error}
//   {type: 'plyground:step', view: 'tree', index, length, narration, event, done}
//   {type: 'plyground:step', view: 'mcts', iterations, phase, nodes, narration, best}
//   {type: 'plyground:move', view: 'game', move, player, moves, by}
//   {type: 'plyground:done', view, …}   (tree: value, best, bestName, complete, result;
//                                        game: winner, line, moves; compare: rows)
//   {type: 'plyground:graded', view: 'practice', task, seed, tree, score, max, done, mistakes}
//       (each time the student checks: docs/embedding.md, "Practice answers and grades")
//   {type: 'plyground:state', view, params, index, length}
//   {type: 'plyground:error', message}
//   {type: 'plyground:resize', view, height}   the page's content height in CSS px, whenever it
//       changes: a host may set the <iframe>'s height from it
//
// DOM-free, tested under node --test (tests/js/messages.test.mjs).

import { LIMITS, PARAM_NAMES, canonicalName, quote } from './figure-state.js';

export const PROTOCOL_VERSION = 1;

/** Types the frame sends; received back (an echoing host), they are ignored. */
export const OUT_TYPES = ['plyground:ready', 'plyground:step', 'plyground:move', 'plyground:done', 'plyground:graded', 'plyground:state', 'plyground:error', 'plyground:resize'];

const MAX_FIELDS = 40;

function plainObject(x) {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/**
 * Reads a message sent to a figure of `view`.
 * @returns {null | {type: 'set', params: Map<string, string|null>} | {type: 'get'} | {error: string}}
 *   null: not a plyground request (ignore it silently); error: a plyground request with a bad shape
 */
export function readMessage(data, view) {
  if (!plainObject(data)) return null;
  const type = data.type;
  if (typeof type !== 'string' || !type.startsWith('plyground:')) return null;
  if (OUT_TYPES.includes(type)) return null;
  const keys = Object.keys(data).filter((k) => k !== 'type');
  if (type === 'plyground:get') {
    if (keys.length) return { error: `plyground:get takes no fields (got ${keys.slice(0, 3).map(quote).join(', ')})` };
    return { type: 'get' };
  }
  if (type !== 'plyground:set') return { error: `unknown message type ${quote(type)} (expected plyground:set or plyground:get)` };
  if (!keys.length) return { error: 'plyground:set needs at least one parameter, e.g. {type: "plyground:set", step: 3}' };
  if (keys.length > MAX_FIELDS) return { error: `plyground:set has ${keys.length} fields (at most ${MAX_FIELDS})` };
  const names = PARAM_NAMES[view] ?? [];
  const params = new Map();
  for (const k of keys) {
    const name = canonicalName(k);
    if (!names.includes(name) || name === 'origin') {
      return { error: `${quote(k)} is not a parameter of a ${view} figure (parameters: ${names.filter((n) => n !== 'origin').join(', ')})` };
    }
    const v = data[k];
    if (typeof v === 'string') {
      if (v.length > LIMITS.tree) return { error: `${name}: too long (${v.length.toLocaleString('en-US')} characters; at most ${LIMITS.tree.toLocaleString('en-US')})` };
      params.set(name, v);
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { error: `${name}: ${v} is not a finite number` };
      params.set(name, String(v));
    } else if (typeof v === 'boolean') {
      params.set(name, v ? 'true' : 'false');
    } else if (v === null) {
      params.set(name, null);
    } else {
      return { error: `${name}: expected text, a number, true/false or null, got ${Array.isArray(v) ? 'an array' : typeof v}` };
    }
  }
  return { type: 'set', params };
}

/** Copies only plain values (numbers, strings, booleans, null, arrays of them) into a message. */
function plain(v) {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return v;
  if (Array.isArray(v) || ArrayBuffer.isView(v)) return Array.from(v, plain);
  if (plainObject(v)) {
    return Object.fromEntries(
      Object.entries(v)
        .map(([k, x]) => [k, plain(x)])
        .filter(([, x]) => x !== undefined),
    );
  }
  return undefined;
}

/** A message from the frame: `{type: 'plyground:' + kind, view, …detail}`. */
export function outMessage(kind, view, detail = {}) {
  const msg = { type: `plyground:${kind}`, view };
  for (const [k, v] of Object.entries(detail)) {
    if (k === 'type' || k === 'view') continue;
    const p = plain(v);
    if (p !== undefined) msg[k] = p;
  }
  return msg;
}
