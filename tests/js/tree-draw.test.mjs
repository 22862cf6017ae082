import test from 'node:test';
import assert from 'node:assert/strict';
import { layoutTree } from '../../www/lib/tree-layout.js';
import { Camera } from '../../www/lib/camera.js';
import { drawTree, hitTest, defaultStyle } from '../../www/lib/tree-draw.js';
import { count, formatValue, formatWindow, formatVector, MINUS } from '../../www/lib/notation.js';

const OPTS = { nodeWidth: 40, levelHeight: 60, siblingGap: 10, subtreeGap: 20 };
const STYLE = defaultStyle(false);
const R = (STYLE.nodeScale * OPTS.nodeWidth) / 2; // glyph radius at scale 1: 16
// The current node's ring reaches 1.35 R + half its line: texts beside a node start 2 px
// past it (9.35 from the glyph).
const RING = 1.35 * R + STYLE.currentRingWidth / 2;
const PAD = RING + 2 - R;

/**
 * A recording stand-in for CanvasRenderingContext2D: it keeps the drawing state the real one
 * keeps (styles, line width, dash, font, alignment, save/restore) and logs every stroke, fill
 * and text call with the path and state in force at that moment.
 */
function recordingContext(canvas) {
  const calls = [];
  const stack = [];
  let path = [];
  let st = {
    fillStyle: '#000',
    strokeStyle: '#000',
    lineWidth: 1,
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    dash: [],
  };
  const ctx = {
    calls,
    canvas,
    save() {
      stack.push({ ...st, dash: st.dash.slice() });
    },
    restore() {
      if (stack.length) st = stack.pop();
    },
    beginPath() {
      path = [];
    },
    moveTo(x, y) {
      path.push(['M', x, y]);
    },
    lineTo(x, y) {
      path.push(['L', x, y]);
    },
    closePath() {
      path.push(['Z']);
    },
    arc(x, y, r, a0, a1) {
      path.push(['A', x, y, r, a0, a1]);
    },
    rect(x, y, w, h) {
      path.push(['R', x, y, w, h]);
    },
    stroke() {
      calls.push({ op: 'stroke', path, dash: st.dash.slice(), lineWidth: st.lineWidth, style: st.strokeStyle });
    },
    fill() {
      calls.push({ op: 'fill', path, style: st.fillStyle });
    },
    fillRect(x, y, w, h) {
      calls.push({ op: 'fillRect', x, y, w, h, style: st.fillStyle });
    },
    fillText(text, x, y, maxWidth) {
      calls.push({ op: 'fillText', text, x, y, maxWidth, align: st.textAlign, baseline: st.textBaseline, font: st.font, style: st.fillStyle });
    },
    strokeText() {},
    setLineDash(d) {
      st.dash = Array.from(d);
    },
    getLineDash() {
      return st.dash.slice();
    },
    measureText(text) {
      return { width: 6 * String(text).length };
    },
    setTransform() {},
  };
  for (const key of ['fillStyle', 'strokeStyle', 'lineWidth', 'font', 'textAlign', 'textBaseline']) {
    Object.defineProperty(ctx, key, {
      get: () => st[key],
      set: (v) => {
        st[key] = v;
      },
    });
  }
  return ctx;
}

/** A context whose methods do nothing: timing with it measures the library's own work. */
function nullContext() {
  const ctx = { canvas: undefined };
  for (const m of ['save', 'restore', 'beginPath', 'moveTo', 'lineTo', 'closePath', 'arc', 'rect', 'stroke', 'fill', 'fillRect', 'fillText', 'setLineDash']) {
    ctx[m] = () => {};
  }
  ctx.measureText = () => ({ width: 0 });
  return ctx;
}

/** Splits a recorded path into subpaths, each starting at a moveTo (or being one rect). */
function subpaths(path) {
  const out = [];
  for (const op of path) {
    if (op[0] === 'M' || op[0] === 'R' || out.length === 0) out.push([]);
    out[out.length - 1].push(op);
  }
  return out;
}

/** Centre of a glyph subpath: vertex average of a polygon, centre of an arc or rect. */
function glyphCentre(sub) {
  const arc = sub.find((op) => op[0] === 'A');
  if (arc) return [arc[1], arc[2]];
  if (sub[0][0] === 'R') return [sub[0][1] + sub[0][3] / 2, sub[0][2] + sub[0][4] / 2];
  const pts = sub.filter((op) => op[0] === 'M' || op[0] === 'L');
  return [pts.reduce((s, p) => s + p[1], 0) / pts.length, pts.reduce((s, p) => s + p[2], 0) / pts.length];
}

const near = (a, b) => Math.abs(a - b) < 1e-6;

/** All glyphs filled in a frame: [{sub, style, cx, cy}]. */
function filledGlyphs(calls) {
  const out = [];
  for (const c of calls) {
    // Glyphs are filled before they are outlined; the fills after that are the halos behind
    // the texts.
    if (c.op === 'stroke' && c.path.some((op) => op[0] !== 'M' && op[0] !== 'L')) break;
    if (c.op !== 'fill') continue;
    for (const sub of subpaths(c.path)) {
      const [cx, cy] = glyphCentre(sub);
      out.push({ sub, style: c.style, cx, cy });
    }
  }
  return out;
}

