// Where a box of HTML over a drawing goes beside one thing drawn in it (predict mode's answer
// field at the node its question is about): next to that thing, inside the drawing, never on
// it nor on what must stay in sight, on as little else as can be. DOM-free, tested under
// node --test.

/**
 * @typedef {{minX: number, minY: number, maxX: number, maxY: number}} Box
 */

/** Do two boxes share more than a hair of area? */
export function boxesMeet(a, b) {
  return Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX) > 1e-6 && Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY) > 1e-6;
}

/**
 * The top-left corner of a `size` box placed beside `target` in a `view` (both in the same
 * px, the view from (0, 0)): under it, right of it, left of it or above it, `gap` away, each
 * side centred on the target or aligned with either of its edges, moved back inside the view
 * less `margin`. Of the places that cover neither the target nor any box of `keep`, the one
 * that covers the fewest boxes of `others` wins (the first in that order on a tie); null when
 * there is none (the caller docks the box under the drawing), or when the target is not
 * wholly in the view.
 * @param {Box} target
 * @param {Box[]} keep
 * @param {Box[]} others
 * @param {{w: number, h: number}} size
 * @param {{w: number, h: number}} view
 * @param {{gap?: number, margin?: number}} [o]
 * @returns {{x: number, y: number, side: string, covers: number}|null}
 */
export function placeCallout(target, keep, others, size, view, o = {}) {
  const gap = o.gap ?? 8;
  const margin = o.margin ?? 4;
  const inView = (b) => b.minX >= 0 && b.minY >= 0 && b.maxX <= view.w && b.maxY <= view.h;
  if (!inView(target) || size.w + 2 * margin > view.w || size.h + 2 * margin > view.h) return null;
  const cx = (target.minX + target.maxX) / 2;
  const cy = (target.minY + target.maxY) / 2;
  const xs = [cx - size.w / 2, target.minX, target.maxX - size.w];
  const ys = [cy - size.h / 2, target.minY, target.maxY - size.h];
  const sides = [
    ['below', xs.map((x) => [x, target.maxY + gap])],
    ['right', ys.map((y) => [target.maxX + gap, y])],
    ['left', ys.map((y) => [target.minX - gap - size.w, y])],
    ['above', xs.map((x) => [x, target.minY - gap - size.h])],
  ];
  const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
  let best = null;
  for (const [side, spots] of sides) {
    for (const [x0, y0] of spots) {
      const x = clamp(x0, margin, view.w - margin - size.w);
      const y = clamp(y0, margin, view.h - margin - size.h);
      const box = { minX: x, minY: y, maxX: x + size.w, maxY: y + size.h };
      if (boxesMeet(box, target) || keep.some((b) => boxesMeet(box, b))) continue;
      const covers = others.filter((b) => boxesMeet(box, b)).length;
      if (!best || covers < best.covers) best = { x, y, side, covers };
      if (covers === 0) return best;
    }
  }
  return best;
}
