// One game being played: the position (a wasm Game, on the caller's thread), who plays each
// side (a human or an engine with its settings), and the loop that asks an engine for its move
// when it is its turn. Shared by the playground's Play view and <ply-game>; neither holds any
// other copy of the game.
//
// Engines search elsewhere (a Web Worker) through `search('engine', {kind, moves, config},
// {onProgress})`, which returns {promise, cancel} (worker.js's `engine` op: the wasm Engine
// stepped to the end; the answer is {result, options, label, ms, inWorker}). A stale or
// cancelled search is dropped by its token; the game is never in the worker, so cancelling
// loses a search, not a position.
//
// DOM-free: views subscribe with `onChange` and read the state from here; the sentences they
// show are lib/game-words.js (functions of this state). Legality is the wasm Game's: a move
// is simply played, and its Error (which names the move and the reason) is the note.

import { checkConfig, defaultConfig, engineInfo, evaluationConfig } from './engines.js';
import { NOTES, loadedText, perfectName, progressText, refusalText, searchingText, sentence } from './game-words.js';

export class GameSession {
  /**
   * @param {object} o
   * @param {object} o.api the wasm module
   * @param {{solver?: boolean}} [o.caps]
   * @param {(op: string, args: object, opts: {onProgress?: Function}) => {promise: Promise<any>, cancel: () => void}} o.search
   * @param {'ttt'|'c4'} [o.kind]
   * @param {string} [o.moves] the start position
   * @param {object[]} [o.sides] [X, O] configs (engines.js)
   * @param {() => number} [o.pace] delay before an engine moves in engine-vs-engine play (ms)
   * @param {() => boolean} [o.showEval] whether the board shows every move's value
   * @param {boolean} [o.startPaused] engines wait to be asked (no autoplay) until a human moves or resume()
   * @param {() => void} [o.onChange] the state changed: render
   * @param {(text: string) => void} [o.onNote] a note for the user ('' clears)
   * @param {(info: {move: number, player: number, moves: string, by: 'human'|'engine'}) => void} [o.onMoved]
   */
  constructor(o) {
    this.api = o.api;
    this.caps = o.caps ?? {};
    this.search = o.search;
    this.pace = o.pace ?? (() => 0);
    this.showEval = o.showEval ?? (() => false);
    this.hooks = { onChange: o.onChange, onNote: o.onNote, onMoved: o.onMoved };
    this.kind = o.kind ?? 'ttt';
    this.game = this.api.Game.create(this.kind, o.moves ?? '');
    this.sides = o.sides ?? [defaultConfig(this.kind, 'human'), defaultConfig(this.kind, 'alphabeta')];
    this.phase = 'human';
    this.token = 0; // bumps whenever the position or the players change
    this.enginesPaused = false;
    // Engines wait to be asked (no autoplay): until a human moves or resume() is called.
    this.waiting = Boolean(o.startPaused);
    this.aiMoves = 0;
    this.lastSearch = null;
    this.evaluation = null;
    this.evalToken = -1;
    this.note = '';
    this.timer = null;
    this.progress = null;
    this.job = null; // the engine search running, {cancel}
    this.evalJob = null;
  }

  // ------------------------------------------------------------------ hooks

  changed() {
    this.hooks.onChange?.();
  }

  say(text) {
    this.note = text;
    this.hooks.onNote?.(text);
  }

  // ------------------------------------------------------------------ state

  /** The perfect player's name (game-words.js), for the labels the engine loop stores. */
  perfectName() {
    return perfectName(this.kind, this.caps);
  }

  hasHuman() {
    return this.sides.some((s) => s.engine === 'human');
  }

  /** Are the per-move values shown now? (A human's turn, or engines paused.) */
  scoresShown() {
    return this.showEval() && (this.phase === 'human' || this.phase === 'paused');
  }

  // ------------------------------------------------------------------ actions

  /**
   * A human's move; refused (with a note) when it is not a human's turn, or by the wasm Game
   * when it is not legal (its message names the move and the reason: "Column 3 is full.").
   */
  humanMove(move) {
    const g = this.game;
    if (g.isTerminal || this.sides[g.toMove].engine !== 'human') {
      this.say(refusalText(this));
      return false;
    }
    const p = g.toMove;
    try {
      g.play(move);
    } catch (e) {
      this.say(sentence(e.message));
      return false;
    }
    this.say('');
    // A human's move asks the engines to answer.
    this.waiting = false;
    this.hooks.onMoved?.({ move, player: p, moves: g.moveString, by: 'human' });
    this.positionChanged();
    return true;
  }