function glyphAt(calls, sx, sy) {
  const hits = filledGlyphs(calls).filter((g) => near(g.cx, sx) && near(g.cy, sy));
  assert.equal(hits.length, 1, `expected one glyph at (${sx}, ${sy}), found ${hits.length}`);
  return hits[0];
}

/** The stroke call holding the segment (x1, y1) → (x2, y2), if any. */
function strokeWithSegment(calls, x1, y1, x2, y2) {
  for (const c of calls) {
    if (c.op !== 'stroke') continue;
    const p = c.path;
    for (let i = 0; i + 1 < p.length; i++) {
      if (p[i][0] === 'M' && p[i + 1][0] === 'L' && near(p[i][1], x1) && near(p[i][2], y1) && near(p[i + 1][1], x2) && near(p[i + 1][2], y2)) return c;
    }
  }
  return null;
}

/**
 * Figure 5.2 part-way through α–β: B is done (3, the chosen move), C's last two leaves were
 * pruned after its first leaf gave 2, and D is the current node with window [α=3, β=+∞].
 */
function figure52Model() {
  const kinds = ['max', 'min', 'min', 'min'];
  const nodes = [];
  for (let i = 0; i < 13; i++) {
    nodes.push({
      id: i,
      parent: i === 0 ? -1 : i < 4 ? 0 : 1 + Math.floor((i - 4) / 3),
      kind: i < 4 ? kinds[i] : 'terminal',
      label: i < 4 ? 'ABCD'[i] : '',
      value: null,
      window: null,
      state: 'done',
      edgeLabel: i > 0 && i < 4 ? `a${i}` : '',
      bold: false,
    });
  }
  const leafValues = ['3', '12', '8', '2', '4', '6', '14', '5', '2'];
  for (let k = 0; k < 9; k++) nodes[4 + k].value = leafValues[k];
  Object.assign(nodes[0], { state: 'open', window: { alpha: '3', beta: '+∞' } });
  Object.assign(nodes[1], { value: '3', bold: true, window: { alpha: '−∞', beta: '+∞' } });
  Object.assign(nodes[2], { value: '2' });
  Object.assign(nodes[3], { state: 'current', window: { alpha: '3', beta: '+∞' } });
  nodes[4].bold = true;
  for (const k of [8, 9]) Object.assign(nodes[k], { state: 'pruned', value: null });
  for (const k of [11, 12]) Object.assign(nodes[k], { state: 'unvisited', value: null });
  return { nodes };
}

/** Figure 5.2 at its end with the minimax values beside the search's (the toggle on). */
function figure52Minimax() {
  const model = figure52Model();
  for (const n of model.nodes) n.window = null;
  Object.assign(model.nodes[0], { value: '3 · minimax: 3', state: 'done' });
  Object.assign(model.nodes[1], { value: '3 · minimax: 3' });
  Object.assign(model.nodes[2], { value: '≤ 2 · minimax: 2', state: 'done' });
  Object.assign(model.nodes[3], { value: '2 · minimax: 2', state: 'done' });
  return model;
}

function drawFigure52(model = figure52Model(), camera = new Camera({ width: 1000, height: 1000 })) {
  const layout = layoutTree(model.nodes, OPTS);
  const ctx = recordingContext();
  const stats = drawTree(ctx, model, layout, camera, STYLE);
  return { ctx, layout, stats };
}

test('pruned edges are dashed, others solid; the chosen edge is bold', () => {
  const { ctx } = drawFigure52();
  // C (230, 80) → its pruned second leaf (230, 140).
  const pruned = strokeWithSegment(ctx.calls, 230, 80, 230, 140);
  assert.ok(pruned, 'pruned edge drawn');
  assert.deepEqual(pruned.dash, STYLE.dash);
  assert.equal(pruned.style, STYLE.prunedEdge);
  const kept = strokeWithSegment(ctx.calls, 230, 80, 180, 140);
  assert.deepEqual(kept.dash, []);
  assert.equal(kept.lineWidth, STYLE.edgeWidth);
  const chosen = strokeWithSegment(ctx.calls, 230, 20, 70, 80);
  assert.equal(chosen.lineWidth, STYLE.boldEdgeWidth);
  assert.deepEqual(chosen.dash, []);
  assert.equal(strokeWithSegment(ctx.calls, 70, 80, 20, 140).lineWidth, STYLE.boldEdgeWidth);
  assert.equal(strokeWithSegment(ctx.calls, 230, 20, 230, 80).lineWidth, STYLE.edgeWidth);
});

test('MAX is a triangle pointing up, MIN pointing down, terminal a square', () => {
  const { ctx } = drawFigure52();
  const a = glyphAt(ctx.calls, 230, 20).sub;
  assert.deepEqual(a.map((op) => op[0]), ['M', 'L', 'L', 'Z']);
  assert.deepEqual(a[0], ['M', 230, 20 - R]); // apex first, straight above the centre
  assert.ok(a[0][2] < a[1][2] && a[0][2] < a[2][2]);
  assert.ok(near(a[1][2], a[2][2]));
  const b = glyphAt(ctx.calls, 70, 80).sub;
  assert.deepEqual(b.map((op) => op[0]), ['M', 'L', 'L', 'Z']);
  assert.deepEqual(b[0], ['M', 70, 80 + R]); // apex first, below the centre
  assert.ok(b[0][2] > b[1][2] && b[0][2] > b[2][2]);
  const leaf = glyphAt(ctx.calls, 20, 140).sub;
  assert.equal(leaf.length, 1);
  assert.equal(leaf[0][0], 'R');
  assert.ok(near(leaf[0][3], leaf[0][4]), 'square');
});

