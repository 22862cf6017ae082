// Predict, then reveal: the figure stops before the steps that matter and asks. The questions
// (which steps, what they ask, the answer, the feedback words, the rule, the misconception)
// and the record are the core's (the practice module's Predict, loaded only in predict mode);
// this file renders the question, reads the answer as a practice cell (lib/practice-answers.js)
// and forwards it. The figure does not step past a question until it is answered or skipped
// (a skip counts as wrong): it calls `gate(from, to)` on every seek (views/tree-figure.js).
//
// The question is asked twice over, from one state: at the node it is about, in a small form
// over the canvas (placed beside the node by lib/callout.js, never on its texts; docked under
// the drawing where there is no room), and in the list beside the figure, its accessible twin.
// What is typed in one shows in the other (one draft); either answers. The focus goes to the
// field at the node when a question comes up; Esc there goes back to the canvas.

import { CellError, gradeRecord, readCell } from '../lib/practice-answers.js';
import { placeCallout } from '../lib/callout.js';
import { el, partMaker } from './dom.js';

const PLACEHOLDER = { number: 'value', window: 'α, β', counts: 'N, W' };
const HOW = {
  number: 'Type a number, like 3 or -2.5.',
  window: 'Type α and β separated by a comma, like -∞, 3 (inf or ∞ for infinity).',
  counts: 'Type N and W separated by a comma, like 5, 3.',
};

/** The algorithms predict mode asks about in the tree lab and `<ply-tree>`. */
export const PREDICT_ALGOS = ['alphabeta', 'minimax', 'expectiminimax'];

