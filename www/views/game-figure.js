// A game of tic-tac-toe or Connect-4 with each side a human or an engine: the board, whose
// move it is, the engine's progress, the buttons, the values on the board and the engine's
// last search. One implementation for the Play view and <ply-game>; it builds its DOM inside
// the container it is given (parts named for ::part(), ids only with a prefix).
//
// The game and its engine loop are a GameSession (lib/game-session.js), owned by the figure;
// every sentence comes from lib/game-words.js; the board is a BoardView. Legality, wins and
// values come from the wasm Game and the search's record: the figure decides nothing about
// the game.
//
// Screen readers: one polite live region (part "announce", visually hidden) says each move
// once — the human's and the engine's — and, during a long search, its progress at most
// once every few seconds and never the same text twice. The status line is not live (it
// would repeat "… is thinking" at every step of a search).

import { GAMES, MARKS } from '../lib/board.js';
import { GameSession } from '../lib/game-session.js';
import {
  boardScores,
  evalSummary,
  lastSearchText,
  moveAnnouncement,
  playersText,
  positionAnnouncement,
  statusText,
} from '../lib/game-words.js';
import { BoardView } from './board-view.js';
import { el, partMaker } from './dom.js';

/**
 * The controls a game figure can show: those of <ply-game> (figure-state.js) and the Play
 * view's "pause" (Pause/Resume engines and Cancel a search) and "search" (the engine's last
 * search under a heading, with "Show me the search"). "export": the board as SVG or PNG
 * (views/export-menu.js, loaded on the first click).
 */
export const GAME_CONTROLS = ['status', 'players', 'new', 'undo', 'moves', 'engine', 'summary', 'pause', 'search', 'export'];

/** A search's progress is said at most this often (ms), and only after the search ran this long. */
export const PROGRESS_EVERY = 4000;

export class GameFigure {
  /**
   * @param {HTMLElement} container
   * @param {object} o
   * @param {object} o.api the wasm module
   * @param {{solver?: boolean}} [o.caps]
   * @param {Function} o.search a GameSession's search (worker or pool)
   * @param {string|null} [o.idPrefix] the playground's 'play-'
   * @param {Iterable<string>} [o.controls] which of GAME_CONTROLS to show
   * @param {() => number} [o.pace] ms between moves in engine-vs-engine play
   * @param {() => boolean} [o.showEval] whether the board shows every move's value
   * @param {string} [o.newLabel] the new-game button ('New game'; <ply-game>: 'Restart')
   * @param {() => void} [o.onNew] what the new-game button does (default: a new game from the empty board)
   * @param {{new?: string, undo?: string, redo?: string, engine?: string}} [o.shortcuts] aria-keyshortcuts
   * @param {(search: object) => void} [o.openSearch] "Show me the search"
   * @param {(info: object) => void} [o.onMoved] after each move {move, player, moves, by}
   * @param {() => void} [o.onRender] after each drawing
   * @param {() => number} [o.now] the clock for throttling (ms)
   */
  constructor(container, o) {
    this.o = o;
    this.api = o.api;
    this.caps = o.caps ?? {};
    this.now = o.now ?? (() => performance.now());
    this.session = null;
    this.controls = new Set(o.controls ?? GAME_CONTROLS);
    const P = partMaker(o.idPrefix);
    const p = {};
    this.p = p;
    const mk = (name, tag, attrs, ...kids) => (p[name] = P(name, tag, attrs, ...kids));
    const keys = o.shortcuts ?? {};
    const fig = el(
      'div',
      { class: 'game-fig', part: 'figure' },
      mk('board', 'div', { class: 'board' }),
      el(
        'div',
        { class: 'game-side' },
        mk('players', 'p', { class: 'players note' }),
        mk('status', 'p', { class: 'status' }),
        mk('log', 'p', { class: 'note move-log' }),
        mk('announce', 'p', { class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'true' }),
        mk('note', 'p', { class: 'note', 'aria-live': 'polite' }),
        mk(
          'progress',
          'div',
          { class: 'progress', hidden: true },
          mk('progress-text', 'span', { class: 'progress-text' }),
          mk('cancel', 'button', { type: 'button' }, 'Cancel'),
        ),
        mk(
          'buttons',
          'div',
          { class: 'buttons' },
          mk('engine', 'button', { type: 'button', class: 'primary', 'aria-keyshortcuts': keys.engine ?? null }, '▶ Engine move'),
          mk('pause', 'button', { type: 'button' }, 'Pause engines'),
          mk('new', 'button', { type: 'button', 'aria-keyshortcuts': keys.new ?? null }, o.newLabel ?? 'New game'),
          mk('undo', 'button', { type: 'button', 'aria-keyshortcuts': keys.undo ?? null }, 'Undo'),
          mk('redo', 'button', { type: 'button', 'aria-keyshortcuts': keys.redo ?? null }, 'Redo'),
        ),
        mk('tools', 'div', { class: 'buttons' }, mk('export', 'button', { type: 'button', 'aria-expanded': 'false', title: 'Save the board as it is now as SVG or PNG' }, 'Export')),
        mk('summary', 'p', { class: 'eval-summary', 'aria-live': 'polite' }),
        mk(
          'search',
          'section',
          { class: 'search-info' },
          mk('search-title', 'h2', {}, 'The engine’s last search'),
          mk('last', 'p', { class: 'eval-summary last-search' }),
          mk('pv', 'p', { class: 'pv' }),
          mk('show-search', 'button', { type: 'button', disabled: true }, 'Show me the search'),
        ),
        mk('moves', 'p', { class: 'note' }),
      ),
    );
    if (o.idPrefix) p.search.setAttribute('aria-labelledby', p['search-title'].id);
    container.replaceChildren(fig);
    /** The figure's element (the Export menu puts its download link there). */
    this.root = fig;
    this.boardView = new BoardView(p.board, { onMove: (m) => this.humanMove(m) });
    p.engine.addEventListener('click', () => this.session?.resume());
    p.pause.addEventListener('click', () => this.session?.togglePause());
    p.cancel.addEventListener('click', () => this.session?.cancelSearch());
    p.new.addEventListener('click', () => (o.onNew ? o.onNew() : this.session?.newGame()));
    p.undo.addEventListener('click', () => this.session?.undo());
    p.redo.addEventListener('click', () => this.session?.redo());
    p.export.addEventListener('click', () => import('./export-menu.js').then((m) => m.toggleExportMenu(this)));
    p['show-search'].addEventListener('click', () => {
      const s = this.shownSearch();
      if (s) o.openSearch?.(s);
    });
  }

