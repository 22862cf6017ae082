// The SCORM runtime adapter of a set's package (xtask's `package --scorm`): finds the LMS's
// API, and maps a <ply-set>'s record to cmi values — the score, the status, one interaction
// per answered exercise, the progress in suspend_data — then commits, and finishes when the
// page goes away. It decides nothing about the exercises: the grades are the set's record's.
// SCORM 1.2 (window.API, LMS… calls, cmi.core.*) and 2004 4th edition (window.API_1484_11).
// The mapping functions are DOM-free (tests/js/scorm.test.mjs); docs/lms.md says what an LMS
// sees.

/** How far up a chain of frames the API is looked for (the ADL's own search uses 500). */
const MAX_HOPS = 500;

function apiIn(win) {
  try {
    if (win.API_1484_11) return { api: win.API_1484_11, version: '2004' };
    if (win.API) return { api: win.API, version: '1.2' };
  } catch {
    // Another origin's window: no API there for us.
  }
  return null;
}

function searchUp(win) {
  let w = win;
  for (let hops = 0; w && hops < MAX_HOPS; hops++) {
    const found = apiIn(w);
    if (found) return found;
    let parent = null;
    try {
      parent = w.parent;
    } catch {
      return null;
    }
    if (!parent || parent === w) return null;
    w = parent;
  }
  return null;
}

/**
 * The LMS's API: `API_1484_11` (SCORM 2004) or `API` (1.2) in this window or up its parent
 * chain, then up its opener's. Null when there is none (the set runs standalone).
 * @param {Window} win
 * @returns {{api: object, version: '1.2'|'2004'}|null}
 */
export function findApi(win) {
  const here = searchUp(win);
  if (here) return here;
  let opener = null;
  try {
    opener = win.top?.opener ?? win.opener;
  } catch {
    opener = null;
  }
  return opener ? searchUp(opener) : null;
}

