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

import { boundText, formatValue, formatVector, formatWindow, withMinimax } from './notation.js';
import { defaultStyle, shapePath } from './tree-style.js';

export { defaultStyle, shapePath };

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

const worldWidths = new Map();

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
  const margin = Math.max(nodeWidth, nodeHeight, levelHeight, 16 * style.fontSize);
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

  // Edges, one batched path per look: normal, bold (chosen path), dashed (pruned by a
  // cutoff), dotted (pruned forward by beam search: never searched). Under board thumbnails
  // an edge leaves its parent below the thumbnail, never across it.
  const edgeFrom = layout.geometry?.edgeFrom ?? 0;
  const edgeKind = (c) => (grey[c] ? (nodes[c] && nodes[c].forward ? 3 : 2) : nodes[c] && nodes[c].bold ? 1 : 0);
  const edgeLooks = [
    [style.edge, style.edgeWidth, EMPTY_DASH],
    [style.boldEdge, style.boldEdgeWidth, EMPTY_DASH],
    [style.prunedEdge, style.edgeWidth, style.dash],
    [style.prunedEdge, style.edgeWidth, FORWARD_DASH],
  ];
  // Compact placement: the edges leave below the line under a node, and a stem joins them to
  // the node (the node's minimax line, when it shows, is drawn over it). A stem looks like
  // the node's own edges: greyed under a cut, bold on the chosen path.
  const stems = new Map();
  if (edgeFrom > 0 && layout.geometry?.compact) {
    for (let r = 0; r < edgeRuns.length; r += 2) {
      for (let k = edgeRuns[r]; k < edgeRuns[r + 1]; k++) {
        const c = order[k];
        const p = parent[c];
        const look = grey[p] ? 2 : edgeKind(c) === 1 ? 1 : 0;
        if (look > (stems.get(p) ?? -1)) stems.set(p, look);
      }
    }
  }
  for (let look = 0; look < edgeLooks.length; look++) {
    let any = false;
    for (const [p, stemLook] of stems) {
      if (stemLook !== look) continue;
      if (!any) {
        ctx.beginPath();
        any = true;
      }
      ctx.moveTo(x[p] * scale + tx, y[p] * scale + ty);
      ctx.lineTo(x[p] * scale + tx, (y[p] + edgeFrom) * scale + ty);
    }
    for (let r = 0; r < edgeRuns.length; r += 2) {
      for (let k = edgeRuns[r]; k < edgeRuns[r + 1]; k++) {
        const c = order[k];
        if (edgeKind(c) !== look) continue;
        if (!any) {
          ctx.beginPath();
          any = true;
        }
        const p = parent[c];
        ctx.moveTo(x[p] * scale + tx, (y[p] + edgeFrom) * scale + ty);
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
    const ring = Math.max(r * RING, 6);
    ctx.beginPath();
    ctx.moveTo(sx + ring, sy);
    ctx.arc(sx, sy, ring, 0, 2 * Math.PI);
    ctx.strokeStyle = style.current;
    ctx.lineWidth = style.currentRingWidth;
    ctx.stroke();
  }

  // Text, only when it would be legible: a size that would fall under minFontPx on screen is
  // not drawn at all (values keep showing a little further out than the smaller labels).
  // Every text comes from nodeTexts, the placement labelSpace reserved room for.
  const bigPx = style.fontSize * scale;
  const smallPx = style.smallFontSize * scale;
  if (dots || bigPx < style.minFontPx) return stats;
  stats.text = true;
  const small = smallPx >= style.minFontPx;
  const geom = layout.geometry ?? labelSpace({ nodes: [] }, style, () => 0, layout).geometry;
  const fonts = {
    big: `${bigPx}px ${style.fontFamily}`,
    small: `${smallPx}px ${style.fontFamily}`,
    bold: `bold ${smallPx}px ${style.fontFamily}`,
  };
  ctx.textBaseline = 'middle';
  const items = [];
  for (let i = 0; i < nd; i++) nodeTexts(nodes, layout, geom, drawn[i], style, items);
  for (let run = 0; run < edgeRuns.length; run += 2) {
    for (let k = edgeRuns[run]; k < edgeRuns[run + 1]; k++) edgeTexts(nodes, layout, geom, order[k], style, items);
  }
  // The room each text has: its width at the layout's font size (what labelSpace reserved),
  // times the scale. A font's width does not scale exactly with its size (hinting, rounding:
  // a text can be a few per cent wider at 11 px than 11/14 of its width at 14 px), so a text
  // wider than its room on screen is drawn condensed into it (fillText's maxWidth) and never
  // runs into its neighbour.
  const shown = items.filter((it) => it.size === 'big' || small);
  const worldFonts = {
    big: `${style.fontSize}px ${style.fontFamily}`,
    small: `${style.smallFontSize}px ${style.fontFamily}`,
    bold: `bold ${style.smallFontSize}px ${style.fontFamily}`,
  };
  for (const it of shown) {
    const key = `${worldFonts[it.size]}|${it.text}`;
    let world = worldWidths.get(key);
    if (world === undefined) {
      if (worldWidths.size > 20000) worldWidths.clear();
      ctx.font = worldFonts[it.size];
      world = ctx.measureText(it.text).width;
      worldWidths.set(key, world);
    }
    ctx.font = fonts[it.size];
    const w = ctx.measureText(it.text).width;
    it.w = Math.min(w, world * scale);
    it.fit = w > world * scale + 1e-9 ? world * scale : undefined;
  }
  // Halos: the background behind each text, so an edge passing under a label never cuts it.
  // Their size comes from the text's alignment and its drawn width.
  if (style.background) {
    ctx.beginPath();
    for (const it of shown) {
      if (it.kind === 'player' || it.kind === 'tag') continue;
      const w = it.w;
      const h = it.size === 'big' ? bigPx : smallPx;
      const sx = it.x * scale + tx;
      const x0 = it.align === 'left' ? sx : it.align === 'right' ? sx - w : sx - w / 2;
      ctx.rect(x0 - 1, it.y * scale + ty - h / 2, w + 2, h);
    }
    ctx.fillStyle = style.background;
    ctx.fill();
  }
  let lastFill = '';
  let lastFont = '';
  for (const it of shown) {
    const sx = it.x * scale + tx;
    const sy = it.y * scale + ty;
    const font = fonts[it.size];
    if (font !== lastFont) {
      ctx.font = font;
      lastFont = font;
    }
    if (it.kind === 'tag') {
      const w = ctx.measureText(it.text).width;
      ctx.fillStyle = it.colour || style.current;
      ctx.fillRect(sx - w / 2 - 3, sy - smallPx / 2 - 2, w + 6, smallPx + 4);
      lastFill = '';
    }
    const colour = it.kind === 'tag' ? style.tagText || '#ffffff' : grey[it.id] ? style.mutedText : it.kind === 'edge' ? style.edgeText : style.text;
    if (colour !== lastFill) {
      ctx.fillStyle = colour;
      lastFill = colour;
    }
    ctx.textAlign = it.align;
    if (it.fit === undefined) ctx.fillText(it.text, sx, sy);
    else ctx.fillText(it.text, sx, sy, it.fit);
  }
  return stats;
}

/**
 * @typedef {object} LabelGeometry Where a node's texts go, in world units relative to its
 *   centre (the layout carries it as `layout.geometry`; `labelSpace` makes it).
 * @property {number} r Glyph radius.
 * @property {number} pad Space between a glyph and the text beside it.
 * @property {number} belowDy Centre of the line under a node (a leaf's value, a collapsed
 *   node's count).
 * @property {number} thumbDy Top of a board thumbnail under a node.
 * @property {number} edgeFrom Where an edge leaves its parent, below the parent's centre:
 *   0, or the bottom of the board thumbnail under it.
 * @property {number} edgeDy The height of an edge's texts, below the parent's centre.
 * @property {number} edgeT Where on an edge its texts sit: this fraction of the way across.
 * @property {number} edgeOff Distance of the edge texts from the edge's anchor point.
 * @property {number} tagDy Centre of a node's tag badge (above it).
 * @property {number} rowHalf Half the height of a node's row.
 * @property {boolean} compact The narrow placement (labelSpace's `compact`): a window as α
 *   over β, a true minimax value under its node, a stem from a node down to its edges.
 */

/** The outer edge of the current node's ring, at scale 1: texts stay clear of it. */
function ringOuter(r, style) {
  return Math.max(r * RING, 6) + style.currentRingWidth / 2;
}

/** Space between a glyph and the text beside it: the text pad, or clear of the ring. */
function sidePad(r, style) {
  return Math.max(style.textPad, ringOuter(r, style) + 2 - r);
}

const RING = 1.35;
const EDGE_AIR = 3;
/** What notation.js withMinimax puts between a value and its true minimax value. */
const MINIMAX_SEP = ' · ';
/**
 * Compact mode (a canvas narrower than the tree): glyphs at this fraction of their size, the
 * texts on an edge this far down it (near the child, where neighbouring edges are far apart).
 */
export const COMPACT_NODE = 0.8;
const COMPACT_EDGE_T = 0.6;

/** Does node v draw as a leaf (its value under it, no window)? */
function isLeaf(layout, nodes, v) {
  const { childStart } = layout;
  return childStart[v + 1] === childStart[v] || (nodes[v] && nodes[v].kind === 'terminal');
}

/** Is v an inner node whose children are hidden (collapsed)? */
function isFolded(layout, v) {
  const { childStart, childList, visible } = layout;
  return childStart[v + 1] > childStart[v] && !visible[childList[childStart[v]]];
}

/**
 * Pushes the texts node v draws on its row and under it (world coordinates): its name left of
 * it; a leaf's value under it, an inner node's value right of it with the α–β window below
 * that; the player number inside an n-player node; a collapsed node's count under it; a tag
 * badge above it. Shared by drawTree and the label test, so what is tested is what is drawn.
 */
function nodeTexts(nodes, layout, geom, v, style, out) {
  const node = nodes[v];
  if (!node) return;
  const x = layout.x[v];
  const y = layout.y[v];
  const { r, pad } = geom;
  const leaf = isLeaf(layout, nodes, v);
  const hasValue = node.value != null && node.value !== '';
  const showWindow = Boolean(node.window) && !leaf;
  const folded = isFolded(layout, v);
  const lines = showWindow ? windowLines(formatWindow(node.window.alpha, node.window.beta), geom.compact) : [];
  if (hasValue) {
    if (leaf) out.push({ id: v, kind: 'value', text: node.value, x, y: y + geom.belowDy, size: 'big', align: 'center' });
    else {
      // Compact: the true minimax value goes on its own line under the node (the edges leave
      // below that line), not beside the search's value.
      const [head, tail] = geom.compact && !folded ? splitMinimax(node.value) : [node.value, ''];
      const dy = lines.length ? -(style.fontSize / 2 + 1 + ((lines.length - 1) * style.smallFontSize) / 2) : 0;
      out.push({ id: v, kind: 'value', text: head, x: x + r + pad, y: y + dy, size: 'big', align: 'left' });
      if (tail) out.push({ id: v, kind: 'value', text: tail, x, y: y + geom.belowDy, size: 'small', align: 'center' });
    }
  }
  if (node.kind === 'player') {
    out.push({ id: v, kind: 'player', text: String(Math.max(node.player | 0, 0) + 1), x, y, size: 'big', align: 'center' });
  }
  if (node.label) out.push({ id: v, kind: 'label', text: node.label, x: x - r - pad, y, size: 'small', align: 'right' });
  // The window beside the node, under its value: one line, or (compact) α over β.
  lines.forEach((text, i) => {
    const first = hasValue ? style.smallFontSize / 2 + 1 - ((lines.length - 1) * style.smallFontSize) / 2 : -((lines.length - 1) * style.smallFontSize) / 2;
    const dy = first + i * style.smallFontSize;
    out.push({ id: v, kind: 'window', text, x: x + r + pad, y: y + dy, size: 'small', align: 'left' });
  });
  if (folded) {
    const hidden = layout.childStart[v + 1] - layout.childStart[v];
    out.push({ id: v, kind: 'folded', text: foldedText(hidden), x, y: y + geom.belowDy, size: 'bold', align: 'center' });
  }
  if (node.tag) out.push({ id: v, kind: 'tag', text: node.tag, colour: node.tagColour, x, y: y + geom.tagDy, size: 'small', align: 'center' });
}

/**
 * The boxes (world units) of what drawTree draws for the nodes `ids`: each glyph
 * ({id, kind: 'glyph'}), the texts on its row and under it, and the texts on the edge into it,
 * each {id, kind, text, minX, minY, maxX, maxY}; `measure(text, px, bold)` the text's width.
 * What a box of HTML over the canvas must not cover (predict mode's answer field).
 */
export function drawnBoxes(model, layout, style, measure, ids) {
  const geom = layout.geometry ?? labelSpace({ nodes: [] }, style, () => 0, layout).geometry;
  const items = [];
  const out = [];
  for (const v of ids) {
    if (!layout.visible[v]) continue;
    const { r } = geom;
    out.push({ id: v, kind: 'glyph', text: '', minX: layout.x[v] - r, minY: layout.y[v] - r, maxX: layout.x[v] + r, maxY: layout.y[v] + r });
    nodeTexts(model.nodes, layout, geom, v, style, items);
    edgeTexts(model.nodes, layout, geom, v, style, items);
  }
  for (const it of items) {
    const px = it.size === 'big' ? style.fontSize : style.smallFontSize;
    // (A tag is drawn on a badge 3 px wider and 2 px taller on each side.)
    const [padX, padY] = it.kind === 'tag' ? [3, 2] : [0, 0];
    const w = measure(it.text, px, it.size === 'bold');
    const x0 = it.align === 'left' ? it.x : it.align === 'right' ? it.x - w : it.x - w / 2;
    out.push({ id: it.id, kind: it.kind, text: it.text, minX: x0 - padX, minY: it.y - px / 2 - padY, maxX: x0 + w + padX, maxY: it.y + px / 2 + padY });
  }
  return out;
}

/** The mark under a collapsed node: how many children it hides. */
function foldedText(hidden) {
  return `⊕ ${hidden}`;
}

/** An α–β window's lines: `[α=…, β=…]` on one, or (compact) `α=…` over `β=…`. */
function windowLines(text, compact) {
  const m = compact ? /^\[(.*), (.*)\]$/.exec(text) : null;
  return m ? [m[1], m[2]] : [text];
}

/** A value and its true minimax part (notation.js withMinimax): `["≤ 2", "minimax: 2"]`. */
function splitMinimax(text) {
  const at = text.indexOf(MINIMAX_SEP);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + MINIMAX_SEP.length)];
}