export class PredictPanel {
  /**
   * @param {object} figure a TreeFigure (its side column takes the panel; it calls `gate`)
   * @param {object} opts
   * @param {() => Promise<object>} opts.loadApi the practice module's API (Predict)
   * @param {string|null} [opts.idPrefix] ids for the parts (the playground's 'tl-predict-')
   * @param {(record: object) => void} [opts.onGraded] after every answer: the session's record
   * @param {HTMLElement} [opts.after] the panel goes after it (default: the figure's transport)
   */
  constructor(figure, opts) {
    this.figure = figure;
    this.opts = opts;
    this.handle = null;
    this.kinds = null;
    const P = partMaker(opts.idPrefix);
    this.p = {};
    const p = (name, tag, attrs, ...kids) => (this.p[name] = P(name, tag, attrs, ...kids));
    this.box = p(
      'predict',
      'section',
      { class: 'predict', 'aria-label': 'Predict, then reveal' },
      p('predict-tally', 'p', { class: 'predict-tally' }),
      p(
        'predict-form',
        'form',
        { class: 'predict-form', hidden: true },
        p('predict-question', 'label', { class: 'predict-question' }),
        p('predict-fields', 'div', { class: 'predict-fields' }),
        p('predict-error', 'p', { class: 'warn', role: 'alert' }),
      ),
      p('predict-feedback', 'p', { class: 'predict-feedback', role: 'status', 'aria-live': 'polite' }),
    );
    // The same question at its node, over the canvas (its twin above is the one announced).
    p(
      'predict-at',
      'form',
      { class: 'predict-at', hidden: true },
      p('predict-at-verdict', 'p', { class: 'predict-at-verdict' }),
      p('predict-at-question', 'label', { class: 'predict-question' }),
      p('predict-at-fields', 'div', { class: 'predict-fields' }),
      p('predict-at-error', 'p', { class: 'warn' }),
    );
    for (const name of ['predict-form', 'predict-at']) {
      this.p[name].addEventListener('submit', (e) => {
        e.preventDefault();
        this.submit();
      });
    }
    this.p['predict-at'].addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      figure.p.canvas.focus();
    });
    // Its own style sheet, linked where the panel is (a page, or an element's shadow root).
    this.box.prepend(el('link', { rel: 'stylesheet', href: new URL('./predict.css', import.meta.url).href }));
    (opts.after ?? figure.p.transport).after(this.box);
    figure.p.canvas.parentElement.append(this.p['predict-at']);
    this.onFrame = () => this.place();
    figure.canvas.afterDraw.add(this.onFrame);
    this.draft = '';
    this.verdict = null;
    this.atNode = -1;
  }

  /** Checks the draft answer (either form's Check or Enter). */
  submit() {
    const say = (t) => {
      this.p['predict-error'].textContent = t;
      this.p['predict-at-error'].textContent = t;
      this.place(true);
    };
    try {
      const v = this.readField();
      if (v === undefined) say('Type an answer, or Skip.');
      else this.answer(v);
    } catch (x) {
      if (!(x instanceof CellError)) throw x;
      say(x.message);
    }
  }

  /**
   * Starts a session on the search the figure shows (its tree text and search options) with
   * question kinds `kinds` (figure-state.js's list). A search predict mode does not apply to
   * shows why.
   */
  async load(kinds) {
    this.stop();
    this.kinds = kinds;
    const api = await this.latestApi();
    if (!api) return;
    this.free();
    const o = this.figure.searchOptions ?? {};
    const cur = this.figure.current;
    try {
      if (cur?.type !== 'tree' || !PREDICT_ALGOS.includes(o.algo) || (o.order && o.order !== 'natural') || o.depth != null || o.singular || o.beam != null) {
        throw new Error('Predict mode asks about minimax, α-β (natural order) and expectiminimax on a whole explicit tree.');
      }
      this.handle = api.Predict.create({ algo: o.algo, tree: cur.text, tie: o.tie ?? 'nonstrict', predict: kinds.join(',') });
    } catch (e) {
      this.p['predict-tally'].textContent = e.message;
      this.p['predict-form'].hidden = true;
      return;
    }
    this.questions = this.handle.questions();
    this.answers = [];
    this.right = 0;
    this.asked = 0;
    this.p['predict-feedback'].textContent = '';
    this.figure.gate = (from, to) => this.gate(from, to);
    this.loading = true;
    // A new session opens at its first question when the figure stands past it (a search
    // loaded again, predict mode turned on mid-way): no question is left behind unasked.
    this.figure.seek(Math.min(this.figure.index, this.questions[0]?.step ?? Infinity));
    this.render();
    this.loading = false;
  }

  /**
   * The practice module, or null when a later load() began while it loaded: only the latest
   * goes on (the lab may load its search again while the module is on its way).
   */
  async latestApi() {
    const token = (this.loadToken = (this.loadToken ?? 0) + 1);
    const api = await this.opts.loadApi();
    return token === this.loadToken ? api : null;
  }

  /** Ends predict mode: the figure steps freely again. */
  stop() {
    if (this.figure.gate) this.figure.gate = null;
    this.free();
    this.verdict = null;
    this.showAt(null);
    this.p['predict-form'].hidden = true;
    // (A new session asks its first question afresh.)
    delete this.p['predict-form'].dataset.question;
    this.p['predict-tally'].textContent = '';
    this.p['predict-feedback'].textContent = '';
  }

  free() {
    this.handle?.free();
    this.handle = null;
  }

  /** The question waiting for an answer (null when all are answered). */
  get current() {
    return this.questions?.[this.answers.length] ?? null;
  }

  /** The step the figure may go to from `from` when asked for `to`: not past the open question's step. */
  gate(from, to) {
    const q = this.current;
    // (Drawn again after every seek: the field at the node comes and goes with its step.)
    queueMicrotask(() => this.render());
    if (!q || to <= q.step) return to;
    this.figure.pause();
    return Math.max(Math.min(from, to), q.step);
  }

  /** The answer typed (in either form) as the core takes it (undefined: empty; throws CellError). */
  readField() {
    const q = this.current;
    const typed = this.textFields().length ? this.draft : undefined;
    return readCell({ path: q.node, label: q.label, field: q.field, kind: q.answer }, typed);
  }

  /** The draw node of the figure's tree at path `q.node` ("0.2": the root's first child's third), or -1. */
  nodeOf(q) {
    const tn = this.figure.model?.treeNodes;
    if (!tn) return -1;
    let d = tn.findIndex((t) => t.parent < 0);
    for (const k of q.node ? q.node.split('.') : []) d = d >= 0 ? (tn[d].children[Number(k)] ?? -1) : -1;
    return d;
  }

  /** Grades the open question with `value` (null or undefined: skipped). */
  answer(value) {
    const q = this.current;
    if (!q) return;
    const err = this.p['predict-error'];
    err.textContent = '';
    let v;
    try {
      v = this.handle.check(this.answers.length, value ?? null);
    } catch (e) {
      err.textContent = e.message;
      return;
    }
    this.answers.push(value ?? null);
    this.asked += 1;
    if (v.correct) this.right += 1;
    const fb = this.p['predict-feedback'];
    fb.textContent = v.words;
    fb.dataset.correct = String(v.correct);
    const done = !this.current;
    this.opts.onGraded?.(gradeRecord(this.handle.record(this.answers, done)));
    const at = this.p['predict-at'];
    const active = at.getRootNode().activeElement;
    const hadFocus = at.contains(active);
    // Answered in the list: the next question's field there gets the focus, not the one at the node.
    this.inList = this.box.contains(active);
    // The reveal: the step the question was about (once no other question waits at it).
    if (!(this.current && this.due(this.current))) this.reveal(q);
    // The verdict shows at the node too, until the figure steps on.
    this.verdict = { words: v.words, correct: v.correct, node: this.nodeOf(q), at: this.stamp() };
    this.render();
    this.inList = false;
    // Answered at the node with no question next: the focus back on the canvas, to step on.
    if (hadFocus && at.dataset.mode !== 'question') this.figure.p.canvas.focus();
  }

  /** Where the figure stands (a verdict shows at its node until this changes). */
  stamp() {
    return this.figure.index;
  }

  /** Whether question `q` is asked now: the figure stands at its step. */
  due(q) {
    return this.figure.index === q.step;
  }

  /** Shows the step question `q` was about. */
  reveal(q) {
    this.figure.seek(q.step + 1);
  }

  tally() {
    const n = this.questions.length;
    const asked = this.answers.length;
    return this.current
      ? `Predict: ${this.right} of ${asked} right so far · question ${asked + 1} of ${n}`
      : `Predict: ${this.right} of ${n} right. Every question is answered; step on freely.`;
  }

  render() {
    const q = this.current;
    this.p['predict-tally'].textContent = this.tally();
    const form = this.p['predict-form'];
    const waiting = q && this.due(q);
    form.hidden = !waiting;
    if (!waiting) {
      this.showAt(null);
      return;
    }
    if (form.dataset.question === String(this.asked)) {
      this.showAt(q);
      return;
    }
    form.dataset.question = String(this.asked);
    this.draft = '';
    const base = this.box.id || 'predict';
    this.fill(q, this.p['predict-question'], this.p['predict-fields'], `${base}-answer-${this.asked}`);
    this.fill(q, this.p['predict-at-question'], this.p['predict-at-fields'], `${base}-at-answer-${this.asked}`);
    this.p['predict-error'].textContent = '';
    this.p['predict-at-error'].textContent = '';
    this.showAt(q);
    // The question came up: the focus to its field at the node (not while the panel loads;
    // in the list when the last answer was given there).
    if (!this.loading) this.focusField(this.inList);
  }

  /** One form's question and fields for `q`; the text fields share the draft. */
  fill(q, label, fields, id) {
    label.textContent = q.question;
    const skip = el('button', { type: 'button', class: 'predict-skip' }, 'Skip');
    skip.addEventListener('click', () => this.answer(null));
    if (q.answer === 'mark') {
      label.removeAttribute('for');
      const yes = el('button', { type: 'button' }, 'Pruned');
      const no = el('button', { type: 'button' }, 'Not pruned');
      yes.addEventListener('click', () => this.answer(true));
      no.addEventListener('click', () => this.answer(false));
      fields.replaceChildren(yes, no, skip);
    } else if (q.answer === 'child') {
      label.removeAttribute('for');
      const kids = this.children(q);
      fields.replaceChildren(
        ...kids.map(({ path, label: name }) => el('button', { type: 'button', onclick: () => this.answer(path) }, name)),
        skip,
      );
    } else {
      label.setAttribute('for', id);
      const input = el('input', { type: 'text', id, size: 10, autocomplete: 'off', spellcheck: 'false', placeholder: PLACEHOLDER[q.answer] ?? '', title: HOW[q.answer] ?? '' });
      input.addEventListener('input', () => {
        this.draft = input.value;
        for (const other of this.textFields()) if (other !== input) other.value = input.value;
      });
      fields.replaceChildren(input, el('button', { type: 'submit' }, 'Check'), skip);
    }
  }

  /** The text fields of both forms (none for a question answered by buttons). */
  textFields() {
    return [this.p['predict-fields'], this.p['predict-at-fields']].map((f) => f.querySelector('input')).filter(Boolean);
  }

  /**
   * The form at the node: question `q` open (with the last verdict's first word above it while
   * the figure stands where it was given), else the verdict alone at its node, else hidden.
   */
  showAt(q) {
    const at = this.p['predict-at'];
    const v = this.verdict && this.verdict.at === this.stamp() ? this.verdict : null;
    const verdict = this.p['predict-at-verdict'];
    // With the next question open, only the verdict's first word ("Right", "Not quite",
    // "Skipped"): the field stays small enough to sit beside its node.
    const head = v ? v.words.slice(0, Math.max(0, v.words.indexOf(':'))) : '';
    verdict.textContent = !v ? '' : q && head ? `Last answer: ${head.toLowerCase()}.` : v.words;
    verdict.dataset.correct = v ? String(v.correct) : '';
    const mode = q ? 'question' : v ? 'verdict' : '';
    const hadFocus = at.contains(at.getRootNode().activeElement);
    at.dataset.mode = mode;
    at.hidden = !mode;
    for (const part of ['predict-at-question', 'predict-at-fields', 'predict-at-error']) this.p[part].hidden = !q;
    if (!mode) {
      if (hadFocus) this.figure.p.canvas.focus();
      this.atNode = -1;
      return;
    }
    const d = q ? this.nodeOf(q) : v.node;
    if (d !== this.atNode) {
      this.atNode = d;
      // The camera frames the node (the field is placed again as it moves).
      if (d >= 0) this.figure.canvas.reveal(d);
    }
    this.place(true);
  }

  /**
   * Puts the form beside its node as drawn now (after each frame: the camera may glide or be
   * moved), or docks it under the drawing when there is no room beside the node.
   */
  place(force = false) {
    const at = this.p['predict-at'];
    if (at.hidden) return;
    const c = this.figure.canvas;
    const cam = c.camera;
    const key = `${cam.scale} ${cam.tx} ${cam.ty} ${cam.width} ${cam.height} ${this.atNode} ${this.stamp()} ${at.dataset.mode}`;
    if (!force && key === this.placedKey) return;
    this.placedKey = key;
    const boxes = this.atNode >= 0 ? c.drawnBoxes(this.atNode) : null;
    at.classList.remove('docked');
    const size = { w: at.offsetWidth, h: at.offsetHeight };
    const spot = boxes && placeCallout(boxes.node, boxes.keep, boxes.others, size, { w: cam.width, h: cam.height }, { gap: 10, margin: 4 });
    at.classList.toggle('docked', !spot);
    at.dataset.side = spot ? spot.side : 'docked';
    at.style.transform = spot ? `translate(${Math.round(spot.x)}px, ${Math.round(spot.y)}px)` : '';
    if (!spot) return;
    // The notch on the side that faces the node points at its glyph.
    const g = boxes.glyph;
    const across = spot.side === 'below' || spot.side === 'above';
    const at0 = across ? (g.minX + g.maxX) / 2 - spot.x : (g.minY + g.maxY) / 2 - spot.y;
    const room = across ? size.w : size.h;
    at.style.setProperty('--notch', `${Math.round(Math.min(Math.max(at0, 14), room - 14))}px`);
  }

  /** The focus to the open question's first field: at the node, or (`inList`, or no field there) in the list. */
  focusField(inList = false) {
    const at = this.p['predict-at'];
    (at.hidden || inList ? this.p['predict-fields'] : this.p['predict-at-fields']).querySelector('input, button')?.focus();
  }
}

