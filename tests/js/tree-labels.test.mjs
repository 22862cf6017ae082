// No two labels of a tree drawing overlap, and no label covers another node's glyph: on every
// lesson tree (www/lib/lessons.js) at every step of its recorded search, on MCTS pictures of
// them, and on 500 generated trees (two-player, chance and three-player; up to 40 leaves)
// at every step. The trees go through the page's own path: the wasm Stepper records the
// search (www/pkg; `cargo xtask build` first), trace-view.js makes the draw model, labelSpace
// and layoutTree lay it out, and drawTree draws it into a recording context; the boxes
// checked are those of the fillText calls it makes, so what is checked is what is drawn.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyStep, buildMctsModel, buildTraceModel } from '../../www/lib/trace-view.js';
import { LESSON_TREES, algorithmsFor } from '../../www/lib/lessons.js';
import { layoutTree } from '../../www/lib/tree-layout.js';
import { Camera, frameTree } from '../../www/lib/camera.js';
import { defaultStyle, drawTree, drawnBoxes, labelSpace, reserveFor } from '../../www/lib/tree-draw.js';
import { formatWindow } from '../../www/lib/notation.js';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { GameTree, MctsStepper, Stepper } = api;

const STYLE = defaultStyle(false);
// The tags the MCTS figure makes room for (mcts-figure.js).
const TAG_WORDS = ['SELECT', 'EXPAND', 'ROLLOUT', 'BACKUP', 'INSPECTED'];

/**
 * A stand-in for a sans-serif font's advance widths (em fractions): wide and narrow glyphs
 * differ, as they do on screen, so a layout that counted characters would fail here.
 */
const EM = { ' ': 0.28, ',': 0.28, '.': 0.28, '(': 0.33, ')': 0.33, '[': 0.33, ']': 0.33, '/': 0.33, '−': 0.6, '-': 0.33, '∞': 0.72, '=': 0.6, '+': 0.6, '⊕': 0.8, α: 0.62, β: 0.58, i: 0.24, l: 0.24, j: 0.26, I: 0.3, W: 0.95, M: 0.85, m: 0.86, w: 0.75 };
function measure(text, px, bold = false) {
  let em = 0;
  for (const ch of String(text)) em += EM[ch] ?? (/[0-9]/.test(ch) ? 0.56 : /[A-Z]/.test(ch) ? 0.68 : 0.56);
  return em * px * (bold ? 1.08 : 1);
}

/** A recording 2D context: the text calls with the font in force, measured by `measure`. */
function textRecorder() {
  const texts = [];
  const rects = [];
  let st = { font: '10px sans-serif', textAlign: 'start', textBaseline: 'alphabetic', fillStyle: '#000' };
  const ctx = {
    save() {},
    restore() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    closePath() {},
    arc() {},
    rect() {},
    stroke() {},
    fill() {},
    setLineDash() {},
    fillRect(x, y, w, h) {
      rects.push({ x, y, w, h, style: st.fillStyle });
    },
    fillText(text, x, y) {
      const m = /^(bold )?([\d.]+)px/.exec(st.font);
      const px = Number(m[2]);
      const w = measure(text, px, Boolean(m[1]));
      const x0 = st.textAlign === 'left' ? x : st.textAlign === 'right' ? x - w : x - w / 2;
      assert.equal(st.textBaseline, 'middle');
      texts.push({ text, x0, x1: x0 + w, y0: y - px / 2, y1: y + px / 2, px });
    },
    measureText(text) {
      const m = /^(bold )?([\d.]+)px/.exec(st.font);
      return { width: measure(text, Number(m[2]), Boolean(m[1])) };
    },
  };
  for (const key of Object.keys(st)) {
    Object.defineProperty(ctx, key, { get: () => st[key], set: (v) => (st = { ...st, [key]: v }) });
  }
  return { ctx, texts, rects };
}

const overlaps = (a, b) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1e-6 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1e-6;

