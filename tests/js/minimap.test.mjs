// The overview map of a large tree (www/lib/minimap.js): where it goes (a corner that covers
// neither the root nor the focus), its projection of the tree, and what it draws.

import test from 'node:test';
import assert from 'node:assert/strict';
import { drawMinimap, minimapBox, minimapProjection, onMinimap } from '../../www/lib/minimap.js';
import { placedLayout } from '../../www/lib/figure-draw.js';
import { defaultStyle } from '../../www/lib/tree-style.js';

test('minimapBox: a third of the width, rows for the levels, bottom-right first', () => {
  // 1280 × 600: 200 wide (capped), 6 levels · 10 + 12 = 72 high; 8 px from the edges.
  assert.deepEqual(minimapBox(6, 1280, 600), { x: 1072, y: 520, w: 200, h: 72, pad: 6 });
  // 360 × 480: 108 wide (30 %), a deep tree capped at a quarter of the height (120 → 110).
  assert.deepEqual(minimapBox(20, 360, 480), { x: 244, y: 362, w: 108, h: 110, pad: 6 });
  // No room beside it for the tree itself: no map.
  assert.equal(minimapBox(6, 200, 600), null);
  assert.equal(minimapBox(6, 1280, 120), null);
});

test('minimapBox: the next corner when the focus or the root would be under the map', () => {
  const at = (x, y) => ({ minX: x - 10, minY: y - 10, maxX: x + 10, maxY: y + 10 });
  // The focus in the bottom-right corner: bottom-left.
  assert.deepEqual(minimapBox(6, 1280, 600, [at(1200, 560)]), { x: 8, y: 520, w: 200, h: 72, pad: 6 });
  // Both bottom corners taken: top-right.
  assert.deepEqual(minimapBox(6, 1280, 600, [at(1200, 560), at(100, 560)]), { x: 1072, y: 8, w: 200, h: 72, pad: 6 });
  // Every corner taken: no map rather than one over the focus.
  assert.equal(minimapBox(6, 1280, 600, [at(1200, 560), at(100, 560), at(1200, 40), at(100, 40)]), null);
  // A box that only touches the map's edge does not count.
  assert.deepEqual(minimapBox(6, 1280, 600, [{ minX: 1000, minY: 500, maxX: 1072, maxY: 600 }]), { x: 1072, y: 520, w: 200, h: 72, pad: 6 });
});

test('minimapBox: of the corners left free, the one over the fewest nodes', () => {
  const pts = (x, y, n) => Array.from({ length: n }, (_, i) => ({ x: x + i, y }));
  // Three nodes under the bottom-right corner, one under the bottom-left, none at the top.
  assert.deepEqual(minimapBox(6, 1280, 600, [], [...pts(1100, 560, 3), ...pts(50, 560, 1)]), { x: 1072, y: 8, w: 200, h: 72, pad: 6 });
  // The top corners forbidden (the root there): the bottom-left, under one node.
  const root = { minX: 0, minY: 0, maxX: 1280, maxY: 20 };
  assert.deepEqual(minimapBox(6, 1280, 600, [root], [...pts(1100, 560, 3), ...pts(50, 560, 1)]), { x: 8, y: 520, w: 200, h: 72, pad: 6 });
  // Where the map was: kept while it covers at most 4 nodes more than the best corner.
  const was = { x: 1072, y: 520 };
  assert.deepEqual(minimapBox(6, 1280, 600, [], pts(1100, 560, 4), was), { x: 1072, y: 520, w: 200, h: 72, pad: 6 });
  assert.deepEqual(minimapBox(6, 1280, 600, [], pts(1100, 560, 5), was), { x: 8, y: 520, w: 200, h: 72, pad: 6 });
  // …but not over the focus.
  assert.deepEqual(minimapBox(6, 1280, 600, [{ minX: 1100, minY: 550, maxX: 1120, maxY: 570 }], [], was), { x: 8, y: 520, w: 200, h: 72, pad: 6 });
});