/**
 * Predict mode in the MCTS lab (views/mcts-figure.js): before each iteration's selection at
 * the root, "Which child of A does UCB1 select?"; before its back-up, N and W of each node on
 * the path. Each iteration is a session of its own (Predict with `iterations` = the
 * iterations done), asked once UCB1 chooses at the root (every root child visited); the tally
 * runs over the iterations. The figure steps one phase at a time in predict mode.
 */
export class MctsPredictPanel extends PredictPanel {
  /** Starts predict mode on the run on show, `search` its MCTS state (figure-state.js). */
  async load(kinds, search) {
    this.stop();
    this.kinds = kinds;
    const api = await this.latestApi();
    if (!api) return;
    this.api = api;
    this.search = search;
    this.right = 0;
    this.asked = 0;
    this.k = -1;
    const f = this.figure;
    if (search.source !== 'tree' || search.solver) {
      this.p['predict-tally'].textContent = 'Predict mode asks about MCTS with UCB1 on an explicit tree (without the solver).';
      return;
    }
    f.p.iter.disabled = true;
    f.p.run.disabled = true;
    f.gate = () => this.allow();
    this.session();
    this.loading = true;
    this.render();
    this.loading = false;
  }

  stop() {
    super.stop();
    const f = this.figure;
    if (f.p) f.p.iter.disabled = f.p.run.disabled = false;
  }