test('fills follow state; a pruned node is greyed and outlined dashed', () => {
  const { ctx } = drawFigure52();
  assert.equal(glyphAt(ctx.calls, 230, 140).style, STYLE.prunedFill); // pruned leaf 8
  assert.equal(glyphAt(ctx.calls, 180, 140).style, STYLE.fill.terminal); // done leaf 7
  assert.equal(glyphAt(ctx.calls, 390, 140).style, STYLE.unvisitedFill); // unvisited leaf 11
  assert.equal(glyphAt(ctx.calls, 70, 80).style, STYLE.fill.min); // done MIN B
  assert.equal(glyphAt(ctx.calls, 230, 20).style, STYLE.openFill); // A is open
  const dashedOutlines = ctx.calls.filter((c) => c.op === 'stroke' && c.style === STYLE.prunedStroke && c.dash.length && c.path.some((op) => op[0] === 'R'));
  assert.equal(dashedOutlines.length, 1);
  const centres = subpaths(dashedOutlines[0].path).map(glyphCentre);
  assert.deepEqual(centres, [
    [230, 140],
    [280, 140],
  ]);
});

test('a pruned inner node greys its whole subtree', () => {
  const model = figure52Model();
  model.nodes[2].state = 'pruned';
  for (const k of [7, 8, 9]) Object.assign(model.nodes[k], { state: 'unvisited', value: null });
  const { ctx } = drawFigure52(model);
  for (const [sx, sy] of [[230, 80], [180, 140], [230, 140], [280, 140]]) {
    assert.equal(glyphAt(ctx.calls, sx, sy).style, STYLE.prunedFill);
  }
  for (const [x1, y1, x2, y2] of [[230, 20, 230, 80], [230, 80, 180, 140], [230, 80, 280, 140]]) {
    assert.deepEqual(strokeWithSegment(ctx.calls, x1, y1, x2, y2).dash, STYLE.dash);
  }
  // Its label is drawn in the muted colour: the text says so too, not just the shape.
  const label = ctx.calls.find((c) => c.op === 'fillText' && c.text === 'C');
  assert.equal(label.style, STYLE.mutedText);
});

/** A ring: a thick stroke of one circle (edges and outlines are batched many-shape paths). */
const isRing = (c) => c.op === 'stroke' && c.lineWidth === STYLE.currentRingWidth && c.path.length === 2 && c.path[1][0] === 'A';

test('the current node gets a thick ring', () => {
  const { ctx } = drawFigure52();
  const rings = ctx.calls.filter(isRing);
  assert.equal(rings.length, 1);
  const arc = rings[0].path.find((op) => op[0] === 'A');
  assert.deepEqual(arc.slice(1, 3), [390, 80]);
  assert.ok(arc[3] > R);
  assert.equal(rings[0].style, STYLE.current);
});

test('leaf values under leaves; backed-up values and windows beside nodes; labels', () => {
  const { ctx } = drawFigure52();
  const texts = ctx.calls.filter((c) => c.op === 'fillText');
  const find = (text, pred = () => true) => texts.filter((c) => c.text === text && pred(c));
  for (const [text, x] of [['3', 20], ['12', 70], ['8', 120], ['2', 180], ['14', 340]]) {
    const hit = find(text, (c) => c.x === x);
    assert.equal(hit.length, 1, `leaf value ${text}`);
    assert.ok(hit[0].y > 140 + R, 'under the leaf');
    assert.equal(hit[0].align, 'center');
  }
  // Pruned and unvisited leaves show no value.
  assert.equal(find('4').length, 0);
  assert.equal(find('5').length, 0);
  // B's backed-up 3 to its right, its window underneath.
  const bValue = find('3', (c) => c.x > 70);
  assert.equal(bValue.length, 1);
  assert.equal(bValue[0].x, 70 + R + PAD);
  assert.ok(bValue[0].y < 80);
  assert.equal(bValue[0].align, 'left');
  const bWindow = find('[α=−∞, β=+∞]');
  assert.equal(bWindow.length, 1);
  assert.ok(bWindow[0].y > 80 && bWindow[0].x === bValue[0].x);
  // D has a window and no value yet: the window sits level with it.
  const dWindow = find('[α=3, β=+∞]', (c) => c.x > 390);
  assert.equal(dWindow.length, 1);
  assert.equal(dWindow[0].y, 80);
  // Labels to the left of the node.
  const a = find('A')[0];
  assert.equal(a.align, 'right');
  assert.equal(a.x, 230 - R - PAD);
  assert.equal(a.y, 20);
  // Edge labels on the edge, left of the line, between the parent's glyph and the child's.
  // (Where exactly is labelSpace's geometry; this layout was made without it.)
  const a2 = find('a2')[0];
  assert.equal(a2.x, 230 - STYLE.textPad / 2);
  assert.equal(a2.align, 'right');
  assert.ok(a2.y > 20 + R && a2.y < 80 - R, `a2 at ${a2.y}`);
});

