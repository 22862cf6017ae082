// The MCTS lab: Monte Carlo tree search on a tic-tac-toe or Connect-4 position or an explicit
// tree. The drawing, the stepping, the UCB1 table, the chart and the decision are the
// MctsFigure component (views/mcts-figure.js), the same one <ply-mcts> uses; the calculator
// is the UcbCalculator. This file is the lab's form and its share buttons.

import { readState } from '../lib/figure-state.js';
import { limits } from '../lib/limits.js';
import { startMcts } from '../lib/record.js';
import { MctsFigure } from './mcts-figure.js';
import { UcbCalculator } from './ucb-calculator.js';
import { ShareBar } from './share.js';
import { $, afterPaint, typingTarget } from './dom.js';

export class MctsLab {
  constructor(env) {
    /** The page module for a source (the tree module for a tree, the games module for a game). */
    this.apiFor = env.apiFor;
    /** Whether that module is loaded yet, and its loader: the lab is built with the games
     *  module alone, and a tree source may be asked for before the tree module has arrived. */
    this.hasApi = env.hasApi ?? (() => true);
    this.loadFor = env.loadFor;
    this.app = $('app');
    this.loaded = null;
    this.figure = new MctsFigure($('mc-figure'), {
      idPrefix: 'mc-',
      onError: (message) => {
        $('mc-error').textContent = message;
      },
      onStep: () => this.hooks(),
      onLoad: () => this.hooks(),
      // Another module places the picture (runtime.js placerForFigure), whichever steps the
      // search. The lab is built with the games module alone (its first words and tables need
      // no more) and asks for the placing one at once: the drawing follows when it is here.
      placer: () => env.placerOf('mcts'),
    });
    if (!env.placerOf('mcts')) {
      // Asked for once the lab's words have painted (dom.js afterPaint).
      afterPaint(() =>
        env.loadPlacer('mcts').then(
          () => this.figure.placerReady(),
          (e) => {
            $('mc-error').textContent = e.message;
          },
        ),
      );
    }
    // The calculator needs only the core's ucb1, which every module has: the games module's,
    // the one the lab's first figure (a tic-tac-toe position) draws with.
    this.calculator = new UcbCalculator($('ucb-body'), { api: this.apiFor('game'), idPrefix: 'ucb-' });
    this.share = new ShareBar($('mc-share'), { idPrefix: 'mc-', view: 'mcts', state: () => this.linkState() });
    this.wire();
    this.calculator.calculate();
    this.reset();
  }

  get canvas() {
    return this.figure.canvas;
  }

  get m() {
    return this.figure.m;
  }

  wire() {
    $('mc-source').addEventListener('change', () => {
      const v = $('mc-source').value;
      this.showSource(v);
      $('mc-moves').value = v === 'c4' ? '4453' : v === 'ttt' ? '4,0,8' : '';
      this.reset();
    });
    $('mc-reset').addEventListener('click', () => this.reset());
    document.addEventListener('keydown', (e) => {
      if (this.app.dataset.view !== 'mcts' || typingTarget(e)) return;
      if (this.figure.handleKey(e)) e.preventDefault();
    });
    $('mc-moves').value = '4,0,8';
  }

  showSource(v) {
    $('mc-tree-input').hidden = v !== 'tree';
    $('mc-moves-label').hidden = v === 'tree';
  }

  /** The form as an MCTS state (figure-state.js). */
  formState(extra = {}) {
    const src = $('mc-source').value;
    const raw = {
      tree: src === 'tree' ? $('mc-text').value : null,
      game: src === 'tree' ? null : src,
      moves: src === 'tree' ? null : $('mc-moves').value,
      c: $('mc-c').value,
      seed: $('mc-seed').value,
      solver: $('mc-solver').checked ? 'true' : null,
      n: $('mc-n').value,
      ...extra,
    };
    return readState('mcts', (name) => raw[name] ?? null);
  }

  /** A new stepper from the inputs (errors inline; the old tree stays). */
  reset(opts = {}) {
    $('mc-error').textContent = '';
    let state;
    let run;
    try {
      state = this.formState(opts.iterations ? { iterations: String(opts.iterations) } : {});
      if (!this.hasApi(state.source)) {
        // The tree module is still on its way: the run starts once it is here.
        $('mc-error').textContent = 'Loading the tree module…';
        this.loadFor(state.source).then(
          () => this.reset(opts),
          (e) => {
            $('mc-error').textContent = e.message;
          },
        );
        return true;
      }
      run = startMcts(this.apiFor(state.source), state);
    } catch (e) {
      $('mc-error').textContent = e.message;
      return false;
    }
    try {
      this.figure.load({ ...run, kind: state.source, c: state.c, iterations: state.iterations, phase: opts.phase, selected: opts.selected });
    } catch (e) {
      $('mc-error').textContent = e.message;
      return false;
    }
    this.loaded = state;
    if (this.predictKinds) this.startPredict();
    return true;
  }

  /** Predict mode (views/predict.js, with the practice module: loaded when first asked for). */
  async startPredict() {
    const [{ MctsPredictPanel }, { loadPracticeApi }] = await Promise.all([import('./predict.js'), import('../lib/practice-module.js')]);
    const f = this.figure;
    this.predict ??= new MctsPredictPanel(f, { idPrefix: 'mc-', after: f.p['phase-line'], loadApi: loadPracticeApi, onGraded: (r) => (this.app.dataset.predictScore = `${r.score}/${r.max}`) });
    await this.predict.load(this.predictKinds, this.loaded);
  }

  /** Opens the MCTS search an engine made in the Play view: same position, C and seed. */
  showGameSearch(s) {
    $('mc-source').value = s.kind;
    this.showSource(s.kind);
    $('mc-moves').value = s.moves;
    $('mc-c').value = String(s.options.c);
    $('mc-seed').value = String(s.options.seed);
    this.reset({ iterations: s.options.iterations });
  }

  /** Restores a state from a link (index.html#mcts?…). */
  applyState(s) {
    this.predictKinds = s.predict;
    if (!s.predict) this.predict?.stop();
    $('mc-source').value = s.source;
    this.showSource(s.source);
    if (s.source === 'tree') $('mc-text').value = s.tree;
    else $('mc-moves').value = s.moves;
    $('mc-c').value = String(s.c);
    $('mc-seed').value = String(s.seed);
    $('mc-n').value = String(s.n);
    return this.reset({ iterations: s.iterations, phase: s.phase, selected: s.selected });
  }

  /** What a link reproduces: the run on show, at the same iteration and phase, the same node selected. */
  linkState() {
    const m = this.figure.m;
    if (!this.loaded || !m) return null;
    const n = Number($('mc-n').value);
    return {
      ...this.loaded,
      iterations: m.iterations,
      phase: m.phase === 'done' ? null : m.phase,
      selected: this.figure.selected,
      predict: this.predictKinds ?? null,
      n: Number.isInteger(n) && n >= 1 && n <= limits().maxShownIterations ? n : 100,
    };
  }

  hooks() {
    const m = this.figure.m;
    const a = this.app.dataset;
    a.mctsIterations = String(m.iterations);
    a.mctsPhase = m.phase;
    a.mctsNodes = String(m.nodeCount);
  }

  snapshot() {
    return { ...this.figure.snapshot(), calculator: this.calculator.rows() };
  }
}
