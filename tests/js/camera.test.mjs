import test from 'node:test';
import assert from 'node:assert/strict';
import { Camera, boxInView, frameTree, panToShow, pinch } from '../../www/lib/camera.js';

test('toScreen and toWorld are inverse affine maps', () => {
  const c = new Camera({ scale: 2, tx: 10, ty: -4 });
  assert.deepEqual(c.toScreen(3, 5), { x: 16, y: 6 });
  assert.deepEqual(c.toWorld(16, 6), { x: 3, y: 5 });
  assert.deepEqual(c.toWorld(0, 0), { x: -5, y: 2 });
  c.resize(100, 50);
  assert.deepEqual(c.viewBounds(), { minX: -5, minY: 2, maxX: 45, maxY: 27 });
});

test('zoomAt keeps the world point under the cursor fixed', () => {
  const c = new Camera({ scale: 1, tx: 0, ty: 0 });
  c.zoomAt(100, 50, 2);
  assert.equal(c.scale, 2);
  assert.equal(c.tx, -100);
  assert.equal(c.ty, -50);
  assert.deepEqual(c.toWorld(100, 50), { x: 100, y: 50 });
  c.zoomAt(20, 40, 0.25);
  assert.equal(c.scale, 0.5);
  assert.deepEqual(c.toWorld(20, 40), { x: 60, y: 45 });
  assert.equal(c.tx, -10);
  assert.equal(c.ty, 17.5);
});

test('zoomAt clamps the scale and still anchors the cursor', () => {
  const c = new Camera({ scale: 4, minScale: 0.5, maxScale: 8 });
  c.zoomAt(80, 80, 16); // 64 → clamped to 8
  assert.equal(c.scale, 8);
  assert.deepEqual(c.toWorld(80, 80), { x: 20, y: 20 });
  assert.equal(c.tx, -80);
  c.zoomAt(0, 0, 1 / 1024); // → clamped to 0.5
  assert.equal(c.scale, 0.5);
  assert.equal(c.tx, -5);
  assert.deepEqual(new Camera({ scale: 100, maxScale: 8 }).scale, 8);
  assert.throws(() => new Camera({ minScale: 2, maxScale: 1 }), /minScale ≤ maxScale/);
});

test('panBy moves the picture in screen pixels', () => {
  const c = new Camera({ scale: 2, tx: 1, ty: 2 });
  c.panBy(10, -6);
  assert.equal(c.tx, 11);
  assert.equal(c.ty, -4);
  assert.deepEqual(c.toScreen(0, 0), { x: 11, y: -4 });
});

test('fit centres the bounds with a margin, limited by the tighter axis', () => {
  const c = new Camera({ minScale: 0.01, maxScale: 8 });
  // 460 × 160 (Figure 5.2's layout) into 500 × 400 with margin 20: width limits, s = 1.
  c.fit({ minX: 0, minY: 0, maxX: 460, maxY: 160 }, 500, 400, 20);
  assert.equal(c.scale, 1);
  assert.equal(c.tx, 20);
  assert.equal(c.ty, 120);
  assert.equal(c.width, 500);
  assert.equal(c.height, 400);
  // Height limits: 100 × 400 into 300 × 220, margin 10 → s = 200 / 400 = 0.5.
  c.fit({ minX: -50, minY: 100, maxX: 50, maxY: 500 }, 300, 220, 10);
  assert.equal(c.scale, 0.5);
  assert.deepEqual(c.toScreen(0, 300), { x: 150, y: 110 });
  // Huge trees clamp at minScale; a single point uses maxScale.
  c.fit({ minX: 0, minY: 0, maxX: 1e7, maxY: 10 }, 200, 200, 0);
  assert.equal(c.scale, 0.01);
  assert.deepEqual(c.toScreen(5e6, 5), { x: 100, y: 100 });
  c.fit({ minX: 7, minY: 3, maxX: 7, maxY: 3 }, 64, 32, 4);
  assert.equal(c.scale, 8);
  assert.deepEqual(c.toScreen(7, 3), { x: 32, y: 16 });
  // Defaults come from the camera's own size.
  const d = new Camera({ width: 240, height: 240 }).fit({ minX: 0, minY: 0, maxX: 100, maxY: 50 });
  assert.equal(d.scale, 2);
  assert.equal(d.tx, 20);
  assert.equal(d.ty, 70);
});

test('pinch: factor from finger distance, anchor at the old midpoint, pan by its motion', () => {
  const p = pinch({ x: 0, y: 0 }, { x: 100, y: 0 }, { x: -40, y: 30 }, { x: 160, y: 30 });
  assert.deepEqual(p, { factor: 2, cx: 50, cy: 0, dx: 10, dy: 30 });
  // Coincident fingers do not zoom.
  assert.equal(pinch({ x: 5, y: 5 }, { x: 5, y: 5 }, { x: 0, y: 0 }, { x: 8, y: 6 }).factor, 1);
});