test('chance is a circle; n-player nodes are numbered polygons; probabilities on edges', () => {
  const nodes = [
    { id: 0, parent: -1, kind: 'chance', state: 'done', value: '2.5' },
    { id: 1, parent: 0, kind: 'max', state: 'done', prob: '0.25', edgeLabel: '⚀' },
    { id: 2, parent: 0, kind: 'min', state: 'done', prob: '0.25' },
    { id: 3, parent: 0, kind: 'player', player: 1, state: 'done', prob: '0.25' },
    { id: 4, parent: 0, kind: 'player', player: 2, state: 'done', prob: '0.25' },
  ];
  const model = { nodes };
  const layout = layoutTree(nodes, OPTS);
  const ctx = recordingContext({ width: 800, height: 600 });
  const stats = drawTree(ctx, model, layout, new Camera(), STYLE);
  assert.equal(stats.nodes, 5);
  assert.equal(stats.edges, 4);
  const root = glyphAt(ctx.calls, layout.x[0], layout.y[0]).sub;
  assert.deepEqual(root.map((op) => op[0]), ['M', 'A']);
  assert.equal(root[1][3], R * 0.8);
  const p1 = glyphAt(ctx.calls, layout.x[3], layout.y[3]);
  assert.deepEqual(p1.sub.map((op) => op[0]), ['M', 'L', 'L', 'L', 'Z']); // diamond
  assert.deepEqual(p1.sub[0], ['M', layout.x[3], layout.y[3] - R]);
  assert.equal(p1.style, STYLE.playerFill[1]);
  const p2 = glyphAt(ctx.calls, layout.x[4], layout.y[4]).sub;
  assert.equal(p2.filter((op) => op[0] === 'L').length, 4); // pentagon
  const texts = ctx.calls.filter((c) => c.op === 'fillText');
  assert.ok(texts.some((c) => c.text === '2' && c.x === layout.x[3] && c.y === layout.y[3]));
  assert.ok(texts.some((c) => c.text === '3' && c.x === layout.x[4] && c.y === layout.y[4]));
  assert.equal(texts.filter((c) => c.text === '0.25' && c.align === 'left').length, 4);
  assert.equal(texts.filter((c) => c.text === '⚀' && c.align === 'right').length, 1);
  // The chance node's value is backed up beside it (it has children).
  assert.ok(texts.some((c) => c.text === '2.5' && c.x === layout.x[0] + R + PAD));
  // The viewport came from ctx.canvas: the background was painted over it.
  assert.deepEqual(ctx.calls[0], { op: 'fillRect', x: 0, y: 0, w: 800, h: 600, style: STYLE.background });
});

test('a tag is a badge above its node: a box in its colour and the text on top', () => {
  const model = figure52Model();
  Object.assign(model.nodes[3], { tag: 'SELECT', tagColour: '#123456' });
  const { ctx, layout, stats } = drawFigure52(model);
  const i = ctx.calls.findIndex((c) => c.op === 'fillRect' && c.style === '#123456');
  assert.ok(i > 0, 'the badge box is drawn in the tag colour');
  const box = ctx.calls[i];
  const text = ctx.calls.find((c) => c.op === 'fillText' && c.text === 'SELECT');
  assert.ok(text, 'the tag text is drawn');
  assert.equal(text.style, STYLE.tagText);
  assert.equal(text.x, layout.x[3]);
  assert.ok(text.y < layout.y[3] - R, 'above the glyph');
  assert.ok(box.x < text.x && box.x + box.w > text.x && box.y < text.y && box.y + box.h > text.y, 'text inside the box');
  assert.ok(ctx.calls.indexOf(text) > i, 'text after its box');
  // The frame reports what it drew, for page decorations (board thumbnails).
  assert.equal(stats.visible.length, 13);
  assert.deepEqual([...stats.visible].sort((a, b) => a - b), [...Array(13).keys()]);
  assert.equal(stats.radius, R);
});

test('level of detail: text goes first, then shapes become dots', () => {
  const model = figure52Model();
  const layout = layoutTree(model.nodes, OPTS);
  const mid = recordingContext();
  const s1 = drawTree(mid, model, layout, new Camera({ scale: 0.4, width: 500, height: 500 }), STYLE);
  assert.equal(s1.text, false);
  assert.equal(s1.dots, false);
  assert.equal(mid.calls.filter((c) => c.op === 'fillText').length, 0);
  assert.equal(filledGlyphs(mid.calls).length, 13);
  const far = recordingContext();
  const s2 = drawTree(far, model, layout, new Camera({ scale: 0.05, minScale: 0.01, width: 500, height: 500 }), STYLE);
  assert.equal(s2.dots, true);
  const glyphs = filledGlyphs(far.calls);
  assert.equal(glyphs.length, 13);
  assert.ok(glyphs.every((g) => g.sub[0][0] === 'R' && g.sub[0][3] === STYLE.minShapePx));
  // The current node's ring stays findable: at least 6 px.
  const ring = far.calls.find(isRing);
  assert.equal(ring.path.find((op) => op[0] === 'A')[3], 6);
});

test('dark theme differs and keeps every key', () => {
  const dark = defaultStyle(true);
  assert.deepEqual(Object.keys(dark).sort(), Object.keys(STYLE).sort());
  assert.notEqual(dark.background, STYLE.background);
  assert.notEqual(dark.text, STYLE.text);
  assert.equal(typeof globalThis.document, 'undefined'); // the libraries ran without a DOM
});

