// The overview of a tree too large to read whole: a small map in a corner of the canvas,
// drawn from the same layout as the tree. Each node is a dot on its level's row (done nodes
// dark, nodes not reached yet mid-grey, pruned ones light, the current node a larger mark in
// the current-node colour) and the part of the tree on screen is a rectangle. A click or a
// drag on the map moves the view there (tree-canvas.js wires the pointer).
//
// The map is squeezed across and stretched down independently (a search tree is far wider
// than deep), so every level stays a row of its own however wide the tree.
//
// DOM-free, like figure-draw.js: geometry is pure and the drawing takes any 2D-context-like
// object, so both run under `node --test`.

/**
 * @typedef {{minX: number, minY: number, maxX: number, maxY: number}} Bounds
 * @typedef {{x: number, y: number, w: number, h: number, pad: number}} MapBox The map's
 *   rectangle on the canvas (screen pixels) and the free border inside it.
 */

/** Screen pixels between the map and the canvas's edges. */
export const MAP_INSET = 8;
/** Screen pixels per level row, at most. */
const ROW_PX = 10;
const PAD = 6;
/** Dot classes, in the order a later one wins a shared pixel. */
const PRUNED = 1;
const UNVISITED = 2;
const REACHED = 3;
/** How many more nodes the map may cover in its last corner before it moves. */
const STAY_SLACK = 4;
/** The dot grid (screen pixels per cell). */
const CELL = 2;

/**
 * Where the map goes, or null when there is no room for it: about a third of the view's
 * width (96 – 200 px) and a quarter of its height (48 – 110 px, less for a shallow tree), in
 * a corner that meets none of the `avoid` boxes (screen: the focus node, the root), so it
 * never hides them; of those, the one over the fewest of the `crowd` points (the nodes on
 * screen), the first of bottom-right, bottom-left, top-right, top-left on a tie. The corner
 * `stay` (the map's last place) is kept while it is free and covers at most STAY_SLACK more
 * nodes than the best, so panning does not send the map from corner to corner.
 * @param {number} levels The tree's number of levels.
 * @param {number} viewW Viewport width (screen pixels).
 * @param {number} viewH Viewport height.
 * @param {Bounds[]} [avoid] Screen boxes the map must not cover.
 * @param {{x: number, y: number}[]} [crowd] Screen points it had better not cover.
 * @param {{x: number, y: number}|null} [stay] The map's last place.
 * @returns {MapBox|null}
 */
export function minimapBox(levels, viewW, viewH, avoid = [], crowd = [], stay = null) {
  const w = Math.round(Math.min(200, Math.max(96, viewW * 0.3)));
  const h = Math.round(Math.min(Math.min(110, Math.max(48, viewH * 0.25)), Math.max(1, levels) * ROW_PX + 2 * PAD));
  if (viewW < w + 2 * MAP_INSET + 120 || viewH < h + 2 * MAP_INSET + 80) return null;
  const left = MAP_INSET;
  const right = viewW - MAP_INSET - w;
  const top = MAP_INSET;
  const bottom = viewH - MAP_INSET - h;
  let best = null;
  let fewest = Infinity;
  let kept = null;
  for (const [x, y] of [
    [right, bottom],
    [left, bottom],
    [right, top],
    [left, top],
  ]) {
    if (avoid.some((b) => b.maxX > x && b.minX < x + w && b.maxY > y && b.minY < y + h)) continue;
    let n = 0;
    for (const p of crowd) if (p.x >= x && p.x <= x + w && p.y >= y && p.y <= y + h) n++;
    if (n < fewest) {
      fewest = n;
      best = { x, y, w, h, pad: PAD };
    }
    if (stay && stay.x === x && stay.y === y) kept = { n, box: { x, y, w, h, pad: PAD } };
  }
  return kept && kept.n <= fewest + STAY_SLACK ? kept.box : best;
}

/**
 * The map's projection of the world box `bounds` into `box` (less its pad), each axis on its
 * own: a box of no width (no height) is drawn along the middle of that axis.
 * @param {MapBox} box
 * @param {Bounds} bounds
 * @returns {{toMap: (wx: number, wy: number) => {x: number, y: number}, toWorld: (mx: number, my: number) => {x: number, y: number}}}
 */
