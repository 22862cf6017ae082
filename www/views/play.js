// The Play view: tic-tac-toe or Connect-4, each side a human or an engine.
//
// The game itself — board, status, progress, buttons, values, the engine's last search — is
// a GameFigure (views/game-figure.js), the same component <ply-game> uses. This file is the
// playground's form around it: which game, who plays each side (through the figure's one
// checked path), swap, the pace, the evaluation switch, move strings and the share buttons.
// It mirrors the state into data- attributes on <main id="app"> for the browser tests.

import { MARKS } from '../lib/board.js';
import { ENGINE_IDS, ENGINE_NAMES, defaultConfig, engineInfo } from '../lib/engines.js';
import { perfectName } from '../lib/game-words.js';
import { GameFigure } from './game-figure.js';
import { ShareBar } from './share.js';
import { $, el, setChildren, typingTarget } from './dom.js';

const MOVE_HELP = {
  ttt: 'Cells 0–8 row by row from the top-left, e.g. 4,0,8 (commas optional).',
  c4: 'Columns 1–7 in the order played, e.g. 4453.',
};

/** What the Play view shows of the game figure. */
const PLAY_CONTROLS = ['status', 'new', 'undo', 'summary', 'pause', 'search', 'export'];

/** A worker client as a GameSession's `search`: cancel stops the worker only while the request runs. */
export function rpcSearch(rpc) {
  return (op, args, opts) => {
    let done = false;
    const promise = rpc.call(op, args, opts);
    promise.then(
      () => {
        done = true;
      },
      () => {
        done = true;
      },
    );
    return {
      promise,
      cancel: () => {
        if (!done) rpc.cancel();
      },
    };
  };
}

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
    this.app = $('app');
    this.figure = new GameFigure($('play-figure'), {
      api: this.api,
      caps: this.caps,
      search: rpcSearch(this.rpc),
      idPrefix: 'play-',
      controls: PLAY_CONTROLS,
      shortcuts: { undo: 'Control+Z', redo: 'Control+Y' },
      pace: () => Number($('speed').value),
      showEval: () => $('show-eval').checked,
      openSearch: env.openSearch,
      onMoved: (info) => {
        if (info.by === 'engine') this.engineMoved();
      },
      onRender: () => this.render(),
    });
    this.share = new ShareBar($('play-share'), { idPrefix: 'play-', view: 'game', state: () => this.linkState() });
    this.figure.start({ kind: 'ttt', sides: [defaultConfig('ttt', 'human'), defaultConfig('ttt', 'alphabeta')] });
    this.buildSides();
    this.wire();
    $('moves-help').textContent = MOVE_HELP[this.kind];
    this.render();
  }

  get session() {
    return this.figure.session;
  }

  get game() {
    return this.figure.game;
  }

  get kind() {
    return this.figure.kind;
  }

  get sides() {
    return this.figure.sides;
  }

  // ------------------------------------------------------------------ set-up

  wire() {
    const f = this.figure;
    $('swap').addEventListener('click', () => {
      f.swap();
      this.renderSides();
    });
    $('show-eval').addEventListener('change', () => this.session.evaluationChanged());
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
        this.session.say(`Copied “${text || '(empty)'}”.`);
      } catch {
        $('moves-input').select();
        this.session.say('Select the moves in the box and copy them (the clipboard is not available here).');
      }
    });
    document.addEventListener('keydown', (e) => {
      if (this.app.dataset.view !== 'play' || typingTarget(e)) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        this.session.undo();
      } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        this.session.redo();
      } else if (this.kind === 'c4' && /^[1-7]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
        f.humanMove(Number(e.key));
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
      select.addEventListener('change', () => this.setSide(p, { engine: select.value }));
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
            off ? `${ENGINE_NAMES[id]} (tic-tac-toe only)` : id === 'perfect' ? perfectName(this.kind, this.caps) : ENGINE_NAMES[id],
          );
        }),
      );
      select.value = this.sides[p].engine;
      this.renderSideFields(p);
    }
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
    // Every setting, its label and its range from the core's catalogue of players.
    for (const f of engineInfo(this.kind, cfg.engine).fields) {
      if (f.kind === 'bool') check(f.key, f.label);
      else num(f.key, f.label, { min: f.min, max: f.max, step: f.step, placeholder: f.optional ? 'end' : '' });
    }
    if (cfg.engine === 'hminimax') inputs.push(el('small', { class: 'help' }, 'α-β to the depth, then the evaluation function EVAL.'));
    if (cfg.engine === 'alphabeta' && this.kind === 'c4') {
      inputs.push(el('small', { class: 'help' }, 'No EVAL: positions at the depth limit count as 0.'));
    }
    setChildren(fields, inputs);
  }

  /** A new engine for a side (its defaults), through the figure's checked path. */
  setSide(p, cfg) {
    this.figure.setSide(p, cfg);
    this.renderSideFields(p);
  }

  updateField(p, name, value) {
    try {
      this.figure.setSide(p, { ...this.sides[p], [name]: value });
      this.sideEls[p].err.textContent = '';
    } catch (e) {
      this.sideEls[p].err.textContent = e.message;
    }
  }

  // ------------------------------------------------------------------ actions

  switchGame(kind) {
    if (kind === this.kind) return;
    this.figure.switchGame(kind);
    $('moves-help').textContent = MOVE_HELP[kind];
    this.renderSides();
    $('moves-error').textContent = '';
    this.render();
  }

  loadMoves(text, opts) {
    try {
      this.figure.loadMoves(text, opts);
    } catch (e) {
      $('moves-error').textContent = e.message;
      return false;
    }
    $('moves-error').textContent = '';
    return true;
  }

  engineMoved() {
    const s = this.session.lastSearch;
    this.app.dataset.aiMoves = String(this.session.aiMoves);
    this.app.dataset.searchInWorker = String(s.inWorker);
    this.app.dataset.searchNodes = String(s.result.stats?.nodes ?? 0);
  }

  /**
   * Restores a state from a link (index.html#play?…): the game, both sides and the position;
   * an engine to move waits (the linked position is shown as it was).
   * @param {object} s a game state (figure-state.js)
   */
  applyState(s) {
    const check = document.querySelector(`input[name="game"][value="${s.game}"]`);
    if (check) check.checked = true;
    this.switchGame(s.game);
    const ss = this.session;
    ss.stopSearch();
    $('show-eval').checked = s.scores;
    if (s.pace != null) {
      $('speed').value = String(s.pace);
      $('speed').dispatchEvent(new Event('input'));
    }
    // Both sides wait while the position loads (a link shows the position as it was).
    ss.enginesPaused = true;
    this.figure.setSides([s.x, s.o]);
    this.renderSides();
    return this.loadMoves(s.moves, { pause: true });
  }

  /** What a link reproduces: the game, the players, the position (and the evaluation switch). */
  linkState() {
    return {
      view: 'game',
      theme: 'auto',
      origin: null,
      game: this.kind,
      moves: this.game.moveString,
      x: this.sides[0],
      o: this.sides[1],
      scores: $('show-eval').checked,
      pace: Number($('speed').value),
      controls: null,
      autoplay: false,
      height: null,
    };
  }

  // ------------------------------------------------------------------ drawing

  /** The form's part of the drawing (the figure draws the game), and the test hooks. */
  render() {
    const ss = this.session;
    if (!ss || !this.sideEls) return;
    const g = ss.game;
    const input = $('moves-input');
    if (document.activeElement !== input) input.value = g.moveString;
    const a = this.app.dataset;
    a.state = ss.phase === 'moved' ? 'thinking' : ss.phase;
    a.kind = this.kind;
    a.cells = g.cells();
    a.moves = g.moveString;
    a.toMove = MARKS[g.toMove];
    a.winner = g.isTerminal ? (g.winner >= 0 ? MARKS[g.winner] : 'draw') : '';
    a.winningLine = Array.from(g.winningLine()).join(',');
    a.players = this.sides.map((s) => s.engine).join(',');
  }

  /** For the test hook. */
  snapshot() {
    const ss = this.session;
    return {
      phase: ss.phase,
      kind: this.kind,
      moves: this.game.moveString,
      sides: this.sides,
      lastSearch: ss.lastSearch && { options: ss.lastSearch.options, moves: ss.lastSearch.moves, best: ss.lastSearch.played },
      evaluation: ss.evaluation,
    };
  }
}
