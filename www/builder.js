// builder.html, the assignment builder: an exercise set (docs/records.md) made with a form.
// The instructor sets the title, mastery, attempts and Reveal, and adds exercises by task
// (every task of the practice module), difficulty, depth, branching, count and seed (fixed,
// random or per learner). Each batch is checked by the set reader (lib/set.js) and by the
// core (Practice.create) before it is added, so the set is never one the set page refuses.
// The set is previewed as a <ply-set>, and given as the set page's link, the element
// snippet, its JSON and a SCORM package zipped here with fflate (vendor/fflate.js): the
// files of the site's package list and the manifest of lib/scorm-package.js, the same
// package `cargo xtask package` writes.

import './elements/ply-set.js';
import { SITE_BASE } from './elements/runtime.js';
import { loadPracticeApi } from './lib/practice-module.js';
import { PACKAGE_LIST, packageEntries } from './lib/scorm-package.js';
import { readSet, setPageUrl, setSnippet, setText, storageKey } from './lib/set.js';
import { TASK_NAMES } from './views/practice.js';
import { el, setChildren } from './views/dom.js';

const $ = (id) => document.getElementById(id);
const MAX_SEED = 4294967295;
/** The learner id the preview draws "seed": "learner" exercises for. */
const PREVIEW_LEARNER = 'preview';
/** A field of an exercise's options → the form's control and its name on screen. */
const FIELDS = {
  task: ['b-task', 'Task'],
  difficulty: ['b-difficulty', 'Difficulty'],
  depth: ['b-depth', 'Depth'],
  branching: ['b-branching', 'Children per node'],
  seed: ['b-seed', 'Seed'],
  count: ['b-count', 'How many'],
};
const SET_FIELDS = {
  title: ['b-title', 'Title'],
  mastery: ['b-mastery', 'Mastery'],
  attempts: ['b-attempts', 'Attempts per exercise'],
  exercises: ['b-add', 'Exercises'],
};

/** A bad input: the message names the field, `control` is its id. */
class InputError extends Error {
  constructor(control, message) {
    super(message);
    this.control = control;
  }
}

/** The exercises of the set, as their options (the set's `exercises`). */
const exercises = [];
let api = null;
/** Random seeds drawn for the next batch (shown in the raw options, then added). */
let drawn = [];
/** The set as read (null while the form gives none) and its text as last previewed. */
let current = null;
let previewed = null;
let previewTimer = 0;

/** A number field: undefined when blank, else its number; a clear error when not a number. */
function numberField(id, label) {
  const input = $(id);
  if (input.validity.badInput) throw new InputError(id, `${label}: not a number`);
  const v = input.value.trim();
  return v === '' ? undefined : Number(v);
}

function seedKind() {
  return document.querySelector('input[name="b-seed-kind"]:checked').value;
}

function drawSeeds(n) {
  const a = new Uint32Array(n);
  crypto.getRandomValues(a);
  return [...a];
}

/** The next batch's exercises, from the form (not yet checked by the core). */
function nextBatch() {
  const count = numberField('b-count', 'How many');
  if (!(Number.isInteger(count) && count >= 1 && count <= 20)) throw new InputError('b-count', `How many: a whole number from 1 to 20, got ${$('b-count').value.trim() || 'nothing'}`);
  const kind = seedKind();
  let seeds;
  if (kind === 'learner') seeds = Array(count).fill('learner');
  else if (kind === 'random') {
    if (drawn.length !== count) drawn = drawSeeds(count);
    seeds = drawn;
  } else {
    const s = numberField('b-seed', 'Seed');
    if (!(Number.isInteger(s) && s >= 0 && s + count - 1 <= MAX_SEED)) {
      throw new InputError('b-seed', `Seed: a whole number from 0 to ${MAX_SEED - count + 1} (the exercises take it and the next ${count - 1}), got ${$('b-seed').value.trim() || 'nothing'}`);
    }
    seeds = Array.from({ length: count }, (_, i) => s + i);
  }
  const depth = numberField('b-depth', 'Depth');
  const branching = $('b-branching').value.trim();
  return seeds.map((seed) => {
    const o = { task: $('b-task').value, seed, difficulty: $('b-difficulty').value };
    if (depth !== undefined) o.depth = depth;
    if (branching !== '') o.branching = /^\d+$/.test(branching) ? Number(branching) : branching;
    return o;
  });
}