/** Seeded generator for reproducible random trees. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** A 10k-node search-like tree: random recursive shape, mixed kinds and states, values. */
function bigModel(n, seed) {
  const rand = rng(seed);
  const nodes = [{ id: 0, parent: -1 }];
  for (let i = 1; i < n; i++) nodes.push({ id: i, parent: Math.floor(rand() * i) });
  const hasKids = new Uint8Array(n);
  for (let i = 1; i < n; i++) hasKids[nodes[i].parent] = 1;
  const states = ['unvisited', 'open', 'done', 'done', 'done', 'pruned'];
  for (let i = 0; i < n; i++) {
    const nd = nodes[i];
    nd.kind = hasKids[i] ? ['max', 'min', 'chance'][i % 3] : 'terminal';
    nd.state = states[Math.floor(rand() * states.length)];
    nd.value = String(Math.floor(rand() * 100) - 50);
    nd.window = hasKids[i] ? { alpha: '−∞', beta: '+∞' } : null;
    nd.label = `n${i}`;
    nd.edgeLabel = i ? `m${i % 7}` : '';
  }
  nodes[n - 1].state = 'current';
  return { nodes };
}

test('culling: a corner view of a 10k-node tree draws a small, complete subset', () => {
  const model = bigModel(10000, 99);
  const layout = layoutTree(model.nodes, OPTS);
  const cam = new Camera({ scale: 1, tx: 0, ty: 0, width: 800, height: 600 });
  const ctx = recordingContext();
  const stats = drawTree(ctx, model, layout, cam, STYLE);
  console.log(`corner view of 10,000 nodes (world ${Math.round(layout.width)} × ${layout.height}): drew ${stats.nodes} nodes, ${stats.edges} edges`);
  assert.ok(stats.nodes > 0 && stats.nodes < 1000, `drew ${stats.nodes}`);
  const glyphs = filledGlyphs(ctx.calls);
  assert.equal(glyphs.length, stats.nodes);
  // Complete: every node whose box meets the viewport is among the glyphs.
  const drawnAt = new Set(glyphs.map((g) => `${g.cx},${g.cy}`));
  let inView = 0;
  for (let v = 0; v < 10000; v++) {
    const { x, y } = cam.toScreen(layout.x[v], layout.y[v]);
    if (x + 20 >= 0 && x - 20 <= 800 && y + 20 >= 0 && y - 20 <= 600) {
      inView++;
      assert.ok(drawnAt.has(`${x},${y}`), `node ${v} is in view but not drawn`);
    }
  }
  assert.ok(inView > 0);
  // Every edge whose box meets the viewport is stroked.
  let edgesInView = 0;
  for (let v = 1; v < 10000; v++) {
    const p = layout.parent[v];
    const a = cam.toScreen(layout.x[p], layout.y[p]);
    const b = cam.toScreen(layout.x[v], layout.y[v]);
    if (Math.max(a.x, b.x) >= 0 && Math.min(a.x, b.x) <= 800 && b.y >= 0 && a.y <= 600) {
      edgesInView++;
      assert.ok(strokeWithSegment(ctx.calls, a.x, a.y, b.x, b.y), `edge into ${v} missing`);
    }
  }
  assert.ok(edgesInView > 0 && stats.edges < 2000);

  // Panning across the tree: the per-frame cost stays that of the visible part. Each run
  // pans once across the whole width; the first run warms up the JIT.
  const pan = (makeCtx) => {
    const frames = 400;
    const t0 = performance.now();
    for (let f = 0; f < frames; f++) {
      cam.tx = -(f * layout.width) / frames;
      drawTree(makeCtx(), model, layout, cam, STYLE);
    }
    return (performance.now() - t0) / frames;
  };
  pan(nullContext);
  console.log(`panning 800×600 over 10,000 nodes: ${pan(nullContext).toFixed(4)} ms per frame (no-op context)`);
  console.log(`panning 800×600 over 10,000 nodes: ${pan(recordingContext).toFixed(4)} ms per frame (recording context)`);
});

test('drawing 10k visible nodes completes (timings printed)', () => {
  const model = bigModel(10000, 5);
  const layout = layoutTree(model.nodes, OPTS);
  // No viewport size and no canvas: nothing is culled, full detail at scale 1.
  const full = new Camera({ scale: 1 });
  drawTree(recordingContext(), model, layout, full, STYLE); // warm-up
  let t0 = performance.now();
  const ctx = recordingContext();
  const stats = drawTree(ctx, model, layout, full, STYLE);
  console.log(`10,000 nodes, full detail, no culling: ${(performance.now() - t0).toFixed(2)} ms (recording context)`);
  drawTree(nullContext(), model, layout, full, STYLE);
  t0 = performance.now();
  drawTree(nullContext(), model, layout, full, STYLE);
  console.log(`10,000 nodes, full detail, no culling: ${(performance.now() - t0).toFixed(2)} ms (no-op context)`);
  assert.equal(stats.nodes, 10000);
  assert.equal(stats.edges, 9999);
  assert.equal(filledGlyphs(ctx.calls).length, 10000);
  assert.ok(ctx.calls.filter((c) => c.op === 'fillText').length > 10000);
  // A handful of flushes, not one per node: that is what keeps a real canvas fast.
  const flushes = ctx.calls.filter((c) => c.op === 'stroke' || c.op === 'fill').length;
  // (12 for edges, shapes, outlines and ring, plus one fill for all the halos behind texts.)
  assert.ok(flushes <= 13, `${flushes} stroke/fill calls`);

  // The whole tree fitted to a 1280 × 800 screen: everything visible, drawn as dots.
  const fitted = new Camera({ minScale: 0.001 }).fit(layout.bounds, 1280, 800, 20);
  t0 = performance.now();
  const s2 = drawTree(recordingContext(), model, layout, fitted, STYLE);
  console.log(`10,000 nodes fitted to 1280×800 (scale ${fitted.scale.toFixed(4)}): ${(performance.now() - t0).toFixed(2)} ms`);
  assert.equal(s2.nodes, 10000);
  assert.equal(s2.dots, true);
  assert.equal(s2.text, false);
});

