// The Play view: tic-tac-toe or Connect-4, each side a human or an engine.
//
// The game (a wasm Game handle) lives here on the main thread and is the only game state;
// engines search in the worker (through the RPC client) from its move string. A cancelled
// or crashed worker is replaced and the game is untouched. The view mirrors its state into
// data- attributes on <main id="app"> for the browser tests.

import {
  GAMES,
  MARKS,
  cellViews,
  columnViews,
  count,
  exactness,
  lineWords,
  moveName,
  outcomeText,
  scoreLabel,
  valueSentence,
} from '../lib/board.js';
import {
  ENGINE_FIELDS,
  ENGINE_IDS,
  ENGINE_NAMES,
  checkConfig,
  defaultConfig,
  engineLabel,
  searchPlan,
} from '../lib/engines.js';
import { formatValue } from '../lib/notation.js';
import { $, el, setChildren, typingTarget } from './dom.js';

const MOVE_HELP = {
  ttt: 'Cells 0–8 row by row from the top-left, e.g. 4,0,8 (commas optional).',
  c4: 'Columns 1–7 in the order played, e.g. 4453.',
};

export class PlayView {
  /**
   * @param {object} env
   * @param {object} env.api the wasm module
   * @param {import('../lib/rpc.js').RpcClient} env.rpc
   * @param {{solver: boolean}} env.caps
   * @param {(search: object) => void} env.openSearch "Show me the search"
   */
  constructor(env) {
    this.api = env.api;
    this.rpc = env.rpc;
    this.caps = env.caps;
    this.openSearch = env.openSearch;
    this.app = $('app');
    this.boardEl = $('board');
    this.kind = 'ttt';
    this.game = this.api.Game.create('ttt', '');
    this.sides = [defaultConfig('ttt', 'human'), defaultConfig('ttt', 'alphabeta')];
    this.phase = 'human';
    this.token = 0; // bumps whenever the position or the players change
    this.enginesPaused = false;
    this.aiMoves = 0;
    this.lastSearch = null;
    this.evaluation = null;
    this.evalToken = -1;
    this.note = '';
    this.timer = null;
    this.progress = null;
    this.buildSides();
    this.wire();
    this.buildBoard();
    this.advance();
  }

  // ------------------------------------------------------------------ set-up

