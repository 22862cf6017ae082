// Draws a laid-out game/search tree on a 2D canvas context, in the lessons' notation:
// MAX ▲, MIN ▼, chance ○, terminal □, players of an n-player game as numbered polygons;
// leaf values under the leaves, backed-up values and the (α, β) window beside a node; the
// current node inside a thick ring; pruned edges dashed and their subtrees greyed; the chosen
// move's edge bold. Meaning is carried by shape, dash, width and text, so the picture still
// reads in greyscale or for a colour-blind reader; colour only reinforces it.
//
// DOM-free: it draws onto whatever CanvasRenderingContext2D-like object it is given, so the
// tests run it against a recording fake under `node --test`.
//
// Speed: apart from one pass over a typed array to grey pruned subtrees, a frame only touches
// what is on screen. Each level of `layout.order` is sorted by x, so the visible nodes of a
// level, and the visible edges into it, are two binary searches away; edges and node shapes are batched into one path per style, so the number of canvas
// calls that flush (stroke/fill) is a small constant, not one per node. When zoomed out,
// text is skipped and then nodes become dots (level of detail).

import { formatWindow } from './notation.js';

/**
 * @typedef {object} DrawNode
 * @property {number} id Equal to the node's index.
 * @property {number|null} parent
 * @property {'max'|'min'|'chance'|'terminal'|'player'} kind Decides the shape.
 * @property {number} [player] For kind 'player': 0-based player index (n-player games).
 * @property {string} [label] Name drawn to the left of the node (e.g. 'A').
 * @property {string|null} [value] Display text of the backed-up or leaf value.
 * @property {{alpha: string, beta: string}|null} [window] Display strings of the α–β window.
 * @property {'unvisited'|'open'|'done'|'pruned'|'current'} [state]
 * @property {string} [edgeLabel] Action name on the edge from the parent.
 * @property {string} [prob] Probability text on the edge from a chance parent.
 * @property {boolean} [bold] The edge from the parent is on the chosen path.
 * @property {string} [tag] A short badge drawn above the node (e.g. an MCTS phase name).
 * @property {string} [tagColour] Background of the badge (its text is always drawn too, so
 *   the badge reads without colour).
 */

/**
 * @typedef {object} TreeStyle Colours, fonts and line widths. Fonts sizes are in world units
 * (they zoom with the tree); line widths are in screen pixels (they stay crisp).
 */

/**
 * The default theme. Both palettes keep a clear contrast between text and background and use
 * fills only as a second cue next to the shapes.
 * @param {boolean} [dark=false]
 * @returns {TreeStyle}
 */
export function defaultStyle(dark = false) {
  const common = {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontSize: 13,
    smallFontSize: 10,
    minFontPx: 7,
    nodeScale: 0.8,
    minShapePx: 2,
    textPad: 8,
    edgeWidth: 1.25,
    boldEdgeWidth: 3.5,
    nodeStrokeWidth: 1.25,
    currentRingWidth: 3.5,
    dash: [6, 4],
  };
  if (dark) {
    return {
      ...common,
      background: '#16181d',
      edge: '#9aa0a6',
      boldEdge: '#f2f2f2',
      prunedEdge: '#5d6269',
      nodeStroke: '#e6e6e6',
      prunedStroke: '#5d6269',
      fill: { max: '#8a5a2b', min: '#2f5f8a', chance: '#6b6330', terminal: '#4a4d52' },
      playerFill: ['#8a5a2b', '#2f5f8a', '#3f6b33', '#6b3f73'],
      openFill: '#5c5220',
      unvisitedFill: '#16181d',
      prunedFill: '#2a2d33',
      current: '#ff6b6b',
      text: '#f2f2f2',
      mutedText: '#737880',
      edgeText: '#c8c8c8',
      tagText: '#111111',
    };
  }
  return {
    ...common,
    background: '#ffffff',
    edge: '#5b5b5b',
    boldEdge: '#111111',
    prunedEdge: '#ababab',
    nodeStroke: '#222222',
    prunedStroke: '#ababab',
    fill: { max: '#f6c28b', min: '#9cc3e6', chance: '#e8e0a8', terminal: '#d9d9d9' },
    playerFill: ['#f6c28b', '#9cc3e6', '#b5dca0', '#e0b3e6'],
    openFill: '#fff4c2',
    unvisitedFill: '#ffffff',
    prunedFill: '#efefef',
    current: '#d1242f',
    text: '#111111',
    mutedText: '#9a9a9a',
    edgeText: '#444444',
    tagText: '#ffffff',
  };
}