  get game() {
    return this.session?.game ?? null;
  }

  get kind() {
    return this.session?.kind ?? null;
  }

  get sides() {
    return this.session?.sides ?? [];
  }

  /**
   * A new game (the old one is dropped, its searches cancelled).
   * @param {{kind: 'ttt'|'c4', moves?: string, sides?: object[], startPaused?: boolean}} s
   */
  start(s) {
    const o = this.o;
    // The figure draws only its current session (a replaced one may still report).
    const mine = (f) => (...args) => (this.session === session ? f(...args) : undefined);
    const session = new GameSession({
      api: this.api,
      caps: this.caps,
      search: o.search,
      kind: s.kind,
      moves: s.moves ?? '',
      pace: o.pace,
      showEval: o.showEval,
      startPaused: s.startPaused,
      onChange: mine(() => this.render()),
      onNote: mine((text) => {
        this.p.note.textContent = text;
      }),
      onMoved: mine((info) => this.moved(info)),
    });
    // Both sides through the session's one checked path; a bad side changes nothing.
    try {
      if (s.sides) for (const p of [0, 1]) session.setSide(p, s.sides[p]);
    } catch (e) {
      session.destroy();
      throw e;
    }
    this.session?.destroy();
    this.session = session;
    this.boardView.setKind(s.kind);
    this.resetAnnouncements();
    this.p.note.textContent = '';
    session.advance();
  }

  resetAnnouncements() {
    this.shownMoves = this.session.game.moveString;
    this.justMoved = null;
    this.searchAt = null;
    this.thinkingSince = null;
    this.progressSaidAt = -Infinity;
    this.said = '';
    this.p.announce.textContent = '';
    this.p.log.textContent = '';
  }

  /** Another game; engines that cannot play it are replaced (GameSession.switchGame). */
  switchGame(kind) {
    if (!this.session || kind === this.session.kind) return;
    this.boardView.setKind(kind); // before the session draws the new game
    this.session.switchGame(kind);
    this.render();
  }

  /** Who plays a side (checked by the session; throws naming the bad field, changes nothing). */
  setSide(p, cfg) {
    this.session.setSide(p, cfg);
  }

