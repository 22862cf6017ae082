// <ply-set>: a set of graded exercises — one <ply-practice> per exercise of a set description
// (docs/records.md), a running score, a limit on attempts, Reveal allowed or not, and the
// progress kept in local storage (keyed by the set's id and the learner) so that a reload
// resumes where the learner was.
//
//   <ply-set src="week3.json" learner="s1001"></ply-set>
//   <ply-set set='{"title": "Drill", "exercises": [{"task": "minimax", "seed": 11}]}'></ply-set>
//
// Attributes (each also a property): set (the description's JSON), src (its URL, when there is
// no set), learner (the learner's id: "seed": "learner" exercises take the core's
// learner_seed of the set's id, this id and their index), layout ("one": one exercise at a
// time, the default; "all": every exercise on the page). Properties: exercises (the
// <ply-practice> elements), description (the set as read), completed. Methods: record() → the set's record {title, id,
// learner, mastery, score, max, scaled, passed, total, exercises: [the answered exercises'
// checkable grade records]} (total: every exercise's maximum, answered or not), which
// `plyground grade --record` verifies; progress() / restore(progress) the saved progress (the
// SCORM adapter keeps it in suspend_data). Events: ready {error}, graded {index, record,
// latency, counted, set} per check, completed {set} once every exercise has been answered.

import { define, reflectAttributes } from './base.js';
import { loadStyles } from './runtime.js';
import { loadPracticeApi } from '../lib/practice-module.js';
import { betterAttempt, exerciseAttributes, progressOf, readProgress, readRecordJson, readSet, recordJson, scoreWords, setRecord, storageKey } from '../lib/set.js';
import { el } from '../views/dom.js';
import './ply-practice.js';

let ownSheet = null;
function setStyles() {
  if (!ownSheet) {
    ownSheet = new CSSStyleSheet();
    ownSheet.replaceSync(`:host { display: block; }
[hidden] { display: none !important; }
.set-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.3rem 1rem; margin: 0 0 0.5rem; }
.set-title { font-size: 1.15rem; margin: 0; }
.set-score, .set-note { margin: 0.2rem 0; }
.set-nav { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin: 0.5rem 0; }
.set-exercise { margin: 0 0 1rem; }
.set-exercise-head { font-size: 1rem; margin: 0.6rem 0 0.3rem; }
.ply-error { color: #b3261e; margin: 0; }
ply-practice.no-reveal::part(reveal-next), ply-practice.no-reveal::part(reveal-all), ply-practice.no-reveal::part(reveal) { display: none; }
ply-practice.locked::part(check), ply-practice.locked::part(retry), ply-practice.locked::part(hint), ply-practice.locked::part(reveal-next), ply-practice.locked::part(reveal-all) { display: none; }`);
  }
  return ownSheet;
}

export class PlySet extends HTMLElement {
  static attrs = { set: 'string', src: 'string', learner: 'string', layout: 'string' };
  static props = {};

  static get observedAttributes() {
    return Object.keys(this.attrs);
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this._token = null;
    this._practices = [];
    this._pending = null;
  }

  /** The <ply-practice> elements, in the set's order (empty until the set is read). */
  get exercises() {
    return [...this._practices];
  }

  /** The set description as read (docs/records.md; defaults filled in), null before. */
  get description() {
    return this.set_ ?? null;
  }

  /** Has every exercise been answered at least once? */
  get completed() {
    return this._tries?.length > 0 && this._tries.every((t) => t.attempts > 0);
  }

  connectedCallback() {
    if (this._token) return;
    for (const name of Object.keys(PlySet.attrs)) {
      if (Object.hasOwn(this, name)) {
        const v = this[name];
        delete this[name];
        this[name] = v;
      }
    }
    this._start();
  }

  disconnectedCallback() {
    this._token = null;
    this._teardown();
    this.shadowRoot.replaceChildren();
  }

  attributeChangedCallback(name, old, value) {
    if (old === value || !this._token) return;
    if (name === 'layout') this._layout();
    else this._start();
  }

  _teardown() {
    for (const off of this._offs ?? []) off();
    this._offs = [];
    this._practices = [];
    this._tries = [];
  }

  async _start() {
    const token = {};
    this._token = token;
    this._teardown();
    this._ready = false;
    this._error = el('p', { class: 'ply-error', part: 'error', role: 'alert' });
    this.shadowRoot.adoptedStyleSheets = [setStyles()];
    this.shadowRoot.replaceChildren(el('p', { class: 'ply-loading', part: 'loading' }, 'Loading…'), this._error);
    let set;
    let api;
    let sheet;
    try {
      const text = this.getAttribute('set');
      let input = text;
      if (text === null || text.trim() === '') {
        const src = this.getAttribute('src');
        if (!src) throw new Error('set: give the description as the set attribute (JSON) or its URL as src');
        const res = await fetch(new URL(src, document.baseURI));
        if (!res.ok) throw new Error(`set: could not load ${src}: HTTP ${res.status}`);
        input = await res.text();
      }
      set = readSet(input);
      [api, sheet] = await Promise.all([loadPracticeApi(), loadStyles().catch(() => null)]);
    } catch (e) {
      if (token !== this._token) return;
      this.shadowRoot.querySelector('.ply-loading')?.remove();
      this._error.textContent = `plyground: ${e?.message ?? e}`;
      this.emit('ready', { error: this._error.textContent });
      return;
    }
    if (token !== this._token) return;
    if (sheet) this.shadowRoot.adoptedStyleSheets = [sheet, setStyles()];
    this._build(token, set, (id, learner, i) => api.Practice.learnerSeed(id, learner, i));
  }