test('Camera.pinch: the world point between the fingers follows them', () => {
  const c = new Camera({ scale: 1, tx: 0, ty: 0 });
  const before = c.toWorld(50, 0);
  c.pinch({ x: 0, y: 0 }, { x: 100, y: 0 }, { x: -40, y: 30 }, { x: 160, y: 30 });
  assert.equal(c.scale, 2);
  assert.deepEqual(c.toWorld(60, 30), before);
  assert.equal(c.tx, -40);
  assert.equal(c.ty, 30);
  // Pinching in past minScale clamps, and the midpoint still follows.
  const d = new Camera({ scale: 1, minScale: 0.5 });
  d.pinch({ x: 0, y: 0 }, { x: 400, y: 0 }, { x: 190, y: 0 }, { x: 210, y: 0 });
  assert.equal(d.scale, 0.5);
  assert.deepEqual(d.toWorld(200, 0), { x: 200, y: 0 });
});

// frameTree: the first view of a tree. Viewport 400 × 400 or 500 × 300,
// margin 20, text readable from scale 0.9, whole small trees at most 1.4.
const OPEN = { margin: 20, readable: 0.9, maxScale: 1.4 };

test('frameTree: a tree that fits at a readable scale is shown whole and centred', () => {
  // 460 / 368 = 1.25 across, 260 / 130 = 2 down: 1.25.
  assert.deepEqual(frameTree({ minX: 0, minY: 0, maxX: 368, maxY: 130 }, [], { ...OPEN, viewW: 500, viewH: 300 }), {
    scale: 1.25,
    tx: 20,
    ty: 68.75,
    whole: true,
  });
  // A small tree is not blown up past maxScale.
  assert.deepEqual(frameTree({ minX: 0, minY: 0, maxX: 100, maxY: 50 }, [{ minX: 30, minY: 0, maxX: 70, maxY: 40 }], { ...OPEN, viewW: 500, viewH: 300 }), {
    scale: 1.4,
    tx: 180,
    ty: 115,
    whole: true,
  });
});

test('frameTree: a tree too wide to read whole shows its root at scale 1, no blank beside its edges', () => {
  const bounds = { minX: 0, minY: 0, maxX: 2000, maxY: 300 };
  // Root box centred across; the tree's 300 rows fit down, so it is centred down.
  assert.deepEqual(frameTree(bounds, [{ minX: 900, minY: 0, maxX: 1100, maxY: 60 }], { ...OPEN, viewW: 400, viewH: 400 }), {
    scale: 1,
    tx: -800,
    ty: 50,
    whole: false,
  });
  // A root at the tree's left edge: centring it would leave blank space left of the tree.
  assert.deepEqual(frameTree(bounds, [{ minX: 0, minY: 0, maxX: 200, maxY: 60 }], { ...OPEN, viewW: 400, viewH: 400 }), {
    scale: 1,
    tx: 20,
    ty: 50,
    whole: false,
  });
});

test('frameTree: the root and the current node together, else the current node', () => {
  const bounds = { minX: 0, minY: 0, maxX: 2000, maxY: 600 };
  const root = { minX: 900, minY: 0, maxX: 1100, maxY: 60 };
  // Together they span 300 × 360: scale 1, centred across, the root at the top margin.
  assert.deepEqual(frameTree(bounds, [root, { minX: 1000, minY: 300, maxX: 1200, maxY: 360 }], { ...OPEN, viewW: 400, viewH: 400 }), {
    scale: 1,
    tx: -850,
    ty: 20,
    whole: false,
  });
  // Too far apart even at the readable 0.9: the current node, at the bottom margin (its
  // bottom 560 · 0.9 = 504 at 380), across at the tree's left edge (clamped to the margin).
  assert.deepEqual(frameTree(bounds, [root, { minX: 0, minY: 500, maxX: 200, maxY: 560 }], { ...OPEN, viewW: 400, viewH: 400 }), {
    scale: 0.9,
    tx: 20,
    ty: -124,
    whole: false,
  });
});

test('frameTree with alternatives: the first whose boxes fit at the readable scale', () => {
  const bounds = { minX: 0, minY: 0, maxX: 2000, maxY: 600 };
  const root = { minX: 900, minY: 0, maxX: 1100, maxY: 60 };
  const focus = { minX: 1000, minY: 200, maxX: 1200, maxY: 260 };
  const kids = { minX: 900, minY: 300, maxX: 1300, maxY: 360 };
  const keep = [[root, kids, focus], [kids, focus], [root, focus]];
  // 500 high: all three fit (360 rows · 0.9 = 324 ≤ 460): the root's top at the top margin,
  // the 400 wide boxes centred across (their middle 1100 · 0.9 = 990 at 200).
  assert.deepEqual(frameTree(bounds, keep, { ...OPEN, viewW: 400, viewH: 500 }), { scale: 0.9, tx: -790, ty: 20, whole: false });
  // 300 high: with the root they need 324 > 260, the focus and its children 144: those, the
  // focus's top (200 · 0.9 = 180) at the top margin.
  assert.deepEqual(frameTree(bounds, keep, { ...OPEN, viewW: 400, viewH: 300 }), { scale: 0.9, tx: -790, ty: -160, whole: false });
  // 300 × 300: the children are too wide for 260 px at 0.9 (360): the last alternative, the
  // root and the focus, kept as a plain list is (the focus centred across, 1100 · 0.9 at 150).
  assert.deepEqual(frameTree(bounds, keep, { ...OPEN, viewW: 300, viewH: 300 }), frameTree(bounds, [root, focus], { ...OPEN, viewW: 300, viewH: 300 }));
  assert.deepEqual(frameTree(bounds, keep, { ...OPEN, viewW: 300, viewH: 300 }), { scale: 0.9, tx: -840, ty: 20, whole: false });
});

