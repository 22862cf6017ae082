// The core's placed figure (wasm figureRecord, the picture the TikZ and SVG writers draw)
// drawn on a canvas by figure-draw.js: the texts a recording context receives are checked as
// the core checks its own (plyground::export::place::problems): no two overlap, none is on a
// glyph, the ring or an edge, none is outside the bounds, none is under 11 px. On every lesson
// tree at every step, with and without the minimax values, and on generated trees.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LESSON_TREES, algorithmsFor } from '../../www/lib/lessons.js';
import { drawFigure, figureView } from '../../www/lib/figure-draw.js';
import { defaultStyle } from '../../www/lib/tree-style.js';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { GameTree } = api;

/** A recording context: fillText boxes, measured wider than the core's estimate (a canvas font). */
function recorder() {
  const texts = [];
  const st = { font: '10px x', textAlign: 'left' };
  const width = (t) => String(t).length * Number(/([\d.]+)px/.exec(st.font)[1]) * 0.7;
  const nop = () => {};
  const ctx = {
    beginPath: nop, moveTo: nop, lineTo: nop, closePath: nop, arc: nop, rect: nop, fill: nop, fillRect: nop, stroke: nop, setLineDash: nop,
    set font(v) { st.font = v; },
    get font() { return st.font; },
    set textAlign(v) { st.textAlign = v; },
    get textAlign() { return st.textAlign; },
    measureText: (t) => ({ width: width(t) }),
    fillText(text, x, y, maxWidth) {
      const w = maxWidth === undefined ? width(text) : Math.min(width(text), maxWidth);
      const x0 = st.textAlign === 'left' ? x : st.textAlign === 'right' ? x - w : x - w / 2;
      const px = Number(/([\d.]+)px/.exec(st.font)[1]);
      texts.push({ text, x0, x1: x0 + w, y0: y - px / 2, y1: y + px / 2, px, fill: ctx.fillStyle, font: st.font });
    },
  };
  return { ctx, texts };
}

const meet = (a, b) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1e-6 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1e-6;

/** Does segment p–q cross box b (Liang–Barsky)? */
function crosses(b, [px, py], [qx, qy]) {
  let t0 = 0;
  let t1 = 1;
  const e = 1e-6;
  for (const [den, num] of [[-(qx - px), px - (b.x0 + e)], [qx - px, b.x1 - e - px], [-(qy - py), py - (b.y0 + e)], [qy - py, b.y1 - e - py]]) {
    if (den === 0) {
      if (num < 0) return false;
    } else if (den < 0) t0 = Math.max(t0, num / den);
    else t1 = Math.min(t1, num / den);
  }
  return t0 <= t1;
}

function problems(rec, where) {
  const { ctx, texts } = recorder();
  drawFigure(ctx, rec);
  const { scale, at } = figureView(rec);
  const out = [];
  assert.equal(texts.length, rec.labels.length);
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i];
    if (t.px < 11 - 1e-9) out.push(`${where}: '${t.text}' at ${t.px} px`);
    for (let j = i + 1; j < texts.length; j++) if (meet(t, texts[j])) out.push(`${where}: '${t.text}' overlaps '${texts[j].text}'`);
    for (let v = 0; v < rec.x.length; v++) {
      if (rec.labels[i].kind === 'player' && rec.labels[i].node === v) continue;
      const [sx, sy] = at(rec.x[v], rec.y[v]);
      const r = 0.25 * scale;
      if (meet(t, { x0: sx - r, x1: sx + r, y0: sy - r, y1: sy + r })) out.push(`${where}: '${t.text}' on the glyph of node ${v}`);
    }
    for (let k = 0; k < rec.edgeLooks.length; k++) {
      const pts = [0, 1, 2, 3].map((c) => at(rec.edges[k * 9 + 1 + 2 * c], rec.edges[k * 9 + 2 + 2 * c]));
      for (let c = 0; c < 3; c++) if (crosses(t, pts[c], pts[c + 1])) out.push(`${where}: '${t.text}' on the edge into ${rec.edges[k * 9]}`);
    }
    const [bx0, by0] = at(rec.bounds[0], rec.bounds[3]);
    const [bx1, by1] = at(rec.bounds[2], rec.bounds[1]);
    if (t.x0 < bx0 - 1e-6 || t.x1 > bx1 + 1e-6 || t.y0 < by0 - 1e-6 || t.y1 > by1 + 1e-6) out.push(`${where}: '${t.text}' outside the figure`);
  }
  return out;
}