/**
 * Draws at scale 1 (no culling) and returns the problems: overlapping texts, texts on a
 * glyph that is not their own, and texts under the minimum size.
 */
function problems(model, layout, where, camera = new Camera({ scale: 1 })) {
  const { ctx, texts } = textRecorder();
  const stats = drawTree(ctx, model, layout, camera, STYLE);
  assert.equal(stats.text, true);
  const out = [];
  for (const t of texts) if (t.px < STYLE.minFontPx) out.push(`${where}: '${t.text}' at ${t.px} px`);
  // Glyph boxes (the glyph's square around its centre, on screen); a player's number sits
  // inside its own.
  const { scale, tx, ty } = camera;
  const r = ((STYLE.nodeScale * Math.min(layout.nodeWidth, layout.nodeHeight)) / 2) * scale;
  const glyphs = [...layout.order].map((v) => {
    const [sx, sy] = [layout.x[v] * scale + tx, layout.y[v] * scale + ty];
    return { v, x0: sx - r, x1: sx + r, y0: sy - r, y1: sy + r };
  });
  const sorted = texts.slice().sort((a, b) => a.x0 - b.x0);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].x0 < sorted[i].x1; j++) {
      if (overlaps(sorted[i], sorted[j])) out.push(`${where}: '${sorted[i].text}' overlaps '${sorted[j].text}'`);
    }
  }
  for (const t of texts) {
    for (const g of glyphs) {
      const inside = t.x0 >= g.x0 && t.x1 <= g.x1 && t.y0 >= g.y0 && t.y1 <= g.y1;
      if (!inside && overlaps(t, g)) out.push(`${where}: '${t.text}' covers the glyph of node ${g.v}`);
    }
  }
  return { out, texts };
}

/** Lays out a trace model as TreeCanvas does (room for final values and windows). */
function layOut(model, opts = {}) {
  const reserve = reserveFor(model, (t) => measure(t, STYLE.fontSize));
  const space = labelSpace(model, STYLE, measure, { reserve: reserve.values, windowText: reserve.window, ...opts });
  return layoutTree(model.nodes, space);
}

/** The view a canvas of `viewW × viewH` px first shows of `layout` (TreeCanvas.frame). */
function opening(layout, viewW, viewH) {
  const readable = STYLE.minFontPx / Math.min(STYLE.fontSize, STYLE.smallFontSize);
  return frameTree(layout.bounds, [], { viewW, viewH, margin: 16, readable, maxScale: 1.4 });
}

/**
 * Records `text` with `algo`, lays it out twice (the normal and the compact label placement)
 * and checks every step (or `maxSteps` evenly spread ones) of both. Returns the number of
 * texts checked.
 */