  /** The session of the iteration about to run (a new one when the last one is done). */
  session() {
    const m = this.figure.m;
    if (m.phase !== 'done' || m.iterations === this.k) return;
    this.free();
    this.k = m.iterations;
    this.answers = [];
    this.questions = [];
    this.note = '';
    try {
      const s = this.search;
      this.handle = this.api.Predict.create({ algo: 'mcts', tree: s.tree, c: s.c, seed: s.seed, iterations: m.iterations, predict: this.kinds.join(',') });
      this.questions = this.handle.questions();
    } catch (e) {
      this.note = ` Questions start once UCB1 chooses at the root (${e.message.replace(/^.*iterations must be at least/, 'after at least')}).`;
    }
  }

  /** Whether the figure may step one phase on: not while a question is due. */
  allow() {
    this.session();
    const q = this.current;
    const open = Boolean(q && this.due(q));
    if (open) {
      this.figure.pause();
      this.render();
    }
    queueMicrotask(() => this.render());
    return !open;
  }

  render() {
    if (this.questions === undefined && !this.figure.gate) return;
    this.session();
    super.render();
  }

  due(q) {
    const m = this.figure.m;
    return m.iterations === this.k && (q.kind === 'select' ? m.phase === 'done' : m.phase === 'rollout');
  }