  wire() {
    $('new-game').addEventListener('click', () => this.newGame());
    $('undo').addEventListener('click', () => this.undo());
    $('redo').addEventListener('click', () => this.redo());
    $('pause').addEventListener('click', () => this.togglePause());
    $('cancel').addEventListener('click', () => this.cancelSearch());
    $('swap').addEventListener('click', () => this.swap());
    $('show-search').addEventListener('click', () => {
      if (this.lastSearch) this.openSearch(this.lastSearch);
    });
    $('show-eval').addEventListener('change', () => {
      this.evaluation = null;
      this.evalToken = -1;
      this.advance();
    });
    const speed = $('speed');
    const speedOut = $('speed-out');
    const showSpeed = () => {
      speedOut.textContent = `${(Number(speed.value) / 1000).toFixed(1)} s per move`;
    };
    speed.addEventListener('input', showSpeed);
    showSpeed();
    for (const r of document.querySelectorAll('input[name="game"]')) {
      r.addEventListener('change', () => {
        if (r.checked) this.switchGame(r.value);
      });
    }
    $('moves-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.loadMoves($('moves-input').value);
    });
    $('moves-input').addEventListener('input', () => {
      $('moves-error').textContent = '';
    });
    $('copy-moves').addEventListener('click', async () => {
      const text = this.game.moveString;
      try {
        await navigator.clipboard.writeText(text);
        this.say(`Copied “${text || '(empty)'}”.`);
      } catch {
        $('moves-input').select();
        this.say('Select the moves in the box and copy them (the clipboard is not available here).');
      }
    });
    document.addEventListener('keydown', (e) => {
      if (this.app.dataset.view !== 'play' || typingTarget(e)) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        this.undo();
      } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        this.redo();
      } else if (this.kind === 'c4' && /^[1-7]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
        this.humanMove(Number(e.key));
      }
    });
  }

  buildSides() {
    const wrap = $('sides');
    wrap.replaceChildren();
    this.sideEls = [0, 1].map((p) => {
      const legend = el('legend', {}, p === 0 ? 'X — moves first' : 'O — moves second');
      const select = el('select', { 'aria-label': `${MARKS[p]} is played by` });
      const fields = el('div', { class: 'fields' });
      const err = el('span', { class: 'error', role: 'alert' });
      const fs = el('fieldset', { id: `side-${p}`, dataset: { side: String(p) } }, legend, el('label', {}, 'Played by ', select), fields, err);
      select.addEventListener('change', () => {
        this.sides[p] = defaultConfig(this.kind, select.value);
        this.renderSideFields(p);
        this.playersChanged();
      });
      wrap.append(fs);
      return { fs, select, fields, err };
    });
    this.renderSides();
  }

  renderSides() {
    for (const p of [0, 1]) {
      const { select } = this.sideEls[p];
      select.replaceChildren(
        ...ENGINE_IDS.map((id) => {
          const off = id === 'minimax' && this.kind === 'c4';
          return el(
            'option',
            { value: id, disabled: off, title: off ? 'Minimax searches to the end of the game: only tic-tac-toe is small enough' : null },
            off ? `${ENGINE_NAMES[id]} (tic-tac-toe only)` : id === 'perfect' ? this.perfectName() : ENGINE_NAMES[id],
          );
        }),
      );
      select.value = this.sides[p].engine;
      this.renderSideFields(p);
    }
  }

  perfectName() {
    if (this.kind === 'ttt') return 'Perfect (exact α-β)';
    return this.caps.solver ? 'Perfect (exact solver)' : 'Strongest (deepening α-β + TT)';
  }

  renderSideFields(p) {
    const cfg = this.sides[p];
    const { fields, err } = this.sideEls[p];
    err.textContent = '';
    const inputs = [];
    const num = (name, label, attrs) => {
      const input = el('input', { type: 'number', name, ...attrs });
      input.value = cfg[name] == null ? '' : String(cfg[name]);
      input.addEventListener('change', () => this.updateField(p, name, input.value));
      inputs.push(el('label', {}, `${label} `, input));
    };
    const check = (name, label) => {
      const input = el('input', { type: 'checkbox', name });
      input.checked = Boolean(cfg[name]);
      input.addEventListener('change', () => this.updateField(p, name, input.checked));
      inputs.push(el('label', { class: 'check' }, input, ` ${label}`));
    };
    for (const f of ENGINE_FIELDS[cfg.engine]) {
      if (f === 'depth') {
        num('depth', 'Depth', { min: 1, max: 42, placeholder: this.kind === 'ttt' && cfg.engine !== 'hminimax' ? 'end' : '' });
      } else if (f === 'tt') check('tt', 'TT');
      else if (f === 'quiescence') check('quiescence', 'quiescence');
      else if (f === 'iterations') num('iterations', 'Iterations', { min: 1, max: 1000000 });
      else if (f === 'c') num('c', 'C', { min: 0, max: 100, step: 0.001 });
      else if (f === 'seed') num('seed', 'Seed', { min: 0 });
    }
    if (cfg.engine === 'hminimax') inputs.push(el('small', { class: 'help' }, 'α-β to the depth, then the evaluation function EVAL.'));
    if (cfg.engine === 'alphabeta' && this.kind === 'c4') {
      inputs.push(el('small', { class: 'help' }, 'No EVAL: positions at the depth limit count as 0.'));
    }
    setChildren(fields, inputs);
  }

  updateField(p, name, value) {
    const next = { ...this.sides[p], [name]: value };
    try {
      this.sides[p] = checkConfig(this.kind, next);
      this.sideEls[p].err.textContent = '';
      this.playersChanged();
    } catch (e) {
      this.sideEls[p].err.textContent = e.message;
    }
  }

  buildBoard() {
    const b = this.boardEl;
    b.replaceChildren();
    b.dataset.kind = this.kind;
    const g = GAMES[this.kind];
    b.setAttribute('aria-label', `${g.name} board`);
    this.cellEls = [];
    this.colEls = [];
    if (this.kind === 'ttt') {
      for (let i = 0; i < 9; i++) {
        const btn = el('button', { type: 'button', class: 'cell', dataset: { cell: String(i) } });
        btn.addEventListener('click', () => this.humanMove(i));
        b.append(btn);
        this.cellEls.push(btn);
      }
    } else {
      for (let c = 1; c <= 7; c++) {
        const btn = el('button', { type: 'button', class: 'col-btn', dataset: { col: String(c) } }, el('span', {}, String(c)), el('span', { class: 'eval' }));
        btn.addEventListener('click', () => this.humanMove(c));
        b.append(btn);
        this.colEls.push(btn);
      }
      for (let i = 0; i < 42; i++) {
        const hole = el('div', { class: 'hole', dataset: { cell: String(i), col: String((i % 7) + 1) } });
        hole.addEventListener('click', () => this.humanMove((i % 7) + 1));
        b.append(hole);
        this.cellEls.push(hole);
      }
    }
    $('moves-help').textContent = MOVE_HELP[this.kind];
  }

  // ------------------------------------------------------------------ actions

  say(text) {
    this.note = text;
    $('play-note').textContent = text;
  }

  sideName(p) {
    const cfg = this.sides[p];
    return cfg.engine === 'human' ? `${MARKS[p]} (human)` : `${MARKS[p]} (${ENGINE_NAMES[cfg.engine]})`;
  }

  humanMove(move) {
    const g = this.game;
    if (g.isTerminal) {
      this.say(`The game is over — ${this.outcome()} Start a new game or undo.`);
      return;
    }
    const p = g.toMove;
    if (this.sides[p].engine !== 'human') {
      this.say(`It is ${this.sideName(p)}'s turn${this.phase === 'thinking' ? ': the engine is thinking' : ''}.`);
      return;
    }
    if (this.kind === 'c4' && g.cells()[move - 1] !== '.') {
      this.say(`Column ${move} is full: choose another column.`);
      return;
    }
    if (this.kind === 'ttt' && g.cells()[move] !== '.') {
      this.say(`The ${moveName('ttt', move)} cell is taken: choose an empty one.`);
      return;
    }
    try {
      g.play(move);
    } catch (e) {
      this.say(e.message);
      return;
    }
    this.say('');
    this.positionChanged();
  }

  outcome() {
    const g = this.game;
    return outcomeText(this.kind, g.winner, g.winningLine());
  }

  newGame() {
    this.stopSearch();
    this.game.free();
    this.game = this.api.Game.create(this.kind, '');
    this.say('');
    this.enginesPaused = false;
    this.positionChanged();
  }

  switchGame(kind) {
    if (kind === this.kind) return;
    this.stopSearch();
    this.kind = kind;
    this.game.free();
    this.game = this.api.Game.create(kind, '');
    // Minimax cannot play Connect-4 (no depth limit); plain α-β without EVAL is a weak
    // Connect-4 player, so an α-β side becomes H-minimax there (and back on tic-tac-toe).
    const swapTo = { c4: { minimax: 'hminimax', alphabeta: 'hminimax' }, ttt: { hminimax: 'alphabeta' } };
    this.sides = this.sides.map((s) => defaultConfig(kind, swapTo[kind][s.engine] ?? s.engine));
    this.lastSearch = null;
    this.enginesPaused = false;
    this.buildBoard();
    this.renderSides();
    $('moves-error').textContent = '';
    this.say('');
    this.renderLastSearch();
    this.positionChanged();
  }

  loadMoves(text) {
    let g;
    try {
      g = this.api.Game.create(this.kind, text.trim());
    } catch (e) {
      $('moves-error').textContent = e.message;
      return;
    }
    $('moves-error').textContent = '';
    this.stopSearch();
    this.game.free();
    this.game = g;
    this.say(`Loaded ${g.moveCount} move${g.moveCount === 1 ? '' : 's'}.`);
    this.enginesPaused = this.sides.every((s) => s.engine !== 'human');
    this.positionChanged();
  }

  hasHuman() {
    return this.sides.some((s) => s.engine === 'human');
  }

  undo() {
    this.stopSearch();
    const g = this.game;
    if (!g.undo()) {
      this.say('Nothing to undo.');
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
      this.say('Nothing to redo.');
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

  swap() {
    this.stopSearch();
    this.sides = [this.sides[1], this.sides[0]];
    this.renderSides();
    this.playersChanged();
  }

  togglePause() {
    this.enginesPaused = !this.enginesPaused;
    if (this.enginesPaused) this.stopSearch();
    this.advance();
  }

  cancelSearch() {
    if (this.phase !== 'thinking') return;
    this.enginesPaused = true;
    this.rpc.cancel(); // the pending search rejects as 'cancelled'; the game is untouched
    this.say('Search cancelled. The engines are paused: press Resume to let them play.');
  }

  /** Drops any scheduled or running engine search (the game stays as it is). */
  stopSearch() {
    clearTimeout(this.timer);
    this.timer = null;
    this.token++;
    if (this.rpc.busy) this.rpc.cancel();
    this.progress = null;
  }

  playersChanged() {
    this.token++;
    if (this.rpc.busy) this.rpc.cancel();
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
    if (this.rpc.busy) this.rpc.cancel(); // a stale evaluation
    this.advance();
  }

  // ------------------------------------------------------------------ the loop

  /** Decides what happens next in the current position, then renders. */
  advance() {
    const g = this.game;
    if (g.isTerminal) {
      this.phase = 'over';
    } else {
      const p = g.toMove;
      if (this.sides[p].engine === 'human') {
        this.phase = 'human';
        if ($('show-eval').checked && this.evalToken !== this.token) this.requestEvaluation();
      } else if (this.enginesPaused) {
        this.phase = 'paused';
      } else if (this.phase !== 'thinking' || !this.timer) {
        this.scheduleEngine();
      }
    }
    this.render();
  }

  scheduleEngine() {
    this.phase = 'thinking';
    clearTimeout(this.timer);
    const aiVsAi = !this.hasHuman();
    const delay = aiVsAi && this.aiMoves > 0 ? Number($('speed').value) : 0;
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
    const plan = searchPlan(kind, cfg, this.caps);
    const wantScores = $('show-eval').checked;
    const t0 = performance.now();
    this.progress = { text: `${ENGINE_NAMES[cfg.engine]} is searching…` };
    this.render();
    let out;
    try {
      out = await this.rpc.call(
        'search',
        { kind, moves, plan, scores: wantScores },
        {
          onProgress: (d) => {
            if (token !== this.token) return;
            this.progress = { text: progressText(kind, cfg, d, performance.now() - t0) };
            this.renderProgress();
          },
        },
      );
    } catch (e) {
      if (token !== this.token) return;
      this.timer = null;
      this.progress = null;
      if (e.reason === 'cancelled') {
        this.phase = 'paused';
      } else {
        this.phase = 'paused';
        this.enginesPaused = true;
        this.say(`The search failed (${e.message}). The engines are paused; the game is kept.`);
      }
      this.render();
      return;
    }
    if (token !== this.token || g !== this.game || g.moveString !== moves) return;
    this.timer = null;
    this.progress = null;
    const r = out.result;
    if (r.best == null) {
      this.phase = 'paused';
      this.enginesPaused = true;
      this.say('The engine found no move.');
      this.render();
      return;
    }
    try {
      g.play(r.best);
    } catch (e) {
      this.enginesPaused = true;
      this.say(`The engine chose an illegal move: ${e.message}`);
      this.phase = 'paused';
      this.render();
      return;
    }
    this.aiMoves++;
    this.lastSearch = {
      kind,
      moves,
      side: p,
      cfg,
      label: cfg.engine === 'perfect' ? this.perfectName() : engineLabel(kind, cfg),
      solverNodes: out.solverNodes ?? null,
      options: out.options,
      result: r,
      ms: out.ms,
      depthsDone: out.depthsDone,
      inWorker: out.inWorker,
      played: r.best,
    };
    this.app.dataset.aiMoves = String(this.aiMoves);
    this.app.dataset.searchInWorker = String(out.inWorker);
    this.app.dataset.searchNodes = String(r.stats?.nodes ?? 0);
    this.renderLastSearch();
    this.phase = 'moved';
    this.positionChanged();
  }

  async requestEvaluation() {
    const token = this.token;
    this.evalToken = token;
    const g = this.game;
    const kind = this.kind;
    const mover = g.toMove;
    // Tic-tac-toe: the exact minimax value of every empty cell. Connect-4: the engine's own
    // scores (the side to move's engine, else the other side's, else H-minimax depth 8).
    let cfg;
    if (kind === 'ttt') cfg = { ...defaultConfig('ttt', 'alphabeta'), depth: null };
    else {
      cfg = [this.sides[mover], this.sides[1 - mover]].find((s) => s.engine !== 'human') ?? {
        ...defaultConfig('c4', 'hminimax'),
        depth: 8,
      };
    }
    const plan = searchPlan(kind, cfg, this.caps);
    try {
      const out = await this.rpc.call('search', { kind, moves: g.moveString, plan, scores: true });
      if (token !== this.token) return;
      this.evaluation = { ...out.result, engine: cfg.engine === 'perfect' ? this.perfectName() : engineLabel(kind, cfg), mover };
      if (out.result.algo === 'mcts') this.evaluation.iterations = cfg.iterations;
      this.render();
    } catch {
      // Cancelled because the position changed: the next position asks again.
    }
  }

  // ------------------------------------------------------------------ drawing

  render() {
    const g = this.game;
    const cells = g.cells();
    const line = g.winningLine();
    const views = cellViews(this.kind, cells, line);
    const humanTurn = this.phase === 'human';
    this.boardEl.classList.toggle('locked', !humanTurn);
    const scores = new Map();
    const ev = this.evaluation;
    if (ev && humanTurn && $('show-eval').checked) {
      // The best move(s) for the side to move get a star (shape, not only colour).
      const key = (s) => (ev.algo === 'mcts' ? (s.n ?? 0) : ev.mover === 0 ? s.value : -s.value);
      const list = (ev.scores ?? []).filter((s) => s.value != null);
      const top = list.length ? Math.max(...list.map(key)) : null;
      for (const s of ev.scores ?? []) {
        const label = scoreLabel(this.kind, s, { algo: ev.algo, exact: ev.exact, mover: ev.mover });
        label.best = s.value != null && key(s) === top;
        if (label.best) label.title += ' — best';
        scores.set(s.move, label);
      }
    }
    if (this.kind === 'ttt') {
      views.forEach((v, i) => {
        const b = this.cellEls[i];
        const sc = scores.get(i);
        b.replaceChildren(v.mark);
        if (sc && !v.mark) {
          b.append(el('span', { class: `eval ${sc.word}${sc.best ? ' best' : ''}`, title: sc.title }, `${sc.best ? '★ ' : ''}${sc.text} ${sc.word}`));
        }
        b.className = `cell${v.mark ? ` mark-${v.mark}` : ''}${v.winning ? ' win' : ''}`;
        b.dataset.mark = v.mark;
        b.setAttribute('aria-label', v.label + (sc && !v.mark ? `, evaluation ${sc.text} (${sc.word})` : ''));
        b.setAttribute('aria-disabled', String(!humanTurn || Boolean(v.mark)));
      });
    } else {
      views.forEach((v, i) => {
        const h = this.cellEls[i];
        h.className = `hole${v.mark ? ` mark-${v.mark}` : ''}${v.winning ? ' win' : ''}`;
        h.dataset.mark = v.mark;
        h.textContent = v.mark;
        h.setAttribute('aria-label', v.label);
        h.setAttribute('role', 'img');
      });
      columnViews(cells, humanTurn).forEach((c, i) => {
        const b = this.colEls[i];
        const sc = scores.get(c.col);
        b.classList.toggle('full', c.full);
        b.dataset.full = String(c.full);
        b.setAttribute('aria-disabled', String(!c.playable));
        b.querySelector('.eval').textContent = sc ? `${sc.best ? '★' : ''}${sc.text}` : '';
        b.querySelector('.eval').className = `eval ${sc ? sc.word : ''}${sc && sc.best ? ' best' : ''}`;
        b.title = sc ? sc.title : c.label;
        b.setAttribute('aria-label', `Drop in ${c.label}${sc ? `, evaluation ${sc.text}` : ''}`);
      });
    }
    // Status line.
    $('play-status').textContent = this.statusText();
    const evs = $('eval-summary');
    if (ev && humanTurn && $('show-eval').checked) {
      evs.textContent = `Evaluations for ${MARKS[ev.mover]} to move (${ev.engine}): ${exactness(ev)}${
        ev.algo !== 'mcts' ? `; ${valueSentence(this.kind, ev.value, ev.mover, ev.exact)}` : ''
      }${ev.pv && ev.pv.length ? `. Best line: ${lineWords(this.kind, ev.mover, ev.pv)}` : ''}.`;
    } else if ($('show-eval').checked && humanTurn) {
      evs.textContent = 'Evaluating…';
    } else evs.textContent = '';
    // Buttons.
    const anyEngine = this.sides.some((s) => s.engine !== 'human');
    const pause = $('pause');
    pause.hidden = !anyEngine;
    pause.textContent = this.enginesPaused ? 'Resume engines' : 'Pause engines';
    $('undo').disabled = g.moveCount === 0;
    const probe = g.clone();
    $('redo').disabled = !probe.redo();
    probe.free();
    $('moves-input').value = document.activeElement === $('moves-input') ? $('moves-input').value : g.moveString;
    this.renderProgress();
    // Test hooks.
    const a = this.app.dataset;
    a.state = this.phase === 'moved' ? 'thinking' : this.phase;
    a.kind = this.kind;
    a.cells = cells;
    a.moves = g.moveString;
    a.toMove = MARKS[g.toMove];
    a.winner = g.isTerminal ? (g.winner >= 0 ? MARKS[g.winner] : 'draw') : '';
    a.winningLine = Array.from(line).join(',');
    a.players = this.sides.map((s) => s.engine).join(',');
  }

  renderProgress() {
    const box = $('progress');
    const thinking = this.phase === 'thinking' && this.progress;
    box.hidden = !thinking;
    if (thinking) $('progress-text').textContent = this.progress.text;
  }

  statusText() {
    const g = this.game;
    if (g.isTerminal) return this.outcome();
    const p = g.toMove;
    switch (this.phase) {
      case 'human':
        return `${MARKS[p]} to move: ${this.kind === 'ttt' ? 'click an empty cell.' : 'click a column (or press 1–7).'}`;
      case 'thinking':
      case 'moved':
        return `${this.sideName(p)} is thinking…`;
      case 'paused':
        return `${MARKS[p]} to move: engines paused.`;
      default:
        return '';
    }
  }

  renderLastSearch() {
    const s = this.lastSearch;
    const btn = $('show-search');
    if (!s) {
      $('search-summary').textContent = 'No search yet.';
      $('search-pv').textContent = '';
      btn.disabled = true;
      btn.textContent = 'Show me the search';
      return;
    }
    const r = s.result;
    const who = MARKS[s.side];
    const secs = s.ms < 1000 ? `${Math.max(1, Math.round(s.ms))} ms` : `${(s.ms / 1000).toFixed(2)} s`;
    const nodes = r.algo === 'mcts' ? `${count(r.iterations)} iterations, ${count(r.stats.nodes)} tree nodes` : `${count(r.stats.nodes)} nodes`;
    let value;
    if (r.algo === 'mcts') {
      const share = (r.scores ?? []).find((x) => x.move === r.best);
      value = share && share.value != null ? `Q = ${share.value.toFixed(2)} over N = ${share.n} visits` : '';
    } else {
      value = `${exactness(r)}: ${valueSentence(s.kind, r.value, s.side, r.exact)}`;
    }
    const gaveUp = s.solverNodes
      ? ` The exact solver gave up after ${count(s.solverNodes)} nodes (too early in the game for its budget), so the deepening α-β chose.`
      : '';
    $('search-summary').textContent = `${who} (${s.label}) played ${moveName(s.kind, s.played)} after ${nodes} in ${secs}${
      value ? ` — ${value}` : ''
    }.${gaveUp}`;
    const pv = r.pv ? Array.from(r.pv) : [];
    let scoresText = '';
    if (r.scores && r.scores.length && r.algo !== 'mcts') {
      scoresText = ` Scores: ${r.scores
        .map((x) => `${moveName(s.kind, x.move)} ${formatValue(s.side === 0 ? x.value : -x.value)}`)
        .join(', ')}.`;
    }
    $('search-pv').textContent = pv.length ? `Expected line: ${lineWords(s.kind, s.side, pv)}.${scoresText}` : scoresText.trim();
    btn.disabled = false;
    btn.textContent = r.algo === 'mcts' ? 'Show me the search (MCTS lab)' : 'Show me the search (tree lab)';
  }

  /** For the test hook. */
  snapshot() {
    return {
      phase: this.phase,
      kind: this.kind,
      moves: this.game.moveString,
      sides: this.sides,
      lastSearch: this.lastSearch && { options: this.lastSearch.options, moves: this.lastSearch.moves, best: this.lastSearch.played },
      evaluation: this.evaluation,
    };
  }

  /** For the test hook: choose who plays a side (with settings). */
  setSide(p, cfg) {
    this.sides[p] = checkConfig(this.kind, { ...defaultConfig(this.kind, cfg.engine), ...cfg });
    this.renderSides();
    this.playersChanged();
  }
}

/** The progress line while an engine searches. */
function progressText(kind, cfg, d, ms) {
  const secs = `${(ms / 1000).toFixed(1)} s`;
  if (d.solving) return `Exact solver: solving the position (at most ${count(d.budget)} nodes)… ${secs}`;
  if (d.solverGaveUp) return `The solver gave up after ${count(d.nodes)} nodes (too early in the game); deepening α-β instead… ${secs}`;
  if (d.iterations != null) {
    const best = d.best != null ? ` · most visited so far: ${moveName(kind, d.best)}` : '';
    return `MCTS: ${count(d.iterations)} of ${count(d.of)} iterations · ${count(d.nodes)} tree nodes${best} · ${secs}`;
  }
  if (d.depth != null) {
    const best = d.best != null ? ` · best so far: ${moveName(kind, d.best)} (${formatValue(d.value)})` : '';
    return `${ENGINE_NAMES[cfg.engine]}: depth ${d.depth} of ${d.of} done · ${count(d.nodes)} nodes${best} · ${secs}`;
  }
  return `${ENGINE_NAMES[cfg.engine]} is searching… ${secs}`;
}