/** A duration in SCORM's format: 1.2 `HHHH:MM:SS.SS`, 2004 ISO 8601 (`PT1M2.5S`). */
export function timespan(version, ms) {
  const cs = Math.max(0, Math.round(ms / 10)); // hundredths of a second
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = (cs % 6000) / 100;
  if (version === '1.2') {
    const two = (n) => String(n).padStart(2, '0');
    const sec = s.toFixed(2).padStart(5, '0');
    return `${String(h).padStart(4, '0')}:${two(m)}:${sec}`;
  }
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${Number(s.toFixed(2))}S`;
}

/**
 * The status of a set's record: 1.2's `lesson_status`; 2004's `completion_status` (every
 * exercise answered) and `success_status` (scaled ≥ mastery), judged once completed (the
 * record holds the exercises answered so far).
 */
export function statusValues(version, record, completed) {
  const judged = completed && record.passed !== undefined;
  if (version === '1.2') {
    const status = !completed ? 'incomplete' : !judged ? 'completed' : record.passed ? 'passed' : 'failed';
    return [['cmi.core.lesson_status', status]];
  }
  const success = !judged ? 'unknown' : record.passed ? 'passed' : 'failed';
  return [
    ['cmi.completion_status', completed ? 'completed' : 'incomplete'],
    ['cmi.success_status', success],
  ];
}

/**
 * The score of a set's record, out of every exercise of the set (`total`: an unanswered one
 * counts 0): 1.2's raw as a percentage (min 0, max 100), the scale its mastery score is
 * compared with; 2004's scaled (seven decimals) and raw/min/max in cells.
 */
export function scoreValues(version, record) {
  const fraction = record.total === 0 ? 0 : record.score / record.total;
  if (version === '1.2') {
    return [
      ['cmi.core.score.raw', String(Number((fraction * 100).toFixed(2)))],
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.max', '100'],
    ];
  }
  return [
    ['cmi.score.scaled', String(Number(fraction.toFixed(7)))],
    ['cmi.score.raw', String(record.score)],
    ['cmi.score.min', '0'],
    ['cmi.score.max', String(record.total)],
  ];
}

/** The longest learner response each version takes (1.2: CMIFeedback is 255 characters). */
const RESPONSE_MAX = { '1.2': 255, 2004: 4000 };

/**
 * One interaction's values: interaction `n` for exercise `index` (id `exercise-<index+1>`),
 * its answers as the learner response (JSON; when longer than the version allows, the score
 * instead), correct when every cell is right, the latency from when it was shown.
 * @param {'1.2'|'2004'} version
 * @param {number} n the interaction's index in cmi.interactions
 * @param {{index: number, record: object, latency: number, answersJson: string, when: Date}} a
 */
export function interactionValues(version, n, a) {
  const at = `cmi.interactions.${n}`;
  const full = a.record.score === a.record.max;
  let response = a.answersJson;
  if (response.length > RESPONSE_MAX[version]) response = `${a.record.score} of ${a.record.max} (the answers are in suspend_data)`;
  if (version === '1.2') {
    const t = a.when.toISOString().slice(11, 19);
    return [
      [`${at}.id`, `exercise-${a.index + 1}`],
      [`${at}.type`, 'performance'],
      [`${at}.time`, t],
      [`${at}.student_response`, response],
      [`${at}.result`, full ? 'correct' : 'wrong'],
      [`${at}.latency`, timespan('1.2', a.latency)],
    ];
  }
  return [
    [`${at}.id`, `exercise-${a.index + 1}`],
    [`${at}.type`, 'other'],
    [`${at}.timestamp`, a.when.toISOString().slice(0, 19)],
    [`${at}.description`, `${a.record.task}: ${a.record.score} of ${a.record.max}`],
    [`${at}.learner_response`, response],
    [`${at}.result`, full ? 'correct' : 'incorrect'],
    [`${at}.latency`, timespan('2004', a.latency)],
  ];
}

/** The suspend data: the set's progress and which exercise each interaction is. */
export function suspendText(progress, interactions) {
  return JSON.stringify({ progress, interactions });
}

/** Reads suspend data back (null when there is none or it is not this adapter's). */
export function readSuspend(text) {
  if (!text) return null;
  try {
    const s = JSON.parse(text);
    if (!s || typeof s !== 'object' || !Array.isArray(s.interactions) || !s.interactions.every(Number.isInteger)) return null;
    return { progress: s.progress ?? null, interactions: s.interactions };
  } catch {
    return null;
  }
}

const CALLS = {
  '1.2': { init: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish', error: 'LMSGetLastError', text: 'LMSGetErrorString' },
  2004: { init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate', error: 'GetLastError', text: 'GetErrorString' },
};

/** A session with the LMS: one launch, from Initialize to Terminate / LMSFinish. */
export class LmsSession {
  /**
   * @param {object} api the LMS's API object
   * @param {'1.2'|'2004'} version
   */
  constructor(api, version) {
    this.api = api;
    this.version = version;
    this.c = CALLS[version];
    this.open = false;
    this.started = Date.now();
    this.interactions = [];
    this.errors = [];
  }

  call(name, ...args) {
    const ok = String(this.api[this.c[name]](...args));
    return ok;
  }

  get(element) {
    return String(this.api[this.c.get](element) ?? '');
  }

  set(element, value) {
    const ok = String(this.api[this.c.set](element, value)) === 'true';
    if (!ok) {
      const code = String(this.api[this.c.error]());
      this.errors.push(`${element}: ${code} ${String(this.api[this.c.text](code))}`);
    }
    return ok;
  }

  /** Initialises; true when the LMS accepted. */
  start() {
    this.open = this.call('init', '') === 'true';
    if (!this.open) return false;
    const saved = readSuspend(this.get('cmi.suspend_data'));
    if (saved) this.interactions = saved.interactions;
    this.saved = saved;
    const status = this.version === '1.2' ? 'cmi.core.lesson_status' : 'cmi.completion_status';
    const now = this.get(status);
    if (now === 'not attempted' || now === 'unknown' || now === '') this.set(status, 'incomplete');
    return true;
  }

  /** The learner's id (1.2 cmi.core.student_id, 2004 cmi.learner_id), '' when the LMS gives none. */
  learner() {
    return this.get(this.version === '1.2' ? 'cmi.core.student_id' : 'cmi.learner_id');
  }

  /** The set's progress saved in suspend_data at the last session, or null. */
  savedProgress() {
    return this.saved?.progress ?? null;
  }

  /**
   * Writes a set's state: its score and status, the interaction of the exercise just graded
   * (if any), the progress in suspend_data; then commits.
   * @param {object} record the set's record (ply-set record())
   * @param {boolean} completed every exercise answered
   * @param {object} progress ply-set progress()
   * @param {{index: number, record: object, latency: number}} [graded]
   */
  report(record, completed, progress, graded) {
    if (!this.open) return;
    if (graded) {
      let n = this.interactions.indexOf(graded.index);
      if (n < 0) {
        n = this.interactions.length;
        this.interactions.push(graded.index);
      }
      const answersJson = JSON.stringify(graded.record.answers);
      for (const [k, v] of interactionValues(this.version, n, { ...graded, answersJson, when: new Date() })) this.set(k, v);
    }
    for (const [k, v] of [...scoreValues(this.version, record), ...statusValues(this.version, record, completed)]) this.set(k, v);
    this.set('cmi.suspend_data', suspendText(progress, this.interactions));
    this.set(this.version === '1.2' ? 'cmi.core.exit' : 'cmi.exit', completed ? '' : 'suspend');
    this.call('commit', '');
  }

  /** Ends the session (the page goes away): the session time, a commit, and finish. */
  finish() {
    if (!this.open) return;
    this.set(this.version === '1.2' ? 'cmi.core.session_time' : 'cmi.session_time', timespan(this.version, Date.now() - this.started));
    this.call('commit', '');
    this.call('finish', '');
    this.open = false;
  }
}