  reveal() {
    this.figure.act(() => this.figure.m.stepPhase(), true);
  }

  tally() {
    const q = this.current;
    return `Predict: ${this.right} of ${this.asked} right so far${q ? '' : '.'}${this.note ?? ''}`;
  }

  /** The MCTS node at path `q.node` (the root's children by their actions), or -1. */
  nodeOf(q) {
    const nodes = this.figure.m?.nodes() ?? [];
    let d = nodes.length ? 0 : -1;
    for (const k of q.node ? q.node.split('.') : []) d = d >= 0 ? (nodes.find((nd) => nd.parent === d && String(nd.action) === k)?.id ?? -1) : -1;
    return d;
  }

  /** Where the run stands: the iteration and its phase. */
  stamp() {
    const m = this.figure.m;
    return m ? `${m.iterations} ${m.phase}` : '';
  }

  /** The root's children as answers: their paths and names. */
  children() {
    const nodes = this.figure.m.nodes();
    return nodes[0].children.map((id) => ({ path: String(nodes[id].action), label: nodes[id].label }));
  }
}

/**
 * Predict mode in an element (`<ply-tree>`, `<ply-mcts>` with `mcts`, whose run's state is
 * `host._search`): its panel on the search on show, or off when `kinds` is null. `graded`
 * carries each record.
 */
export async function elementPredict(host, kinds, mcts = false) {
  if (!kinds) return host._predictPanel?.stop();
  const { loadPracticeApi } = await import('../lib/practice-module.js');
  const f = host.figure;
  const Panel = mcts ? MctsPredictPanel : PredictPanel;
  host._predictPanel ??= new Panel(f, { after: mcts ? f.p['phase-line'] : null, loadApi: loadPracticeApi, onGraded: (r) => host.emit('graded', r) });
  await host._predictPanel.load(kinds, host._search);
}