/** Pushes the texts on the edge into node c: the action left of it, a probability right. */
function edgeTexts(nodes, layout, geom, c, style, out) {
  const node = nodes[c];
  if (!node || (!node.edgeLabel && !node.prob)) return;
  const p = layout.parent[c];
  if (p < 0) return;
  const t = geom.edgeT;
  const mx = layout.x[p] + t * (layout.x[c] - layout.x[p]);
  const my = layout.y[p] + (geom.edgeDy ?? t * (layout.y[c] - layout.y[p]));
  if (node.edgeLabel) out.push({ id: c, kind: 'edge', text: node.edgeLabel, x: mx - geom.edgeOff, y: my, size: 'small', align: 'right' });
  if (node.prob) out.push({ id: c, kind: 'edge', text: node.prob, x: mx + geom.edgeOff, y: my, size: 'small', align: 'left' });
}

/**
 * The room every label needs, as options for layoutTree: measured text widths become each
 * node's extents in four bands (its row; the line under it; the texts on the edge into it;
 * its tag badge), and the level height stacks those bands so that texts of different bands
 * never share a height. Laid out with these options, no two texts of the drawing overlap and
 * no text covers another node's glyph, at every zoom (text scales with the tree).
 *
 * What a node may show changes as a search is stepped, so the room is reserved for the widest
 * text it can show: `reserve[v]` lists extra value texts to make room for (a recorded
 * search's final values, say), and `windows` reserves an α–β window of `windowText` beside
 * every inner node.
 *
 * DOM-free: `measure(text, px, bold)` returns a text's width in pixels at font size `px`
 * (a canvas's measureText in the page, a fixed-width stand-in in the tests).
 *
 * @param {{nodes: ArrayLike<DrawNode>}} model
 * @param {TreeStyle} style
 * @param {(text: string, px: number, bold?: boolean) => number} measure
 * @param {object} [opts]
 * @param {number} [opts.nodeWidth=40]
 * @param {number} [opts.nodeHeight]
 * @param {Iterable<number>} [opts.collapsed] as for layoutTree
 * @param {ArrayLike<string[]|string|null>} [opts.reserve] per node: more value texts to fit
 * @param {string|null} [opts.windowText] the widest window to fit beside inner nodes
 * @param {string[]} [opts.tags] tag words to fit above every node (MCTS phases)
 * @param {{w: number, h: number}|null} [opts.thumb] a board thumbnail under every node
 * @param {boolean} [opts.compact] the narrow placement, for a canvas narrower than the tree:
 *   glyphs at COMPACT_NODE of nodeWidth, less air between texts, an inner node's window as
 *   α over β and its true minimax value ("minimax: 2") on a line under it (its edges then
 *   leave below that line), and the edge texts lower down their edges, where neighbouring
 *   edges are further apart; the levels may be taller
 * @returns {object} layoutTree options: nodeWidth, nodeHeight, levelHeight, bands, top,
 *   bottom, siblingGap, subtreeGap, geometry (add `collapsed` for the layout)
 */