/**
 * @typedef {object} DrawStats What a frame drew; for tests and a debug overlay.
 * @property {number} nodes Nodes drawn.
 * @property {number} edges Edges drawn.
 * @property {boolean} text Whether text was drawn at this zoom.
 * @property {boolean} dots Whether nodes were drawn as dots at this zoom.
 * @property {Int32Array} visible The ids of the nodes drawn (a view into a scratch buffer,
 *   valid until the next frame of the same layout), so a page can decorate them.
 * @property {number} radius The screen radius of a node glyph in this frame.
 */

/** Per-layout scratch buffers, so panning does not allocate per frame. */
const scratch = new WeakMap();

/**
 * Draws `model` with positions from `layout` (from `layoutTree` over the same nodes) as seen
 * through `camera`. Draws in screen coordinates under the context's current transform (a page
 * scales by devicePixelRatio once, with setTransform). The viewport for culling is
 * `camera.width × camera.height`, falling back to `ctx.canvas`; with neither, nothing is culled.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{nodes: ArrayLike<DrawNode>}} model
 * @param {import('./tree-layout.js').TreeLayout} layout
 * @param {import('./camera.js').Camera} camera
 * @param {TreeStyle} [style]
 * @returns {DrawStats}
 */
export function drawTree(ctx, model, layout, camera, style = defaultStyle(false)) {
  const nodes = model.nodes;
  const { x, y, parent, order, levelStart, levels, nodeWidth, nodeHeight, levelHeight, y0 } = layout;
  const { scale, tx, ty } = camera;
  let viewW = camera.width;
  let viewH = camera.height;
  if (!(viewW > 0 && viewH > 0) && ctx.canvas) {
    viewW = ctx.canvas.width;
    viewH = ctx.canvas.height;
  }
  const culled = viewW > 0 && viewH > 0;

  if (style.background && culled) {
    ctx.fillStyle = style.background;
    ctx.fillRect(0, 0, viewW, viewH);
  }
  const stats = { nodes: 0, edges: 0, text: false, dots: false, visible: EMPTY_IDS, radius: 0 };
  if (order.length === 0) return stats;

  // The world rectangle to draw, grown by what can stick out of a node's box: the text
  // beside it and the current-node ring.
  const margin = Math.max(nodeWidth, nodeHeight, 8 * style.fontSize);
  let wx0 = -Infinity;
  let wx1 = Infinity;
  let wy0 = -Infinity;
  let wy1 = Infinity;
  if (culled) {
    wx0 = -tx / scale - margin;
    wx1 = (viewW - tx) / scale + margin;
    wy0 = -ty / scale - margin;
    wy1 = (viewH - ty) / scale + margin;
  }

  let buf = scratch.get(layout);
  if (!buf) {
    buf = { grey: new Uint8Array(x.length), drawn: new Int32Array(order.length) };
    scratch.set(layout, buf);
  }
  // Greyed = pruned or below a pruned node. One pass in level order (parents first) is cheap
  // next to drawing and always matches the model's current states.
  const grey = buf.grey;
  for (let k = 0; k < order.length; k++) {
    const v = order[k];
    const p = parent[v];
    grey[v] = stateOf(nodes[v]) === 'pruned' || (p >= 0 && grey[p] === 1) ? 1 : 0;
  }

  // Visible levels and, per level, the visible slice of nodes.
  const dLo = Math.max(0, Math.ceil((wy0 - y0 - nodeHeight / 2) / levelHeight));
  const dHi = Math.min(levels - 1, Math.floor((wy1 - y0 + nodeHeight / 2) / levelHeight));
  const drawn = buf.drawn;
  let nd = 0;
  for (let d = dLo; d <= dHi; d++) {
    const s = levelStart[d];
    const e = levelStart[d + 1];
    const a = firstIndex(s, e, (k) => x[order[k]] + nodeWidth / 2 >= wx0);
    const b = firstIndex(a, e, (k) => x[order[k]] - nodeWidth / 2 > wx1);
    for (let k = a; k < b; k++) drawn[nd++] = order[k];
  }

  // Visible edges: those into level d+1 whose box meets the view. Along a level both ends of
  // the edges move right monotonically, so the hits form one contiguous run.
  const edgeRuns = [];
  const eLo = Math.max(0, Math.ceil((wy0 - y0) / levelHeight) - 1);
  const eHi = Math.min(levels - 2, Math.floor((wy1 - y0) / levelHeight));
  for (let d = eLo; d <= eHi; d++) {
    const s = levelStart[d + 1];
    const e = levelStart[d + 2];
    const a = firstIndex(s, e, (k) => Math.max(x[order[k]], x[parent[order[k]]]) >= wx0);
    const b = firstIndex(a, e, (k) => Math.min(x[order[k]], x[parent[order[k]]]) > wx1);
    if (a < b) edgeRuns.push(a, b);
  }

  // Edges, one batched path per look: normal, bold (chosen path), dashed (pruned).
  const edgeKind = (c) => (grey[c] ? 2 : nodes[c] && nodes[c].bold ? 1 : 0);
  const edgeLooks = [
    [style.edge, style.edgeWidth, EMPTY_DASH],
    [style.boldEdge, style.boldEdgeWidth, EMPTY_DASH],
    [style.prunedEdge, style.edgeWidth, style.dash],
  ];
  for (let look = 0; look < 3; look++) {
    let any = false;
    for (let r = 0; r < edgeRuns.length; r += 2) {
      for (let k = edgeRuns[r]; k < edgeRuns[r + 1]; k++) {
        const c = order[k];
        if (edgeKind(c) !== look) continue;
        if (!any) {
          ctx.beginPath();
          any = true;
        }
        const p = parent[c];
        ctx.moveTo(x[p] * scale + tx, y[p] * scale + ty);
        ctx.lineTo(x[c] * scale + tx, y[c] * scale + ty);
        stats.edges++;
      }
    }
    if (any) {
      const [colour, width, dash] = edgeLooks[look];
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.setLineDash(dash);
      ctx.stroke();
    }
  }
  ctx.setLineDash(EMPTY_DASH);

  // Node shapes, filled in one path per fill colour, then outlined (greyed ones dashed).
  const r = (style.nodeScale * Math.min(nodeWidth, nodeHeight) * scale) / 2;
  const dots = r < style.minShapePx;
  stats.dots = dots;
  stats.nodes = nd;
  stats.visible = drawn.subarray(0, nd);
  stats.radius = r;
  const byFill = new Map();
  for (let i = 0; i < nd; i++) {
    const v = drawn[i];
    const colour = fillOf(nodes[v], grey[v], style);
    let list = byFill.get(colour);
    if (!list) byFill.set(colour, (list = []));
    list.push(v);
  }
  for (const [colour, list] of byFill) {
    ctx.beginPath();
    for (const v of list) {
      const sx = x[v] * scale + tx;
      const sy = y[v] * scale + ty;
      if (dots) ctx.rect(sx - style.minShapePx / 2, sy - style.minShapePx / 2, style.minShapePx, style.minShapePx);
      else shapePath(ctx, nodes[v], sx, sy, r);
    }
    ctx.fillStyle = colour;
    ctx.fill();
  }
  if (!dots) {
    for (const greyed of [0, 1]) {
      let any = false;
      for (let i = 0; i < nd; i++) {
        const v = drawn[i];
        if (grey[v] !== greyed) continue;
        if (!any) {
          ctx.beginPath();
          any = true;
        }
        shapePath(ctx, nodes[v], x[v] * scale + tx, y[v] * scale + ty, r);
      }
      if (any) {
        ctx.strokeStyle = greyed ? style.prunedStroke : style.nodeStroke;
        ctx.lineWidth = style.nodeStrokeWidth;
        ctx.setLineDash(greyed ? style.dash : EMPTY_DASH);
        ctx.stroke();
      }
    }
    ctx.setLineDash(EMPTY_DASH);
  }

  // The current node: a thick ring, never smaller than a few pixels so it can be found when
  // zoomed far out.
  for (let i = 0; i < nd; i++) {
    const v = drawn[i];
    if (stateOf(nodes[v]) !== 'current') continue;
    const sx = x[v] * scale + tx;
    const sy = y[v] * scale + ty;
    const ring = Math.max(r * 1.35, 6);
    ctx.beginPath();
    ctx.moveTo(sx + ring, sy);
    ctx.arc(sx, sy, ring, 0, 2 * Math.PI);
    ctx.strokeStyle = style.current;
    ctx.lineWidth = style.currentRingWidth;
    ctx.stroke();
  }

  // Text, only when it would be legible.
  const fontPx = Math.round(style.fontSize * scale);
  if (dots || fontPx < style.minFontPx) return stats;
  stats.text = true;
  const smallPx = Math.round(style.smallFontSize * scale);
  const small = smallPx >= style.minFontPx;
  const font = `${fontPx}px ${style.fontFamily}`;
  const smallFont = `${smallPx}px ${style.fontFamily}`;
  const pad = style.textPad;
  const { childStart } = layout;
  let lastFill = '';
  const setFill = (c) => {
    if (c !== lastFill) {
      ctx.fillStyle = c;
      lastFill = c;
    }
  };
  ctx.textBaseline = 'middle';

  // Values: under a leaf; beside (right of) an inner node, with the window underneath.
  ctx.font = font;
  for (let i = 0; i < nd; i++) {
    const v = drawn[i];
    const node = nodes[v];
    if (!node || node.value == null || node.value === '') continue;
    const sx = x[v] * scale + tx;
    const sy = y[v] * scale + ty;
    setFill(grey[v] ? style.mutedText : style.text);
    const leaf = childStart[v + 1] === childStart[v] || node.kind === 'terminal';
    if (leaf) {
      ctx.textAlign = 'center';
      ctx.fillText(node.value, sx, sy + r + pad + fontPx / 2);
    } else {
      ctx.textAlign = 'left';
      const lift = small && node.window ? smallPx / 2 + 1 : 0;
      ctx.fillText(node.value, sx + r + pad, sy - lift);
    }
  }

  // Player numbers inside n-player nodes: the shape alone repeats after a few players.
  ctx.textAlign = 'center';
  for (let i = 0; i < nd; i++) {
    const v = drawn[i];
    const node = nodes[v];
    if (!node || node.kind !== 'player') continue;
    setFill(grey[v] ? style.mutedText : style.text);
    ctx.fillText(String(Math.max(node.player | 0, 0) + 1), x[v] * scale + tx, y[v] * scale + ty);
  }
  if (!small) return stats;

  // Labels left of the node, windows right of it.
  ctx.font = smallFont;
  for (let i = 0; i < nd; i++) {
    const v = drawn[i];
    const node = nodes[v];
    if (!node) continue;
    const sx = x[v] * scale + tx;
    const sy = y[v] * scale + ty;
    setFill(grey[v] ? style.mutedText : style.text);
    if (node.label) {
      ctx.textAlign = 'right';
      ctx.fillText(node.label, sx - r - pad, sy);
    }
    if (node.tag) {
      const w = ctx.measureText ? ctx.measureText(node.tag).width : node.tag.length * smallPx * 0.6;
      const ty0 = sy - r - pad - smallPx;
      ctx.fillStyle = node.tagColour || style.current;
      ctx.fillRect(sx - w / 2 - 3, ty0 - smallPx / 2 - 2, w + 6, smallPx + 4);
      ctx.fillStyle = style.tagText || '#ffffff';
      lastFill = '';
      ctx.textAlign = 'center';
      ctx.fillText(node.tag, sx, ty0);
      setFill(grey[v] ? style.mutedText : style.text);
    }
    if (node.window) {
      ctx.textAlign = 'left';
      const hasValue = node.value != null && node.value !== '';
      const leaf = childStart[v + 1] === childStart[v] || node.kind === 'terminal';
      const drop = hasValue && !leaf ? fontPx / 2 + 1 : 0;
      ctx.fillText(formatWindow(node.window.alpha, node.window.beta), sx + r + pad, sy + drop);
    }
  }

  // Edge texts at the edge's midpoint: the action to the left, a chance probability right.
  for (let run = 0; run < edgeRuns.length; run += 2) {
    for (let k = edgeRuns[run]; k < edgeRuns[run + 1]; k++) {
      const c = order[k];
      const node = nodes[c];
      if (!node || (!node.edgeLabel && !node.prob)) continue;
      const p = parent[c];
      const mx = ((x[p] + x[c]) / 2) * scale + tx;
      const my = ((y[p] + y[c]) / 2) * scale + ty;
      setFill(grey[c] ? style.mutedText : style.edgeText);
      if (node.edgeLabel) {
        ctx.textAlign = 'right';
        ctx.fillText(node.edgeLabel, mx - pad, my);
      }
      if (node.prob) {
        ctx.textAlign = 'left';
        ctx.fillText(node.prob, mx + pad, my);
      }
    }
  }
  return stats;
}