test('the core figure drawn on a canvas: every lesson tree, every step, with and without minimax values', () => {
  let checked = 0;
  for (const lesson of LESSON_TREES) {
    const tree = GameTree.parse(lesson.text);
    try {
      for (const algo of algorithmsFor(tree)) {
        if (algo === 'mcts') continue;
        const end = api.figureRecord(tree, { algo }, 20000, 0, false);
        assert.ok(end.labels.length > 0);
        for (const minimax of [false, true]) {
          for (let step = 0; ; step++) {
            let rec;
            try {
              rec = api.figureRecord(tree, { algo }, 20000, step, minimax);
            } catch (e) {
              if (/out of range/.test(e.message)) break;
              // No minimax values to show (max^n, depth-limited): said with the reason.
              assert.ok(minimax && /minimax|vectors|depth/.test(e.message), e.message);
              break;
            }
            assert.deepEqual(problems(rec, `${lesson.id} ${algo} step ${step}${minimax ? ' minimax' : ''}`), []);
            checked += rec.labels.length;
          }
        }
      }
    } finally {
      tree.free();
    }
  }
  assert.ok(checked > 5000, `${checked} texts checked`);
});

test('Figure 5.2 with the minimax values: "≤ 2 · minimax: 2" and "3 · minimax: 3" drawn clear of D and C', () => {
  const tree = GameTree.parse(FIG_5_2);
  const rec = api.figureRecord(tree, { algo: 'alphabeta' }, 20000, 29, true);
  tree.free();
  const { ctx, texts } = recorder();
  drawFigure(ctx, rec);
  const c = texts.find((t) => t.text === '≤ 2 · minimax: 2');
  const d = texts.find((t) => t.text === 'D');
  const a = texts.find((t) => t.text === '3 · minimax: 3');
  assert.ok(c && d && a);
  assert.ok(c.x1 < d.x0, `C's value ends at ${c.x1}, D's name starts at ${d.x0}`);
  assert.deepEqual(problems(rec, 'Figure 5.2'), []);
});

test('FigurePlan: every lesson tree placed once, every step drawn clear, normal and compact, with and without minimax values', () => {
  let checked = 0;
  for (const lesson of LESSON_TREES) {
    const tree = GameTree.parse(lesson.text);
    try {
      for (const algo of algorithmsFor(tree)) {
        if (algo === 'mcts') continue;
        for (const minimax of [false, true]) {
          for (const compact of [false, true]) {
            let plan;
            try {
              plan = api.FigurePlan.forTree(tree, { algo }, 20000, minimax, compact);
            } catch (e) {
              assert.ok(minimax && /minimax|vectors|depth/.test(e.message), e.message);
              continue;
            }
            try {
              const layout = plan.layout();
              assert.equal(layout.compact, compact);
              for (let step = 0; step <= plan.length; step++) {
                const rec = { ...layout, ...plan.at(step) };
                assert.deepEqual(problems(rec, `${lesson.id} ${algo} step ${step}${minimax ? ' minimax' : ''}${compact ? ' compact' : ''}`), []);
                checked += rec.labels.length;
                // The print figure of a step is the screen's normal placement of it.
                if (!compact && step === plan.length) {
                  const print = api.figureRecord(tree, { algo }, 20000, step, minimax);
                  assert.deepEqual(print.labels, rec.labels);
                  assert.deepEqual(print.bounds, rec.bounds);
                }
              }
              assert.throws(() => plan.at(plan.length + 1), /FigurePlan\.at: step/);
            } finally {
              plan.free();
            }
          }
        }
      }
    } finally {
      tree.free();
    }
  }
  assert.ok(checked > 10000, `${checked} texts checked`);
});

