// The tree lab: an explicit tree (the lessons' figures, or one typed in) or a game position,
// searched by the real engine with the Stepper recording it, then stepped through event by
// event on the canvas with the narration and the pseudocode line of each step.

import { LESSON_TREES, POSITION_SOURCES, algorithmsFor } from '../lib/lessons.js';
import { ORDER_NAMES, approx, orderingReference, ordersFor } from '../lib/complexity.js';
import { applyStep, boardRows, buildTraceModel, describeNode } from '../lib/trace-view.js';
import { formatValue } from '../lib/notation.js';
import { count } from '../lib/board.js';
import { TreeCanvas } from './tree-canvas.js';
import { $, el, fillTable, reducedMotion, setChildren, typingTarget } from './dom.js';

const ALGO_NAMES = {
  minimax: 'minimax',
  alphabeta: 'α-β',
  expectiminimax: 'expectiminimax',
  maxn: 'max^n',
  solve: 'exact solver (Connect-4)',
};

const TIE_HELP = {
  nonstrict:
    'Non-strict (the lessons’ rule): prune as soon as v ≥ β at MAX or v ≤ α at MIN — a tie with the bound already cannot change the decision.',
  strict: 'Strict: prune only when v > β or v < α — ties are searched on, so fewer nodes are pruned (the value is the same).',
};

export class TreeLab {
  constructor(env) {
    this.api = env.api;
    this.rpc = env.rpc;
    this.caps = env.caps ?? {};
    this.app = $('app');
    this.st = null;
    this.tree = null;
    this.model = null;
    this.boards = new Map();
    this.playing = null;
    this.current = null; // what is loaded: {type: 'tree', text} | {type: 'game', kind, moves}
    this.canvas = new TreeCanvas($('tl-canvas'), $('tl-tip'), {
      describe: (id) => this.describe(id),
      decorate: (ctx, stats) => this.drawThumbnails(ctx, stats),
      onClick: () => {},
    });
    this.buildMenus();
    this.wire();
    this.loadSource(LESSON_TREES[0].id);
  }

  buildMenus() {
    const src = $('tl-source');
    src.replaceChildren(
      el('optgroup', { label: 'The lessons’ trees' }, LESSON_TREES.map((t) => el('option', { value: t.id }, t.title))),
      el('optgroup', { label: 'Game positions' }, POSITION_SOURCES.map((t) => el('option', { value: t.id }, t.title))),
      el('optgroup', { label: 'Your own' }, el('option', { value: 'custom' }, 'Your own tree (edit the text)')),
    );
  }