  newGame() {
    this.stopSearch();
    this.game.free();
    this.game = this.api.Game.create(this.kind, '');
    this.say('');
    this.enginesPaused = false;
    this.positionChanged();
  }

  /** Another game; an engine that cannot play it becomes one that can. */
  switchGame(kind) {
    if (kind === this.kind) return;
    this.stopSearch();
    this.kind = kind;
    this.game.free();
    this.game = this.api.Game.create(kind, '');
    // Which player a side becomes on the new game is the core's (PlayerId::on_game).
    this.sides = this.sides.map((s) => defaultConfig(kind, engineInfo(kind, s.engine).becomes));
    this.lastSearch = null;
    this.enginesPaused = false;
    this.say('');
    this.positionChanged();
  }

  /**
   * Loads a move string; throws (and changes nothing) when it is not a game. With engines
   * on both sides they wait (paused).
   * @param {string} text
   * @param {{pause?: boolean}} [opts] pause: also wait when the side to move is an engine (links)
   */
  loadMoves(text, opts = {}) {
    const g = this.api.Game.create(this.kind, String(text).trim());
    this.stopSearch();
    this.game.free();
    this.game = g;
    this.say(loadedText(g.moveCount));
    this.enginesPaused = this.sides.every((s) => s.engine !== 'human') || Boolean(opts.pause && this.sides[g.toMove].engine !== 'human');
    this.positionChanged();
  }

  undo() {
    this.stopSearch();
    const g = this.game;
    if (!g.undo()) {
      this.say(NOTES.nothingToUndo);
      return;
    }
    // Back to a human's turn, so the engine does not simply play the same move again.
    if (this.hasHuman()) {
      while (this.sides[g.toMove].engine !== 'human' && g.undo()) {
        // keep undoing
      }
    } else {
      this.enginesPaused = true;
    }
    this.say('');
    this.positionChanged();
  }

  redo() {
    this.stopSearch();
    const g = this.game;
    if (!g.redo()) {
      this.say(NOTES.nothingToRedo);
      return;
    }
    if (this.hasHuman()) {
      while (!g.isTerminal && this.sides[g.toMove].engine !== 'human' && g.redo()) {
        // keep redoing the engine's own moves
      }
    } else {
      this.enginesPaused = true;
    }
    this.say('');
    this.positionChanged();
  }

  /** Whether there is a move to redo. */
  canRedo() {
    const probe = this.game.clone();
    const ok = probe.redo();
    probe.free();
    return ok;
  }

  swap() {
    this.stopSearch();
    this.sides = [this.sides[1], this.sides[0]];
    this.playersChanged();
  }

  /** Sets who plays a side (checked; throws naming the bad field). */
  setSide(p, cfg) {
    this.sides[p] = checkConfig(this.kind, { ...defaultConfig(this.kind, cfg.engine), ...cfg });
    this.playersChanged();
  }

  togglePause() {
    this.enginesPaused = !this.enginesPaused;
    if (this.enginesPaused) this.stopSearch();
    this.advance();
  }

  /** Lets the engines play (the side to move, if an engine, moves now). */
  resume() {
    if (!this.enginesPaused && !this.waiting) return;
    this.enginesPaused = false;
    this.waiting = false;
    this.advance();
  }

  cancelSearch() {
    if (this.phase !== 'thinking') return;
    this.enginesPaused = true;
    this.cancelJobs(); // the pending search rejects as 'cancelled'; the game is untouched
    this.say(NOTES.cancelled);
  }

  cancelJobs() {
    const jobs = [this.job, this.evalJob].filter(Boolean);
    this.job = null;
    this.evalJob = null;
    for (const j of jobs) j.cancel();
  }

  /** Drops any scheduled or running engine search (the game stays as it is). */
  stopSearch() {
    clearTimeout(this.timer);
    this.timer = null;
    this.token++;
    this.cancelJobs();
    this.progress = null;
  }

  playersChanged() {
    this.token++;
    this.cancelJobs();
    clearTimeout(this.timer);
    this.timer = null;
    this.evaluation = null;
    this.evalToken = -1;
    this.advance();
  }