export function labelSpace(model, style, measure, opts = {}) {
  const nodes = model.nodes;
  const n = nodes.length;
  const compact = Boolean(opts.compact);
  const shrink = compact ? COMPACT_NODE : 1;
  const nodeWidth = (opts.nodeWidth ?? 40) * shrink;
  const nodeHeight = (opts.nodeHeight ?? opts.nodeWidth ?? 40) * shrink;
  const r = (style.nodeScale * Math.min(nodeWidth, nodeHeight)) / 2;
  const pad = sidePad(r, style);
  const gap = compact ? Math.min(2, style.bandGap) : style.bandGap;
  const big = style.fontSize;
  const sm = style.smallFontSize;
  const edgeOff = compact ? style.textPad / 4 : style.textPad / 2;
  const edgeAir = compact ? 0 : EDGE_AIR;
  const apart = (style.textApart ?? 0) * (compact ? 0.6 : 1);
  const width = measure;

  // Structure: children counts and which nodes are folded (their children hidden).
  const kids = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    const p = nodes[v].parent;
    if (p != null && p >= 0 && p < n) kids[p]++;
  }
  const folded = new Uint8Array(n);
  if (opts.collapsed) for (const id of opts.collapsed) if (Number.isInteger(id) && id >= 0 && id < n && kids[id] > 0) folded[id] = 1;
  // A node under a folded ancestor is hidden; its room does not matter, but a hidden node's
  // extents are still filled in (the layout ignores them).
  const rowL = new Float64Array(n);
  const rowR = new Float64Array(n);
  const below = new Float64Array(n);
  const edgeL = new Float64Array(n);
  const edgeR = new Float64Array(n);
  const tagHalf = new Float64Array(n);
  const thumb = opts.thumb ?? null;
  let tagW = 0;
  for (const t of opts.tags ?? []) tagW = Math.max(tagW, width(t, sm) + 6);
  const lineWidth = (text) => Math.max(...windowLines(text, compact).map((t) => width(t, sm)));
  const windowW = opts.windowText ? lineWidth(opts.windowText) : 0;
  let anyBelow = false;
  // Compact: a true minimax value under an inner node (then every edge leaves below it).
  let anyTail = false;
  let anyWindow = windowW > 0;
  let anyEdge = false;
  let anyTag = tagW > 0;
  for (let v = 0; v < n; v++) {
    const node = nodes[v];
    const leaf = kids[v] === 0 || node.kind === 'terminal';
    rowL[v] = r + (node.label ? pad + width(node.label, sm) + apart / 2 : 0);
    let right = 0;
    let under = 0;
    const extra = opts.reserve?.[v];
    for (const text of [node.value, ...(typeof extra === 'string' ? [extra] : (extra ?? []))]) {
      if (!text) continue;
      if (leaf) {
        under = Math.max(under, width(text, big) / 2);
        continue;
      }
      // (nodeTexts splits the same way: not under a folded node, where its count goes.)
      const [head, tail] = compact && !folded[v] ? splitMinimax(text) : [text, ''];
      right = Math.max(right, width(head, big));
      if (tail) {
        under = Math.max(under, width(tail, sm) / 2);
        anyTail = true;
      }
    }
    if (leaf && under > 0) anyBelow = true;
    if (!leaf && windowW > 0) right = Math.max(right, windowW);
    if (!leaf && node.window) {
      right = Math.max(right, lineWidth(formatWindow(node.window.alpha, node.window.beta)));
      anyWindow = true;
    }
    rowR[v] = r + (right > 0 ? pad + right + apart / 2 : 0);
    if (folded[v]) {
      under = Math.max(under, width(foldedText(kids[v]), sm, true) / 2);
      anyBelow = true;
    }
    if (thumb) under = Math.max(under, thumb.w / 2 + 1);
    below[v] = under;
    const hasParent = node.parent != null && node.parent >= 0;
    // Plus a little air, so that the texts of neighbouring edges do not read as one.
    if (hasParent && node.edgeLabel) edgeL[v] = edgeOff + width(node.edgeLabel, sm) + edgeAir;
    if (hasParent && node.prob) edgeR[v] = edgeOff + width(node.prob, sm) + edgeAir;
    if (edgeL[v] || edgeR[v]) anyEdge = true;
    let tw = tagW;
    if (node.tag) {
      tw = Math.max(tw, width(node.tag, sm) + 6);
      anyTag = true;
    }
    tagHalf[v] = tw / 2;
  }

  // The bands, top to bottom: row, under (value line, then a thumbnail), edge texts, tag.
  // (Compact: a value over a window's two lines, beside the node.)
  const rowHalf = Math.max(ringOuter(r, style), big + 1, sm + 1, compact && anyWindow ? big + 1 + sm / 2 : 0);
  const lineH = anyBelow || anyTail ? big : 0;
  const thumbTop = thumb ? lineH + (lineH ? gap : 0) : 0;
  const belowH = lineH + (thumb ? (lineH ? gap : 0) + thumb.h : 0);
  const belowTop = rowHalf + gap;
  const edgeTop = belowTop + belowH + (belowH ? gap : 0);
  const edgeH = anyEdge ? sm : 0;
  const tagH = anyTag ? sm + 4 : 0;
  const tagRoom = tagH + (tagH ? gap : 0) + rowHalf;
  // Under thumbnails (and compact minimax lines) the edges leave a node below them: the edge
  // texts sit at the fraction of the drawn line's run that their height is.
  const edgeFrom = thumb || (compact && anyTail) ? belowTop + belowH + (thumb ? 0 : 1) : 0;
  let levelHeight = edgeTop + edgeH + (edgeH ? gap : 0) + tagRoom;
  let edgeDy = edgeTop + sm / 2;
  if (compact && anyEdge) {
    // The edge texts right above the child's row, and the level tall enough for them to be
    // COMPACT_EDGE_T of the way down.
    const above = tagRoom + gap + sm / 2;
    levelHeight = Math.max(levelHeight, edgeFrom + above / (1 - COMPACT_EDGE_T));
    edgeDy = levelHeight - above;
  }
  const geometry = {
    compact,
    r,
    pad,
    rowHalf,
    belowDy: belowTop + big / 2,
    thumbDy: belowTop + thumbTop,
    edgeFrom,
    edgeDy,
    edgeT: (edgeDy - edgeFrom) / (levelHeight - edgeFrom),
    edgeOff,
    tagDy: -(rowHalf + gap + (sm + 4) / 2),
  };
  const bands = [{ left: rowL, right: rowR }];
  if (anyBelow || thumb) bands.push({ left: below, right: below });
  if (anyEdge) bands.push({ left: edgeL, right: edgeR, edge: geometry.edgeT });
  if (anyTag) bands.push({ left: tagHalf, right: tagHalf });
  return {
    nodeWidth,
    nodeHeight,
    levelHeight,
    bands,
    top: rowHalf + (anyTag ? gap + tagH : 0),
    bottom: belowTop + belowH,
    siblingGap: style.labelGap,
    subtreeGap: style.labelGap * (compact ? 2 : 3),
    geometry,
  };
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
/** Forward-pruned edges (beam search): short dots, apart from a cutoff's dashes. */
const FORWARD_DASH = [2, 4];
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