test('a frame set on a Camera shows the root on the canvas', () => {
  const c = new Camera({ width: 400, height: 400 });
  Object.assign(c, frameTree({ minX: 0, minY: 0, maxX: 2000, maxY: 300 }, [{ minX: 900, minY: 0, maxX: 1100, maxY: 60 }], { ...OPEN, viewW: 400, viewH: 400 }));
  assert.deepEqual([c.scale, c.tx, c.ty], [1, -800, 50]);
  const p = c.toScreen(1000, 30);
  assert.deepEqual(p, { x: 200, y: 80 });
});

test('frameTree with prefer = readable (Fit): the farthest readable view, never a squashed tree', () => {
  const bounds = { minX: 0, minY: 0, maxX: 2000, maxY: 600 };
  const root = { minX: 900, minY: 0, maxX: 1100, maxY: 60 };
  const focus = { minX: 1000, minY: 300, maxX: 1200, maxY: 360 };
  // The whole tree would need 360 / 2000 = 0.18 < 0.9: the root and the focus at 0.9, not 1.
  // Across: their middle 1050 · 0.9 = 945 at 200; down: the root's top at the top margin.
  assert.deepEqual(frameTree(bounds, [root, focus], { ...OPEN, prefer: 0.9, viewW: 400, viewH: 400 }), {
    scale: 0.9,
    tx: -745,
    ty: 20,
    whole: false,
  });
  // A tree that reads whole is shown whole whatever `prefer` says.
  assert.deepEqual(frameTree({ minX: 0, minY: 0, maxX: 368, maxY: 130 }, [root], { ...OPEN, prefer: 0.9, viewW: 500, viewH: 300 }), {
    scale: 1.25,
    tx: 20,
    ty: 68.75,
    whole: true,
  });
});

test('frameTree: a focus too far from the root for both to read is kept on screen by itself', () => {
  // A 3-level tree 1200 wide at 360 × 400: whole it would need 320 / 1200 < 0.9. The root at
  // x 600, the focus (the first question) at x 100 one level down: 668 wide together, more
  // than 320 even at 0.9, so the focus is kept: across, the view stops at the tree's left
  // edge (the margin, 20); down, the 200 rows fit at 0.9 and are centred (200 − 90 = 110).
  const bounds = { minX: 0, minY: 0, maxX: 1200, maxY: 200 };
  const focus = { minX: 16, minY: 100, maxX: 184, maxY: 160 };
  const f = frameTree(bounds, [{ minX: 516, minY: 0, maxX: 684, maxY: 60 }, focus], { ...OPEN, viewW: 360, viewH: 400 });
  assert.deepEqual(f, { scale: 0.9, tx: 20, ty: 110, whole: false });
  assert.equal(boxInView(f, focus, 360, 400, 0), true);
});

test('boxInView and panToShow: the smallest pan that brings a box on screen', () => {
  const cam = { scale: 2, tx: -100, ty: 10 };
  // World 60..80 × 0..20 is screen 20..60 × 10..50: in a 200 × 100 view with margin 8.
  assert.equal(boxInView(cam, { minX: 60, minY: 0, maxX: 80, maxY: 20 }, 200, 100, 8), true);
  assert.equal(boxInView(cam, { minX: 50, minY: 0, maxX: 80, maxY: 20 }, 200, 100, 8), false); // left at 0
  // Box at screen 220..260 × 10..50: moved left by 260 − 192 = 68; down it is already inside.
  assert.deepEqual(panToShow(cam, { minX: 160, minY: 0, maxX: 180, maxY: 20 }, 200, 100, 8), { scale: 2, tx: -168, ty: 10 });
  // Box above the view (screen y −30..−10): moved down to the top margin.
  assert.deepEqual(panToShow(cam, { minX: 60, minY: -20, maxX: 80, maxY: -10 }, 200, 100, 8), { scale: 2, tx: -100, ty: 48 });
  // Taller than the view: centred on that axis (screen 10..250 → middle 130 to 50).
  assert.deepEqual(panToShow(cam, { minX: 60, minY: 0, maxX: 80, maxY: 120 }, 200, 100, 8), { scale: 2, tx: -100, ty: -70 });
  // Already inside: unchanged.
  assert.deepEqual(panToShow(cam, { minX: 60, minY: 0, maxX: 80, maxY: 20 }, 200, 100, 8), { scale: 2, tx: -100, ty: 10 });
});