test('hitTest returns the node under exact points, -1 elsewhere', () => {
  const model = figure52Model();
  const layout = layoutTree(model.nodes, OPTS);
  const cam = new Camera({ scale: 2, tx: 10, ty: 5 });
  // Leaf 4 is at world (20, 140) → screen (50, 285); its box spans world x 0..40, y 120..160.
  assert.equal(hitTest(model, layout, cam, 50, 285), 4);
  assert.equal(hitTest(model, layout, cam, 90, 325), 4); // box corner (40, 160)
  assert.equal(hitTest(model, layout, cam, 10, 245), 4); // box corner (0, 120)
  assert.equal(hitTest(model, layout, cam, 92, 285), -1); // world x 41: gap between leaves
  assert.equal(hitTest(model, layout, cam, 110, 285), 5); // world x 50: next leaf's edge
  assert.equal(hitTest(model, layout, cam, 50, 327), -1); // world y 161: below the box
  assert.equal(hitTest(model, layout, cam, 50, 225), -1); // world y 110: between levels
  assert.equal(hitTest(model, layout, cam, 470, 45), 0); // the root
  assert.equal(hitTest(model, layout, cam, 790, 165), 3); // D at (390, 80)
  assert.equal(hitTest(model, layout, cam, 0, 0), -1);
  assert.equal(hitTest(model, layout, cam, 5000, 285), -1);
  assert.equal(hitTest(model, layout, cam, 50, 5000), -1);
  // Hidden nodes are never hit: with C collapsed, C's place is C itself.
  const folded = layoutTree(model.nodes, { ...OPTS, collapsed: new Set([2]) });
  const c = cam.toScreen(folded.x[2], folded.y[2]);
  assert.equal(hitTest(model, folded, cam, c.x, c.y + 120), -1); // a level below C, where its leaves would be
  assert.equal(hitTest(model, folded, cam, c.x, c.y), 2);
});

test('hitTest agrees with a brute-force search on a 10k-node tree', () => {
  const model = bigModel(10000, 17);
  const layout = layoutTree(model.nodes, OPTS);
  const cam = new Camera({ scale: 0.75, tx: -300, ty: 40 });
  const rand = rng(1);
  let hits = 0;
  const t0 = performance.now();
  for (let trial = 0; trial < 3000; trial++) {
    // Half the probes aim at a node centre plus jitter, half anywhere.
    let sx;
    let sy;
    if (trial % 2) {
      const v = Math.floor(rand() * 10000);
      const p = cam.toScreen(layout.x[v] + (rand() - 0.5) * 44, layout.y[v] + (rand() - 0.5) * 44);
      sx = p.x;
      sy = p.y;
    } else {
      sx = rand() * layout.width * 0.75 - 300;
      sy = rand() * layout.height * 0.75 + 40;
    }
    const got = hitTest(model, layout, cam, sx, sy);
    const w = cam.toWorld(sx, sy);
    let want = -1;
    for (let v = 0; v < 10000; v++) {
      if (Math.abs(layout.x[v] - w.x) <= 20 && Math.abs(layout.y[v] - w.y) <= 20) want = v;
    }
    assert.equal(got, want, `probe (${sx}, ${sy})`);
    if (got >= 0) hits++;
  }
  assert.ok(hits > 500);
  console.log(`hitTest + brute-force check, 3000 probes: ${(performance.now() - t0).toFixed(1)} ms`);
});

test('notation: formatValue', () => {
  assert.equal(formatValue(Infinity), '+∞');
  assert.equal(formatValue(-Infinity), '−∞');
  assert.equal(MINUS, '\u2212');
  assert.equal(formatValue(3), '3');
  assert.equal(formatValue(-12), '−12');
  assert.equal(formatValue(0), '0');
  assert.equal(formatValue(-0), '0');
  assert.equal(formatValue(0.5), '0.5');
  assert.equal(formatValue(1 / 3), '0.3333');
  assert.equal(formatValue(-2 / 3), '−0.6667');
  assert.equal(formatValue(2.00001), '2');
  assert.equal(formatValue(-0.00001), '0');
  assert.equal(formatValue(1.25), '1.25');
  assert.equal(formatValue(4.1), '4.1');
  assert.equal(formatValue(1e21), '1e+21');
  assert.equal(formatValue(NaN), '');
  assert.equal(formatValue(null), '');
  assert.equal(formatValue(undefined), '');
  assert.equal(formatValue('?'), '?');
});

