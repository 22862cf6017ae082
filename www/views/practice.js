// The Practice view: a thin form (task, difficulty, seed, New tree) around the practice
// exercise component (views/practice-figure.js, the same one <ply-practice> and the embed page
// use), with Copy link / Copy embed code. The exercise — tree, questions, grading — is the
// core's Practice; links (index.html#practice?task=…&seed=…) are read by figure-state.js.

import { TASKS, practiceOptions, readState } from '../lib/figure-state.js';
import { FIXED_PROMPTS } from '../lib/practice-prompts.js';
import { PracticeFigure } from './practice-figure.js';
import { ShareBar } from './share.js';
import { $, el } from './dom.js';

export const TASK_NAMES = {
  minimax: 'Minimax values',
  'alphabeta-leaves': 'α-β: mark the pruned leaves',
  'alphabeta-full': 'α-β: windows, values and pruned edges',
  expectiminimax: 'Expectiminimax values',
  maxn: 'max^n tuples',
  mcts: 'MCTS: UCB1, selection and backup',
  ordering: 'Move ordering for α-β',
};

/** The figure's parts that wait for the first exercise (the page shows them once the view is built, style.css wait-built). */
const WAIT_FOR_EXERCISE = ['toolbar', 'legend', 'help', 'table', 'cells', 'actions', 'score', 'feedback'];

export class PracticeView {
  /**
   * Builds the view at once and shows the first exercise's task prompt where the core's words
   * for it are known (the drawing's place is kept, the answers wait), then loads the practice
   * module, the largest download (after the view's code and words, not competing with them);
   * `whenBuilt` resolves to the view with the exercise on show.
   * @param {object} env the page's, with `loadApi` loading the practice module and `first` the
   *   state a link opens (else the form's exercise comes first)
   */
  constructor(env) {
    this.api = null;
    this.app = $('app');
    this.state = null; // the exercise on show (figure-state.js practice state)
    this.graded = [];
    this.figure = new PracticeFigure($('pr-figure'), {
      idPrefix: 'pr-',
      onGraded: (record) => {
        this.graded.push(record);
        this.app.dataset.practiceScore = `${record.score}/${record.max}`;
      },
    });
    this.share = new ShareBar($('pr-share'), { idPrefix: 'pr-', view: 'practice', state: () => this.state, title: 'plyground: practice exercise' });
    $('pr-task').replaceChildren(...TASKS.map((t) => el('option', { value: t }, TASK_NAMES[t])));
    $('pr-new').addEventListener('click', () => this.newTree());
    $('pr-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.fromForm();
    });
    $('pr-task').addEventListener('change', () => this.fromForm());
    $('pr-difficulty').addEventListener('change', () => this.fromForm());
    for (const part of WAIT_FOR_EXERCISE) this.figure.p[part]?.classList.add('wait-built');
    this.preview(env.first ?? this.formState());
    this.whenBuilt = env.loadApi().then((api) => {
      this.api = api;
      this.fromForm();
      return this;
    });
  }

  /** Before the module is loaded: the prompt of a state's task, when it is known (else none). */
  preview(s) {
    this.figure.preview(FIXED_PROMPTS[s.task]?.[s.tie] ?? '');
  }

  /** The form's exercise as a state (throws when a field is out of range). */
  formState() {
    return readState('practice', (name) => ({ task: $('pr-task').value, difficulty: $('pr-difficulty').value, seed: $('pr-seed').value, tie: $('pr-tie').value })[name] ?? null);
  }

  get canvas() {
    return this.figure.canvas;
  }

  /** New tree: the next seed, with the same generator options (a link's depth, cutoffs, …). */
  newTree() {
    const seed = (((Number($('pr-seed').value) || 0) + 1) % 2 ** 32) >>> 0;
    const s = this.state;
    if (s && s.task === $('pr-task').value && s.difficulty === $('pr-difficulty').value && s.tree === null) {
      this.applyState({ ...s, seed, tie: $('pr-tie').value });
    } else {
      $('pr-seed').value = String(seed);
      this.fromForm();
    }
  }

  /** The form's exercise: a generated tree from the task, difficulty and seed. */
  fromForm() {
    let s;
    try {
      s = this.formState();
    } catch (e) {
      $('pr-error').textContent = e.message;
      return false;
    }
    if (!this.api) {
      // (The exercise follows the form once the module is loaded.)
      this.preview(s);
      return true;
    }
    return this.applyState(s);
  }

  /**
   * Shows the exercise a state describes (a link's, or the form's); errors are shown in the
   * form and the old exercise stays.
   */
  applyState(s) {
    try {
      this.figure.load(this.api, practiceOptions(s));
    } catch (e) {
      $('pr-error').textContent = e.message;
      return false;
    }
    $('pr-error').textContent = '';
    this.state = s;
    $('pr-task').value = s.task;
    $('pr-difficulty').value = s.difficulty;
    $('pr-seed').value = s.seed === null ? '' : String(s.seed);
    $('pr-tie').value = s.tie;
    // The tie rule changes only the α-β tasks and move ordering (the core's tieApplies):
    // elsewhere the menu would change nothing, so it is not shown.
    $('pr-tie').closest('label').hidden = !this.figure.practice.tieApplies;
    const generated = s.tree === null;
    $('pr-note').textContent = generated ? '' : 'A given tree (from a link): New tree switches to generated trees.';
    this.app.dataset.practiceTask = s.task;
    return true;
  }

  /** For the test hook. */
  snapshot() {
    return this.figure.snapshot();
  }
}