/**
 * The node whose box (`nodeWidth × nodeHeight` around its centre) contains screen point
 * (sx, sy), or -1. Boxes are the layout's, so a click near a small glyph still lands; on each
 * level they do not overlap, so at most one node matches. O(log n): the level comes from y,
 * the node from a binary search over the level's x-sorted slice.
 * `model` is not needed for box hits; it is taken so callers pass the same triple as to
 * `drawTree`, and hidden nodes are never hit because only visible ones are in `layout.order`.
 * @param {{nodes: ArrayLike<DrawNode>}} model
 * @param {import('./tree-layout.js').TreeLayout} layout
 * @param {import('./camera.js').Camera} camera
 * @param {number} sx
 * @param {number} sy
 * @returns {number}
 */
export function hitTest(model, layout, camera, sx, sy) {
  const { x, order, levelStart, levels, nodeWidth, nodeHeight, levelHeight, y0 } = layout;
  const wx = (sx - camera.tx) / camera.scale;
  const wy = (sy - camera.ty) / camera.scale;
  const d = Math.round((wy - y0) / levelHeight);
  if (!(d >= 0 && d < levels)) return -1;
  if (Math.abs(wy - (y0 + d * levelHeight)) > nodeHeight / 2) return -1;
  const s = levelStart[d];
  const e = levelStart[d + 1];
  const k = firstIndex(s, e, (i) => x[order[i]] >= wx);
  let best = -1;
  let bestDist = nodeWidth / 2;
  for (const i of [k - 1, k]) {
    if (i < s || i >= e) continue;
    const dist = Math.abs(x[order[i]] - wx);
    if (dist <= bestDist) {
      best = order[i];
      bestDist = dist;
    }
  }
  return best;
}

