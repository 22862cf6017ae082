// <ply-tree>: a search on an explicit tree (the element's text, or the tree attribute) or on a
// game position (game + moves), recorded by the real engine and stepped through — the tree
// lab's figure (views/tree-figure.js) in a shadow root.
//
//   <ply-tree algorithm="alphabeta" step="end">[[3,12,8],[2,4,6],[14,5,2]]</ply-tree>
//
// Attributes (each also a property): tree, game, moves, depth, eval, tt, quiescence,
// singular ('MARGIN[:EXTRA]'), beam (a width), algorithm, tie, order, seed, cap, step ('end' or a number), boards, controls, speed,
// autoplay, predict ('all' or a list of windows, prune, returns), theme, height. Events: step
// {index, length, narration, event, done}, done {value, best, bestName, complete, result},
// graded (predict mode: the session's record, a practice grade record). Methods: seek(i), stepBy(n), play(), pause().
// docs/embedding.md lists every attribute.

import { PlyElement, define, reflectAttributes } from './base.js';
import { checkSteps } from '../lib/figure-state.js';
import { el } from '../views/dom.js';

let modules = null;

/** What decides the recorded search (a change re-records it; other attributes do not). */
function searchKey(s) {
  return JSON.stringify([s.source, s.tree, s.moves, s.depth, s.eval, s.tt, s.quiescence, s.singular, s.beam, s.algo, s.tie, s.order, s.seed, s.cap]);
}

export class PlyTree extends PlyElement {
  static view = 'tree';
  static textTree = true;
  static load() {
    modules ??= Promise.all([import('../views/tree-figure.js'), import('../lib/record.js')]).then(([a, b]) => ({ ...a, ...b }));
    return modules;
  }
  static attrs = {
    tree: 'string',
    game: 'string',
    moves: 'string',
    depth: 'number',
    eval: 'string',
    tt: 'boolean',
    quiescence: 'boolean',
    singular: 'string',
    beam: 'number',
    algorithm: 'string',
    algo: 'string',
    tie: 'string',
    order: 'string',
    seed: 'number',
    cap: 'number',
    step: 'step',
    steps: 'string',
    loop: 'boolean',
    boards: 'boolean',
    controls: 'string',
    speed: 'number',
    autoplay: 'boolean',
    predict: 'string',
    theme: 'string',
    height: 'string',
  };

  render(s, changed) {
    if (!this.figure) {
      const box = el('div', { class: 'lab-main', part: 'figure' });
      this._body.replaceChildren(box);
      this.figure = new this.mods.TreeFigure(box, {
        controls: s.controls,
        speed: s.speed,
        onStep: (info) => this.emit('step', info),
        onDone: (info) => this.emit('done', info),
        isDark: () => this.isDark(),
        styleOverrides: () => this.canvasStyle(),
      });
    }
    const f = this.figure;
    this.setHeight(s.height);
    f.setControls(s.controls);
    if (!changed || changed.has('speed')) f.setSpeed(s.speed);
    if (changed?.has('theme')) {
      f.canvas.refreshStyle();
      f.canvas.invalidate();
    }
    const key = searchKey(s);
    if (key !== this._key) {
      // (A game's search is placed by the lab module, loaded beside the games module.)
      const rec = this.mods.recordSearch(this.api, s, { strict: true, placer: this.placer });
      let step;
      let range;
      try {
        ({ range, step } = checkSteps(s, rec.st.length));
      } catch (e) {
        rec.st.free();
        rec.tree?.free();
        throw e;
      }
      f.load({ st: rec.st, tree: rec.tree, current: rec.current, options: rec.options, figures: rec.figures, step, range });
      f.setThumbnails(s.boards);
      this._key = key;
      this.emit('step', f.stepInfo());
    } else {
      if (changed?.has('steps') || changed?.has('loop')) {
        const { range, step } = checkSteps(s, f.length);
        f.setRange(range);
        f.seek(step);
      } else if (changed?.has('step')) f.seek(checkSteps(s, f.length).step);
      if (changed?.has('boards')) f.setThumbnails(s.boards);
    }
    // Predict mode (views/predict.js): on, off, or again for a new search.
    if ((s.predict || this._pk) && this._pk !== key + s.predict) {
      this._pk = key + s.predict;
      import('../views/predict.js').then((m) => m.elementPredict(this, s.predict));
    }
    if (s.autoplay && (!changed || changed.has('autoplay')) && !f.playing) f.play();
    if (!s.autoplay && changed?.has('autoplay')) f.pause();
  }

  /** The step on show (0 … length). */
  get index() {
    return this.figure ? this.figure.index : 0;
  }

  /** The number of steps of the recorded search. */
  get length() {
    return this.figure ? this.figure.length : 0;
  }

  /** The narration of the step on show. */
  get narration() {
    return this.figure ? this.figure.p.narration.textContent : '';
  }

  seek(i) {
    this.figure?.seek(i);
  }

  stepBy(n) {
    this.figure?.stepBy(n);
  }

  play() {
    this.figure?.play();
  }

  pause() {
    this.figure?.pause();
  }
}

reflectAttributes(PlyTree);
define('ply-tree', PlyTree);
