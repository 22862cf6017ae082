// Draws the core's placed figure (the wasm `FigurePlan`'s `layout()` with one step's
// `at(step)`, or `figureRecord`, both in one object: the picture the TikZ and SVG writers
// draw, placed once by `plyground::export::plan`; or a practice exercise's, `PracticeFigure`,
// whose marks ✓ and ✗ are labels of kind "mark") on a 2D canvas context: the same
// glyphs, edges (with their stems), texts and ring at the same places. Every text is drawn in
// the box the core placed it in: set at its anchor, and condensed into the box (fillText's
// maxWidth) where the canvas's font would run wider than the core's advance table, so the
// core's check (no text on another, a glyph, the ring or an edge) holds on the canvas too.
//
// A record may carry `tagColours` ({text: colour}): the fill of each badge (label kind "tag",
// an MCTS phase).
//
// DOM-free: tested under node --test with a recording context.

import { defaultStyle, shapePath } from './tree-style.js';

/** The glyph radius and the ring's, in cm (as the core's SVG draws them: a chance circle
 * 0.8 and a terminal square 0.7 of the radius, as shapePath draws them). */
const RADIUS = 0.25;
const RING = 0.34;
const CM_PER_PT = 2.54 / 72.27;
/** Room either side of a badge's text, cm (the core's `layout::TAG_PAD`). */
const TAG_PAD = 0.06;

/**
 * Where a record goes on screen: `scale` px per cm (default the record's `pxPerCm`, where the
 * smallest text is 11 px), the bounds' top-left corner at (`tx`, `ty`) px.
 * @param {object} rec figureRecord's result
 * @param {{scale?: number, tx?: number, ty?: number}} [view]
 */
export function figureView(rec, view = {}) {
  const scale = view.scale ?? rec.pxPerCm;
  const [x0, , , y1] = rec.bounds;
  const tx = view.tx ?? 0;
  const ty = view.ty ?? 0;
  return { scale, at: (x, y) => [tx + (x - x0) * scale, ty + (y1 - y) * scale] };
}

/**
 * The text boxes as drawn, in screen px: {text, kind, node, x0, y0, x1, y1, px}.
 * @param {object} rec
 * @param {{scale?: number, tx?: number, ty?: number}} [view]
 */
export function figureTextBoxes(rec, view = {}) {
  const { scale, at } = figureView(rec, view);
  return rec.labels.map((l) => {
    const [bx0, by0, bx1, by1] = l.box;
    const [x0, y0] = at(bx0, by1);
    const [x1, y1] = at(bx1, by0);
    return { text: l.text, kind: l.kind, node: l.node, x0, y0, x1, y1, px: l.pt * CM_PER_PT * scale };
  });
}

/**
 * Draws `rec` into `ctx`. With `view.clip` ({w, h}, screen px) only what meets that rectangle
 * is drawn, and texts under `style.minFontPx` on screen are left out (a tree zoomed out past
 * its texts): the canvas draws a big tree at a frame's cost.
 * Returns {nodes, edges, text, visible, radius}: the glyphs and edges drawn, whether any text
 * was, the ids of the glyphs drawn, the glyph radius on screen.
 * @param {CanvasRenderingContext2D} ctx
 * @param {object} rec figureRecord's result
 * @param {{scale?: number, tx?: number, ty?: number, clip?: {w: number, h: number}}} [view]
 * @param {object} [style] tree-style.js defaultStyle (colours, font family, line widths)
 */