/**
 * What a recorded search's nodes may show, so that the layout can make room for it before it
 * is shown: per node its final value (the trace knows it), and the widest α–β window, both
 * bounds as wide as the widest value of the tree or ∞. A running value is always some node's
 * value, so an inner node's room for that window (12 px text holding the widest value twice)
 * also holds any value it shows. Other models (MCTS) reserve nothing here: TreeCanvas.update
 * lays them out again when a text grows. `width(text)` measures a value text.
 * @returns {{values: (string[]|null)[], window: string}}
 */
export function reserveFor(model, width) {
  let widest = formatValue(-Infinity);
  const values = Array.from(model.nodes, (_, d) => {
    const t = model.drawToTrace ? model.drawToTrace[d] : -1;
    const tn = t >= 0 ? model.traceNodes[t] : null;
    let text = model.staticValue?.[d] || '';
    const texts = [];
    if (tn && tn.value != null) {
      text = Array.isArray(tn.value) ? formatVector(tn.value.slice(0, model.players ?? 2)) : formatValue(tn.value);
      // The final value with its kind ("≤ 2", "≥ 5": notation.js boundText) and, when the
      // figure shows them, the true minimax value beside it ("≤ 2 · minimax: 4").
      if (!Array.isArray(tn.value)) {
        const shown = boundText(text, tn.bound === undefined ? 'exact' : (tn.bound ?? 4));
        texts.push(shown);
        const m = model.minimax ? model.minimax[t] : null;
        if (tn.leaf !== 'terminal') texts.push(withMinimax(shown, m));
      }
    }
    if (!text) return null;
    // The window's room holds a running value (a plain number) twice.
    if (width(text) > width(widest)) widest = text;
    return [text, ...texts];
  });
  return { values, window: formatWindow(widest, widest) };
}