  _build(token, set, learnerSeed) {
    this.set_ = set;
    this._learnerId = this.getAttribute('learner') ?? '';
    const attrs = exerciseAttributes(set, this._learnerId, learnerSeed);
    const n = attrs.length;
    this._tries = attrs.map(() => ({ attempts: 0, answers: null, record: null }));
    this._current = 0;
    this._shownAt = attrs.map(() => null);
    this._live = el('div', { class: 'set-live', role: 'status', 'aria-live': 'polite', part: 'status' },
      (this._score = el('p', { class: 'set-score', part: 'score' })),
      (this._note = el('p', { class: 'set-note', part: 'note' })),
    );
    const rules = [
      set.attempts === null ? 'unlimited attempts' : `${set.attempts} attempt${set.attempts === 1 ? '' : 's'} per exercise`,
      set.reveal ? 'Reveal allowed' : 'no Reveal',
      set.mastery === null ? null : `mastery ${Math.round(set.mastery * 100)}%`,
    ].filter(Boolean);
    const head = el('div', { class: 'set-head', part: 'head' }, el('h2', { class: 'set-title', part: 'title' }, set.title), el('span', { class: 'set-rules', part: 'rules' }, rules.join(' · ')));
    this._prev = el('button', { type: 'button', part: 'previous' }, 'Previous');
    this._next = el('button', { type: 'button', part: 'next' }, 'Next');
    this._where = el('span', { part: 'position' });
    this._nav = el('div', { class: 'set-nav', role: 'group', 'aria-label': 'Exercises', part: 'nav' }, this._prev, this._where, this._next);
    const on = (target, type, fn) => {
      target.addEventListener(type, fn);
      this._offs.push(() => target.removeEventListener(type, fn));
    };
    on(this._prev, 'click', () => this.show(this._current - 1));
    on(this._next, 'click', () => this.show(this._current + 1));
    this._sections = [];
    let waiting = n;
    attrs.forEach((a, i) => {
      const practice = document.createElement('ply-practice');
      for (const [k, v] of Object.entries(a)) practice.setAttribute(k, v);
      if (!set.reveal) practice.classList.add('no-reveal');
      const heading = el('h3', { class: 'set-exercise-head', part: 'exercise-head' }, `Exercise ${i + 1} of ${n}`);
      const section = el('section', { class: 'set-exercise', part: 'exercise', 'aria-label': `Exercise ${i + 1} of ${n}` }, heading, practice);
      this._sections.push(section);
      this._practices.push(practice);
      // The exercise's own events stop here: the set sends its own.
      on(practice, 'ready', (e) => {
        e.stopPropagation();
        if (token !== this._token) return;
        // Drawn: the space held for it (elements/reserve.js, measured while the set was laid
        // out, a hidden exercise at no width) is not needed any more.
        practice.style.removeProperty('--ply-reserve');
        if (e.detail?.error) this._exerciseError = this._exerciseError ?? `set.exercises[${i}]: ${e.detail.error.replace(/^plyground: /, '')}`;
        if (--waiting === 0) this._allReady(token);
      });
      on(practice, 'graded', (e) => {
        e.stopPropagation();
        if (token === this._token) this._graded(i, e.detail);
      });
    });
    this.shadowRoot.querySelector('.ply-loading')?.remove();
    this.shadowRoot.append(head, this._live, this._nav, ...this._sections);
    this._layout();
  }

  _allReady(token) {
    if (this._exerciseError) {
      // An exercise that cannot be built (its options out of range): the set is not usable.
      this._error.textContent = `plyground: ${this._exerciseError}`;
      this.emit('ready', { error: this._error.textContent });
      return;
    }
    const saved = this._pending ?? this._load();
    this._pending = null;
    if (saved) this._apply(saved);
    this._ready = true;
    this._layout();
    this._announce('');
    if (token === this._token) this.emit('ready', { error: null });
  }

  /** The saved progress in local storage, if any (and if storage works). */
  _load() {
    try {
      const text = localStorage.getItem(storageKey(this.set_, this._learnerId));
      return text ? readRecordJson(text) : null;
    } catch {
      return null;
    }
  }

  _save() {
    try {
      localStorage.setItem(storageKey(this.set_, this._learnerId), recordJson(this.progress()));
    } catch {
      // Storage full or disabled: the set goes on; only a reload loses the progress.
    }
  }