export function drawFigure(ctx, rec, view = {}, style = defaultStyle(false)) {
  const { scale, at } = figureView(rec, view);
  const n = rec.x.length;
  const clip = view.clip ?? null;
  const out = (x0, y0, x1, y1) => clip !== null && (x1 < 0 || y1 < 0 || x0 > clip.w || y0 > clip.h);
  const stats = { nodes: 0, edges: 0, text: false, visible: [], radius: RADIUS * scale };
  // Edges, one path per look (a big game search has thousands: no arrays made per edge).
  const looks = {
    edge: [style.edge, style.edgeWidth, []],
    chosen: [style.boldEdge, style.boldEdgeWidth, []],
    pruned: [style.prunedEdge, style.edgeWidth, style.dash],
    forward: [style.prunedEdge, style.edgeWidth, [2, 4]],
  };
  const e = rec.edges;
  const pts = new Float64Array(8);
  for (const [look, [colour, width, dash]] of Object.entries(looks)) {
    let any = false;
    for (let k = 0; k < rec.edgeLooks.length; k++) {
      if (rec.edgeLooks[k] !== look) continue;
      let x0 = Infinity;
      let y0 = Infinity;
      let x1 = -Infinity;
      let y1 = -Infinity;
      for (let i = 0; i < 4; i++) {
        const [px, py] = at(e[k * 9 + 1 + 2 * i], e[k * 9 + 2 + 2 * i]);
        pts[2 * i] = px;
        pts[2 * i + 1] = py;
        x0 = Math.min(x0, px);
        x1 = Math.max(x1, px);
        y0 = Math.min(y0, py);
        y1 = Math.max(y1, py);
      }
      if (out(x0, y0, x1, y1)) continue;
      if (!any) ctx.beginPath();
      any = true;
      stats.edges++;
      ctx.moveTo(pts[0], pts[1]);
      for (let i = 1; i < 4; i++) ctx.lineTo(pts[2 * i], pts[2 * i + 1]);
    }
    if (any) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.setLineDash(dash);
      ctx.stroke();
    }
  }
  ctx.setLineDash([]);
  // Glyphs, one path per fill (greyed ones apart: outlined dashed).
  const r = RADIUS * scale;
  const groups = new Map();
  for (let v = 0; v < n; v++) {
    const [sx, sy] = at(rec.x[v], rec.y[v]);
    if (out(sx - r, sy - r, sx + r, sy + r)) continue;
    stats.nodes++;
    stats.visible.push(v);
    const state = rec.states[v];
    const kind = rec.kinds[v];
    const grey = Boolean(rec.greyed[v]);
    let fill;
    if (grey) fill = style.prunedFill;
    else if (state === 'unvisited') fill = style.unvisitedFill;
    else if (state === 'open' || state === 'current') fill = style.openFill;
    else if (kind === 'player') fill = style.playerFill[rec.players[v] % style.playerFill.length];
    else fill = style.fill[kind] ?? style.fill.terminal;
    const key = `${grey ? 1 : 0}${fill}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { fill, grey, nodes: [] }));
    g.nodes.push(v, sx, sy);
  }
  for (const g of groups.values()) {
    ctx.beginPath();
    for (let i = 0; i < g.nodes.length; i += 3) {
      const v = g.nodes[i];
      shapePath(ctx, { kind: rec.kinds[v], player: rec.players[v] }, g.nodes[i + 1], g.nodes[i + 2], r);
    }
    ctx.fillStyle = g.fill;
    ctx.fill();
    ctx.strokeStyle = g.grey ? style.prunedStroke : style.nodeStroke;
    ctx.lineWidth = style.nodeStrokeWidth;
    ctx.setLineDash(g.grey ? style.dash : []);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  // The ring.
  if (rec.ring >= 0) {
    const [sx, sy] = at(rec.x[rec.ring], rec.y[rec.ring]);
    ctx.beginPath();
    ctx.moveTo(sx + RING * scale, sy);
    ctx.arc(sx, sy, RING * scale, 0, 2 * Math.PI);
    ctx.strokeStyle = style.current;
    ctx.lineWidth = 1.6 * CM_PER_PT * scale;
    ctx.stroke();
  }
  // Texts, each in its box.
  ctx.textBaseline = 'middle';
  const align = { west: 'left', east: 'right', north: 'center', center: 'center' };
  const boxes = figureTextBoxes(rec, view);
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i];
    if (clip !== null && (b.px < style.minFontPx - 1e-6 || out(b.x0, b.y0, b.x1, b.y1))) continue;
    stats.text = true;
    const a = rec.labels[i].anchor;
    const mark = b.kind === 'mark';
    ctx.font = `${mark ? 'bold ' : ''}${b.px}px ${style.fontFamily}`;
    ctx.textAlign = align[a];
    const x = a === 'west' ? b.x0 : a === 'east' ? b.x1 : (b.x0 + b.x1) / 2;
    let room = b.x1 - b.x0;
    if (b.kind === 'tag') {
      // A badge (an MCTS phase): its box filled in the record's colour for it, the text
      // inside its padding.
      ctx.fillStyle = rec.tagColours?.[b.text] ?? style.current;
      ctx.fillRect(b.x0, b.y0, room, b.y1 - b.y0);
      ctx.fillStyle = style.tagText || '#ffffff';
      room -= 2 * TAG_PAD * scale;
    } else if (mark) {
      // (A practice check's mark, ✓ or ✗, in its colour even on a greyed node.)
      ctx.fillStyle = b.text === '✗' ? style.wrongText : style.okText;
    } else ctx.fillStyle = rec.greyed[b.node] ? style.mutedText : b.kind === 'edge' || b.kind === 'prob' ? style.edgeText : style.text;
    if (ctx.measureText(b.text).width > room) ctx.fillText(b.text, x, (b.y0 + b.y1) / 2, room);
    else ctx.fillText(b.text, x, (b.y0 + b.y1) / 2);
  }
  return stats;
}

/**
 * A FigurePlan's `layout()` as the canvas's world (what the camera, the framing rule and the
 * overview map read): px at zoom 1, where the smallest text
 * is 11 px (`pxPerCm`), y down, the bounds' top-left corner at 0. Nothing is folded.
 * `hit` holds each node's box in world units, `boards` each node's board box (4 per node,
 * zeros for none; null when the plan keeps no boards).
 * @param {object} lay FigurePlan.layout()
 */
export function placedLayout(lay) {
  const k = lay.pxPerCm;
  const [bx0, by0, bx1, by1] = lay.bounds;
  const n = lay.x.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const depth = new Int32Array(n);
  const parent = Int32Array.from(lay.parents);
  for (let v = 0; v < n; v++) {
    x[v] = (lay.x[v] - bx0) * k;
    y[v] = (by1 - lay.y[v]) * k;
    depth[v] = parent[v] >= 0 ? depth[parent[v]] + 1 : 0;
  }
  let levels = 0;
  for (let v = 0; v < n; v++) levels = Math.max(levels, depth[v] + 1);
  const byLevel = Array.from({ length: levels }, () => []);
  for (let v = 0; v < n; v++) byLevel[depth[v]].push(v);
  for (const l of byLevel) l.sort((a, b) => x[a] - x[b]);
  const order = Int32Array.from(byLevel.flat());
  const levelStart = new Int32Array(levels + 1);
  for (let d = 0; d < levels; d++) levelStart[d + 1] = levelStart[d] + byLevel[d].length;
  const kids = Array.from({ length: n + 1 }, () => []);
  for (let v = 0; v < n; v++) kids[parent[v] >= 0 ? parent[v] : n].push(v);
  const childStart = new Int32Array(n + 2);
  for (let v = 0; v <= n; v++) childStart[v + 1] = childStart[v] + kids[v].length;
  const childList = Int32Array.from(kids.flat());
  const hit = new Float64Array(4 * n);
  for (let v = 0; v < n; v++) {
    const [h0, h1, h2, h3] = lay.hit.slice(4 * v, 4 * v + 4);
    hit.set([(h0 - bx0) * k, (by1 - h3) * k, (h2 - bx0) * k, (by1 - h1) * k], 4 * v);
  }
  // A game's board thumbnails: the boxes the core kept under the nodes (none: null).
  let boards = null;
  if (lay.boards?.length === 4 * n && n > 0) {
    boards = new Float64Array(4 * n);
    for (let v = 0; v < n; v++) {
      const [b0, b1, b2, b3] = lay.boards.slice(4 * v, 4 * v + 4);
      if (b2 > b0) boards.set([(b0 - bx0) * k, (by1 - b3) * k, (b2 - bx0) * k, (by1 - b1) * k], 4 * v);
    }
  }
  const width = (bx1 - bx0) * k;
  const height = (by1 - by0) * k;
  const size = n ? hit[2] - hit[0] : 0;
  return {
    x,
    y,
    visible: new Uint8Array(n).fill(1),
    width,
    height,
    bounds: { minX: 0, minY: 0, maxX: width, maxY: height },
    depth,
    parent,
    order,
    levelStart,
    levels,
    childStart,
    childList,
    nodeWidth: size,
    nodeHeight: size,
    levelHeight: levels > 1 ? y[order[levelStart[1]]] - y[order[0]] : size,
    y0: n ? y[order[0]] : 0,
    geometry: { compact: Boolean(lay.compact), placed: true },
    hit,
    boards,
    boardCols: lay.boardCols ?? 0,
    boardRows: lay.boardRows ?? 0,
    pxPerCm: k,
  };
}

/**
 * The node whose hit box holds world point (wx, wy) in a placedLayout, or -1.
 * @param {ReturnType<typeof placedLayout>} lay
 */
export function placedHit(lay, wx, wy) {
  const { hit } = lay;
  for (let v = 0; v < lay.x.length; v++) {
    if (wx >= hit[4 * v] && wx <= hit[4 * v + 2] && wy >= hit[4 * v + 1] && wy <= hit[4 * v + 3]) return v;
  }
  return -1;
}
