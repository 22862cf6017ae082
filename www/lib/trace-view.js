// Turns a recorded search (a Stepper's nodes and its state at one step) into the figure's
// node list, and an MCTS picture into one too: what the hover text, the text view, the
// overview map, keyboard focus and the test hooks read. The picture itself is placed and
// drawn from the core (FigurePlan, figure-draw.js); its node ids are these. No search logic:
// every value, window, pruned edge and counter comes from the Stepper; this file only
// decides which node of the picture each of them belongs to and how it reads.
//
// Two kinds of picture:
// - an explicit tree (the lab's text): the whole tree is drawn from the start, as in the
//   lessons' figures, with leaf values under the leaves; the trace lights it up. A trace node
//   is found in the tree by its path of natural child indices.
// - a game search: the tree is what the search entered, plus one stub per pruned edge (the
//   search never created those children); children are drawn in natural move order.
//
// DOM-free, tested under node --test.

import { boundText, formatValue, formatVector, withMinimax } from './notation.js';

/**
 * @typedef {{id: number, parent: number, kind: string, player: number, label: string, edgeLabel: string, prob: string, value: string|null, window: object|null, state: string, bold: boolean}} DrawNode
 * @typedef {object} TraceModel
 * @property {DrawNode[]} nodes Draw nodes (id = index; parents before children).
 * @property {Int32Array} traceToDraw Draw id of each trace node.
 * @property {Int32Array} drawToTrace Trace id of each draw node, -1 for none.
 * @property {Map<string, number>} prunedDraw "traceParent:naturalIndex" → draw id of the pruned child.
 * @property {string[]} staticValue Text shown before the search reaches a node (leaf utilities of explicit trees).
 * @property {number} players 2, or the tuple length of an n-player tree.
 * @property {boolean} explicit Whether the picture is an explicit tree.
 * @property {object[]} traceNodes The Stepper's nodes.
 * @property {object[]|null} treeNodes The GameTree's nodes, for explicit trees.
 */

const FLIP = { max: 'min', min: 'max' };

function drawKind(kind, leaf) {
  return leaf === 'terminal' ? 'terminal' : kind;
}

function valueText(v, players) {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return formatVector(v.slice(0, players));
  return formatValue(v);
}

/**
 * Builds the static picture of a trace.
 * @param {object} src
 * @param {object[]} src.traceNodes Stepper.nodes()
 * @param {object[]|null} [src.treeNodes] GameTree.nodes() for an explicit tree
 * @param {{parent: number, index: number, name: string}[]} [src.finalPruned] every pruned edge
 *   of the whole trace in cutoff order (Stepper.pruned()): game pictures make room for a stub
 *   per edge, and a step shows the first `state.prunedCount` of them as pruned
 * @param {number} [src.players]
 * @returns {TraceModel}
 */
export function buildTraceModel({ traceNodes, treeNodes = null, finalPruned = [], players = 2 }) {
  return treeNodes ? buildExplicit(traceNodes, treeNodes, finalPruned, players) : buildGame(traceNodes, finalPruned, players);
}

function buildExplicit(traceNodes, treeNodes, finalPruned, players) {
  const nodes = treeNodes.map((t) => ({
    id: t.id,
    parent: t.parent,
    kind: t.kind,
    player: t.player,
    label: t.kind === 'terminal' ? '' : t.label,
    edgeLabel: t.edge ?? '',
    prob: t.prob == null ? '' : formatValue(t.prob),
    value: null,
    window: null,
    state: 'unvisited',
    bold: false,
  }));
  const staticValue = treeNodes.map((t) => (t.kind === 'terminal' ? valueText(t.values ?? t.value, players) : ''));
  const traceToDraw = new Int32Array(traceNodes.length).fill(-1);
  const drawToTrace = new Int32Array(nodes.length).fill(-1);
  // Trace nodes come in entry order, so a parent is always mapped before its children.
  for (const tn of traceNodes) {
    let d;
    if (tn.parent < 0) d = treeNodes.findIndex((t) => t.parent < 0);
    else {
      const p = traceToDraw[tn.parent];
      d = p >= 0 && tn.index != null ? (treeNodes[p].children[tn.index] ?? -1) : -1;
    }
    traceToDraw[tn.id] = d;
    if (d >= 0) drawToTrace[d] = tn.id;
  }
  const prunedDraw = new Map();
  for (const pe of finalPruned) {
    const p = traceToDraw[pe.parent];
    const d = p >= 0 ? treeNodes[p].children[pe.index] : undefined;
    if (d !== undefined) prunedDraw.set(`${pe.parent}:${pe.index}`, d);
  }
  return {
    nodes,
    traceToDraw,
    drawToTrace,
    prunedDraw,
    prunedList: finalPruned,
    staticValue,
    players,
    explicit: true,
    traceNodes,
    treeNodes,
  };
}