  positionChanged() {
    this.token++;
    this.evaluation = null;
    this.evalToken = -1;
    this.cancelJobs(); // a stale evaluation
    this.advance();
  }

  /** The values shown on the board were switched on or off. */
  evaluationChanged() {
    this.evaluation = null;
    this.evalToken = -1;
    this.advance();
  }

  /** Frees the game and stops everything (the figure is gone). */
  destroy() {
    this.stopSearch();
    this.destroyed = true;
    this.game.free();
  }

  // ------------------------------------------------------------------ the loop

  /** Decides what happens next in the current position, then renders. */
  advance() {
    if (this.destroyed) return;
    const g = this.game;
    if (g.isTerminal) {
      this.phase = 'over';
    } else {
      const p = g.toMove;
      if (this.sides[p].engine === 'human') {
        this.phase = 'human';
      } else if (this.enginesPaused || this.waiting) {
        this.phase = 'paused';
      } else if (this.phase !== 'thinking' || !this.timer) {
        this.scheduleEngine();
      }
      if (this.scoresShown() && this.evalToken !== this.token) this.requestEvaluation();
    }
    this.changed();
  }

  scheduleEngine() {
    this.phase = 'thinking';
    clearTimeout(this.timer);
    const aiVsAi = !this.hasHuman();
    const delay = aiVsAi && this.aiMoves > 0 ? this.pace() : 0;
    const token = this.token;
    this.timer = setTimeout(() => {
      if (token === this.token) this.runEngine(token);
    }, delay);
  }

  async runEngine(token) {
    const g = this.game;
    const p = g.toMove;
    const cfg = this.sides[p];
    const kind = this.kind;
    const moves = g.moveString;
    const t0 = performance.now();
    this.progress = { text: searchingText(cfg) };
    this.changed();
    let out;
    const job = this.search(
      'engine',
      { kind, moves, config: cfg },
      {
        onProgress: (d) => {
          if (token !== this.token) return;
          this.progress = { text: progressText(kind, cfg, d, performance.now() - t0) };
          this.changed();
        },
      },
    );
    this.job = job;
    try {
      out = await job.promise;
    } catch (e) {
      if (this.job === job) this.job = null;
      if (token !== this.token || this.destroyed) return;
      this.timer = null;
      this.progress = null;
      this.phase = 'paused';
      if (e.reason !== 'cancelled') {
        this.enginesPaused = true;
        this.say(NOTES.failed(e.message));
      }
      this.changed();
      return;
    }
    if (this.job === job) this.job = null;
    if (token !== this.token || g !== this.game || g.moveString !== moves || this.destroyed) return;
    this.timer = null;
    this.progress = null;
    const r = out.result;
    if (r.best == null) {
      this.phase = 'paused';
      this.enginesPaused = true;
      this.say(NOTES.noMove);
      this.changed();
      return;
    }
    try {
      g.play(r.best);
    } catch (e) {
      this.enginesPaused = true;
      this.say(NOTES.illegal(e.message));
      this.phase = 'paused';
      this.changed();
      return;
    }
    this.aiMoves++;
    this.lastSearch = {
      kind,
      moves,
      side: p,
      cfg,
      label: out.label,
      fellBack: r.fellBack,
      solverNodes: null,
      options: out.options,
      result: r,
      ms: out.ms,
      depthsDone: r.depth,
      inWorker: out.inWorker,
      played: r.best,
    };
    this.phase = 'moved';
    this.hooks.onMoved?.({ move: r.best, player: p, moves: g.moveString, by: 'engine' });
    this.positionChanged();
  }

  async requestEvaluation() {
    const token = this.token;
    this.evalToken = token;
    const g = this.game;
    const kind = this.kind;
    const mover = g.toMove;
    // Which engine evaluates is the core's choice (exact on tic-tac-toe; on Connect-4 the
    // side to move's engine, else the other side's, else H-minimax).
    const cfg = evaluationConfig(kind, this.sides[mover], this.sides[1 - mover]);
    const job = this.search('engine', { kind, moves: g.moveString, config: cfg }, {});
    this.evalJob = job;
    try {
      const out = await job.promise;
      if (this.evalJob === job) this.evalJob = null;
      if (token !== this.token || this.destroyed) return;
      this.evaluation = { ...out.result, engine: out.label, mover };
      this.changed();
    } catch {
      // Cancelled because the position changed: the next position asks again.
      if (this.evalJob === job) this.evalJob = null;
    }
  }
}
