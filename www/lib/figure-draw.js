// Draws the core's placed figure (the wasm `figureRecord`: the picture the TikZ and SVG
// writers draw, placed once by `plyground::export::place`) on a 2D canvas context: the same
// glyphs, edges (with their stems), texts and ring at the same places. Every text is drawn in
// the box the core placed it in: set at its anchor, and condensed into the box (fillText's
// maxWidth) where the canvas's font would run wider than the core's advance table, so the
// core's check (no text on another, a glyph, the ring or an edge) holds on the canvas too.
//
// DOM-free: tested under node --test with a recording context.

import { defaultStyle, shapePath } from './tree-draw.js';

/** The glyph radius and the ring's, in cm (as the core's SVG draws them: a chance circle
 * 0.8 and a terminal square 0.7 of the radius, as shapePath draws them). */
const RADIUS = 0.25;
const RING = 0.34;
const CM_PER_PT = 2.54 / 72.27;

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
 * Draws `rec` into `ctx`.
 * @param {CanvasRenderingContext2D} ctx
 * @param {object} rec figureRecord's result
 * @param {{scale?: number, tx?: number, ty?: number}} [view]
 * @param {object} [style] tree-draw.js defaultStyle (colours, font family, line widths)
 */
export function drawFigure(ctx, rec, view = {}, style = defaultStyle(false)) {
  const { scale, at } = figureView(rec, view);
  const n = rec.x.length;
  // Edges, one path per look.
  const looks = {
    edge: [style.edge, style.edgeWidth, []],
    chosen: [style.boldEdge, style.boldEdgeWidth, []],
    pruned: [style.prunedEdge, style.edgeWidth, style.dash],
    forward: [style.prunedEdge, style.edgeWidth, [2, 4]],
  };
  for (const [look, [colour, width, dash]] of Object.entries(looks)) {
    let any = false;
    for (let k = 0; k < rec.edgeLooks.length; k++) {
      if (rec.edgeLooks[k] !== look) continue;
      if (!any) ctx.beginPath();
      any = true;
      const e = rec.edges.slice(k * 9 + 1, k * 9 + 9);
      for (let i = 0; i < 4; i++) {
        const [sx, sy] = at(e[2 * i], e[2 * i + 1]);
        if (i === 0) ctx.moveTo(sx, sy);
        else ctx.lineTo(sx, sy);
      }
    }
    if (any) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.setLineDash(dash);
      ctx.stroke();
    }
  }
  ctx.setLineDash([]);
  // Glyphs.
  for (let v = 0; v < n; v++) {
    const [sx, sy] = at(rec.x[v], rec.y[v]);
    ctx.beginPath();
    shapePath(ctx, { kind: rec.kinds[v], player: rec.players[v] }, sx, sy, RADIUS * scale);
    const state = rec.states[v];
    const kind = rec.kinds[v];
    let fill;
    if (rec.greyed[v]) fill = style.prunedFill;
    else if (state === 'unvisited') fill = style.unvisitedFill;
    else if (state === 'open' || state === 'current') fill = style.openFill;
    else if (kind === 'player') fill = style.playerFill[rec.players[v] % style.playerFill.length];
    else fill = style.fill[kind] ?? style.fill.terminal;
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.strokeStyle = rec.greyed[v] ? style.prunedStroke : style.nodeStroke;
    ctx.lineWidth = style.nodeStrokeWidth;
    ctx.setLineDash(rec.greyed[v] ? style.dash : []);
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
    const a = rec.labels[i].anchor;
    ctx.font = `${b.px}px ${style.fontFamily}`;
    ctx.textAlign = align[a];
    const x = a === 'west' ? b.x0 : a === 'east' ? b.x1 : (b.x0 + b.x1) / 2;
    ctx.fillStyle = rec.greyed[b.node] ? style.mutedText : b.kind === 'edge' || b.kind === 'prob' ? style.edgeText : style.text;
    const room = b.x1 - b.x0;
    if (ctx.measureText(b.text).width > room) ctx.fillText(b.text, x, (b.y0 + b.y1) / 2, room);
    else ctx.fillText(b.text, x, (b.y0 + b.y1) / 2);
  }
}