function buildGame(traceNodes, finalPruned, players) {
  // Children per trace node: the entered ones and the pruned stubs, by natural index.
  const kids = new Map();
  const add = (p, entry) => {
    if (!kids.has(p)) kids.set(p, []);
    kids.get(p).push(entry);
  };
  const roots = [];
  for (const tn of traceNodes) {
    if (tn.parent < 0) roots.push(tn.id);
    else add(tn.parent, { index: tn.index ?? Infinity, trace: tn.id, stub: null });
  }
  for (const pe of finalPruned) add(pe.parent, { index: pe.index, trace: -1, stub: pe });
  for (const list of kids.values()) list.sort((a, b) => a.index - b.index || a.trace - b.trace);

  const nodes = [];
  const staticValue = [];
  const traceToDraw = new Int32Array(traceNodes.length).fill(-1);
  const drawIds = [];
  const prunedDraw = new Map();
  // Depth-first, children in natural order: the array order is the left-to-right order.
  const stack = roots
    .slice()
    .reverse()
    .map((r) => ({ trace: r, stub: null, parent: -1 }));
  while (stack.length) {
    const { trace, stub, parent } = stack.pop();
    const id = nodes.length;
    if (stub) {
      const pk = nodes[parent].kind;
      nodes.push({
        id,
        parent,
        kind: FLIP[pk] ?? 'terminal',
        player: 0,
        label: '',
        edgeLabel: stub.name,
        prob: '',
        value: null,
        window: null,
        state: 'unvisited',
        bold: false,
      });
      drawIds.push(-1);
      staticValue.push('');
      prunedDraw.set(`${stub.parent}:${stub.index}`, id);
      continue;
    }
    const tn = traceNodes[trace];
    nodes.push({
      id,
      parent,
      kind: drawKind(tn.kind, tn.leaf),
      player: tn.player,
      // (A root's name, "depth 2" or "pass 3" when a trace has several, is the core's:
      // TreeFigure.showModel copies the placed names in.)
      label: '',
      edgeLabel: tn.edge ?? '',
      prob: tn.prob == null ? '' : formatValue(tn.prob),
      value: null,
      window: null,
      state: 'unvisited',
      bold: false,
    });
    drawIds.push(trace);
    staticValue.push('');
    traceToDraw[trace] = id;
    const list = kids.get(trace) ?? [];
    for (let k = list.length - 1; k >= 0; k--) stack.push({ trace: list[k].trace, stub: list[k].stub, parent: id });
  }
  return {
    nodes,
    traceToDraw,
    drawToTrace: Int32Array.from(drawIds),
    prunedDraw,
    prunedList: finalPruned,
    staticValue,
    players,
    explicit: false,
    traceNodes,
    treeNodes: null,
  };
}

/**
 * Sets every draw node's state, value text, window and bold flag for one step.
 * @param {TraceModel} model
 * @param {object} state Stepper.state()
 * @param {{bestChild?: number|null, done?: boolean}} [opts] `done`: the search has ended;
 *   `bestChild`: the trace node of the chosen root child (its edge is drawn bold)
 */
export function applyStep(model, state, opts = {}) {
  const { nodes, traceToDraw, staticValue, players, prunedDraw } = model;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    n.state = 'unvisited';
    n.value = staticValue[i] || null;
    n.plain = n.value;
    n.bound = 0;
    n.minimax = null;
    n.window = null;
    n.bold = false;
    n.forward = false;
  }
  const values = state.values;
  // What each value is by now (the core's kind: 0 not final yet, 1 exact, 2 ≤, 3 ≥, 4 no bound).
  const bounds = state.bounds;
  const minimax = model.minimax;
  const per = model.traceNodes.length > 0 ? Math.max(1, Math.round(values.length / model.traceNodes.length)) : 1;
  for (let t = 0; t < traceToDraw.length; t++) {
    const d = traceToDraw[t];
    if (d < 0) continue;
    if (per === 1) {
      const v = values[t];
      if (!Number.isNaN(v)) {
        const kind = bounds ? bounds[t] : 0;
        const n = nodes[d];
        n.plain = formatValue(v);
        n.bound = kind;
        let text = boundText(n.plain, kind);
        // With the toggle on, a finished inner node shows its true minimax value beside it.
        if (minimax && kind > 0 && n.kind !== 'terminal' && !Number.isNaN(minimax[t])) {
          n.minimax = formatValue(minimax[t]);
          text = withMinimax(text, minimax[t]);
        }
        n.value = text;
        n.state = 'done';
      }
    } else {
      const v = values.subarray(t * per, t * per + per);
      if (!Number.isNaN(v[0])) {
        nodes[d].value = formatVector(Array.from(v).slice(0, players));
        nodes[d].state = 'done';
      }
    }
  }
  for (const o of state.open) {
    const d = traceToDraw[o.node];
    if (d < 0) continue;
    nodes[d].state = 'open';
    if (Number.isFinite(o.alpha) || Number.isFinite(o.beta) || o.alpha !== undefined) {
      if (!(o.alpha === -Infinity && o.beta === Infinity && state.windowless)) nodes[d].window = { alpha: o.alpha, beta: o.beta };
    }
  }
  // The first prunedCount edges of the trace's list are pruned by this step.
  const pruned = state.pruned ?? model.prunedList.slice(0, state.prunedCount ?? 0);
  for (const p of pruned) {
    const d = prunedDraw.get(`${p.parent}:${p.index}`);
    if (d !== undefined) {
      nodes[d].state = 'pruned';
      // Beam search dropped it unsearched (drawn apart from α-β's cutoffs).
      nodes[d].forward = !!p.forward;
    }
  }
  if (state.current != null && traceToDraw[state.current] >= 0) nodes[traceToDraw[state.current]].state = 'current';
  if (opts.done && opts.bestChild != null && traceToDraw[opts.bestChild] >= 0) nodes[traceToDraw[opts.bestChild]].bold = true;
  return model;
}