  /** Both sides, each through the same checked path; nothing changes when either is bad. */
  setSides(sides) {
    const old = this.session.sides.slice();
    try {
      for (const p of [0, 1]) this.session.setSide(p, sides[p]);
    } catch (e) {
      this.session.sides = old;
      this.session.playersChanged();
      throw e;
    }
  }

  swap() {
    this.session.swap();
  }

  humanMove(m) {
    return this.session ? this.session.humanMove(m) : false;
  }

  /** Loads a move string (throws naming the bad character or move; the game is kept). */
  loadMoves(text, opts) {
    this.session.loadMoves(text, opts);
  }

  setControls(list) {
    this.controls = new Set(list);
    this.render();
  }

  /** Says `text` once in the live region (nothing when it is what was said last). */
  announce(text) {
    if (!text || text === this.said) return;
    this.said = text;
    this.p.announce.textContent = text;
  }

  moved(info) {
    const ss = this.session;
    const text = moveAnnouncement(ss, info);
    this.justMoved = info.moves; // announced here, not again by render()
    if (info.by === 'engine') this.searchAt = { moves: info.moves, count: ss.game.moveCount, search: ss.lastSearch };
    this.p.log.textContent = text;
    this.announce(text);
    this.o.onMoved?.(info);
  }

  /**
   * The engine's last search while the position it led to is still on the board (later moves
   * may follow); null after Undo past it, New game or another position.
   */
  shownSearch() {
    const at = this.searchAt;
    const ss = this.session;
    if (!at || !ss || at.search !== ss.lastSearch) return null;
    const g = ss.game;
    if (g.moveCount < at.count) return null;
    if (g.moveCount === at.count) return g.moveString === at.moves ? at.search : null;
    if (this.searchCheck?.moves !== g.moveString) {
      // The position `count` moves in, read from the game itself (a copy, undone back).
      const probe = g.clone();
      while (probe.moveCount > at.count) probe.undo();
      this.searchCheck = { moves: g.moveString, same: probe.moveString === at.moves };
      probe.free();
    }
    return this.searchCheck.same ? at.search : null;
  }

  /**
   * The board as the page shows it, for the Export menu (lib/board-draw.js draws it): the
   * cells, the winning line, each move's value when shown, the cell size on screen and the
   * page's colours (`style(name)`: the --ply-name property, light or dark as on screen).
   */
  exportBoard() {
    const ss = this.session;
    if (!ss) return null;
    const g = ss.game;
    const size = this.boardView.cellEls[0]?.getBoundingClientRect().width ?? 0;
    // A colour as drawn: the property's value can be light-dark(…), which only a property
    // that uses it resolves (to the scheme on screen).
    const board = this.p.board;
    const colours = new Map();
    const style = (name) => {
      if (!colours.has(name)) {
        let colour = '';
        if (getComputedStyle(board).getPropertyValue(`--ply-${name}`).trim()) {
          const probe = document.createElement('span');
          probe.hidden = true;
          probe.style.color = `var(--ply-${name})`;
          board.append(probe);
          colour = getComputedStyle(probe).color;
          probe.remove();
        }
        colours.set(name, colour);
      }
      return colours.get(name);
    };
    const ctx = document.createElement('canvas').getContext('2d');
    return {
      kind: ss.kind,
      cells: g.cells(),
      line: g.winningLine(),
      scores: boardScores(ss),
      cell: size >= 16 ? Math.round(size * 100) / 100 : ss.kind === 'ttt' ? 96 : 51.2,
      style,
      measure: (text, px, bold = false) => {
        ctx.font = `${bold ? 'bold ' : ''}${px}px system-ui, sans-serif`;
        return ctx.measureText(text).width;
      },
    };
  }

  /** What the Export menu names and titles the board's file after: the game and its moves. */
  exportInfo() {
    const ss = this.session;
    const moves = ss?.game.moveString ?? '';
    const n = ss?.game.moveCount ?? 0;
    const game = GAMES[ss?.kind ?? 'ttt'].name;
    const valued = ss && boardScores(ss).size > 0;
    return {
      base: `plyground-${ss?.kind === 'c4' ? 'connect4' : 'tic-tac-toe'}-${moves ? moves.replaceAll(',', '-') : 'start'}`,
      step: n,
      title: `plyground: ${game}, ${moves ? `after the moves ${moves}` : 'the empty board'}${valued ? ', with the value of each move' : ''}`,
      what: `${n === 0 ? 'the empty board' : `after ${n} move${n === 1 ? '' : 's'}`}${valued ? ', with the values' : ''}`,
      tree: false,
    };
  }