  wire() {
    $('tl-source').addEventListener('change', (e) => this.loadSource(e.target.value));
    $('tl-run').addEventListener('click', () => this.run());
    $('tl-text').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.run();
      }
    });
    $('tl-text').addEventListener('input', () => {
      if ($('tl-source').value !== 'custom' && this.sourceKind() === 'tree') $('tl-source').value = 'custom';
    });
    $('tl-tie').addEventListener('change', () => this.showTieHelp());
    $('tl-order').addEventListener('change', () => this.syncSeed());
    $('tl-start').addEventListener('click', () => this.seek(0));
    $('tl-end').addEventListener('click', () => this.seek(this.st ? this.st.length : 0));
    $('tl-back').addEventListener('click', () => this.stepBy(-1));
    $('tl-fwd').addEventListener('click', () => this.stepBy(1));
    $('tl-play').addEventListener('click', () => this.togglePlay());
    $('tl-scrub').addEventListener('input', (e) => this.seek(Number(e.target.value)));
    $('tl-speed').addEventListener('input', () => {
      this.showSpeed();
      if (this.playing) {
        this.pause();
        this.play();
      }
    });
    $('tl-fit').addEventListener('click', () => this.canvas.fit());
    $('tl-zoom-in').addEventListener('click', () => this.canvas.zoom(1.25));
    $('tl-zoom-out').addEventListener('click', () => this.canvas.zoom(0.8));
    $('tl-expand').addEventListener('click', () => this.canvas.expandAll());
    $('tl-thumbs').addEventListener('change', () => this.relayoutForThumbs());
    $('tl-compare-run').addEventListener('click', () => this.compare());
    document.addEventListener('keydown', (e) => {
      if (this.app.dataset.view !== 'tree' || typingTarget(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const onButton = e.target && e.target.tagName === 'BUTTON';
      switch (e.key) {
        case 'ArrowRight':
          this.stepBy(1);
          break;
        case 'ArrowLeft':
          this.stepBy(-1);
          break;
        case ' ':
          if (onButton) return; // the button's own click does it
          this.togglePlay();
          break;
        case 'Home':
          this.seek(0);
          break;
        case 'End':
          this.seek(this.st ? this.st.length : 0);
          break;
        default:
          return;
      }
      e.preventDefault();
    });
    this.showSpeed();
    this.showTieHelp();
  }

  showSpeed() {
    const v = Number($('tl-speed').value);
    $('tl-speed-out').textContent = `${v} step${v === 1 ? '' : 's'}/s`;
  }

  showTieHelp() {
    $('tl-tie-help').textContent = TIE_HELP[$('tl-tie').value];
  }

  syncSeed() {
    $('tl-seed').disabled = $('tl-order').value !== 'random';
  }

  sourceKind() {
    const id = $('tl-source').value;
    return POSITION_SOURCES.some((p) => p.id === id) ? 'game' : 'tree';
  }

  /** Picks a menu entry: fills the inputs and searches (stopped at step 0: no autoplay). */
  loadSource(id) {
    $('tl-source').value = id;
    const lesson = LESSON_TREES.find((t) => t.id === id);
    const pos = POSITION_SOURCES.find((t) => t.id === id);
    $('tl-tree-input').hidden = Boolean(pos);
    $('tl-pos-input').hidden = !pos;
    if (lesson) {
      $('tl-text').value = lesson.text;
      $('tl-note').textContent = lesson.note;
      this.run({ algo: lesson.algo });
    } else if (pos) {
      $('tl-game').value = pos.kind;
      $('tl-moves').value = pos.moves;
      $('tl-depth').value = pos.depth ?? '';
      $('tl-eval').checked = true;
      $('tl-tt').checked = false;
      $('tl-quiescence').checked = false;
      $('tl-note').textContent = pos.note;
      this.run({ algo: 'alphabeta' });
    } else {
      $('tl-note').textContent = 'Type a tree; Search (or Ctrl+Enter) draws it and records the search.';
    }
  }

  /**
   * Opens the search an engine just made in the Play view, at its first event.
   * @param {{kind: string, moves: string, options: object, label: string}} s
   */
  showGameSearch(s) {
    const o = s.options;
    const pos = POSITION_SOURCES.find((p) => p.kind === s.kind);
    $('tl-source').value = pos.id;
    $('tl-tree-input').hidden = true;
    $('tl-pos-input').hidden = false;
    $('tl-game').value = s.kind;
    $('tl-moves').value = s.moves;
    $('tl-depth').value = o.depth ?? '';
    $('tl-eval').checked = o.eval !== false;
    $('tl-tt').checked = Boolean(o.tt);
    $('tl-quiescence').checked = Boolean(o.quiescence);
    $('tl-note').textContent = `The search ${s.label} made before its move in the Play view (same options, same position), from its first event.`;
    if (o.algo === 'solve') {
      $('tl-note').textContent = `The exact solver's search of the position before ${s.label} moved (each null-window pass is one search: one root per pass).`;
    }
    this.run({ algo: o.algo, order: o.order ?? (s.kind === 'c4' ? 'heuristic' : 'natural'), tie: o.tie ?? 'nonstrict', seed: o.seed });
  }

  /** The options for the Stepper from the form. */
  formOptions(isGame) {
    if ($('tl-algo').value === 'solve') return { algo: 'solve' };
    const o = { algo: $('tl-algo').value || 'alphabeta', tie: $('tl-tie').value, order: $('tl-order').value };
    if (o.order === 'random') o.seed = Number($('tl-seed').value) || 0;
    if (isGame) {
      const d = $('tl-depth').value.trim();
      if (d !== '') o.depth = Number(d);
      if (o.depth != null) o.eval = $('tl-eval').checked;
      // Spelled out: Connect-4's defaults would turn on iterative deepening and the TT.
      o.tt = $('tl-tt').checked;
      o.quiescence = $('tl-quiescence').checked;
      o.iterative = false;
    }
    if (o.algo === 'minimax') {
      // MINIMAX-DECISION searches to the end: no depth, no EVAL.
      delete o.depth;
      delete o.eval;
    }
    if (o.algo !== 'alphabeta') {
      delete o.tie;
      delete o.order;
      delete o.seed;
      delete o.tt;
      delete o.quiescence;
      delete o.iterative;
    }
    return o;
  }

  /** Fills the algorithm and ordering menus for what is loaded, keeping valid choices. */
  setMenus(algos, isGame, want = {}) {
    const algoSel = $('tl-algo');
    const keep = want.algo ?? algoSel.value;
    algoSel.replaceChildren(...algos.map((a) => el('option', { value: a }, ALGO_NAMES[a])));
    algoSel.value = algos.includes(keep) ? keep : algos.includes('alphabeta') ? 'alphabeta' : algos[0];
    const orderSel = $('tl-order');
    const keepOrder = want.order ?? orderSel.value ?? 'natural';
    const orders = ordersFor(isGame);
    orderSel.replaceChildren(...orders.map((o) => el('option', { value: o }, ORDER_NAMES[o])));
    orderSel.value = orders.includes(keepOrder) ? keepOrder : 'natural';
    if (want.tie) $('tl-tie').value = want.tie;
    if (want.seed != null) $('tl-seed').value = String(want.seed);
    this.syncSeed();
    this.showTieHelp();
    const ab = algoSel.value === 'alphabeta';
    $('tl-tie').disabled = !ab;
    orderSel.disabled = !ab;
  }

  /** Parses/creates what the form describes and records its search. Errors keep the old picture. */
  run(want = {}) {
    this.pause();
    const err = $('tl-error');
    err.textContent = '';
    const isGame = this.sourceKind() === 'game';
    let tree = null;
    let game = null;
    let st = null;
    try {
      if (isGame) {
        const kind = $('tl-game').value;
        game = this.api.Game.create(kind, $('tl-moves').value.trim());
        const c4Algos = this.caps.solver ? ['alphabeta', 'solve'] : ['alphabeta'];
        this.setMenus(kind === 'ttt' ? ['minimax', 'alphabeta'] : c4Algos, true, want);
      } else {
        tree = this.api.GameTree.parse($('tl-text').value);
        const info = {
          hasTuples: tree.hasTuples,
          players: tree.players,
          hasChance: tree.nodes().some((n) => n.kind === 'chance'),
        };
        this.setMenus(algorithmsFor(info), false, want);
      }
      if (want.algo) $('tl-algo').value = want.algo;
      $('tl-algo').onchange = () => {
        const ab = $('tl-algo').value === 'alphabeta';
        $('tl-tie').disabled = !ab;
        $('tl-order').disabled = !ab;
      };
      const opts = this.formOptions(isGame);
      const cap = Math.min(Math.max(Number($('tl-cap').value) || 20000, 10), 100000);
      if (opts.algo === 'solve') st = this.api.Stepper.forSolve(game, cap);
      else st = isGame ? this.api.Stepper.forGame(game, opts, cap) : this.api.Stepper.forTree(tree, opts, cap);
      this.opts = opts;
    } catch (e) {
      // TreeParseError carries line and column; its message already says "line L, column C: …".
      err.textContent = e.message;
      if (tree) tree.free();
      if (game) game.free();
      this.app.dataset.treeError = e.message;
      return false;
    }
    this.app.dataset.treeError = '';
    // Replace the old picture.
    this.st?.free();
    this.tree?.free();
    this.st = st;
    this.tree = tree;
    this.boards.clear();
    this.current = isGame ? { type: 'game', kind: game.kind, moves: game.moveString, legal: game.legalMoves().length } : { type: 'tree', text: $('tl-text').value };
    if (game) game.free();
    this.result = st.result();
    this.model = buildTraceModel({
      traceNodes: st.nodes(),
      treeNodes: tree ? tree.nodes() : null,
      finalPruned: st.pruned(),
      players: tree ? tree.players : 2,
    });
    this.buildPseudocode();
    const thumbs = $('tl-thumbs');
    thumbs.disabled = !isGame;
    if (!isGame) thumbs.checked = false;
    this.canvas.setModel(this.model, { fit: true, layout: this.layoutOptions() });
    const note = st.note ?? (st.truncated ? `trace truncated at ${count(st.nodeCap)} nodes.` : '');
    $('tl-truncated').textContent = note ? note[0].toUpperCase() + note.slice(1) : '';
    $('tl-scrub').max = String(st.length);
    $('tl-compare-table').replaceChildren();
    $('tl-compare-status').textContent = '';
    this.seek(0);
    return true;
  }

  layoutOptions() {
    const thumbs = $('tl-thumbs').checked && this.current?.type === 'game';
    return thumbs ? { levelHeight: 140, nodeWidth: 44 } : {};
  }

  relayoutForThumbs() {
    if (!this.model) return;
    this.canvas.setModel(this.model, { fit: true, layout: this.layoutOptions() });
  }

  buildPseudocode() {
    const box = $('tl-pseudo');
    const procs = this.st.pseudocode();
    this.pseudoLines = procs.map((p, pi) =>
      p.lines.map((text, li) => el('div', { class: 'line', dataset: { proc: String(pi), line: String(li + 1) } }, text)),
    );
    setChildren(
      box,
      procs.map((p, pi) => el('div', { class: 'proc', dataset: { proc: String(pi) }, 'aria-label': p.name }, this.pseudoLines[pi])),
    );
  }

  stepBy(n) {
    if (!this.st) return;
    this.seek(Math.min(Math.max(this.st.index + n, 0), this.st.length));
  }

  seek(i) {
    const st = this.st;
    if (!st) return;
    i = Math.min(Math.max(0, Math.round(i)), st.length);
    st.seek(i);
    const s = st.state();
    this.state = s;
    const done = i === st.length;
    applyStep(this.model, s, { done, bestChild: this.result.bestChild });
    this.canvas.invalidate();
    if (s.current != null) {
      const d = this.model.traceToDraw[s.current];
      this.canvas.unfold(d);
      this.canvas.reveal(d);
    }
    // Text beside the tree.
    $('tl-narration').textContent = i === 0 ? 'Before the first event. Step forward (→) to start the search.' : s.narration;
    $('tl-step-out').textContent = `${i} / ${st.length}`;
    const scrub = $('tl-scrub');
    scrub.value = String(i);
    scrub.setAttribute('aria-valuetext', `step ${i} of ${st.length}${s.event ? `: ${s.event}` : ''}`);
    const c = s.counters;
    const rows = [
      ['Nodes entered', count(c.nodes)],
      ['Leaves evaluated', count(c.leaves)],
      ['Cutoffs', count(c.cutoffs)],
    ];
    if (this.opts.tt) rows.push(['TT hits', count(c.ttHits)]);
    if (c.searches > 1) rows.push(['Searches (depths)', String(c.searches)]);
    setChildren($('tl-counters'), rows.map(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
    const r = this.result;
    $('tl-result').textContent = done
      ? `Root value ${Array.isArray(r.value) ? `(${r.value.map(formatValue).join(', ')})` : formatValue(r.value)}${
          r.bestName ? ` · best move ${r.bestName}` : ''
        }${r.complete ? '' : ' (incomplete: node budget)'}`
      : '';
    // Pseudocode line.
    for (const list of this.pseudoLines) for (const line of list) line.classList.remove('now');
    const box = $('tl-pseudo');
    for (const p of box.children) p.classList.toggle('inactive', Number(p.dataset.proc) !== s.pseudocode?.procedure);
    if (s.pseudocode && this.pseudoLines[s.pseudocode.procedure]) {
      const line = this.pseudoLines[s.pseudocode.procedure][s.pseudocode.line - 1];
      if (line) {
        line.classList.add('now');
        const top = line.offsetTop - box.offsetTop;
        if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - line.offsetHeight) box.scrollTop = Math.max(0, top - 20);
      }
    }
    this.app.dataset.treeStep = String(i);
    this.app.dataset.treeLength = String(st.length);
    if (done) this.pause();
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (!this.st) return;
    if (this.st.index >= this.st.length) this.seek(0);
    const speed = Number($('tl-speed').value);
    this.playing = setInterval(() => this.stepBy(1), 1000 / speed);
    $('tl-play').textContent = '❚❚ Pause';
    $('tl-play').setAttribute('aria-label', 'Pause');
  }

  pause() {
    if (this.playing) clearInterval(this.playing);
    this.playing = null;
    $('tl-play').textContent = '▶ Play';
    $('tl-play').setAttribute('aria-label', 'Play');
  }

  describe(id) {
    if (!this.model) return null;
    const text = describeNode(this.model, id);
    const t = this.model.drawToTrace[id];
    let board;
    if (this.current?.type === 'game' && t >= 0) board = boardRows(this.boardOf(t), this.current.kind === 'ttt' ? 3 : 7);
    return { text, board };
  }

  boardOf(traceId) {
    let b = this.boards.get(traceId);
    if (b === undefined) {
      b = this.st.board(traceId);
      this.boards.set(traceId, b);
    }
    return b;
  }

  drawThumbnails(ctx, stats) {
    if (!$('tl-thumbs').checked || this.current?.type !== 'game' || stats.dots || stats.radius < 7) return;
    const kind = this.current.kind;
    const w = kind === 'ttt' ? 3 : 7;
    const h = kind === 'ttt' ? 3 : 6;
    const cam = this.canvas.camera;
    const lay = this.canvas.layout;
    const cs = Math.max(2, (kind === 'ttt' ? 12 : 6) * cam.scale);
    const dark = this.canvas.style.background !== '#ffffff';
    let drawn = 0;
    for (const v of stats.visible) {
      const t = this.model.drawToTrace[v];
      if (t < 0) continue;
      if (drawn++ > 400) break; // enough for any readable zoom
      const cells = this.boardOf(t);
      const p = cam.toScreen(lay.x[v], lay.y[v]);
      const x0 = p.x - (w * cs) / 2;
      const y0 = p.y + stats.radius + 18 * cam.scale;
      ctx.fillStyle = dark ? '#2a2d33' : '#eef1f5';
      ctx.fillRect(x0 - 1, y0 - 1, w * cs + 2, h * cs + 2);
      for (let i = 0; i < cells.length; i++) {
        const ch = cells[i];
        if (ch === '.') continue;
        ctx.fillStyle = ch === 'X' ? (dark ? '#e8e8e8' : '#1b1b1b') : dark ? '#ff8a80' : '#c0392b';
        const cx = x0 + (i % w) * cs;
        const cy = y0 + Math.floor(i / w) * cs;
        if (kind === 'ttt') ctx.fillRect(cx + cs * 0.2, cy + cs * 0.2, cs * 0.6, cs * 0.6);
        else {
          ctx.beginPath();
          ctx.arc(cx + cs / 2, cy + cs / 2, cs * 0.42, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      if (kind === 'ttt') {
        ctx.strokeStyle = dark ? '#5d6269' : '#9aa0a6';
        ctx.lineWidth = 1;
        ctx.beginPath();
        for (let k = 1; k < 3; k++) {
          ctx.moveTo(x0 + k * cs, y0);
          ctx.lineTo(x0 + k * cs, y0 + 3 * cs);
          ctx.moveTo(x0, y0 + k * cs);
          ctx.lineTo(x0 + 3 * cs, y0 + k * cs);
        }
        ctx.stroke();
      }
    }
  }

  // ------------------------------------------------------------------ comparison

  async compare() {
    const cur = this.current;
    if (!cur) return;
    const status = $('tl-compare-status');
    const isGame = cur.type === 'game';
    if (!isGame && this.tree && this.tree.hasTuples) {
      status.textContent = 'Orderings and α-β apply to two-player trees; max^n does not prune here.';
      return;
    }
    const base = {};
    if (isGame) {
      const d = $('tl-depth').value.trim();
      if (d !== '') base.depth = Number(d);
      else if (cur.kind === 'c4') {
        status.textContent = 'Give a depth: Connect-4 is too deep to compare searches to the end.';
        return;
      }
      if (base.depth != null) base.eval = $('tl-eval').checked;
      base.tt = $('tl-tt').checked;
      base.quiescence = $('tl-quiescence').checked;
      base.iterative = false;
    }
    base.tie = $('tl-tie').value;
    base.seed = Number($('tl-seed').value) || 0;
    if (!isGame && this.model.nodes.some((n) => n.kind === 'chance')) base.minimaxAlgo = 'expectiminimax';
    const source = isGame ? { type: 'game', kind: cur.kind, moves: cur.moves } : { type: 'tree', text: cur.text };
    const orders = ordersFor(isGame);
    status.textContent = 'Running…';
    $('tl-compare-run').disabled = true;
    try {
      const out = await this.rpc.call('compare', { source, base, orders }, {
        onProgress: (p) => {
          status.textContent = `Running… ${p.done} of ${p.of}`;
        },
      });
      this.showComparison(out.rows, cur, base);
      const notRun = out.rows.filter((r) => r.error).map((r) => `${r.order ? `α-β ${ORDER_NAMES[r.order]}` : r.algo}: ${r.error}`);
      status.textContent = notRun.length ? `Not run — ${notRun.join('; ')}` : '';
    } catch (e) {
      status.textContent = `The comparison stopped: ${e.message}`;
    } finally {
      $('tl-compare-run').disabled = false;
    }
  }

  showComparison(rows, cur, base) {
    const mm = rows.find((r) => r.algo === 'minimax' && !r.error);
    const fmt = (v) => (v == null ? '' : Array.isArray(v) ? `(${v.map(formatValue).join(', ')})` : formatValue(v));
    const body = rows.map((r) => {
      if (r.error) {
        const algo = r.algo === 'minimax' ? (base.minimaxAlgo ?? 'minimax') : 'α-β';
        return { cells: [algo, r.order ? ORDER_NAMES[r.order] : '—', '—', '—', '—', { text: 'not run', title: r.error }] };
      }
      const best = r.algo === 'alphabeta' && rows.filter((x) => x.algo === 'alphabeta' && !x.error).every((x) => x.stats.leaves >= r.stats.leaves);
      return {
        class: best ? 'best' : '',
        cells: [
          r.algo === 'minimax' ? (base.minimaxAlgo ?? 'minimax') : 'α-β',
          r.order ? ORDER_NAMES[r.order] + (r.order === 'random' ? ` (seed ${base.seed})` : '') : '—',
          count(r.stats.nodes),
          count(r.stats.leaves),
          count(r.stats.cutoffs),
          fmt(r.value),
        ],
      };
    });
    // The lessons' reference sizes.
    let ref;
    let how;
    if (mm) {
      ref = orderingReference(mm.stats.leaves, mm.stats.maxDepth);
      how = `b ≈ ${ref ? ref.b.toFixed(2) : '?'}: the ${mm.stats.maxDepth}-th root of minimax’s ${count(mm.stats.leaves)} leaves (exactly b for a uniform tree)`;
    } else if (cur.type === 'game' && base.depth) {
      ref = orderingReference(cur.legal ** base.depth, base.depth);
      how = `b = ${cur.legal} legal moves at the root, m = ${base.depth} (minimax is not run on Connect-4)`;
    }
    if (ref) {
      body.push({ class: 'ref', cells: [`b^m, m = ${ref.m}`, 'no pruning', '', approx(ref.full), '', ''] });
      body.push({ class: 'ref', cells: ['b^(3m/4)', 'random order', '', approx(ref.random), '', ''] });
      body.push({ class: 'ref', cells: ['b^(m/2)', 'perfect order', '', approx(ref.perfect), '', ''] });
    }
    fillTable($('tl-compare-table'), ['Algorithm', 'Move order', 'Nodes entered', 'Leaves evaluated', 'Cutoffs', 'Root value'], body, {
      caption: how ? `Reference sizes: ${how}. Bold: the fewest leaves.` : 'Bold: the fewest leaves.',
    });
  }

  /** For the test hook: the picture's state in plain data. */
  snapshot() {
    if (!this.model) return null;
    const fmtW = (w) => (w ? { alpha: formatValue(w.alpha), beta: formatValue(w.beta) } : null);
    return {
      index: this.st.index,
      length: this.st.length,
      truncated: this.st.truncated,
      narration: $('tl-narration').textContent,
      result: $('tl-result').textContent,
      pseudocode: this.state?.pseudocode ?? null,
      nodes: this.model.nodes.map((n) => ({
        id: n.id,
        parent: n.parent,
        kind: n.kind,
        label: n.label,
        edge: n.edgeLabel,
        state: n.state,
        value: n.value,
        window: fmtW(n.window),
        bold: n.bold,
      })),
      frames: this.canvas.frames,
      reducedMotion: reducedMotion(),
    };
  }
}
