// <ply-practice>: a graded exercise — the playground's Practice component
// (views/practice-figure.js) in a shadow root. The exercise, its answer key and the grading are
// the core's Practice; the element draws the tree, takes the answers and reports grades.
//
//   <ply-practice task="alphabeta-leaves" seed="7" depth="3" branching="2-3" cutoffs="2"></ply-practice>
//   <ply-practice task="minimax" tree="[[3,12,8],[2,4,6],[14,5,2]]"></ply-practice>
//
// Attributes (each also a property): task, tree, seed, difficulty, depth, branching, values,
// decimals, chance, players, cutoffs, unique-best, tie-sensitive, worst-order, tie, c, theme,
// height. Event: graded {task, seed, tree, score, max, done, mistakes: [{node, field, expected,
// got, misconception}]} each time the student checks. Method: submit(answers) → the same
// record (answers: docs/embedding.md, "Practice answers and grades"); checkableRecord() → that
// record with the options and answers that rebuild it (docs/records.md). Nothing is sent
// anywhere but to the page, as the event.

import { PlyElement, define, reflectAttributes } from './base.js';
import { practiceOptions } from '../lib/figure-state.js';
import { gradeRecord } from '../lib/practice-answers.js';
import { el } from '../views/dom.js';

let modules = null;

export class PlyPractice extends PlyElement {
  static view = 'practice';
  static load() {
    // The figure and the practice module (lib/practice-module.js): a practice figure draws
    // with that module, not the page's shared one.
    modules ??= Promise.all([import('../views/practice-figure.js'), import('../lib/practice-module.js').then((m) => m.loadPracticeApi())]).then(
      ([mods, practiceApi]) => ({ ...mods, practiceApi }),
    );
    return modules;
  }
  static attrs = {
    task: 'string',
    tree: 'string',
    seed: 'number',
    difficulty: 'string',
    depth: 'number',
    branching: 'string',
    values: 'string',
    decimals: 'boolean',
    chance: 'boolean',
    players: 'number',
    cutoffs: 'number',
    'unique-best': 'boolean',
    'tie-sensitive': 'boolean',
    'worst-order': 'boolean',
    tie: 'string',
    c: 'number',
    theme: 'string',
    height: 'string',
  };

  render(s, changed) {
    if (!this.figure) {
      const box = el('div', { class: 'lab-main practice', part: 'figure' });
      this._body.replaceChildren(box);
      this.figure = new this.mods.PracticeFigure(box, {
        onGraded: (record, g, answers) => {
          this._answers = answers;
          this.emit('graded', record);
        },
        isDark: () => this.isDark(),
        styleOverrides: () => this.canvasStyle(),
      });
    }
    this.setHeight(s.height);
    if (changed?.has('theme')) {
      this.figure.canvas.refreshStyle();
      this.figure.canvas.invalidate();
    }
    const key = JSON.stringify(practiceOptions(s));
    if (key !== this._key) {
      this.figure.load(this.mods.practiceApi, practiceOptions(s));
      this._key = key;
      this._answers = null;
    }
  }

  /**
   * Grades an answers object (docs/embedding.md) as if the student had typed it: the cells
   * show it, the feedback shows, a graded event fires; returns the grade record. Throws the
   * core's message on malformed answers (nothing changes then).
   * @param {object} answers
   */
  submit(answers) {
    if (!this.figure?.practice) throw new Error('ply-practice: the exercise is not loaded yet (wait for the ready event)');
    return this.figure.submit(answers);
  }

  /**
   * A grade record that `plyground grade --record` can check (docs/records.md): the grade of
   * `answers` (by default the answers last checked, else none) with the options given to
   * Practice.create and the answers. Nothing on screen changes and no event fires.
   * @param {object} [answers]
   */
  checkableRecord(answers = this._answers ?? {}) {
    if (!this.figure?.practice) throw new Error('ply-practice: the exercise is not loaded yet (wait for the ready event)');
    return { ...gradeRecord(this.figure.practice.grade(answers)), options: practiceOptions(this.state), answers };
  }

  /** The exercise's answer key, in the answers' shape (for instructors' pages and tests). */
  answerKey() {
    return this.figure?.practice ? this.figure.practice.answerKey() : null;
  }

  /** The questions, in visiting order: [{path, label, field, kind}]. */
  questions() {
    return this.figure?.practice ? this.figure.practice.questions() : [];
  }

  keys() {
    return false;
  }
}

reflectAttributes(PlyPractice);
define('ply-practice', PlyPractice);
