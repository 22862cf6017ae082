// Exercise sets, DOM-free: the set description (docs/records.md) read and checked, each
// exercise's <ply-practice> attributes, the saved progress and the set's record. <ply-set>
// (elements/ply-set.js) draws it; the SCORM adapter (lib/scorm.js) maps its record to cmi
// values. Grading is the core's (each exercise's Practice); a learner's seed is the core's
// too (Practice.learnerSeed, passed in): nothing here decides an answer or a seed.

import { PRACTICE_GEN } from './figure-state.js';
import { escapeHtml } from './snippets.js';

/** The set description's own fields. */
export const SET_KEYS = ['title', 'id', 'mastery', 'attempts', 'reveal', 'exercises'];

/** An exercise's fields (Practice.create's options, docs/records.md) → <ply-practice> attribute. */
const EXERCISE_ATTRS = {
  task: 'task',
  tree: 'tree',
  seed: 'seed',
  difficulty: 'difficulty',
  ...Object.fromEntries(PRACTICE_GEN.map(([attr, prop]) => [prop, attr])),
  tie: 'tie',
  c: 'c',
};
const STRINGS = ['task', 'tree', 'difficulty', 'tie'];
const NUMBERS = ['depth', 'players', 'cutoffs', 'c'];
const RANGES = ['branching', 'values'];
const FLAGS = ['decimals', 'chance', 'uniqueBest', 'tieSensitive', 'worstOrder'];
const MAX_SEED = 4294967295;

/** A bad set description: the message names the field (`set.exercises[1].depth`) and the reason. */
export class SetError extends Error {}

const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? `"${v}"` : typeof v === 'object' ? 'an object' : String(v));