/** The MCTS picture at the point `m` shows, placed (as views/mcts-figure.js places it). */
function placedMcts(m, selected, compact) {
  const labels = m.nodes().map((n) => n.label);
  const r = api.placeMcts(m.picture(m.bestChild, selected), labels, compact);
  assert.equal(r.layout.compact, compact);
  return { ...r.layout, ...r.step };
}

/** Steps `m` phase by phase through 5 iterations, then to 50, checking every picture drawn. */
function checkMctsRun(m, what) {
  let checked = 0;
  const look = (where) => {
    for (const compact of [false, true]) {
      for (const selected of [null, 0, m.nodeCount - 1]) {
        const rec = placedMcts(m, selected, compact);
        assert.deepEqual(problems(rec, `${what} ${where}${compact ? ' compact' : ''} inspected ${selected}`), []);
        checked += rec.labels.length;
        const ev = m.lastEvents();
        if (ev.length) {
          // The phase's badge is on the ringed node.
          const tag = rec.labels.find((l) => l.kind === 'tag' && l.node === rec.ring);
          assert.equal(tag?.text, ev[ev.length - 1].phase.toUpperCase(), `${what} ${where}`);
        } else if (selected != null) {
          assert.ok(rec.labels.some((l) => l.kind === 'tag' && l.text === 'INSPECTED' && l.node === selected), `${what} ${where}`);
        }
        assert.ok(rec.labels.some((l) => l.kind === 'name' && l.text === 'root' && l.node === 0));
      }
    }
  };
  look('start');
  for (let k = 0; k < 30 && m.iterations < 5; k++) {
    m.stepPhase();
    look(`phase ${k + 1}`);
  }
  m.run(45);
  look('after 50');
  return checked;
}

test('MctsStepper.picture placed by placeMcts: every lesson tree and tic-tac-toe, every phase of 5 iterations and one after 50, normal and compact, drawn clear', () => {
  let checked = 0;
  for (const lesson of LESSON_TREES) {
    const tree = GameTree.parse(lesson.text);
    const m = api.MctsStepper.forTree(tree, { algo: 'mcts', seed: 3 });
    try {
      checked += checkMctsRun(m, lesson.id);
    } finally {
      m.free();
      tree.free();
    }
  }
  for (const moves of ['', '4,0,8']) {
    const g = api.Game.create('ttt', moves);
    const m = api.MctsStepper.forGame(g, { seed: 2 });
    try {
      checked += checkMctsRun(m, `tic-tac-toe after '${moves}'`);
    } finally {
      m.free();
      g.free();
    }
  }
  assert.ok(checked > 3000, `${checked} texts checked`);
});

test('MctsStepper.picture and placeMcts refuse what they were not given', () => {
  const tree = GameTree.parse('[[3,12,8],[2,4,6],[14,5,2]]');
  const m = api.MctsStepper.forTree(tree, { algo: 'mcts', seed: 3 });
  try {
    m.run(3);
    assert.throws(() => m.picture(null, m.nodeCount), new RegExp(`^Error: MctsStepper\\.picture: selected ${m.nodeCount} is out of range \\(0 to ${m.nodeCount - 1}\\)$`));
    assert.throws(() => m.picture(0.5, null), /^Error: MctsStepper\.picture: decided must be an integer, got 0\.5$/);
    const numbers = m.picture(null, null);
    const labels = m.nodes().map((n) => n.label);
    assert.throws(() => api.placeMcts(numbers, labels.slice(1), false), /^Error: placeMcts: MCTS picture: \d+ numbers, not those of \d+ events \(\d+ shown\) and \d+ nodes$/);
    const bad = Float64Array.from(numbers);
    bad[0] = 0.5;
    assert.throws(() => api.placeMcts(bad, labels, false), /^Error: placeMcts: MCTS picture: number 0 is out of its range \(or missing\)$/);
  } finally {
    m.free();
    tree.free();
  }
});