  /** Shows saved progress: each exercise's counted answers graded again, its attempts as used. */
  _apply(saved) {
    const tries = readProgress(this.set_, this._learnerId, saved);
    if (!tries) return false;
    tries.forEach((t, i) => {
      const practice = this._practices[i];
      if (t.answers && practice.checkableRecord) {
        this._restoring = true;
        try {
          practice.submit(t.answers);
          this._tries[i] = { attempts: t.attempts, answers: t.answers, record: practice.checkableRecord(t.answers) };
        } catch {
          // Answers that no longer fit the exercise are dropped; the attempts stay used.
          this._tries[i] = { attempts: t.attempts, answers: null, record: null };
        } finally {
          this._restoring = false;
        }
      } else this._tries[i] = { attempts: t.attempts, answers: null, record: null };
      this._lock(i);
    });
    return true;
  }

  _graded(i, gradeRecord) {
    if (this._restoring) return;
    const t = this._tries[i];
    const limit = this.set_.attempts;
    const practice = this._practices[i];
    const latency = this._shownAt[i] === null ? 0 : Math.max(0, Math.round(performance.now() - this._shownAt[i]));
    if (limit !== null && t.attempts >= limit) {
      this._announce(`Exercise ${i + 1}: no attempts left; this check is not counted.`);
      this.emit('graded', { index: i, record: t.record, latency, counted: false, set: this.record() });
      return;
    }
    const wasComplete = this.completed;
    const record = JSON.parse(recordJson(practice.checkableRecord()));
    t.attempts += 1;
    if (betterAttempt(t.record, gradeRecord)) {
      t.record = record;
      t.answers = readRecordJson(recordJson(record.answers));
    }
    this._lock(i);
    this._save();
    const left = limit === null ? '' : ` ${limit - t.attempts === 0 ? 'No attempts left' : `${limit - t.attempts} attempt${limit - t.attempts === 1 ? '' : 's'} left`}.`;
    this._announce(`Exercise ${i + 1}: ${gradeRecord.score} of ${gradeRecord.max}.${left}`);
    const set = this.record();
    this.emit('graded', { index: i, record: t.record, latency, counted: true, set });
    if (!wasComplete && this.completed) this.emit('completed', { set });
  }

  /** Locks an exercise whose attempts are used up. */
  _lock(i) {
    const limit = this.set_.attempts;
    const locked = limit !== null && this._tries[i].attempts >= limit;
    const practice = this._practices[i];
    practice.classList.toggle('locked', locked);
    const cells = practice.shadowRoot?.querySelector('[part~="cells"]');
    if (cells) cells.inert = locked;
  }

  _announce(note) {
    const answered = this._tries.filter((t) => t.attempts > 0).length;
    this._score.textContent = scoreWords(this.record(), answered, this._tries.length);
    this._note.textContent = note;
  }

  _layout() {
    if (!this._sections) return;
    const one = (this.getAttribute('layout') ?? 'one') !== 'all';
    this._nav.hidden = !one || this._sections.length < 2;
    this._sections.forEach((s, i) => (s.hidden = one && i !== this._current));
    this._prev.disabled = this._current === 0;
    this._next.disabled = this._current === this._sections.length - 1;
    this._where.textContent = `Exercise ${this._current + 1} of ${this._sections.length}`;
    // An exercise's latency counts from when it is first on screen.
    if (this._ready) this._sections.forEach((sec, i) => !sec.hidden && (this._shownAt[i] ??= performance.now()));
  }

  /** Shows exercise `i` (0-based) when one is shown at a time. */
  show(i) {
    if (!this._sections || i < 0 || i >= this._sections.length) return;
    this._current = i;
    this._layout();
  }

  /**
   * The set's record (docs/records.md, "A set record"): the counted attempt of every
   * exercise answered so far, in the set's order; `plyground grade --record` checks it.
   */
  record() {
    if (!this.set_) throw new Error('ply-set: the set is not loaded yet (wait for the ready event)');
    const total = this._practices.reduce((a, p, i) => a + (this._tries[i].record ?? p.checkableRecord({})).max, 0);
    return setRecord(this.set_, this._learnerId, this._tries.filter((t) => t.record).map((t) => t.record), total);
  }

  /** The progress to save (JSON-able; ±∞ as in records): what restore() takes back. */
  progress() {
    if (!this.set_) return null;
    return JSON.parse(recordJson(progressOf(this.set_, this._learnerId, this._tries)));
  }

  /**
   * Restores saved progress (from progress(), e.g. an LMS's suspend_data): now if the
   * exercises are loaded, else when they are. Progress of another set or learner is ignored.
   * Returns whether it was applied (null: it will be once loaded).
   */
  restore(progress) {
    const p = typeof progress === 'string' ? readRecordJson(progress) : readRecordJson(JSON.stringify(progress));
    if (!this._ready) {
      this._pending = p;
      return null;
    }
    const ok = this._apply(p);
    if (ok) {
      this._save();
      this._announce('');
    }
    return ok;
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

reflectAttributes(PlySet);
define('ply-set', PlySet);