test('notation: formatWindow and formatVector', () => {
  assert.equal(formatWindow(3, Infinity), '[α=3, β=+∞]');
  assert.equal(formatWindow(-Infinity, Infinity), '[α=−∞, β=+∞]');
  assert.equal(formatWindow('−∞', '2'), '[α=−∞, β=2]');
  assert.equal(formatVector([1, 2, 6]), '(1, 2, 6)');
  assert.equal(formatVector([0.5, -1]), '(0.5, −1)');
});

test('under board thumbnails, edges leave each parent below its thumbnail and the edge texts stay beside the drawn line', async () => {
  const { labelSpace } = await import('../../www/lib/tree-draw.js');
  const model = figure52Model();
  const measure = (text, px) => String(text).length * px * 0.6;
  const thumb = { w: 36, h: 36 };
  const space = labelSpace(model, STYLE, measure, { thumb });
  const layout = layoutTree(model.nodes, space);
  const ctx = recordingContext();
  drawTree(ctx, model, layout, new Camera({ scale: 1 }), STYLE);
  const g = layout.geometry;
  const starts = [];
  for (const c of ctx.calls) {
    if (c.op !== 'stroke') continue;
    for (let i = 0; i + 1 < c.path.length; i++) {
      const [, ex, ey] = c.path[i + 1];
      const intoNode = model.nodes.some((_, v) => v > 0 && Math.abs(layout.x[v] - ex) < 1e-9 && Math.abs(layout.y[v] - ey) < 1e-9);
      if (c.path[i][0] === 'M' && c.path[i + 1][0] === 'L' && intoNode) starts.push(c.path[i].slice(1));
    }
  }
  assert.equal(starts.length, 12, 'one edge per non-root node');
  for (const [sx, sy] of starts) {
    const p = [0, 1, 2, 3].find((v) => Math.abs(layout.x[v] - sx) < 1e-9 && sy > layout.y[v]);
    assert.ok(p !== undefined, `edge from (${sx}, ${sy}) starts under a parent`);
    assert.ok(sy >= layout.y[p] + g.thumbDy + thumb.h - 1e-9, `edge from ${'ABCD'[p]} starts at ${sy - layout.y[p]}, inside the thumbnail (${g.thumbDy} to ${g.thumbDy + thumb.h})`);
  }
  // The edge texts a1..a3: left of the drawn line at their height, clear of it.
  const texts = ctx.calls.filter((c) => c.op === 'fillText' && /^a\d$/.test(c.text));
  assert.equal(texts.length, 3);
  for (const t of texts) {
    const c = Number(t.text[1]);
    const [x0, y0] = [layout.x[0], layout.y[0] + g.edgeFrom];
    const [x1, y1] = [layout.x[c], layout.y[c]];
    const lineX = x0 + ((t.y - y0) / (y1 - y0)) * (x1 - x0);
    assert.ok(Math.abs(t.x - (lineX - g.edgeOff)) < 1e-9, `${t.text} at ${t.x}, the line at ${lineX}`);
  }
});

test('a text a little wider on screen than its measured room is condensed into it: "≤ 2 · minimax: 2" never runs into "D"', async () => {
  const { labelSpace } = await import('../../www/lib/tree-draw.js');
  const model = figure52Minimax();
  // A font whose widths do not scale with its size: 5% wider per px under 14 px than scaled
  // from 14 px (6% at the 12.8 px the values are drawn at here).
  const width = (text, px) => String(text).length * px * 0.6 * (1 + 0.05 * Math.max(0, 14 - px));
  const layout = layoutTree(model.nodes, labelSpace(model, STYLE, width, {}));
  const ctx = recordingContext();
  ctx.measureText = (text) => {
    const m = /^(bold )?([\d.]+)px/.exec(ctx.font);
    return { width: width(text, Number(m[2])) };
  };
  const drawnScale = 11 / STYLE.smallFontSize;
  drawTree(ctx, model, layout, new Camera({ scale: drawnScale }), STYLE);
  const boxes = ctx.calls
    .filter((c) => c.op === 'fillText')
    .map((c) => {
      const px = Number(/([\d.]+)px/.exec(c.font)[1]);
      const w = c.maxWidth === undefined ? width(c.text, px) : Math.min(width(c.text, px), c.maxWidth);
      const x0 = c.align === 'left' ? c.x : c.align === 'right' ? c.x - w : c.x - w / 2;
      return { text: c.text, x0, x1: x0 + w, y0: c.y - px / 2, y1: c.y + px / 2 };
    });
  const c = boxes.find((b) => b.text === '≤ 2 · minimax: 2');
  const d = boxes.find((b) => b.text === 'D');
  assert.ok(c && d, 'both drawn');
  assert.ok(c.x1 <= d.x0, `C's value ends at ${c.x1}, D's name starts at ${d.x0}`);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const meet = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1e-6 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1e-6;
      assert.ok(!meet, `'${a.text}' overlaps '${b.text}'`);
    }
  }
});