/** The root-to-node path of a draw node, as edge names: "a2 → c1". */
export function pathText(model, d) {
  const names = [];
  let at = d;
  while (at >= 0 && model.nodes[at].parent >= 0) {
    names.push(model.nodes[at].edgeLabel || '?');
    at = model.nodes[at].parent;
  }
  return names.length ? names.reverse().join(' → ') : 'the root';
}

const KIND_WORDS = { max: 'MAX node', min: 'MIN node', chance: 'chance node', terminal: 'terminal', player: 'player' };

/**
 * The hover text of a draw node: what it is, its path and what is known about it now.
 * @param {TraceModel} model
 * @param {number} d draw id
 */
export function describeNode(model, d) {
  const n = model.nodes[d];
  const lines = [];
  const t = model.drawToTrace[d];
  const tn = t >= 0 ? model.traceNodes[t] : null;
  let kind = KIND_WORDS[n.kind] ?? n.kind;
  if (n.kind === 'player') kind = `P${(n.player | 0) + 1} node`;
  if (tn?.leafWords) kind += ` (${tn.leafWords})`;
  if (tn?.tt) kind += ` (TT hit, ${tn.tt})`;
  if (tn && tn.extended > 0) kind += ` (singular extension: searched ${tn.extended} ${tn.extended === 1 ? 'ply' : 'plies'} deeper)`;
  const label = n.label || (model.explicit && model.treeNodes ? model.treeNodes[d].label : '');
  lines.push(`${label ? `${label}: ` : ''}${kind}`);
  lines.push(`path: ${pathText(model, d)}`);
  if (n.prob) lines.push(`probability ${n.prob}`);
  const states = {
    unvisited: 'not reached yet',
    open: 'open (on the search path)',
    current: 'current node',
    done: 'finished',
    pruned: 'pruned: never examined',
  };
  lines.push(n.state === 'pruned' && n.forward ? 'pruned forward by beam search: never searched, it may hide the best move' : states[n.state] ?? n.state);
  if (n.value) lines.push(`${n.kind === 'terminal' ? 'utility' : 'value'} ${n.value}`);
  if (n.window) lines.push(`window [α=${formatValue(n.window.alpha)}, β=${formatValue(n.window.beta)}]`);
  if (tn && tn.value != null && n.state !== 'done' && n.state !== 'pruned') {
    // Not revealed yet: say nothing about the final value.
  }
  return lines.join('\n');
}

/** Splits a board string into rows for a thumbnail: "X.O\n.X.\n..O". */
export function boardRows(cells, width) {
  const rows = [];
  for (let i = 0; i < cells.length; i += width) rows.push(cells.slice(i, i + width));
  return rows;
}

// ---------------------------------------------------------------------------------------
// MCTS pictures

/** Phase colours per theme; the tag text names the phase, so colour is never alone. */
export const PHASE_COLOURS = {
  light: { select: '#1f5fbf', expand: '#1e7b34', rollout: '#b35c00', backup: '#7b3fa0' },
  dark: { select: '#7fb0ff', expand: '#7ee08f', rollout: '#ffb866', backup: '#d8a6ff' },
};

/**
 * The fill of each badge an MCTS figure shows, by its text: the phases' colours, and grey
 * for the inspected node.
 * @param {boolean} dark
 */
