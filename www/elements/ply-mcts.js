// <ply-mcts>: Monte Carlo tree search on a position (game + moves) or an explicit tree (the
// element's text or the tree attribute), one phase, one iteration or N at a time — the MCTS
// lab's figure (views/mcts-figure.js) in a shadow root.
//
//   <ply-mcts game="ttt" moves="4,0,8" c="1.414" seed="1" iterations="50"></ply-mcts>
//
// Attributes (each also a property): game, tree, moves, c, seed, iterations (completed
// iterations to show), phase (then the next iteration up to select, expand or rollout),
// selected (the node whose UCB1 table shows), n (Run N), controls, speed, autoplay, predict
// ('all' or a list of select, backup), theme, height. Events: step {iterations, phase, nodes,
// narration, best}; graded (predict mode: the iteration's record, a practice grade record).
// Methods: stepPhase(), stepIteration(), back(), run(n), play(), pause().

import { PlyElement, define, reflectAttributes } from './base.js';
import { el } from '../views/dom.js';

let modules = null;

function runKey(s) {
  return JSON.stringify([s.source, s.tree, s.moves, s.c, s.seed, s.iterations, s.phase, s.selected]);
}

export class PlyMcts extends PlyElement {
  static view = 'mcts';
  static textTree = true;
  static load() {
    modules ??= Promise.all([import('../views/mcts-figure.js'), import('../lib/record.js')]).then(([a, b]) => ({ ...a, ...b }));
    return modules;
  }
  static attrs = {
    game: 'string',
    tree: 'string',
    moves: 'string',
    c: 'number',
    seed: 'number',
    solver: 'boolean',
    iterations: 'number',
    phase: 'string',
    selected: 'number',
    n: 'number',
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
      this.figure = new this.mods.MctsFigure(box, {
        controls: s.controls,
        n: s.n,
        speed: s.speed,
        onStep: (info) => this.emit('step', info),
        onError: (message) => this.showError(message),
        isDark: () => this.isDark(),
        styleOverrides: () => this.canvasStyle(),
        placer: () => this.placer,
      });
    }
    const f = this.figure;
    this.setHeight(s.height);
    f.setControls(s.controls);
    f.speed = s.speed;
    if (changed?.has('n')) f.p.n.value = String(s.n);
    if (changed?.has('theme')) {
      f.canvas.refreshStyle();
      f.render(false);
    }
    const key = runKey(s);
    if (key !== this._key) {
      const run = this.mods.startMcts(this.api, s);
      f.load({ ...run, kind: s.source, c: s.c, iterations: s.iterations, phase: s.phase, selected: s.selected });
      this._key = key;
      this._search = { ...s };
      this.emit('step', f.stepInfo());
    }
    // Predict mode (views/predict.js): on, off, or again for a new run.
    if ((s.predict || this._pk) && this._pk !== key + s.predict) {
      this._pk = key + s.predict;
      import('../views/predict.js').then((m) => m.elementPredict(this, s.predict, true));
    }
    if (s.autoplay && (!changed || changed.has('autoplay')) && !f.playing) f.play();
    if (!s.autoplay && changed?.has('autoplay')) f.pause();
  }

  /** Completed iterations. */
  get done() {
    return this.figure?.m ? this.figure.m.iterations : 0;
  }

  stepPhase() {
    this.figure?.act(() => this.figure.m.stepPhase(), true);
  }

  stepIteration() {
    // In predict mode one phase at a time: an iteration would pass its questions.
    this.figure?.act(() => (this.figure.gate ? this.figure.m.stepPhase() : this.figure.m.stepIteration()), true);
  }

  back() {
    this.figure?.act(() => this.figure.m.back());
  }

  run(n) {
    this.figure?.runN(Number(n));
  }

  play() {
    this.figure?.play();
  }

  pause() {
    this.figure?.pause();
  }
}

reflectAttributes(PlyMcts);
define('ply-mcts', PlyMcts);
