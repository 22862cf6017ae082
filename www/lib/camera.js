// Pan and zoom for the tree canvas.
//
// The transform is a uniform scale plus a translation: screen = world * scale + (tx, ty).
// Keeping it this small makes every operation exact to reason about (and to test), and lets
// the drawing code apply it by hand so line widths stay in screen pixels at every zoom.
// DOM-free: pointer and wheel events are translated into these calls by the page.

/**
 * @typedef {{x: number, y: number}} Point
 * @typedef {{minX: number, minY: number, maxX: number, maxY: number}} Bounds
 */

/** World-to-screen transform with a clamped zoom range and a known viewport size. */
export class Camera {
  /**
   * @param {object} [opts]
   * @param {number} [opts.scale=1] Screen pixels per world unit.
   * @param {number} [opts.tx=0] Screen x of the world origin.
   * @param {number} [opts.ty=0] Screen y of the world origin.
   * @param {number} [opts.minScale=0.01] Lower zoom limit: far enough out for a 10k-node tree.
   * @param {number} [opts.maxScale=8] Upper zoom limit: beyond it a node fills the screen.
   * @param {number} [opts.width=0] Viewport width in screen pixels (CSS pixels), used by
   *   culling; the page updates it on resize.
   * @param {number} [opts.height=0] Viewport height in screen pixels.
   */
  constructor(opts = {}) {
    this.minScale = opts.minScale ?? 0.01;
    this.maxScale = opts.maxScale ?? 8;
    if (!(this.minScale > 0) || !(this.maxScale >= this.minScale)) {
      throw new Error(`Camera: need 0 < minScale ≤ maxScale, got ${this.minScale} and ${this.maxScale}`);
    }
    this.scale = this.clampScale(opts.scale ?? 1);
    this.tx = opts.tx ?? 0;
    this.ty = opts.ty ?? 0;
    this.width = opts.width ?? 0;
    this.height = opts.height ?? 0;
  }

  /** Clamps a scale into [minScale, maxScale]; NaN (e.g. from a 0/0 fit) becomes 1 clamped. */
  clampScale(s) {
    if (Number.isNaN(s)) s = 1;
    return Math.min(this.maxScale, Math.max(this.minScale, s));
  }

  /** Records the viewport size (screen pixels) that culling and `fit` default to. */
  resize(width, height) {
    this.width = width;
    this.height = height;
    return this;
  }

  /** @returns {Point} The screen position of world point (x, y). */
  toScreen(x, y) {
    return { x: x * this.scale + this.tx, y: y * this.scale + this.ty };
  }

  /** @returns {Point} The world point shown at screen position (sx, sy). */
  toWorld(sx, sy) {
    return { x: (sx - this.tx) / this.scale, y: (sy - this.ty) / this.scale };
  }

  /**
   * The world rectangle visible in a `viewW × viewH` viewport (defaults: the camera's size).
   * @returns {Bounds}
   */
  viewBounds(viewW = this.width, viewH = this.height) {
    const a = this.toWorld(0, 0);
    const b = this.toWorld(viewW, viewH);
    return { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y };
  }

  /**
   * Multiplies the zoom by `factor` about screen point (sx, sy): the world point under the
   * cursor stays under the cursor, which is what makes wheel zoom feel anchored. The scale is
   * clamped; the anchor holds for the clamped scale too.
   */
  zoomAt(sx, sy, factor) {
    const next = this.clampScale(this.scale * factor);
    const wx = (sx - this.tx) / this.scale;
    const wy = (sy - this.ty) / this.scale;
    this.scale = next;
    this.tx = sx - wx * next;
    this.ty = sy - wy * next;
    return this;
  }

  /** Moves the picture by (dx, dy) screen pixels, as a drag does. */
  panBy(dx, dy) {
    this.tx += dx;
    this.ty += dy;
    return this;
  }