test('the texts of two nodes on a row stand apart: "3 · minimax: 3" and "C", "≤ 2 · minimax: 2" and "D" never read as one', async () => {
  const { labelSpace } = await import('../../www/lib/tree-draw.js');
  const model = figure52Minimax();
  const width = (text, px) => String(text).length * px * 0.6;
  const layout = layoutTree(model.nodes, labelSpace(model, STYLE, width, {}));
  const ctx = recordingContext();
  ctx.measureText = (text) => ({ width: width(text, Number(/([\d.]+)px/.exec(ctx.font)[1])) });
  drawTree(ctx, model, layout, new Camera({ scale: 1 }), STYLE);
  // The text on the row of B, C and D.
  const box = (t) => {
    const c = ctx.calls.find((k) => k.op === 'fillText' && k.text === t && Math.abs(k.y - layout.y[1]) < STYLE.fontSize);
    const w = width(t, Number(/([\d.]+)px/.exec(c.font)[1]));
    const x0 = c.align === 'left' ? c.x : c.align === 'right' ? c.x - w : c.x - w / 2;
    return { x0, x1: x0 + w };
  };
  const b = model.nodes[1].value;
  // A word space is about a quarter of an em: at least 10 px more than the layout's gap.
  assert.ok(box('C').x0 - box(b).x1 >= STYLE.labelGap + 10 - 1e-9, `B's value to C's name: ${box('C').x0 - box(b).x1} px`);
  assert.ok(box('D').x0 - box('≤ 2 · minimax: 2').x1 >= STYLE.labelGap + 10 - 1e-9, `C's value to D's name: ${box('D').x0 - box('≤ 2 · minimax: 2').x1} px`);
});

test('compact: the minimax value goes under its node, the edges leave below it, and a stem joins them to the node', async () => {
  const { labelSpace } = await import('../../www/lib/tree-draw.js');
  const model = figure52Minimax();
  const width = (text, px) => String(text).length * px * 0.6;
  const normal = layoutTree(model.nodes, labelSpace(model, STYLE, width, {}));
  const layout = layoutTree(model.nodes, labelSpace(model, STYLE, width, { compact: true }));
  assert.ok(layout.width < normal.width * 0.7, `compact ${layout.width} wide, normal ${normal.width}`);
  assert.equal(layout.nodeWidth, 32);
  const g = layout.geometry;
  assert.equal(g.compact, true);
  const ctx = recordingContext();
  ctx.measureText = (text) => ({ width: width(text, Number(/([\d.]+)px/.exec(ctx.font)[1])) });
  drawTree(ctx, model, layout, new Camera({ scale: 1 }), STYLE);
  const texts = ctx.calls.filter((c) => c.op === 'fillText');
  // The texts a node draws beside and under it (not the edge texts above it).
  const at = (v) => texts.filter((t) => t.x >= layout.x[v] && t.x < layout.x[v] + 60 && t.y >= layout.y[v] && t.y < layout.y[v] + 40);
  // C: its bound beside it, its true value under it (small), the line under the glyph's ring.
  const c = at(2);
  assert.deepEqual(c.map((t) => t.text).sort(), ['minimax: 2', '≤ 2']);
  const under = c.find((t) => t.text === 'minimax: 2');
  assert.deepEqual([under.x, under.y, under.align], [layout.x[2], layout.y[2] + g.belowDy, 'center']);
  assert.ok(/^12px/.test(under.font), under.font);
  assert.equal(c.find((t) => t.text === '≤ 2').y, layout.y[2]);
  assert.ok(g.edgeFrom >= g.belowDy + STYLE.fontSize / 2, `edges leave at ${g.edgeFrom}, under the line at ${g.belowDy}`);
  // Every edge leaves its parent at edgeFrom below its centre; each inner node has a stem in
  // the look of its edges: bold on the chosen path (A, B), plain at C and D.
  for (let v = 1; v < 13; v++) {
    const p = model.nodes[v].parent;
    assert.ok(strokeWithSegment(ctx.calls, layout.x[p], layout.y[p] + g.edgeFrom, layout.x[v], layout.y[v]), `edge into ${v}`);
  }
  for (const [p, w] of [[0, STYLE.boldEdgeWidth], [1, STYLE.boldEdgeWidth], [2, STYLE.edgeWidth], [3, STYLE.edgeWidth]]) {
    const s = strokeWithSegment(ctx.calls, layout.x[p], layout.y[p], layout.x[p], layout.y[p] + g.edgeFrom);
    assert.ok(s, `the stem of ${'ABCD'[p]}`);
    assert.equal(s.lineWidth, w, `the stem of ${'ABCD'[p]}`);
  }
  // The edge texts beside the drawn line, COMPACT_EDGE_T of the way down it.
  for (const t of texts.filter((k) => /^a\d$/.test(k.text))) {
    const v = Number(t.text[1]);
    const [x0, y0] = [layout.x[0], layout.y[0] + g.edgeFrom];
    const lineX = x0 + ((t.y - y0) / (layout.y[v] - y0)) * (layout.x[v] - x0);
    assert.ok(Math.abs(t.x - (lineX - g.edgeOff)) < 1e-9, `${t.text} at ${t.x}, the line at ${lineX}`);
    assert.ok(Math.abs((t.y - y0) / (layout.y[v] - y0) - 0.6) < 1e-9);
  }
});

test('counts read with thousands separators, as en-US writes them', () => {
  const cases = [
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
    ['42000', '42,000'],
    [9007199254740991, '9,007,199,254,740,991'],
    [-0, '-0'],
    [1.5, '1.5'],
    [12345.678, '12,345.678'],
  ];
  for (const [n, text] of cases) {
    assert.equal(count(n), text, `count(${n})`);
    assert.equal(count(n), Number(n).toLocaleString('en-US'), `count(${n}) is the en-US text`);
  }
});
