// The Practice view: a thin form (task, difficulty, seed, New tree) around the practice
// exercise component (views/practice-figure.js, the same one <ply-practice> and the embed page
// use), with Copy link / Copy embed code. The exercise — tree, questions, grading — is the
// core's Practice; links (index.html#practice?task=…&seed=…) are read by figure-state.js.

import { TASKS, practiceOptions, readState } from '../lib/figure-state.js';
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

export class PracticeView {
  constructor(env) {
    this.api = env.api;
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
    this.fromForm();
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
      s = readState('practice', (name) => ({ task: $('pr-task').value, difficulty: $('pr-difficulty').value, seed: $('pr-seed').value, tie: $('pr-tie').value })[name] ?? null);
    } catch (e) {
      $('pr-error').textContent = e.message;
      return false;
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