  /**
   * Zooms and pans so `bounds` fills the viewport less a `margin` on every side, centred.
   * A box with no width and no height (a lone point) is centred at `maxScale` instead of an
   * infinite zoom.
   * @param {Bounds} bounds World box to show.
   * @param {number} [viewW] Viewport width (screen pixels); defaults to `this.width`.
   * @param {number} [viewH] Viewport height; defaults to `this.height`.
   * @param {number} [margin=20] Screen pixels kept free around the box.
   */
  fit(bounds, viewW = this.width, viewH = this.height, margin = 20) {
    this.width = viewW;
    this.height = viewH;
    const bw = bounds.maxX - bounds.minX;
    const bh = bounds.maxY - bounds.minY;
    const aw = Math.max(viewW - 2 * margin, 1);
    const ah = Math.max(viewH - 2 * margin, 1);
    const sx = bw > 0 ? aw / bw : Infinity;
    const sy = bh > 0 ? ah / bh : Infinity;
    const s = Math.min(sx, sy);
    this.scale = this.clampScale(s === Infinity ? this.maxScale : s);
    const cx = (bounds.minX + bounds.maxX) / 2;
    const cy = (bounds.minY + bounds.maxY) / 2;
    this.tx = viewW / 2 - cx * this.scale;
    this.ty = viewH / 2 - cy * this.scale;
    return this;
  }

  /**
   * Applies a two-finger gesture step (see `pinch`): zoom by the change in finger distance
   * about the old midpoint, then pan by the midpoint's motion, so the world point between the
   * fingers follows them.
   */
  pinch(prevA, prevB, curA, curB) {
    const p = pinch(prevA, prevB, curA, curB);
    this.zoomAt(p.cx, p.cy, p.factor);
    this.panBy(p.dx, p.dy);
    return this;
  }
}

/**
 * Turns two touch points before and after a move into a zoom-and-pan step.
 * `factor` is the ratio of finger distances (1 when the old distance is zero, so two fingers
 * landing on one spot do not zoom to infinity); (cx, cy) is the old midpoint, the zoom anchor;
 * (dx, dy) is how far the midpoint moved.
 * @param {Point} prevA
 * @param {Point} prevB
 * @param {Point} curA
 * @param {Point} curB
 * @returns {{factor: number, cx: number, cy: number, dx: number, dy: number}}
 */
export function pinch(prevA, prevB, curA, curB) {
  const d0 = Math.hypot(prevB.x - prevA.x, prevB.y - prevA.y);
  const d1 = Math.hypot(curB.x - curA.x, curB.y - curA.y);
  const cx = (prevA.x + prevB.x) / 2;
  const cy = (prevA.y + prevB.y) / 2;
  return {
    factor: d0 > 0 ? d1 / d0 : 1,
    cx,
    cy,
    dx: (curA.x + curB.x) / 2 - cx,
    dy: (curA.y + curB.y) / 2 - cy,
  };
}

/**
 * The framing rule of every tree figure (pure: the caller sets a Camera's scale, tx and ty
 * from it): the first view, Fit, and the view that follows the current node. The whole tree
 * when it fits at a readable scale; otherwise a readable view of the boxes in `keep` (the
 * root, then the focus: the current step's node or the current question's): as close to
 * `prefer` as they allow, never below `readable`.
 *
 * - Whole: the fitting scale (at most `maxScale`, so a small tree is not blown up), centred.
 * - Otherwise, across each axis on which the tree does not fit: the `keep` boxes centred
 *   horizontally and placed at the top vertically when together they fit; else the last box
 *   (the current node) centred horizontally and placed at the bottom vertically. Then the
 *   view is moved back where it would show blank space beside an edge of the tree. An axis
 *   on which the tree fits at that scale is centred.
 *
 * `keep` may also list alternatives (each a list of boxes, most wanted first): the first whose
 * boxes fit together at the readable scale is the one kept, else the last (e.g. the root, the
 * current question's node and its children; else that node and its children, which its value
 * is worked out from; else the root and that node).
 *
 * @param {Bounds} bounds The whole tree (world).
 * @param {Bounds[]|Bounds[][]} keep Boxes to show when the tree does not fit, most important
 *   last; or alternative lists of them, most wanted first.
 * @param {object} o
 * @param {number} o.viewW Viewport width (screen pixels).
 * @param {number} o.viewH Viewport height.
 * @param {number} [o.margin=20] Screen pixels kept free at the edges.
 * @param {number} o.readable The smallest scale at which the tree's text reads (text never
 *   shows smaller than that on a framed tree).
 * @param {number} [o.maxScale=1] The largest scale for a whole tree.
 * @param {number} [o.prefer=1] The scale a partial view is drawn at when the kept boxes fit
 *   at it (never below `readable`): 1 for the first view, `readable` for Fit (the farthest
 *   view at which every text still reads).
 * @returns {{scale: number, tx: number, ty: number, whole: boolean}}
 */