function checkTree(text, algo, maxSteps = Infinity, { minimax = false, views = false } = {}) {
  const tree = GameTree.parse(text);
  const st = Stepper.forTree(tree, { algo }, 20000);
  try {
    const result = st.result();
    const model = buildTraceModel({ traceNodes: st.nodes(), treeNodes: tree.nodes(), finalPruned: st.pruned(), players: tree.players });
    // The toggle's true minimax values beside the search's (two-player trees only).
    if (minimax) model.minimax = st.minimaxValues();
    const layout = layOut(model);
    const compact = layOut(model, { compact: true });
    const steps = [];
    const n = st.length;
    if (n + 1 <= maxSteps) for (let i = 0; i <= n; i++) steps.push(i);
    else for (let k = 0; k < maxSteps; k++) steps.push(Math.round((k * n) / (maxSteps - 1)));
    // The scale the figure opens at in the tree lab's canvas at the two page widths
    // (TreeCanvas.frame: camera.js frameTree, readable at 11 px, at most 1.4, 16 px margins;
    // the canvas assumed 1200 × 520 px at 1280 px, 340 × 420 px at 360 px, where the compact
    // placement is drawn too), the whole tree in the view: the texts are drawn there, only
    // larger or smaller.
    const readable = STYLE.minFontPx / Math.min(STYLE.fontSize, STYLE.smallFontSize);
    const cameras = [[layout, 1200, 520], [layout, 340, 420], [compact, 340, 420]].map(([lay, viewW, viewH]) => {
      const f = opening(lay, viewW, viewH);
      const name = `${viewW} px${lay === compact ? ', compact' : ''}`;
      return [lay, name, new Camera({ scale: Math.max(f.scale, readable), tx: f.tx, ty: f.ty })];
    });
    let count = 0;
    for (const i of steps) {
      st.seek(i);
      applyStep(model, st.state(), { done: i === n, bestChild: result.bestChild });
      const counts = [];
      for (const [lay, how] of [[layout, ''], [compact, ', compact']]) {
        const { out, texts } = problems(model, lay, `${text} (${algo}) step ${i}${how}`);
        assert.deepEqual(out, []);
        count += texts.length;
        counts.push(texts.length);
      }
      if (views) {
        for (const [lay, name, cam] of cameras) {
          const seen = problems(model, lay, `${text} (${algo}) step ${i}, ${name}`, cam);
          assert.deepEqual(seen.out, []);
          assert.equal(seen.texts.length, counts[lay === compact ? 1 : 0], 'every text drawn');
        }
      }
    }
    return count;
  } finally {
    st.free();
    tree.free();
  }
}

test('every lesson tree, every applicable algorithm, every step: no label overlaps another or a glyph', () => {
  let texts = 0;
  for (const lesson of LESSON_TREES) {
    const t = GameTree.parse(lesson.text);
    const algos = algorithmsFor(t);
    t.free();
    for (const algo of algos) texts += checkTree(lesson.text, algo);
  }
  assert.ok(texts > 1000, `${texts} texts checked`);
});

test('bounds and the minimax toggle: "≤ 2" drawn at C of Figure 5.2, and no label overlaps on any lesson tree', () => {
  const tree = GameTree.parse(FIG_5_2);
  const st = Stepper.forTree(tree, { algo: 'alphabeta' }, 20000);
  const model = buildTraceModel({ traceNodes: st.nodes(), treeNodes: tree.nodes(), finalPruned: st.pruned(), players: 2 });
  const c = model.nodes.findIndex((n) => n.label === 'C');
  const drawnAt = (d) => {
    const layout = layOut(model);
    const { out, texts } = problems(model, layout, 'Figure 5.2');
    assert.deepEqual(out, []);
    // The value text drawn nearest to node d's glyph.
    const near = texts.filter((t) => Math.abs((t.y0 + t.y1) / 2 - layout.y[d]) < 40 && t.x0 <= layout.x[d] + 40 && t.x1 >= layout.x[d] - 40);
    return near.map((t) => t.text);
  };
  st.seek(st.length);
  applyStep(model, st.state(), { done: true, bestChild: st.result().bestChild });
  assert.equal(model.nodes[c].value, '≤ 2');
  assert.ok(drawnAt(c).includes('≤ 2'), drawnAt(c).join(' | '));
  const d = model.nodes.findIndex((n) => n.label === 'D');
  assert.equal(model.nodes[d].value, '2');
  // While C is open its running value is a plain number.
  const exitC = st.nodes()[model.drawToTrace.indexOf(c)].exitStep;
  st.seek(exitC);
  applyStep(model, st.state(), {});
  assert.equal(model.nodes[c].value, '2');
  // The toggle: the true minimax values beside the finished inner nodes.
  model.minimax = st.minimaxValues();
  st.seek(st.length);
  applyStep(model, st.state(), { done: true, bestChild: st.result().bestChild });
  assert.equal(model.nodes[c].value, '≤ 2 · minimax: 2');
  assert.equal(model.nodes[0].value, '3 · minimax: 3');
  assert.ok(drawnAt(c).includes('≤ 2 · minimax: 2'), drawnAt(c).join(' | '));
  st.free();
  tree.free();
  let texts = 0;
  for (const lesson of LESSON_TREES) {
    const t = GameTree.parse(lesson.text);
    const ab = algorithmsFor(t).includes('alphabeta');
    t.free();
    if (ab) texts += checkTree(lesson.text, 'alphabeta', Infinity, { minimax: true, views: true });
  }
  assert.ok(texts > 500, `${texts} texts checked`);
});