/** Checks a batch with the set reader and the core; throws an InputError naming the field. */
function checkBatch(batch) {
  for (const o of batch) {
    try {
      readSet({ title: 'check', exercises: [o] });
      const p = api.Practice.create({ ...o, seed: o.seed === 'learner' ? api.Practice.learnerSeed('check', PREVIEW_LEARNER, 0) : o.seed });
      p.free();
    } catch (e) {
      const why = e.message.replace(/^Practice\.create: /, '');
      const field = /\b(?:options\.|set\.exercises\[0\]\.)?(task|difficulty|depth|branching|seed)\b/.exec(why)?.[1] ?? 'depth';
      const [control, label] = FIELDS[field];
      throw new InputError(control, `${label}: ${why}`);
    }
  }
}

/** The set description the form gives (not yet read). */
function description() {
  const d = { title: $('b-title').value.trim() };
  const mastery = numberField('b-mastery', 'Mastery');
  if (mastery !== undefined) {
    if (!(mastery >= 0 && mastery <= 100)) throw new InputError('b-mastery', `Mastery: a percentage from 0 to 100, got ${mastery}`);
    d.mastery = mastery / 100;
  }
  const attempts = numberField('b-attempts', 'Attempts per exercise');
  if (attempts !== undefined) d.attempts = attempts;
  if (!$('b-reveal').checked) d.reveal = false;
  d.exercises = exercises;
  return d;
}

/** Reads the form's set; throws an InputError naming the field. */
function readForm() {
  const d = description();
  try {
    return readSet(d);
  } catch (e) {
    const key = /^set\.(\w+)/.exec(e.message)?.[1];
    const [control, label] = SET_FIELDS[key] ?? SET_FIELDS.title;
    throw new InputError(control, `${label}: ${e.message}`);
  }
}

/** The set file's text: what set.json holds, in the download and in the package. */
function setFileText(set) {
  return `${JSON.stringify(JSON.parse(setText(set)), null, 2)}\n`;
}

function showError(err) {
  for (const c of document.querySelectorAll('[aria-invalid="true"]')) {
    c.removeAttribute('aria-invalid');
    c.removeAttribute('aria-errormessage');
  }
  $('b-message').textContent = err ? err.message : '';
  if (err?.control) {
    $(err.control).setAttribute('aria-invalid', 'true');
    $(err.control).setAttribute('aria-errormessage', 'b-message');
  }
}

/** The raw options of the next batch, as they would go into the set. */
function showRaw() {
  try {
    const batch = nextBatch();
    $('b-raw').textContent = batch.map((o) => JSON.stringify(o)).join(',\n');
  } catch (e) {
    $('b-raw').textContent = e.message;
  }
}

/** Redraws the list, the outputs and the preview from the set's state. */
function update({ quiet = false } = {}) {
  setChildren(
    $('b-list'),
    exercises.map((o, i) =>
      el(
        'li',
        {},
        el('span', { class: 'ex-name' }, `${TASK_NAMES[o.task] ?? o.task} · ${o.difficulty ?? 'exam'} · ${o.seed === 'learner' ? 'a tree per learner' : `seed ${o.seed}`}`),
        ' ',
        el('code', {}, JSON.stringify(o)),
        ' ',
        el('button', { type: 'button', class: 'remove', 'aria-label': `Remove exercise ${i + 1}`, onclick: () => remove(i) }, 'Remove'),
      ),
    ),
  );
  $('b-empty').hidden = exercises.length > 0;
  current = null;
  let error = null;
  if (exercises.length > 0) {
    try {
      current = readForm();
    } catch (e) {
      error = e;
    }
  }
  if (!quiet || error) showError(error);
  const ready = current !== null;
  for (const id of ['b-json', 'b-zip']) $(id).disabled = !ready;
  $('b-link').value = ready ? setPageUrl(current, SITE_BASE) : '';
  $('b-snippet').value = ready ? setSnippet(current, SITE_BASE) : '';
  $('b-open').href = ready ? $('b-link').value : 'set.html';
  $('b-open').hidden = !ready;
  clearTimeout(previewTimer);
  // The preview follows a pause in the typing (a new <ply-set> builds every exercise).
  if (ready) previewTimer = setTimeout(preview, 250, current);
  else if (exercises.length === 0) {
    setChildren($('b-preview'));
    previewed = null;
  }
  document.body.dataset.exercises = String(exercises.length);
}

/** The set as a learner sees it, every exercise on the page (fresh: no saved progress). */
function preview(set) {
  const text = setText(set);
  if (text === previewed) return;
  previewed = text;
  localStorage.removeItem(storageKey(set, PREVIEW_LEARNER));
  const s = el('ply-set', { set: text, layout: 'all', learner: PREVIEW_LEARNER });
  setChildren($('b-preview'), s);
}