export function mctsTagColours(dark) {
  const c = PHASE_COLOURS[dark ? 'dark' : 'light'];
  return { SELECT: c.select, EXPAND: c.expand, ROLLOUT: c.rollout, BACKUP: c.backup, INSPECTED: dark ? '#c8c8c8' : '#444444' };
}

/** W as text: integers plain, halves (draws) with one decimal. */
function wText(w) {
  return Number.isInteger(w) ? String(w) : formatValue(Math.round(w * 100) / 100);
}

/**
 * How an MCTS node is drawn, from what MctsStepper.nodes() says about it: a terminal is
 * terminal, `toMove` −1 is a chance node, and a player to move is MAX ▲ / MIN ▼ in a
 * two-player game, or player p's numbered polygon (as the trace view draws max^n trees) in
 * an n-player tree. A `toMove` above 1 is a player even if `players` was not given.
 * @param {{terminal: boolean, toMove: number}} m
 * @param {number} players
 * @returns {'terminal'|'chance'|'max'|'min'|'player'}
 */
export function mctsKind(m, players = 2) {
  if (m.terminal) return 'terminal';
  if (m.toMove < 0) return 'chance';
  if (players > 2 || m.toMove > 1) return 'player';
  return m.toMove === 0 ? 'max' : 'min';
}

/**
 * Who moves at an MCTS node, in words (for the node's tooltip): "X (MAX) to move here" in a
 * game, "MAX to move here" in a two-player tree, "P3 to move here" in an n-player tree
 * (players P1, P2, P3, P4 as the core names them), "chance: an outcome is drawn
 * here"; '' at a terminal.
 * @param {{terminal: boolean, toMove: number}} m
 * @param {{players?: number, game?: boolean}} [opts]
 */
export function mctsToMove(m, { players = 2, game = false } = {}) {
  switch (mctsKind(m, players)) {
    case 'chance':
      return 'chance: an outcome is drawn here';
    case 'player':
      return `P${m.toMove + 1} to move here`;
    case 'max':
      return game ? 'X (MAX) to move here' : 'MAX to move here';
    case 'min':
      return game ? 'O (MIN) to move here' : 'MIN to move here';
    default:
      return '';
  }
}

/**
 * The draw model of an MCTS tree at one point of the stepping.
 * @param {object[]} mnodes MctsStepper.nodes()
 * @param {object[]} events MctsStepper.lastEvents() (the iteration in the picture)
 * @param {object} opts
 * @param {string} opts.phase MctsStepper.phase
 * @param {number|null} opts.bestChild the most-visited root child (node id), drawn bold
 * @param {(node: object) => string} [opts.edgeName] edge text for a node
 * @param {number} [opts.players] 2, or the players of an n-player tree (GameTree.players)
 */
/** MCTS-Solver's marks of a proven node (the outcome for the player who moved into it). */
export const PROOF_MARKS = { win: '+∞', loss: '−∞', draw: '=' };

export function buildMctsModel(mnodes, events, opts) {
  const players = opts.players ?? 2;
  const nodes = mnodes.map((m) => ({
    id: m.id,
    parent: m.parent,
    kind: mctsKind(m, players),
    player: m.toMove >= 0 ? m.toMove : null,
    label: m.parent < 0 ? 'root' : '',
    edgeLabel: opts.edgeName ? opts.edgeName(m) : (m.label ?? ''),
    prob: '',
    // MCTS-Solver: a proven node's outcome for its mover after W/N (+∞ won, −∞ lost, = drawn).
    value: `${wText(m.w)}/${m.n}${m.proof ? ` ${PROOF_MARKS[m.proof]}` : ''}`,
    window: null,
    state: m.n > 0 ? 'done' : 'unvisited',
    bold: false,
  }));
  // The path of the iteration in the picture, and the node each phase acted on.
  let last = null;
  for (const e of events) {
    const ids = [];
    if (e.phase === 'select') ids.push(e.node, e.child);
    else if (e.phase === 'expand') ids.push(e.node, e.child);
    else ids.push(e.node);
    for (const id of ids) if (id != null && id >= 0 && nodes[id] && nodes[id].state !== 'current') nodes[id].state = 'open';
    last = e;
  }
  if (last) {
    const id = last.phase === 'select' || last.phase === 'expand' ? (last.child ?? last.node) : last.node;
    if (nodes[id]) nodes[id].state = 'current';
  }
  if (opts.bestChild != null && nodes[opts.bestChild]) nodes[opts.bestChild].bold = true;
  return { nodes };
}

/** Four decimals, as the lessons' exercise prints them. */
export function fmt4(x) {
  if (x === Infinity) return '+∞';
  if (x === -Infinity) return '−∞';
  return x.toFixed(4);
}