test('compact: Figure 5.2 opens whole and readable on a 340 × 296 px canvas, with and without minimax values', () => {
  const tree = GameTree.parse(FIG_5_2);
  const st = Stepper.forTree(tree, { algo: 'alphabeta' }, 20000);
  const model = buildTraceModel({ traceNodes: st.nodes(), treeNodes: tree.nodes(), finalPruned: st.pruned(), players: 2 });
  const readable = STYLE.minFontPx / Math.min(STYLE.fontSize, STYLE.smallFontSize);
  const c = model.nodes.findIndex((n) => n.label === 'C');
  for (const minimax of [false, true]) {
    if (minimax) model.minimax = st.minimaxValues();
    const normal = layOut(model);
    const compact = layOut(model, { compact: true });
    // The normal placement is too wide for the phone's canvas at a readable size; the
    // compact one fits it whole.
    assert.ok(opening(normal, 340, 296).scale < readable, `normal: ${normal.width} wide`);
    const f = opening(compact, 340, 296);
    assert.ok(f.scale >= readable, `compact, minimax ${minimax}: ${compact.width} × ${compact.height} at ${f.scale}`);
    assert.ok(compact.width * f.scale + 32 <= 340 + 1e-9 && compact.height * f.scale + 32 <= 296 + 1e-9);
    // The end of the search: C's bound beside it, its window gone, its true value under it.
    st.seek(st.length);
    applyStep(model, st.state(), { done: true, bestChild: st.result().bestChild });
    const cam = new Camera({ scale: f.scale, tx: f.tx, ty: f.ty });
    const { out, texts } = problems(model, compact, `compact Figure 5.2, minimax ${minimax}`, cam);
    assert.deepEqual(out, []);
    const cx = compact.x[c] * f.scale + f.tx;
    const cy = compact.y[c] * f.scale + f.ty;
    const beside = texts.filter((t) => t.x0 > cx && t.x0 < cx + 40 && Math.abs((t.y0 + t.y1) / 2 - cy) < 1e-9).map((t) => t.text);
    assert.deepEqual(beside, ['≤ 2']);
    const under = texts.filter((t) => Math.abs((t.x0 + t.x1) / 2 - cx) < 1e-9 && t.y0 > cy && t.y0 < cy + 40).map((t) => t.text);
    assert.deepEqual(under, minimax ? ['minimax: 2'] : []);
    // While C is open: its running value over α and β, beside it.
    const exitC = st.nodes()[model.drawToTrace.indexOf(c)].exitStep;
    st.seek(exitC - 1);
    applyStep(model, st.state(), {});
    const open = problems(model, compact, 'compact Figure 5.2, C open', cam);
    assert.deepEqual(open.out, []);
    const lines = open.texts.filter((t) => t.x0 > cx && t.x0 < cx + 40 && Math.abs(t.y0 - cy) < 30).sort((a, b) => a.y0 - b.y0).map((t) => t.text);
    const w = model.nodes[c].window;
    assert.equal(formatWindow(w.alpha, w.beta), '[α=3, β=+∞]');
    assert.deepEqual(lines, [model.nodes[c].value, 'α=3', 'β=+∞']);
  }
  st.free();
  tree.free();
});

