// <ply-game>: tic-tac-toe or Connect-4 from a start position, each side a human or an engine
// with its settings, optionally with every move's value on the board — the Play view's game
// (lib/game-session.js) and board (views/board-view.js) in a shadow root. Engines search in
// the page's shared worker pool. No engine moves before it is asked (▶, or a human's move)
// unless the element has `autoplay`.
//
//   <ply-game game="c4" moves="4453" x="human" o="hminimax,depth=6,tt" scores></ply-game>
//
// Attributes (each also a property): game, moves, x, o, scores, pace, controls, autoplay,
// theme. Events: move {move, player, moves, by}, done {winner, line, moves}.
// Methods: move(m), undo(), redo(), restart(), resume().

import { PlyElement, define, reflectAttributes } from './base.js';
import { usePool, workerPool } from './runtime.js';
import { el, partMaker, typingTarget } from '../views/dom.js';

const MARKS = ['X', 'O'];
let modules = null;

export class PlyGame extends PlyElement {
  static view = 'game';
  static load() {
    modules ??= Promise.all([import('../lib/game-session.js'), import('../views/board-view.js')]).then(([a, b]) => ({ ...a, ...b }));
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

  build() {
    this.releasePool = usePool();
    const P = partMaker(null);
    const p = {};
    const mk = (name, tag, attrs, ...kids) => (p[name] = P(name, tag, attrs, ...kids));
    const fig = el(
      'div',
      { class: 'game-fig', part: 'figure' },
      mk('board', 'div', { class: 'board' }),
      el(
        'div',
        { class: 'game-side' },
        mk('players', 'p', { class: 'players note' }),
        mk('status', 'p', { class: 'status', 'aria-live': 'polite' }),
        mk('note', 'p', { class: 'note', 'aria-live': 'polite' }),
        mk('progress', 'p', { class: 'note' }),
        mk(
          'buttons',
          'div',
          { class: 'buttons' },
          mk('engine', 'button', { type: 'button', class: 'primary', 'aria-keyshortcuts': 'Space' }, '▶ Engine move'),
          mk('pause', 'button', { type: 'button' }, '❚❚ Pause'),
          mk('new', 'button', { type: 'button', 'aria-keyshortcuts': 'Home' }, 'Restart'),
          mk('undo', 'button', { type: 'button', 'aria-keyshortcuts': 'ArrowLeft' }, 'Undo'),
          mk('redo', 'button', { type: 'button', 'aria-keyshortcuts': 'ArrowRight' }, 'Redo'),
        ),
        mk('summary', 'p', { class: 'eval-summary', 'aria-live': 'polite' }),
        mk('last', 'p', { class: 'eval-summary' }),
        mk('moves', 'p', { class: 'note' }),
      ),
    );
    this._body.replaceChildren(fig);
    this.p = p;
    this.boardView = new this.mods.BoardView(p.board, { onMove: (m) => this.session?.humanMove(m) });
    p.engine.addEventListener('click', () => this.resume());
    p.pause.addEventListener('click', () => this.session?.togglePause());
    p.new.addEventListener('click', () => this.restart());
    p.undo.addEventListener('click', () => this.undo());
    p.redo.addEventListener('click', () => this.redo());
  }

  /** A new game from the start position (the old one is dropped, its searches cancelled). */
  startSession(s) {
    const pool = workerPool();
    const session = new this.mods.GameSession({
      api: this.api,
      caps: this.caps,
      search: (op, args, opts) => pool.run(op, args, opts),
      kind: s.game,
      moves: s.moves,
      sides: [s.x, s.o],
      pace: () => this.state?.pace ?? s.pace,
      showEval: () => Boolean((this.pending ?? this.state ?? s).scores),
      startPaused: !s.autoplay,
      onChange: () => this.draw(),
      onNote: (text) => {
        if (this.p) this.p.note.textContent = text;
      },
      onMoved: (info) => this.emit('move', { ...info, player: MARKS[info.player] }),
    });
    this.session?.destroy();
    this.session = session;
    this.boardView.setKind(s.game);
    this.doneAt = null;
  }

  render(s, changed) {
    if (!this.p) this.build();
    this.pending = s;
    try {
      const start = JSON.stringify([s.game, s.moves]);
      if (start !== this._start || !this.session) {
        this.startSession(s);
        this._start = start;
        this.session.advance();
      } else {
        const ss = this.session;
        if (changed?.has('x') || changed?.has('o')) {
          ss.sides = [s.x, s.o];
          ss.playersChanged();
        }
        if (changed?.has('scores')) ss.evaluationChanged();
        if (changed?.has('autoplay') && s.autoplay) ss.resume();
      }
      this.controlsOn = new Set(s.controls);
      this.draw();
    } finally {
      this.pending = null;
    }
  }

  /** Draws the board and the texts from the session. */
  draw() {
    const ss = this.session;
    const p = this.p;
    if (!ss || !p) return;
    const on = this.controlsOn ?? new Set();
    const g = ss.game;
    const line = g.winningLine();
    this.boardView.render({ cells: g.cells(), line, humanTurn: ss.phase === 'human', scores: ss.boardScores() });
    p.players.textContent = `X: ${ss.sideLabel(0)} · O: ${ss.sideLabel(1)}`;
    p.players.hidden = !on.has('players');
    p.progress.textContent = ss.phase === 'thinking' && ss.progress ? ss.progress.text : '';
    p.progress.hidden = p.progress.textContent === '';
    const toMove = g.isTerminal ? null : ss.sides[g.toMove];
    const waiting = ss.phase === 'paused' && toMove && toMove.engine !== 'human';
    p.engine.hidden = !(on.has('engine') && waiting);
    // Without the ▶ button, an engine to move simply waits: say only whose move it is.
    p.status.textContent = waiting && !on.has('engine') ? `${MARKS[g.toMove]} to move.` : ss.statusText();
    p.status.hidden = !on.has('status');
    p.engine.textContent = waiting ? `▶ Let ${MARKS[g.toMove]} move` : '▶ Engine move';
    p.pause.hidden = !(on.has('engine') && !ss.hasHuman() && ss.phase === 'thinking');
    p.new.hidden = !on.has('new');
    p.undo.hidden = !on.has('undo');
    p.redo.hidden = !on.has('undo');
    p.undo.disabled = g.moveCount === 0;
    p.redo.disabled = !ss.canRedo();
    p.buttons.hidden = [p.engine, p.pause, p.new, p.undo].every((b) => b.hidden);
    p.summary.textContent = ss.evalSummary();
    p.summary.hidden = !on.has('summary');
    const last = ss.lastSearchText();
    p.last.textContent = last.summary;
    p.last.hidden = !on.has('summary') || !last.summary;
    p.moves.textContent = `Moves: ${g.moveString || '(none)'}`;
    p.moves.hidden = !on.has('moves');
    if (g.isTerminal && this.doneAt !== g.moveString) {
      this.doneAt = g.moveString;
      this.emit('done', { winner: g.winner >= 0 ? MARKS[g.winner] : 'draw', line: Array.from(line), moves: g.moveString });
    }
  }

  teardown() {
    this.session?.destroy();
    this.session = null;
    this.releasePool?.();
    this.releasePool = null;
    this.p = null;
    this._start = null;
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
    else if (ss.kind === 'c4' && /^[1-7]$/.test(e.key)) ss.humanMove(Number(e.key));
    else return false;
    return true;
  }

  /** A human's move (cell 0–8 or column 1–7); false when refused (the figure says why). */
  move(m) {
    return this.session ? this.session.humanMove(Number(m)) : false;
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
    this.startSession(this.state);
    this.session.advance();
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