export function frameTree(bounds, keep, o) {
  const margin = o.margin ?? 20;
  const maxScale = o.maxScale ?? 1;
  const prefer = o.prefer ?? 1;
  const aw = Math.max(o.viewW - 2 * margin, 1);
  const ah = Math.max(o.viewH - 2 * margin, 1);
  const fitScale = (b) => {
    const w = b.maxX - b.minX;
    const h = b.maxY - b.minY;
    return Math.min(w > 0 ? aw / w : Infinity, h > 0 ? ah / h : Infinity);
  };
  const centre = (lo, hi, view, s) => view / 2 - ((lo + hi) / 2) * s;
  const whole = Math.min(fitScale(bounds), maxScale);
  if (whole >= o.readable || keep.length === 0) {
    const s = whole === Infinity ? 1 : whole;
    return {
      scale: s,
      tx: centre(bounds.minX, bounds.maxX, o.viewW, s),
      ty: centre(bounds.minY, bounds.maxY, o.viewH, s),
      whole: true,
    };
  }
  const union = (boxes) =>
    boxes.reduce((a, b) => ({
      minX: Math.min(a.minX, b.minX),
      minY: Math.min(a.minY, b.minY),
      maxX: Math.max(a.maxX, b.maxX),
      maxY: Math.max(a.maxY, b.maxY),
    }));
  const choices = Array.isArray(keep[0]) ? keep.filter((k) => k.length > 0) : [keep];
  const chosen = choices.find((k) => fitScale(union(k)) >= o.readable) ?? choices[choices.length - 1];
  const box = union(chosen);
  const last = chosen[chosen.length - 1];
  const s = Math.max(o.readable, Math.min(fitScale(box), Math.max(prefer, o.readable)));
  // One axis: lo/hi of the tree, of the kept boxes and of the last box; `start` places the
  // boxes at the start of the axis (the top) rather than centring them.
  const axis = (lo, hi, klo, khi, llo, lhi, view, avail, start) => {
    if ((hi - lo) * s <= avail) return centre(lo, hi, view, s);
    let t;
    if ((khi - klo) * s <= avail) t = start ? margin - klo * s : centre(klo, khi, view, s);
    else t = start ? view - margin - lhi * s : centre(llo, lhi, view, s);
    // No blank beyond the tree's edges: its start at most at the margin, its end at least at
    // the far margin.
    return Math.min(margin - lo * s, Math.max(view - margin - hi * s, t));
  };
  return {
    scale: s,
    tx: axis(bounds.minX, bounds.maxX, box.minX, box.maxX, last.minX, last.maxX, o.viewW, aw, false),
    ty: axis(bounds.minY, bounds.maxY, box.minY, box.maxY, last.minY, last.maxY, o.viewH, ah, true),
    whole: false,
  };
}


/**
 * Does `box` (world) lie inside the view of camera `cam` (scale, tx, ty) of `viewW × viewH`
 * screen pixels, less `margin` on every side?
 * @param {{scale: number, tx: number, ty: number}} cam
 * @param {Bounds} box
 */
export function boxInView(cam, box, viewW, viewH, margin = 0) {
  const x0 = box.minX * cam.scale + cam.tx;
  const x1 = box.maxX * cam.scale + cam.tx;
  const y0 = box.minY * cam.scale + cam.ty;
  const y1 = box.maxY * cam.scale + cam.ty;
  return x0 >= margin && y0 >= margin && x1 <= viewW - margin && y1 <= viewH - margin;
}

/**
 * The smallest pan (same scale) that brings `box` inside the view less `margin`: a box wider
 * (taller) than the view is centred on that axis. The view the camera follows the current
 * node with after the reader panned or zoomed by hand.
 * @param {{scale: number, tx: number, ty: number}} cam
 * @param {Bounds} box
 * @returns {{scale: number, tx: number, ty: number}}
 */
export function panToShow(cam, box, viewW, viewH, margin = 0) {
  const axis = (lo, hi, t, view) => {
    const a = lo * cam.scale + t;
    const b = hi * cam.scale + t;
    if (b - a > view - 2 * margin) return t + view / 2 - (a + b) / 2;
    if (a < margin) return t + margin - a;
    if (b > view - margin) return t + view - margin - b;
    return t;
  };
  return { scale: cam.scale, tx: axis(box.minX, box.maxX, cam.tx, viewW), ty: axis(box.minY, box.maxY, cam.ty, viewH) };
}