test('minimapProjection: each axis on its own, and back', () => {
  const box = { x: 100, y: 50, w: 112, h: 62, pad: 6 };
  const p = minimapProjection(box, { minX: -500, minY: 0, maxX: 1500, maxY: 250 });
  // 100 px across for 2000 world units, 50 px down for 250.
  assert.deepEqual(p.toMap(-500, 0), { x: 106, y: 56 });
  assert.deepEqual(p.toMap(1500, 250), { x: 206, y: 106 });
  assert.deepEqual(p.toMap(500, 125), { x: 156, y: 81 });
  assert.deepEqual(p.toWorld(156, 81), { x: 500, y: 125 });
  // A point on the pad maps to the tree's edge.
  assert.deepEqual(p.toWorld(100, 50), { x: -500, y: 0 });
  // A one-node tree: its point in the middle of the map.
  const one = minimapProjection(box, { minX: 5, minY: 7, maxX: 5, maxY: 7 });
  assert.deepEqual(one.toMap(5, 7), { x: 156, y: 81 });
  assert.deepEqual(one.toWorld(0, 0), { x: 5, y: 7 });
  assert.equal(onMinimap(box, 100, 50), true);
  assert.equal(onMinimap(box, 213, 60), false);
  assert.equal(onMinimap(null, 0, 0), false);
});

/** A recording stand-in for a 2D context: the filled rectangles per fill colour. */
function recorder() {
  const rects = [];
  const fills = [];
  const strokes = [];
  return {
    fills,
    strokes,
    fillStyle: '',
    strokeStyle: '',
    save() {},
    restore() {},
    setLineDash() {},
    beginPath() {
      rects.length = 0;
    },
    rect(x, y, w, h) {
      rects.push([x, y, w, h]);
    },
    fill() {
      fills.push({ colour: this.fillStyle, rects: rects.slice() });
    },
    fillRect(x, y, w, h) {
      fills.push({ colour: this.fillStyle, rects: [[x, y, w, h]] });
    },
    strokeRect(x, y, w, h) {
      strokes.push({ colour: this.strokeStyle, rect: [x, y, w, h] });
    },
  };
}

test('drawMinimap: done, unvisited, pruned and current dots, and the view', () => {
  // Root A (done) with children B (current), C (pruned, so its leaf is grey too), D (unvisited).
  const nodes = [
    { id: 0, parent: null, children: [1, 2, 3], kind: 'max', state: 'done' },
    { id: 1, parent: 0, children: [], kind: 'terminal', state: 'current' },
    { id: 2, parent: 0, children: [4], kind: 'min', state: 'pruned' },
    { id: 3, parent: 0, children: [], kind: 'terminal', state: 'unvisited' },
    { id: 4, parent: 2, children: [], kind: 'terminal', state: 'unvisited' },
  ];
  // Placed as the core places a figure (cm, y up), in the canvas's world (placedLayout).
  const x = [2, 0, 2, 4, 2];
  const y = [0, -2, -2, -2, -4];
  const layout = placedLayout({
    x,
    y,
    parents: [-1, 0, 0, 0, 2],
    kinds: nodes.map((n) => n.kind),
    players: [0, 0, 0, 0, 0],
    edges: [],
    bounds: [-0.5, -4.5, 4.5, 0.5],
    hit: x.flatMap((cx, v) => [cx - 0.25, y[v] - 0.25, cx + 0.25, y[v] + 0.25]),
    pxPerCm: 40,
    compact: false,
  });
  const style = defaultStyle(false);
  const box = { x: 0, y: 0, w: 100, h: 40, pad: 6 };
  const ctx = recorder();
  const view = { minX: layout.bounds.minX, minY: layout.bounds.minY, maxX: layout.bounds.minX, maxY: layout.bounds.minY };
  const got = drawMinimap(ctx, box, { nodes }, layout, view, style);
  assert.deepEqual(got, { dots: 5, current: 1 });
  const byColour = (c) => ctx.fills.filter((f) => f.colour === c).reduce((n, f) => n + f.rects.length, 0);
  assert.equal(byColour(style.prunedEdge), 2, 'C and its leaf');
  assert.equal(byColour(style.mutedText), 1, 'D');
  assert.equal(byColour(style.text), 2, 'A and the current B');
  assert.equal(byColour(style.current), 1, 'the current mark');
  // The panel's border, then the view's frame (grown to at least 2 px).
  assert.equal(ctx.strokes.length, 2);
  assert.deepEqual(ctx.strokes[1], { colour: style.boldEdge, rect: [6, 6, 2, 2] });
});
