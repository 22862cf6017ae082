// The tree figure exported as SVG shows exactly what the canvas draws at the same step: on
// every lesson tree at its first, a middle and its last step, the <text> elements of the SVG
// are the texts the canvas draws (same strings, places, sizes and colours, in the same
// order), the dashed strokes are the edges into the grey nodes, and the document is well
// formed. The trees go through the page's own path: the core's placement (the wasm
// FigurePlan, www/pkg; `cargo xtask build` first) in the canvas's world (figure-draw.js
// placedLayout) drawn by drawFigure through the export's camera, as TreeCanvas.drawPlaced
// draws it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LESSON_TREES, algorithmsFor } from '../../www/lib/lessons.js';
import { defaultStyle } from '../../www/lib/tree-style.js';
import { drawFigure, placedLayout } from '../../www/lib/figure-draw.js';
import { SvgContext, exportCamera, exportName, figureCanvas, figureSvg, xmlEscape } from '../../www/lib/export-svg.js';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { FigurePlan, GameTree, Stepper } = api;

/** A stand-in for a font's widths: glyphs differ, as on screen. */
function measure(text, px, bold = false) {
  let em = 0;
  for (const ch of String(text)) em += /[0-9]/.test(ch) ? 0.56 : /[A-Z]/.test(ch) ? 0.68 : ch === ' ' || ch === ',' ? 0.28 : 0.56;
  return em * px * (bold ? 1.08 : 1);
}

/** A canvas stand-in recording what the figure draws: texts, and the dashed strokes. */
function recorder() {
  const texts = [];
  const dashed = [];
  let moves = 0;
  const st = { font: '10px sans-serif', textAlign: 'start', textBaseline: 'alphabetic', fillStyle: '#000', strokeStyle: '#000', lineWidth: 1 };
  let dash = [];
  const ctx = {
    setTransform() {},
    beginPath() {
      moves = 0;
    },
    moveTo() {
      moves++;
    },
    lineTo() {},
    closePath() {},
    arc() {},
    rect() {
      moves++;
    },
    fill() {},
    stroke() {
      if (dash.length) dashed.push({ colour: st.strokeStyle, moves });
    },
    setLineDash(d) {
      dash = Array.from(d);
    },
    fillRect() {},
    measureText(text) {
      const m = /^(bold )?([\d.]+)px/.exec(st.font);
      return { width: measure(text, Number(m[2]), Boolean(m[1])) };
    },
    fillText(text, x, y) {
      const m = /^(bold )?([\d.]+)px/.exec(st.font);
      texts.push({ text, x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100, px: Math.round(Number(m[2]) * 100) / 100, fill: st.fillStyle });
    },
  };
  for (const key of Object.keys(st)) Object.defineProperty(ctx, key, { get: () => st[key], set: (v) => (st[key] = v) });
  return { ctx, texts, dashed };
}

const unescape = (s) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]);