test('the lessons max^n leaves: tuples stand apart, with room to spare', () => {
  const lesson = LESSON_TREES.find((l) => l.id === 'three-player');
  const tree = GameTree.parse(lesson.text);
  const st = Stepper.forTree(tree, { algo: 'maxn' }, 20000);
  const model = buildTraceModel({ traceNodes: st.nodes(), treeNodes: tree.nodes(), finalPruned: st.pruned(), players: 3 });
  st.seek(st.length);
  applyStep(model, st.state(), { done: true });
  const layout = layOut(model);
  const { texts } = problems(model, layout, 'max^n');
  const leaves = texts.filter((b) => /^\(.*\)$/.test(b.text) && b.px === STYLE.fontSize && b.y0 > layout.y[layout.order[layout.order.length - 1]]);
  assert.equal(leaves.length, 8);
  leaves.sort((a, b) => a.x0 - b.x0);
  assert.equal(leaves[0].text, '(1, 2, 6)');
  assert.equal(leaves[1].text, '(4, 2, 3)');
  for (let i = 1; i < leaves.length; i++) assert.ok(leaves[i].x0 - leaves[i - 1].x1 >= STYLE.labelGap - 1e-9, `${leaves[i - 1].text} and ${leaves[i].text}`);
  st.free();
  tree.free();
});

test('MCTS pictures of the lesson trees: W/N, tags and edges never overlap', () => {
  for (const lesson of LESSON_TREES) {
    const tree = GameTree.parse(lesson.text);
    if (tree.hasTuples) {
      tree.free();
      continue;
    }
    const m = MctsStepper.forTree(tree, { c: 1.414, seed: 7 });
    for (const target of [1, 5, 30, 200]) {
      m.run(target - m.iterations);
      for (let phase = 0; phase < 3; phase++) {
        const mnodes = m.nodes();
        const model = buildMctsModel(mnodes, m.lastEvents(), { phase: m.phase, bestChild: null, selected: phase === 1 ? mnodes.length - 1 : 0, edgeName: (nd) => (nd.parent < 0 ? '' : nd.label) });
        for (const compact of [false, true]) {
          const layout = layoutTree(model.nodes, labelSpace(model, STYLE, measure, { tags: TAG_WORDS, compact }));
          const { out } = problems(model, layout, `${lesson.id} MCTS ${m.iterations} phase ${m.phase}${compact ? ' compact' : ''}`);
          assert.deepEqual(out, []);
        }
        m.stepPhase();
      }
    }
    m.free();
    tree.free();
  }
});

test('drawnBoxes gives the box of every text drawTree draws (a tag with its badge) and of every glyph', () => {
  const tree = GameTree.parse(LESSON_TREES[0].text);
  const m = MctsStepper.forTree(tree, { c: 1.414, seed: 7 });
  m.run(5);
  m.stepPhase();
  const mnodes = m.nodes();
  const model = buildMctsModel(mnodes, m.lastEvents(), { phase: m.phase, bestChild: null, selected: 0, edgeName: (nd) => (nd.parent < 0 ? '' : nd.label) });
  for (const compact of [false, true]) {
    const layout = layoutTree(model.nodes, labelSpace(model, STYLE, measure, { tags: TAG_WORDS, compact }));
    const { texts } = problems(model, layout, 'drawnBoxes');
    const boxes = drawnBoxes(model, layout, STYLE, measure, [...layout.order]);
    const key = (b) => `${b.text}@${b.x0.toFixed(6)},${b.y0.toFixed(6)},${b.x1.toFixed(6)},${b.y1.toFixed(6)}`;
    const unpad = (b) => (b.kind === 'tag' ? { text: b.text, x0: b.minX + 3, y0: b.minY + 2, x1: b.maxX - 3, y1: b.maxY - 2 } : { text: b.text, x0: b.minX, y0: b.minY, x1: b.maxX, y1: b.maxY });
    const got = boxes.filter((b) => b.kind !== 'glyph').map((b) => key(unpad(b)));
    assert.deepEqual(got.slice().sort(), texts.map(key).sort());
    assert.ok(boxes.some((b) => b.kind === 'tag'), 'a tag is drawn');
    assert.equal(boxes.filter((b) => b.kind === 'glyph').length, layout.order.length);
  }
  m.free();
  tree.free();
});