function readExercise(place, e) {
  if (e === null || typeof e !== 'object' || Array.isArray(e)) throw new SetError(`${place} must be an object like {"task": "minimax", "seed": 7}, got ${kind(e)}`);
  for (const k of Object.keys(e)) {
    if (k === 'mctsSeed' || k === 'iterations') throw new SetError(`${place}.${k}: a set's exercises take <ply-practice>'s options; ${k} is not one of them`);
    if (!(k in EXERCISE_ATTRS)) throw new SetError(`${place}: unknown field '${k}' (expected one of ${Object.keys(EXERCISE_ATTRS).join(', ')})`);
  }
  if (typeof e.task !== 'string' || e.task === '') throw new SetError(`${place}.task is required (a task id like "alphabeta-leaves"), got ${kind(e.task)}`);
  for (const [k, v] of Object.entries(e)) {
    const at = `${place}.${k}`;
    if (STRINGS.includes(k) && typeof v !== 'string') throw new SetError(`${at} must be a string, got ${kind(v)}`);
    if (NUMBERS.includes(k) && typeof v !== 'number') throw new SetError(`${at} must be a number, got ${kind(v)}`);
    if (FLAGS.includes(k) && typeof v !== 'boolean') throw new SetError(`${at} must be true or false, got ${kind(v)}`);
    if (RANGES.includes(k) && !(typeof v === 'number' || typeof v === 'string' || (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number')))) {
      throw new SetError(`${at} must be a number, [low, high] or a string like "${k === 'values' ? '0..9' : '2-3'}", got ${kind(v)}`);
    }
  }
  if (e.seed !== undefined && e.seed !== 'learner' && !(Number.isInteger(e.seed) && e.seed >= 0 && e.seed <= MAX_SEED)) {
    throw new SetError(`${place}.seed must be an integer from 0 to ${MAX_SEED} or "learner", got ${kind(e.seed)}`);
  }
  return { ...e };
}

/**
 * Reads a set description (a JSON text or an object) and checks it. Returns
 * `{title, id, mastery, attempts, reveal, exercises}`: `id` the title when not given,
 * `mastery` null or a fraction, `attempts` null (no limit) or a positive integer, `reveal`
 * true unless false, `exercises` the options as written. Throws SetError naming the field.
 * @param {string|object} input
 */
export function readSet(input) {
  let d = input;
  if (typeof input === 'string') {
    try {
      d = JSON.parse(input);
    } catch (e) {
      throw new SetError(`set: not JSON (${e.message})`);
    }
  }
  if (d === null || typeof d !== 'object' || Array.isArray(d)) throw new SetError(`set must be an object like {"title": "Week 3", "exercises": [...]}, got ${kind(d)}`);
  for (const k of Object.keys(d)) if (!SET_KEYS.includes(k)) throw new SetError(`set: unknown field '${k}' (expected one of ${SET_KEYS.join(', ')})`);
  if (typeof d.title !== 'string' || d.title.trim() === '') throw new SetError(`set.title is required (a non-empty string), got ${kind(d.title)}`);
  if (d.id !== undefined && (typeof d.id !== 'string' || d.id === '')) throw new SetError(`set.id must be a non-empty string, got ${kind(d.id)}`);
  if (d.mastery !== undefined && !(typeof d.mastery === 'number' && d.mastery >= 0 && d.mastery <= 1)) throw new SetError(`set.mastery must be a fraction from 0 to 1, got ${kind(d.mastery)}`);
  if (d.attempts !== undefined && !(Number.isInteger(d.attempts) && d.attempts >= 1)) throw new SetError(`set.attempts must be a whole number of at least 1, got ${kind(d.attempts)}`);
  if (d.reveal !== undefined && typeof d.reveal !== 'boolean') throw new SetError(`set.reveal must be true or false, got ${kind(d.reveal)}`);
  if (!Array.isArray(d.exercises) || d.exercises.length === 0) throw new SetError(`set.exercises must be a non-empty array of exercises, got ${kind(d.exercises)}`);
  return {
    title: d.title,
    id: d.id ?? d.title,
    mastery: d.mastery ?? null,
    attempts: d.attempts ?? null,
    reveal: d.reveal !== false,
    exercises: d.exercises.map((e, i) => readExercise(`set.exercises[${i}]`, e)),
  };
}

/**
 * Each exercise's <ply-practice> attributes for one learner: `"seed": "learner"` becomes
 * `learnerSeed(set id, learner, index)` (the core's, Practice.learnerSeed).
 * @param {ReturnType<typeof readSet>} set
 * @param {string} learner
 * @param {(setId: string, learner: string, index: number) => number} learnerSeed
 * @returns {Array<Record<string, string>>}
 */
export function exerciseAttributes(set, learner, learnerSeed) {
  return set.exercises.map((e, i) => {
    const attrs = {};
    for (const [k, v] of Object.entries(e)) {
      const value = k === 'seed' && v === 'learner' ? learnerSeed(set.id, learner, i) : v;
      if (typeof value === 'boolean') {
        if (value) attrs[EXERCISE_ATTRS[k]] = '';
      } else attrs[EXERCISE_ATTRS[k]] = Array.isArray(value) ? `${value[0]}${k === 'values' ? '..' : '-'}${value[1]}` : String(value);
    }
    return attrs;
  });
}

/** The key of a set's saved progress in local storage: the set's id and the learner's. */
export function storageKey(set, learner) {
  return `plyground:set:${JSON.stringify([set.id, learner])}`;
}

/** JSON with ±∞ as "Infinity" / "-Infinity" (how docs/records.md stores answers). */
export function recordJson(value, space) {
  return JSON.stringify(value, (k, v) => (v === Infinity ? 'Infinity' : v === -Infinity ? '-Infinity' : v), space);
}

/** The inverse of recordJson's replacer for answers read back. */
export function readRecordJson(text) {
  return JSON.parse(text, (k, v) => (v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v));
}

/**
 * The progress to save: per exercise, the attempts used and the answers of the attempt
 * that counts (null before the first). `tries[i]` = {attempts, answers}.
 */
export function progressOf(set, learner, tries) {
  return { v: 1, set: set.id, learner, exercises: tries.map((t) => ({ attempts: t.attempts, answers: t.answers })) };
}

/**
 * Saved progress checked against the set and learner it is restored into; null when it is
 * for another set, learner or number of exercises, or malformed (nothing is restored).
 */
export function readProgress(set, learner, saved) {
  if (!saved || saved.v !== 1 || saved.set !== set.id || saved.learner !== learner) return null;
  if (!Array.isArray(saved.exercises) || saved.exercises.length !== set.exercises.length) return null;
  const ok = saved.exercises.every((e) => e && Number.isInteger(e.attempts) && e.attempts >= 0 && (e.answers === null || (typeof e.answers === 'object' && !Array.isArray(e.answers))));
  return ok ? saved.exercises.map((e) => ({ attempts: e.attempts, answers: e.answers })) : null;
}

/** Does an attempt's record count over the kept one? The higher score; on a tie, the later. */
export function betterAttempt(kept, next) {
  return !kept || next.score >= kept.score;
}

/**
 * The set's record (docs/records.md, "A set record"): the sums of the exercises' scores
 * and maxima, `scaled` = score / max (0 when max is 0), `passed` = scaled ≥ mastery (only
 * with a mastery), and the exercise records, each `{...gradeRecord, options, answers}` —
 * those of the exercises answered so far (an exercise's empty answers are not worth 0: an
 * unmarked leaf is a right "not pruned"), so the set is judged once it is completed.
 * `total` is the maxima of every exercise, answered or not (what the running score and an
 * LMS's score are out of; `plyground grade --record` does not read it).
 * @param {ReturnType<typeof readSet>} set
 * @param {string} learner
 * @param {object[]} exercises the answered exercises' records, in the set's order
 * @param {number} total
 */
export function setRecord(set, learner, exercises, total) {
  const score = exercises.reduce((a, e) => a + e.score, 0);
  const max = exercises.reduce((a, e) => a + e.max, 0);
  const scaled = max === 0 ? 0 : score / max;
  const r = { title: set.title, id: set.id, learner };
  if (set.mastery !== null) r.mastery = set.mastery;
  Object.assign(r, { score, max, scaled });
  if (set.mastery !== null) r.passed = scaled >= set.mastery;
  r.total = total;
  r.exercises = exercises;
  return r;
}

/** The set's running score in words, for the aria-live line (mastery once all are answered). */
export function scoreWords(record, answered, total) {
  const pct = record.total === 0 ? 0 : Math.round((record.score / record.total) * 100);
  const of = `${answered} of ${total} exercise${total === 1 ? '' : 's'} answered`;
  const reached = record.passed && answered === total;
  const mastery = record.mastery === undefined ? '' : ` · ${reached ? 'mastery reached' : `mastery at ${Math.round(record.mastery * 100)}%`}`;
  return `Score: ${record.score} of ${record.total} (${pct}%) · ${of}${mastery}`;
}

/** A read set as a compact description again (what a link or snippet carries). */
export function setText(set) {
  const d = { title: set.title };
  if (set.id !== set.title) d.id = set.id;
  if (set.mastery !== null) d.mastery = set.mastery;
  if (set.attempts !== null) d.attempts = set.attempts;
  if (!set.reveal) d.reveal = false;
  d.exercises = set.exercises;
  return JSON.stringify(d);
}

/**
 * The set's page: `set.html#set=…` under `base` (the site's folder, ending in '/').
 * @param {ReturnType<typeof readSet>} set
 * @param {string} base
 */
export function setPageUrl(set, base) {
  return `${base}set.html#set=${encodeURIComponent(setText(set))}`;
}

/** The set as an element snippet: the elements' script (once per page) and the <ply-set>. */
export function setSnippet(set, base) {
  return `<script type="module" src="${escapeHtml(`${base}plyground-elements.js`)}"></script>\n<ply-set set="${escapeHtml(setText(set))}"></ply-set>`;
}