  /** Draws everything from the session. */
  render() {
    const ss = this.session;
    if (!ss) return;
    const p = this.p;
    const on = this.controls;
    const g = ss.game;
    const line = g.winningLine();
    const humanTurn = ss.phase === 'human';
    this.boardView.render({ cells: g.cells(), line, legal: humanTurn ? g.legalMoves() : [], scores: boardScores(ss) });
    // The position changed without a move (undo, redo, new game, a loaded string): say where we are.
    if (g.moveString !== this.shownMoves) {
      this.shownMoves = g.moveString;
      if (g.moveString !== this.justMoved) {
        p.log.textContent = '';
        this.announce(positionAnnouncement(ss));
      }
      this.justMoved = null;
    }
    const toMove = g.isTerminal ? null : ss.sides[g.toMove];
    const waiting = ss.phase === 'paused' && toMove && toMove.engine !== 'human';
    setText(p.players, playersText(ss));
    p.players.hidden = !on.has('players');
    setText(p.status, statusText(ss, { engineButton: on.has('engine') || on.has('pause') }));
    p.status.hidden = !on.has('status');
    this.renderProgress();
    // Buttons.
    const anyEngine = ss.sides.some((s) => s.engine !== 'human');
    p.engine.hidden = !(on.has('engine') && waiting);
    setText(p.engine, waiting ? `▶ Let ${MARKS[g.toMove]} move` : '▶ Engine move');
    if (on.has('pause')) {
      // Shown once an engine can be paused: it is searching, paused, or has played.
      p.pause.hidden = !anyEngine || !(ss.phase === 'thinking' || ss.enginesPaused || g.moveCount > 0);
      setText(p.pause, ss.enginesPaused ? 'Resume engines' : 'Pause engines');
    } else {
      p.pause.hidden = !(on.has('engine') && !ss.hasHuman() && ss.phase === 'thinking');
      setText(p.pause, '❚❚ Pause');
    }
    p.new.hidden = !on.has('new');
    p.undo.hidden = !on.has('undo');
    p.redo.hidden = !on.has('undo');
    p.undo.disabled = g.moveCount === 0;
    p.redo.disabled = !ss.canRedo();
    p.buttons.hidden = [p.engine, p.pause, p.new, p.undo].every((b) => b.hidden);
    p.tools.hidden = !on.has('export');
    setText(p.summary, evalSummary(ss));
    p.summary.hidden = !on.has('summary');
    this.renderSearch();
    setText(p.moves, `Moves: ${g.moveString || '(none)'}`);
    p.moves.hidden = !on.has('moves');
    this.o.onRender?.();
  }

  renderProgress() {
    const ss = this.session;
    const p = this.p;
    const thinking = ss.phase === 'thinking' && ss.progress;
    p.progress.hidden = !thinking;
    p.cancel.hidden = !this.controls.has('pause');
    if (!thinking) {
      this.thinkingSince = null;
      return;
    }
    const text = ss.progress.text;
    setText(p['progress-text'], text);
    const now = this.now();
    this.thinkingSince ??= now;
    if (now - this.thinkingSince >= PROGRESS_EVERY && now - this.progressSaidAt >= PROGRESS_EVERY && text !== this.said) {
      this.progressSaidAt = now;
      this.announce(text);
    }
  }

  renderSearch() {
    const p = this.p;
    const on = this.controls;
    const s = this.shownSearch();
    const t = lastSearchText(s);
    const full = on.has('search');
    p.search.hidden = !(full || (on.has('summary') && t.summary));
    p['search-title'].hidden = !full;
    p['show-search'].hidden = !full || !this.o.openSearch;
    p.pv.hidden = !full;
    setText(p.last, t.summary || (full ? 'No search yet.' : ''));
    setText(p.pv, t.pv);
    p['show-search'].disabled = !s;
    setText(p['show-search'], s ? (s.result.algo === 'mcts' ? 'Show me the search (MCTS lab)' : 'Show me the search (tree lab)') : 'Show me the search');
  }

  /** Frees the game and stops everything (the figure is gone). */
  destroy() {
    this.session?.destroy();
    this.session = null;
  }
}

/** Sets an element's text only when it changes (a live region then speaks only news). */
function setText(e, text) {
  if (e.textContent !== text) e.textContent = text;
}