export function minimapProjection(box, bounds) {
  const iw = Math.max(1, box.w - 2 * box.pad);
  const ih = Math.max(1, box.h - 2 * box.pad);
  const bw = bounds.maxX - bounds.minX;
  const bh = bounds.maxY - bounds.minY;
  const kx = bw > 0 ? iw / bw : 0;
  const ky = bh > 0 ? ih / bh : 0;
  const x0 = box.x + box.pad + (bw > 0 ? 0 : iw / 2);
  const y0 = box.y + box.pad + (bh > 0 ? 0 : ih / 2);
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  return {
    toMap: (wx, wy) => ({ x: x0 + (wx - bounds.minX) * kx, y: y0 + (wy - bounds.minY) * ky }),
    toWorld: (mx, my) => ({
      x: kx > 0 ? bounds.minX + (Math.min(Math.max(mx, box.x + box.pad), box.x + box.pad + iw) - x0) / kx : cx,
      y: ky > 0 ? bounds.minY + (Math.min(Math.max(my, box.y + box.pad), box.y + box.pad + ih) - y0) / ky : cy,
    }),
  };
}

/** Is screen point (sx, sy) on the map? */
export function onMinimap(box, sx, sy) {
  return box !== null && sx >= box.x && sx <= box.x + box.w && sy >= box.y && sy <= box.y + box.h;
}

/**
 * Draws the map: a panel, one dot per grid cell that holds a node (the most advanced state of
 * the nodes in it), the current node, and `view` (the world rectangle on screen) as a frame.
 * @param {CanvasRenderingContext2D} ctx
 * @param {MapBox} box
 * @param {{nodes: ArrayLike<{state?: string}>}} model
 * @param {object} layout the canvas's world (figure-draw.js placedLayout)
 * @param {Bounds} view
 * @param {object} style the palette (tree-style.js defaultStyle)
 * @returns {{dots: number, current: number}} how many dots and current marks were drawn
 */
export function drawMinimap(ctx, box, model, layout, view, style) {
  const { x, y, parent, order, bounds } = layout;
  const nodes = model.nodes;
  const proj = minimapProjection(box, bounds);
  ctx.save();
  ctx.globalAlpha = 0.94;
  ctx.fillStyle = style.background ?? '#ffffff';
  ctx.fillRect(box.x, box.y, box.w, box.h);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = style.edge;
  ctx.lineWidth = 1;
  ctx.setLineDash([]);
  ctx.strokeRect(box.x + 0.5, box.y + 0.5, box.w - 1, box.h - 1);

  // One class per grid cell; pruned subtrees (grey) found parents first.
  const cols = Math.ceil(box.w / CELL);
  const rows = Math.ceil(box.h / CELL);
  const cells = new Uint8Array(cols * rows);
  const grey = new Uint8Array(x.length);
  const current = [];
  for (let k = 0; k < order.length; k++) {
    const v = order[k];
    const state = nodes[v]?.state ?? 'unvisited';
    const p = parent[v];
    grey[v] = state === 'pruned' || (p >= 0 && grey[p] === 1) ? 1 : 0;
    const m = proj.toMap(x[v], y[v]);
    if (state === 'current') current.push(m);
    const cls = grey[v] ? PRUNED : state === 'unvisited' ? UNVISITED : REACHED;
    const c = Math.min(cols - 1, Math.max(0, Math.floor((m.x - box.x) / CELL)));
    const r = Math.min(rows - 1, Math.max(0, Math.floor((m.y - box.y) / CELL)));
    if (cells[r * cols + c] < cls) cells[r * cols + c] = cls;
  }
  let dots = 0;
  for (const [cls, colour] of [
    [PRUNED, style.prunedEdge],
    [UNVISITED, style.mutedText],
    [REACHED, style.text],
  ]) {
    ctx.beginPath();
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] !== cls) continue;
      ctx.rect(box.x + (i % cols) * CELL, box.y + Math.floor(i / cols) * CELL, CELL, CELL);
      dots++;
    }
    ctx.fillStyle = colour;
    ctx.fill();
  }
  for (const m of current) {
    ctx.beginPath();
    ctx.rect(m.x - 3, m.y - 3, 6, 6);
    ctx.fillStyle = style.current;
    ctx.fill();
  }

  // The part on screen, clipped to the map.
  const a = proj.toMap(view.minX, view.minY);
  const b = proj.toMap(view.maxX, view.maxY);
  const x0 = Math.max(box.x + 1, Math.min(a.x, box.x + box.w - 3));
  const y0 = Math.max(box.y + 1, Math.min(a.y, box.y + box.h - 3));
  const x1 = Math.min(box.x + box.w - 1, Math.max(b.x, x0 + 2));
  const y1 = Math.min(box.y + box.h - 1, Math.max(b.y, y0 + 2));
  ctx.strokeStyle = style.boldEdge;
  ctx.lineWidth = 1.5;
  ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
  ctx.restore();
  return { dots, current: current.length };
}