function remove(i) {
  exercises.splice(i, 1);
  update();
  $('b-status').textContent = `Removed exercise ${i + 1}: ${exercises.length} in the set.`;
  ($('b-list').querySelectorAll('button.remove')[Math.min(i, exercises.length - 1)] ?? $('b-add')).focus();
}

function add() {
  let batch;
  try {
    batch = nextBatch();
    checkBatch(batch);
  } catch (e) {
    showError(e);
    if (e.control) $(e.control).focus();
    return;
  }
  exercises.push(...batch);
  if (seedKind() === 'random') drawn = [];
  showRaw();
  update();
  const n = batch.length;
  $('b-status').textContent = `Added ${n} exercise${n === 1 ? '' : 's'}: ${exercises.length} in the set.`;
}

/** A name for files: the set's id in lower case, runs of other characters as one '-'. */
function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'set';
}

function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function kib(n) {
  return `${(n / 1024).toFixed(1)} KiB`;
}

/** The SCORM package of `set`: its entries (names in order) and the zip's bytes. */
async function scormPackage(set, version) {
  const [{ zipSync }, list] = await Promise.all([
    import('./vendor/fflate.js'),
    fetch(new URL(PACKAGE_LIST, SITE_BASE)).then((r) => {
      if (!r.ok) throw new Error(`${PACKAGE_LIST}: HTTP ${r.status} (the site build writes it)`);
      return r.json();
    }),
  ]);
  const entries = packageEntries(version, set, setFileText(set), list);
  const bytes = await Promise.all(
    entries.map(async ([name, what]) => {
      if (typeof what === 'string') return new TextEncoder().encode(what);
      const r = await fetch(new URL(what.file, SITE_BASE));
      if (!r.ok) throw new Error(`${what.file}: HTTP ${r.status}`);
      return new Uint8Array(await r.arrayBuffer());
    }),
  );
  const files = {};
  entries.forEach(([name], i) => {
    files[name] = bytes[i];
  });
  // Fixed dates (1980-01-01 00:00, as `cargo xtask package` writes): the same set, the same zip.
  const zip = zipSync(files, { level: 9, mtime: new Date(1980, 0, 1) });
  return { names: entries.map(([n]) => n), zip };
}

async function downloadZip() {
  if (!current) return;
  const set = current;
  const version = $('b-scorm').value;
  const name = `${slug(set.id)}-scorm${version.replace('.', '')}.zip`;
  $('b-zip').disabled = true;
  $('b-status').textContent = 'Making the SCORM package…';
  try {
    const { names, zip } = await scormPackage(set, version);
    download(name, new Blob([zip], { type: 'application/zip' }));
    $('b-status').textContent = `${name}: SCORM ${version === '1.2' ? '1.2' : '2004 4th edition'} package of “${set.title}”, ${names.length} files, ${kib(zip.length)}. Import it into your course system as a SCORM package.`;
  } catch (e) {
    $('b-status').textContent = '';
    showError({ message: `SCORM package: ${e.message}` });
  } finally {
    $('b-zip').disabled = current === null;
  }
}

async function start() {
  const form = $('b-form');
  $('b-add').disabled = true;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (api) add();
  });
  for (const id of ['b-title', 'b-mastery', 'b-attempts', 'b-reveal']) form.querySelector(`#${id}`).addEventListener('input', () => update());
  for (const id of ['b-task', 'b-difficulty', 'b-depth', 'b-branching', 'b-count', 'b-seed']) $(id).addEventListener('input', showRaw);
  for (const r of document.querySelectorAll('input[name="b-seed-kind"]')) {
    r.addEventListener('change', () => {
      $('b-seed').disabled = seedKind() !== 'fixed';
      drawn = [];
      showRaw();
    });
  }
  $('b-json').addEventListener('click', () => {
    if (current) download(`${slug(current.id)}.json`, new Blob([setFileText(current)], { type: 'application/json' }));
  });
  $('b-zip').addEventListener('click', downloadZip);
  update({ quiet: true });
  try {
    api = await loadPracticeApi();
  } catch (e) {
    showError({ message: `The practice module did not load (${e.message}): exercises cannot be checked, so none can be added.` });
    return;
  }
  setChildren(
    $('b-task'),
    api.Practice.tasks().map((t) => el('option', { value: t.id }, TASK_NAMES[t.id] ? `${TASK_NAMES[t.id]} (${t.id})` : t.id)),
  );
  $('b-add').disabled = false;
  showRaw();
  document.body.dataset.ready = 'true';
}

start();