const EMPTY_DASH = [];
const EMPTY_IDS = new Int32Array(0);

/** Smallest k in [lo, hi) with pred(k) true, for a predicate false-then-true; hi if none. */
function firstIndex(lo, hi, pred) {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function stateOf(node) {
  return node && node.state ? node.state : 'unvisited';
}

function fillOf(node, greyed, style) {
  if (greyed) return style.prunedFill;
  const state = stateOf(node);
  if (state === 'unvisited') return style.unvisitedFill;
  if (state === 'open' || state === 'current') return style.openFill;
  if (node.kind === 'player') {
    const pal = style.playerFill;
    return pal[((node.player | 0) % pal.length + pal.length) % pal.length];
  }
  return style.fill[node.kind] ?? style.fill.terminal;
}

const SIN60 = Math.sqrt(3) / 2;

/**
 * Adds the node's glyph to the current path, centred on (sx, sy) within radius r. Every glyph
 * starts with its own moveTo so batched glyphs never join up.
 */
function shapePath(ctx, node, sx, sy, r) {
  const kind = node ? node.kind : 'terminal';
  switch (kind) {
    case 'max': // ▲ apex first, above the base.
      ctx.moveTo(sx, sy - r);
      ctx.lineTo(sx + r * SIN60, sy + r / 2);
      ctx.lineTo(sx - r * SIN60, sy + r / 2);
      ctx.closePath();
      return;
    case 'min': // ▼ apex first, below the base.
      ctx.moveTo(sx, sy + r);
      ctx.lineTo(sx - r * SIN60, sy - r / 2);
      ctx.lineTo(sx + r * SIN60, sy - r / 2);
      ctx.closePath();
      return;
    case 'chance': {
      const rc = r * 0.8;
      ctx.moveTo(sx + rc, sy);
      ctx.arc(sx, sy, rc, 0, 2 * Math.PI);
      return;
    }
    case 'player': {
      // Player p gets a regular polygon with p + 3 corners, a corner on top: player 0 ▲,
      // player 1 ◆ (a diamond, unlike the terminal square), then pentagon, hexagon, …
      const sides = Math.min(Math.max(node.player | 0, 0) + 3, 12);
      ctx.moveTo(sx, sy - r);
      for (let i = 1; i < sides; i++) {
        const a = -Math.PI / 2 + (2 * Math.PI * i) / sides;
        ctx.lineTo(sx + r * Math.cos(a), sy + r * Math.sin(a));
      }
      ctx.closePath();
      return;
    }
    default: {
      // 'terminal' and anything unknown: a square.
      const s = r * 0.7;
      ctx.rect(sx - s, sy - s, 2 * s, 2 * s);
    }
  }
}