/** The <text> elements of an SVG document, in order. */
function svgTexts(svg) {
  return [...svg.matchAll(/<text x="([^"]*)" y="([^"]*)" font-family="[^"]*" font-size="([^"]*)"(?: font-weight="bold")?(?: textLength="[^"]*" lengthAdjust="[^"]*")? text-anchor="[^"]*" dominant-baseline="central" fill="([^"]*)">([^<]*)<\/text>/g)].map((m) => ({
    text: unescape(m[5]),
    x: Number(m[1]),
    y: Number(m[2]),
    px: Number(m[3]),
    fill: m[4],
  }));
}

/**
 * A search on `text` as the canvas shows it: the plan placed by the core (normal placement),
 * its layout in the canvas's world, the model's nodes (for figureSvg's checks), and `draw` as
 * TreeCanvas.drawPlaced draws a frame through a camera (the palette's background, then the
 * figure), at the plan's step `i` (`at(i)`).
 */
function placed(text, algo, style) {
  const tree = GameTree.parse(text);
  const st = Stepper.forTree(tree, { algo }, 20000);
  const plan = FigurePlan.forTree(tree, { algo }, 20000, false, false);
  const rec = plan.layout();
  const layout = placedLayout(rec);
  let step = null;
  const at = (i) => {
    step = { ...rec, ...plan.at(i) };
    return step;
  };
  const draw = (ctx, model, lay, camera) => {
    ctx.fillStyle = style.background;
    ctx.fillRect(0, 0, camera.width, camera.height);
    return drawFigure(ctx, step, { scale: lay.pxPerCm * camera.scale, tx: camera.tx, ty: camera.ty }, style);
  };
  const model = { nodes: rec.x.map((_, id) => ({ id })) };
  const free = () => {
    plan.free();
    st.free();
    tree.free();
  };
  return { tree, st, plan, layout, at, draw, model, free };
}

function checkLesson(text, algo, dark) {
  const style = defaultStyle(dark);
  const f = placed(text, algo, style);
  let checked = 0;
  try {
    const { st, layout, model, draw } = f;
    const n = st.length;
    for (const i of [0, Math.floor(n / 2), n]) {
      st.seek(i);
      const state = st.state();
      const rec = f.at(i);
      const where = `${text} (${algo}) step ${i}`;
      // What the canvas draws, at the scale of the export, through the same camera.
      const camera = exportCamera(layout, { scale: 1.5 });
      const canvas = recorder();
      draw(canvas.ctx, model, layout, camera);
      const { svg, width, height } = figureSvg(model, layout, { style, measure, scale: 1.5, title: where, draw });
      assert.equal(width, camera.width);
      assert.equal(height, camera.height);
      assert.ok(canvas.texts.length > 0, where);
      assert.deepEqual(svgTexts(svg), canvas.texts, where);
      assert.equal((svg.match(/<text /g) ?? []).length, canvas.texts.length, `${where}: every <text> element is a drawn text`);
      // Dashed strokes: the edges into grey nodes (one moveTo each) and the grey glyphs.
      const dashedSvg = [...svg.matchAll(/<path d="([^"]*)" fill="none" stroke="([^"]*)" stroke-width="[^"]*" stroke-dasharray="[^"]*"\/>/g)];
      assert.equal(dashedSvg.length, canvas.dashed.length, where);
      const edgePaths = dashedSvg.filter((m) => m[2] === style.prunedEdge && !m[1].includes('Z') && !m[1].includes('A'));
      const greyEdges = edgePaths.reduce((s, m) => s + (m[1].match(/M/g) ?? []).length, 0);
      const grey = rec.greyed.map((g, v) => g && rec.parents[v] >= 0).filter(Boolean).length;
      assert.equal(greyEdges, grey, `${where}: dashed edges`);
      const prunedRoots = rec.states.filter((s) => s === 'pruned').length;
      assert.equal(prunedRoots, state.prunedCount, `${where}: one pruned subtree per pruned edge of the trace so far`);
      // Well formed: one root element, every tag closed, the title escaped.
      assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" '), where);
      assert.ok(svg.trimEnd().endsWith('</svg>'), where);
      assert.ok(svg.includes(`<title>${xmlEscape(where)}</title>`));
      const body = svg.replace(/<title>[^<]*<\/title>/, '').replace(/<text [^>]*>[^<]*<\/text>/g, '');
      assert.ok(!/<(?!\/?svg|path |rect )/.test(body), `${where}: only svg, path, rect and text elements`);
      assert.ok(!/&(?!amp;|lt;|gt;|quot;|#39;)/.test(svg), `${where}: every & escaped`);
      checked++;
    }
  } finally {
    f.free();
  }
  return checked;
}

test('SVG at the first, a middle and the last step of every lesson tree: the canvas texts, dashes and pruned subtrees', () => {
  let checked = 0;
  for (const lesson of LESSON_TREES) {
    // The algorithms that apply are the core's (GameTree.algorithms()).
    const t = GameTree.parse(lesson.text);
    const algos = algorithmsFor(t);
    t.free();
    for (const algo of algos) for (const dark of [false, true]) checked += checkLesson(lesson.text, algo, dark);
  }
  assert.ok(checked >= 3 * 2 * LESSON_TREES.length, `${checked} figures checked`);
});

test('Figure 5.2 with alpha-beta at the end: the lesson values, c2 and c3 dashed, the background of the theme', () => {
  for (const dark of [false, true]) {
    const style = defaultStyle(dark);
    const f = placed(FIG_5_2, 'alphabeta', style);
    f.at(f.st.length);
    const { svg } = figureSvg(f.model, f.layout, { style, measure, scale: 1, draw: f.draw });
    const texts = svgTexts(svg).map((t) => t.text);
    // Names, values (A 3; B 3, C ≤ 2 — only a bound after its cutoff — D 2), the nine
    // leaves, the twelve edge names.
    for (const s of ['A', 'B', 'C', 'D', 'a1', 'a2', 'a3', 'b1', 'c2', 'c3', 'd3', '≤ 2']) assert.ok(texts.includes(s), s);
    assert.deepEqual(texts.filter((t) => /^\d+$/.test(t)).sort((a, b) => a - b), ['2', '2', '2', '3', '3', '3', '4', '5', '6', '8', '12', '14']);
    assert.ok(svg.includes(`<rect x="0" y="0" width=`) && svg.includes(`fill="${style.background}"/>`), 'the theme background');
    const dashedEdges = [...svg.matchAll(/<path d="([^"]*)" fill="none" stroke="([^"]*)" stroke-width="[^"]*" stroke-dasharray/g)].filter((m) => m[2] === style.prunedEdge && !m[1].includes('Z') && !m[1].includes('A'));
    assert.equal(dashedEdges.reduce((s, m) => s + (m[1].match(/M/g) ?? []).length, 0), 2, 'c2 and c3');
    // The bold edge: the chosen move a1, one edge (its stem and slope: one moveTo).
    const bold = [...svg.matchAll(/<path d="([^"]*)" fill="none" stroke="([^"]*)" stroke-width="([^"]*)"\/>/g)].filter((m) => m[2] === style.boldEdge && Number(m[3]) === style.boldEdgeWidth);
    assert.equal(bold.length, 1);
    assert.equal((bold[0][1].match(/M/g) ?? []).length, 1);
    f.free();
  }
});

test('a chosen width scales the whole figure; bad sizes and ratios are refused', () => {
  const layout = { bounds: { minX: 0, minY: 0, maxX: 200, maxY: 100 } };
  const cam = exportCamera(layout, { width: 432 });
  assert.equal(cam.width, 432);
  assert.equal(cam.scale, 2);
  assert.equal(cam.height, 232);
  assert.throws(() => exportCamera(layout, { width: 10 }), /the width must be a number above 32 px, got 10/);
  assert.throws(() => exportCamera(layout, { scale: 0 }), /the scale must be a positive number, got 0/);
  assert.throws(() => figureCanvas(() => null, { nodes: [] }, layout, { style: defaultStyle(false), ratio: 4, draw: () => {} }), /the PNG ratio must be 1, 2 or 3, got 4/);
  assert.equal(exportName(20, 'svg'), 'plyground-tree-step-20.svg');
  assert.equal(exportName(20, 'png', 3), 'plyground-tree-step-20@3x.png');
});

test('PNG: the canvas is the SVG size times the ratio, drawn under that transform', () => {
  const style = defaultStyle(false);
  const f = placed(FIG_5_2, 'alphabeta', style);
  f.at(10);
  const { width, height } = figureSvg(f.model, f.layout, { style, measure, scale: 1, draw: f.draw });
  for (const ratio of [1, 2, 3]) {
    const rec = recorder();
    let transform = null;
    let size = null;
    const canvas = figureCanvas(
      (w, h) => {
        size = [w, h];
        return { getContext: () => Object.assign(rec.ctx, { setTransform: (...t) => (transform = t) }) };
      },
      f.model,
      f.layout,
      { style, scale: 1, ratio, draw: f.draw },
    );
    assert.ok(canvas);
    assert.deepEqual(size, [Math.ceil(width * ratio), Math.ceil(height * ratio)]);
    assert.deepEqual(transform, [ratio, 0, 0, ratio, 0, 0]);
    assert.ok(rec.texts.length > 0);
  }
  f.free();
});

test('SvgContext: a full circle is two half arcs, a rectangle a closed path, dashes kept', () => {
  const c = new SvgContext(() => 10);
  c.beginPath();
  c.moveTo(15, 10);
  c.arc(10, 10, 5, 0, 2 * Math.PI);
  c.strokeStyle = '#d1242f';
  c.lineWidth = 3.5;
  c.stroke();
  c.beginPath();
  c.rect(1, 2, 3, 4);
  c.setLineDash([6, 4]);
  c.stroke();
  assert.deepEqual(c.parts, [
    '<path d="M15 10L15 10A5 5 0 1 1 5 10A5 5 0 1 1 15 10" fill="none" stroke="#d1242f" stroke-width="3.5"/>',
    '<path d="M1 2H4V6H1Z" fill="none" stroke="#d1242f" stroke-width="3.5" stroke-dasharray="6 4"/>',
  ]);
  c.font = 'bold 12px a "b" c';
  c.textAlign = 'right';
  c.textBaseline = 'middle';
  c.fillStyle = '#111';
  c.fillText('x<y & z', 5, 6);
  assert.equal(c.parts[2], '<text x="5" y="6" font-family="a &quot;b&quot; c" font-size="12" font-weight="bold" text-anchor="end" dominant-baseline="central" fill="#111">x&lt;y &amp; z</text>');
});

test('SvgContext: a text condensed into its room (fillText maxWidth) keeps that width in the file', () => {
  const c = new SvgContext((text, px) => text.length * px * 0.6);
  c.font = '12px sans-serif';
  c.textAlign = 'left';
  c.textBaseline = 'middle';
  c.fillText('≤ 2 · minimax: 2', 10, 20, 100);
  c.fillText('D', 10, 40, 100);
  assert.deepEqual(c.parts, [
    '<text x="10" y="20" font-family="sans-serif" font-size="12" textLength="100" lengthAdjust="spacingAndGlyphs" text-anchor="start" dominant-baseline="central" fill="#000">≤ 2 · minimax: 2</text>',
    '<text x="10" y="40" font-family="sans-serif" font-size="12" text-anchor="start" dominant-baseline="central" fill="#000">D</text>',
  ]);
});
