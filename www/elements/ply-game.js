// <ply-game>: tic-tac-toe or Connect-4 from a start position, each side a human or an engine
// with its settings, optionally with every move's value on the board — the Play view's game
// figure (views/game-figure.js) in a shadow root. Engines search in the page's shared worker
// pool. No engine moves before it is asked (▶, or a human's move) unless the element has
// `autoplay`.
//
//   <ply-game game="c4" moves="4453" x="human" o="hminimax,depth=6,tt" scores></ply-game>
//
// Attributes (each also a property): game, moves, x, o, scores, pace, controls, autoplay,
// theme. Events: move {move, player, moves, by}, done {winner, line, moves}.
// Methods: move(m), undo(), redo(), restart(), resume().

import { PlyElement, define, reflectAttributes } from './base.js';
import { usePool, workerPool } from './runtime.js';
import { typingTarget } from '../views/dom.js';

const MARKS = ['X', 'O'];
let modules = null;

export class PlyGame extends PlyElement {
  static view = 'game';
  static load() {
    modules ??= import('../views/game-figure.js');
    return modules;
  }
  static attrs = {
    game: 'string',
    moves: 'string',
    x: 'string',
    o: 'string',
    scores: 'boolean',
    pace: 'number',
    controls: 'string',
    autoplay: 'boolean',
    theme: 'string',
    height: 'string',
  };

  _build() {
    this.releasePool = usePool();
    const pool = workerPool();
    this.figure = new this.mods.GameFigure(this._body, {
      api: this.api,
      caps: this.caps,
      search: (op, args, opts) => pool.run(op, args, opts),
      newLabel: 'Restart',
      onNew: () => this.restart(),
      shortcuts: { new: 'Home', undo: 'ArrowLeft', redo: 'ArrowRight', engine: 'Space' },
      pace: () => (this.pending ?? this.state)?.pace ?? 0,
      showEval: () => Boolean((this.pending ?? this.state)?.scores),
      onMoved: (info) => this.emit('move', { ...info, player: MARKS[info.player] }),
      onRender: () => this._drawn(),
    });
  }

  /** A new game from the start position (the old one is dropped, its searches cancelled). */
  _startSession(s) {
    this.doneAt = null;
    this.figure.start({ kind: s.game, moves: s.moves, sides: [s.x, s.o], startPaused: !s.autoplay });
  }

  render(s, changed) {
    if (!this.figure) this._build();
    this.pending = s;
    try {
      this.figure.controls = new Set(s.controls);
      const start = JSON.stringify([s.game, s.moves]);
      if (start !== this._start || !this.figure.session) {
        this._startSession(s);
        this._start = start;
      } else {
        const ss = this.figure.session;
        if (changed?.has('x') || changed?.has('o')) this.figure.setSides([s.x, s.o]);
        if (changed?.has('scores')) ss.evaluationChanged();
        if (changed?.has('autoplay') && s.autoplay) ss.resume();
      }
      this.figure.render();
    } finally {
      this.pending = null;
    }
  }

  /** After each drawing: the done event, once per finished game. */
  _drawn() {
    const g = this.figure?.game;
    if (!g || !g.isTerminal || this.doneAt === g.moveString) return;
    this.doneAt = g.moveString;
    this.emit('done', { winner: g.winner >= 0 ? MARKS[g.winner] : 'draw', line: Array.from(g.winningLine()), moves: g.moveString });
  }

  teardown() {
    this.figure?.destroy();
    this.figure = null;
    this.releasePool?.();
    this.releasePool = null;
    this._start = null;
  }

  get session() {
    return this.figure?.session ?? null;
  }

  /** ← undo, → redo, Home restart, Space lets the engine move, 1–7 drop in a Connect-4 column. */
  keys(e) {
    const ss = this.session;
    if (!ss || typingTarget(e) || e.ctrlKey || e.metaKey || e.altKey) return false;
    const target = e.composedPath()[0];
    if (e.key === 'ArrowLeft') this.undo();
    else if (e.key === 'ArrowRight') this.redo();
    else if (e.key === 'Home') this.restart();
    else if (e.key === ' ' && target?.tagName !== 'BUTTON') this.resume();
    else if (ss.kind === 'c4' && /^[1-7]$/.test(e.key)) this.figure.humanMove(Number(e.key));
    else return false;
    return true;
  }

  /** A human's move (cell 0–8 or column 1–7); false when refused (the figure says why). */
  move(m) {
    return this.figure ? this.figure.humanMove(Number(m)) : false;
  }

  undo() {
    this.session?.undo();
  }

  redo() {
    this.session?.redo();
  }

  /** Back to the start position (the moves attribute); engines wait again unless autoplay. */
  restart() {
    if (!this.state) return;
    this._startSession(this.state);
  }

  /** Lets the engine to move play (and the engines go on against each other). */
  resume() {
    this.session?.resume();
  }

  /** The position as a move string. */
  get position() {
    return this.session ? this.session.game.moveString : '';
  }

  /** 'X', 'O', 'draw', or null while the game goes on. */
  get winner() {
    const g = this.session?.game;
    if (!g || !g.isTerminal) return null;
    return g.winner >= 0 ? MARKS[g.winner] : 'draw';
  }
}

reflectAttributes(PlyGame);
define('ply-game', PlyGame);