test('a badge is drawn on its colour, its text inside its box', () => {
  const rec = {
    x: [0], y: [0], parents: [-1], kinds: ['max'], players: [0], edges: [], bounds: [-1, -1, 3, 1], hit: [-0.3, -0.3, 0.3, 0.3], pxPerCm: 44.7, compact: false,
    states: ['current'], greyed: [false], edgeLooks: [], ring: 0,
    labels: [{ node: 0, kind: 'tag', text: 'ROLLOUT', pt: 7, box: [0.45, -0.27, 2.0, -0.02], anchor: 'center' }],
    tagColours: { ROLLOUT: '#b35c00' },
  };
  const { ctx, texts } = recorder();
  const rects = [];
  ctx.fillRect = (x, y, w, h) => rects.push({ x, y, w, h, fill: ctx.fillStyle });
  drawFigure(ctx, rec);
  assert.equal(rects.length, 1);
  assert.equal(rects[0].fill, '#b35c00');
  const [t] = texts;
  assert.equal(t.text, 'ROLLOUT');
  assert.ok(t.x0 >= rects[0].x && t.x1 <= rects[0].x + rects[0].w, JSON.stringify({ t, r: rects[0] }));
});

test('placedLayout: the plan in screen units, levels left to right, hit boxes on the glyphs', async () => {
  const { placedHit, placedLayout } = await import('../../www/lib/figure-draw.js');
  const tree = GameTree.parse(FIG_5_2);
  const plan = api.FigurePlan.forTree(tree, { algo: 'alphabeta' }, 20000, true, true);
  const rec = plan.layout();
  plan.free();
  tree.free();
  const lay = placedLayout(rec);
  assert.equal(lay.levels, 3);
  assert.deepEqual(Array.from(lay.levelStart), [0, 1, 4, 13]);
  assert.deepEqual(lay.geometry, { compact: true, placed: true });
  for (let d = 0; d < lay.levels; d++) {
    for (let k = lay.levelStart[d] + 1; k < lay.levelStart[d + 1]; k++) assert.ok(lay.x[lay.order[k]] > lay.x[lay.order[k - 1]]);
  }
  // At zoom 1 a point on a glyph hits its node, a point between two leaves none.
  for (let v = 0; v < 13; v++) assert.equal(placedHit(lay, lay.x[v], lay.y[v]), v);
  const [a, b] = [lay.order[lay.levelStart[2]], lay.order[lay.levelStart[2] + 1]];
  assert.equal(placedHit(lay, (lay.x[a] + lay.x[b]) / 2, lay.y[a] + 40), -1);
  assert.ok(lay.width <= 342 - 32, `compact Figure 5.2 is ${lay.width} px wide`);
});

test('Practice: every task placed by the core (PracticeFigure) and drawn clear, its marks in their colours', () => {
  const style = defaultStyle(false);
  let checked = 0;
  for (const task of ['minimax', 'alphabeta-leaves', 'alphabeta-full', 'expectiminimax', 'maxn', 'mcts', 'ordering']) {
    for (let seed = 1; seed <= 4; seed++) {
      const p = api.Practice.create({ task, seed });
      const paths = [...new Set(p.questions().map((q) => q.path))];
      const key = p.answerKey();
      for (const compact of [false, true]) {
        const plan = p.figurePlan(key, compact);
        const states = [{}, { answers: key, ok: paths }, { answers: key, ok: paths, wrong: paths[0] }];
        for (const [k, shown] of states.entries()) {
          const rec = { ...plan.layout(), ...plan.at(shown) };
          assert.deepEqual(problems(rec, `${task} seed ${seed}${compact ? ' compact' : ''} state ${k}`), []);
          checked += rec.labels.length;
          const { ctx, texts } = recorder();
          drawFigure(ctx, rec, {}, style);
          const marks = texts.filter((t, i) => rec.labels[i].kind === 'mark');
          // One mark a node: ✗ at the wrong step, ✓ at every other asked node, bold, in colour.
          assert.equal(marks.length, k === 0 ? 0 : paths.length, `${task} seed ${seed}`);
          assert.equal(marks.filter((t) => t.text === '✗').length, k === 2 ? 1 : 0);
          for (const t of marks) {
            assert.equal(t.fill, t.text === '✗' ? style.wrongText : style.okText);
            assert.match(t.font, /^bold /);
          }
        }
        plan.free();
      }
      p.free();
    }
  }
  assert.ok(checked > 3000, `${checked} texts checked`);
});