/** Seeded generator: the trees must be the same on every run. */
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

/**
 * A random tree text of at most `maxLeaves` leaves: 'plain' (numbers, some negative, some
 * decimal), 'chance' (chance nodes with fractions or decimals among plain nodes) or 'tuples'
 * (three-player utility tuples).
 */
function randomTreeText(rand, kind, maxLeaves) {
  let leaves = 0;
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const number = () => {
    const r = rand();
    if (r < 0.6) return String(int(-20, 20));
    if (r < 0.8) return String(int(-999, 999));
    return (int(-9999, 9999) / 100).toString();
  };
  const leaf = () => {
    leaves++;
    if (kind === 'tuples') return `(${int(0, 12)},${int(0, 12)},${int(-5, 99)})`;
    return number();
  };
  const node = (depth) => {
    if (leaves >= maxLeaves - 1 || depth >= 5 || (depth > 0 && rand() < 0.3)) return leaf();
    const b = int(1, 4);
    if (kind === 'chance' && depth > 0 && rand() < 0.45) {
      const parts = [];
      const probs = b === 1 ? ['1'] : b === 2 ? ['0.5', '0.5'] : b === 3 ? ['1/3', '1/3', '1/3'] : ['0.25', '0.25', '0.25', '0.25'];
      for (let i = 0; i < b; i++) parts.push(`${probs[i]}: ${node(depth + 1)}`);
      return `chance[${parts.join(', ')}]`;
    }
    const kids = [];
    for (let i = 0; i < b && leaves < maxLeaves; i++) kids.push(node(depth + 1));
    return `[${kids.join(',')}]`;
  };
  for (;;) {
    leaves = 0;
    const text = node(0);
    if (text.startsWith('[') && leaves <= maxLeaves) return { text, leaves };
  }
}

test('500 generated trees (plain, chance, three-player; up to 40 leaves): no overlaps at any step', () => {
  const rand = rng(20261201);
  const kinds = ['plain', 'chance', 'tuples'];
  const algos = { plain: ['alphabeta', 'minimax'], chance: ['expectiminimax', 'alphabeta'], tuples: ['maxn'] };
  let most = 0;
  let texts = 0;
  for (let k = 0; k < 500; k++) {
    const kind = kinds[k % 3];
    const { text, leaves } = randomTreeText(rand, kind, 2 + Math.floor(rand() * 39));
    most = Math.max(most, leaves);
    const list = algos[kind];
    texts += checkTree(text, list[Math.floor(k / 3) % list.length], 40, { views: k % 5 === 0 });
  }
  assert.ok(most >= 35 && most <= 40, `the largest tree has ${most} leaves`);
  console.log(`500 generated trees: ${texts} texts checked, largest ${most} leaves`);
});

test('the check finds overlaps: a layout without label room fails it', () => {
  const tree = GameTree.parse(LESSON_TREES.find((l) => l.id === 'three-player').text);
  const st = Stepper.forTree(tree, { algo: 'maxn' }, 20000);
  const model = buildTraceModel({ traceNodes: st.nodes(), treeNodes: tree.nodes(), finalPruned: st.pruned(), players: 3 });
  st.seek(st.length);
  applyStep(model, st.state(), { done: true });
  // The old fixed spacing: 40-wide nodes, 8 apart.
  const tight = layoutTree(model.nodes, { nodeWidth: 40, levelHeight: 72, siblingGap: 8, subtreeGap: 16 });
  const { out } = problems(model, tight, 'fixed spacing');
  assert.ok(out.some((p) => p.includes("'(1, 2, 6)' overlaps '(4, 2, 3)'")), out.join('\n'));
  st.free();
  tree.free();
});
