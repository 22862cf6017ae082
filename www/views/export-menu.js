// The Export menu of a figure's toolbar: the figure at its current step saved as SVG, as PNG
// at 1×, 2× or 3×, and — for an explicit tree — as TikZ (a standalone .tex or a snippet) and
// the tree's text in each form (grammar, S-expression, JSON, outline: docs/tree-forms.md).
// The tree figure, the MCTS figure and the game figure (its board, lib/board-draw.js) load it
// on the first click of Export, so that a page that never exports never downloads this
// module, lib/export-svg.js or lib/board-draw.js.
//
// TikZ is the core's (plyground::export, the CLI's `plyground export`): the practice module
// (lib/practice-module.js, loaded on the first TikZ click) has `exportTikz`, which records
// the figure's search again with the figure's options and node cap — the same search, so the
// same trace — and writes it at the figure's step. It is not in the shipped module, which is
// over its size budget already.
//
// What is saved is what the canvas draws: the core's placement of the figure at its step,
// in the canvas's palette (light or dark), drawn by the canvas's own drawPlaced through
// lib/export-svg.js, the whole tree at the scale it has on screen; for a game, the board
// as the page shows it (marks, winning line, the values when shown; lib/board-draw.js), at the
// cell size it has on screen.
//
// A figure with a trace (the tree figure's search) also saves its steps for slides: one file
// per step in a zip, with each step's narration in steps.txt, or one animated SVG that shows
// them in turn (lib/step-sequence.js). The steps are the figure's step range when it has one
// (steps=12-23), else the whole search. Each step's picture is the one SVG or PNG 2× above
// writes at that step — the same drawing() — at the scale the figure has when Export is
// pressed, so that every step is the same size; the figure is put at each step
// (TreeFigure.eachStep) and back, without a repaint between. The zip is made by the vendored
// fflate with fixed dates, so the same steps give the same bytes. The menu is a row of
// buttons after Export (Tab/Shift+Tab move through them, Escape closes it and returns to
// Export); a status line says what was saved.

import { el } from './dom.js';
import { exportName, figureCanvas, figureSvg } from '../lib/export-svg.js';
import { BOARD_COLOURS, boardCanvas, boardPicture, boardSvg, cellForWidth } from '../lib/board-draw.js';
import { SECONDS_PER_STEP, animatedSvg, sequenceFiles, sequenceSteps } from '../lib/step-sequence.js';

const FORMATS = [
  { id: 'svg', label: 'SVG', title: 'Vector, texts as text' },
  { id: 'png1', label: 'PNG 1×', ratio: 1 },
  { id: 'png2', label: 'PNG 2×', ratio: 2 },
  { id: 'png3', label: 'PNG 3×', ratio: 3 },
  { id: 'tikz', label: 'TikZ', title: 'A standalone .tex for pdflatex', tree: true },
  { id: 'tikz-snippet', label: 'TikZ snippet', title: 'The tikzpicture alone, to paste into a document', tree: true },
  // The tree's text in each form the core writes (GameTree.toTextAs; docs/tree-forms.md).
  { id: 'text-grammar', label: 'Tree text', form: 'grammar', title: 'The tree in plyground’s grammar (.tree)', tree: true },
  { id: 'text-sexp', label: 'S-expression', form: 'sexp', title: 'The tree as an S-expression (.sexp)', tree: true },
  { id: 'text-json', label: 'JSON', form: 'json', title: 'The tree as JSON (.json)', tree: true },
  { id: 'text-outline', label: 'Outline', form: 'outline', title: 'The tree as an indented outline, one node per line (.outline)', tree: true },
  // The search's steps, for slides: only where there is a trace to step through.
  { id: 'steps-svg', label: 'Steps as SVG files (zip)', steps: 'svg', title: 'One SVG per step (the step range, if there is one), zipped, with each step’s narration in steps.txt', trace: true },
  { id: 'steps-png', label: 'Steps as PNG files (zip)', steps: 'png', ratio: 2, title: 'One PNG at 2× per step (the step range, if there is one), zipped, with each step’s narration in steps.txt', trace: true },
  { id: 'steps-animated', label: 'Steps as animated SVG', steps: 'animated', title: `One SVG that shows the steps in turn, ${SECONDS_PER_STEP} s each, looping (plays in a browser)`, trace: true },
];

/** The file extension and MIME type of each tree text form. */
const FORM_FILES = { grammar: ['tree', 'text/plain'], sexp: ['sexp', 'text/plain'], json: ['json', 'application/json'], outline: ['outline', 'text/plain'] };

/** Opens the figure's export menu, or closes it when it is open. */
export function toggleExportMenu(fig) {
  const button = fig.p.export;
  let menu = fig.p['export-menu'];
  if (!menu) {
    menu = buildMenu(fig);
    fig.p['export-menu'] = menu;
    button.after(menu);
  }
  const open = menu.hidden;
  // TikZ and the tree text only for explicit trees (a game search or an MCTS tree has no
  // tree text to export); the steps only for a figure with a trace (not MCTS, not a board).
  const info = exportInfo(fig);
  for (const b of menu.querySelectorAll('[data-tree]')) b.hidden = !info.tree;
  for (const b of menu.querySelectorAll('[data-trace]')) b.hidden = !info.trace;
  menu.hidden = !open;
  button.setAttribute('aria-expanded', String(open));
  if (open) menu.querySelector('button').focus();
}

function buildMenu(fig) {
  const status = el('span', { class: 'export-status', role: 'status', 'aria-live': 'polite', part: 'export-status' });
  // The picture's width: empty for the size it has on screen (SVG and PNG; a PNG at 2× is
  // then twice the chosen width in pixels).
  const width = el('input', { type: 'number', min: '100', max: '20000', step: '1', inputmode: 'numeric', placeholder: 'as shown', class: 'export-width', part: 'export-width' });
  // Styled here (CSSOM, allowed by the page's CSP), not in components.css, which every figure
  // loads: the field's width, and its label kept on one line, apart from the last button.
  width.style.width = '6.5em';
  const label = el('label', { class: 'export-width-label' }, 'Width\u00a0(px) ', width);
  label.style.whiteSpace = 'nowrap';
  label.style.marginInline = '0.5em';
  const buttons = FORMATS.map((f) =>
    el(
      'button',
      { type: 'button', title: f.title ?? `Raster image at ${f.ratio}× the picture's size`, 'data-format': f.id, 'data-tree': f.tree ? '' : null, 'data-trace': f.trace ? '' : null, onclick: () => save(fig, f, status, width.value) },
      f.label,
    ),
  );
  const menu = el(
    'span',
    { class: 'export-menu', role: 'group', 'aria-label': 'Export the figure at this step, or its steps', part: 'export-menu', hidden: true },
    ...buttons,
    label,
    status,
  );
  menu.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    menu.hidden = true;
    fig.p.export.setAttribute('aria-expanded', 'false');
    fig.p.export.focus();
  });
  return menu;
}

/**
 * What the file is named and titled after: the search figure's step, or what the figure's
 * own exportInfo() says (the MCTS figure: its iterations).
 */
function exportInfo(fig) {
  if (fig.exportInfo) return fig.exportInfo();
  const step = fig.index;
  return { prefix: 'plyground-tree', step, title: stepTitle(step, fig.length), what: `step ${step}`, tree: fig.current?.type === 'tree', trace: fig.length > 0 };
}

/** The SVG's title of the search figure at a step. */
function stepTitle(step, length) {
  return `plyground: the search tree at step ${step} of ${length}`;
}

/** The file name for the figure: the figure's own base name, or exportName's with its prefix. */
function fileName(info, ext, ratio = 1) {
  if (info.base) return `${info.base}${ratio > 1 ? `@${ratio}x` : ''}.${ext}`;
  return exportName(info.step, ext, ratio).replace(/^plyground-tree/, info.prefix);
}

/**
 * The figure as it is drawn now, as SVG or on a canvas. A tree figure (search or MCTS): its
 * canvas's model, layout, palette, measure and scale, drawn by its drawPlaced. A game figure: its
 * board (GameFigure.exportBoard: cells, winning line, the values shown, the cell size and
 * colours on screen), drawn by drawBoard.
 */
function drawing(fig) {
  if (fig.exportBoard) {
    const b = fig.exportBoard();
    if (!b) return { empty: 'Nothing to export yet: no game is on the board.' };
    const pic = boardPicture(b.kind, b.cells, b.line, b.scores);
    const palette = Object.fromEntries(BOARD_COLOURS.map((name) => [name, b.style(name)]).filter(([, v]) => v));
    const cell = (width) => (width == null ? b.cell : cellForWidth(b.kind, width));
    return {
      svg: (title, width) => boardSvg(pic, { cell: cell(width), palette, measure: b.measure, title }).svg,
      canvas: (make, ratio, width) => boardCanvas(make, pic, { cell: cell(width), palette, ratio }),
    };
  }
  const c = fig.canvas;
  if (!c.model?.nodes?.length || !c.layout.order.length) return { empty: 'Nothing to export yet: no tree is drawn.' };
  const d = { model: c.model, layout: c.layout, style: c.style, measure: (t, px, bold) => c.measure(t, px, bold), scale: c.camera.scale };
  // The core's placement, as the canvas draws it.
  const draw = (ctx, model, layout, camera) => c.drawPlaced(ctx, camera);
  return {
    svg: (title, width) => figureSvg(d.model, d.layout, { style: d.style, measure: d.measure, scale: d.scale, width: width ?? undefined, title, draw }).svg,
    canvas: (make, ratio, width) => figureCanvas(make, d.model, d.layout, { style: d.style, scale: d.scale, width: width ?? undefined, ratio, draw }),
  };
}

/** The chosen width: null when empty (the size on screen), else a whole number of px. */
function readWidth(text) {
  const t = String(text ?? '').trim();
  if (t === '') return null;
  const w = Number(t);
  if (!Number.isInteger(w) || w < 100 || w > 20000) throw new Error(`the width must be a whole number of pixels from 100 to 20,000, or empty for the size on screen; got ${JSON.stringify(t.slice(0, 20))}`);
  return w;
}

async function save(fig, format, status, widthText) {
  const d = drawing(fig);
  if (d.empty) {
    status.textContent = d.empty;
    return;
  }
  let width;
  try {
    width = format.tree || format.form ? null : readWidth(widthText);
    if (format.steps) {
      await saveSteps(fig, d, format, status, width);
      return;
    }
  } catch (e) {
    status.textContent = `Export failed: ${e.message}`;
    return;
  }
  const info = exportInfo(fig);
  const step = info.step;
  try {
    if (format.form) {
      // The tree itself, not the figure: the same text at every step.
      const text = await treeTextAs(fig, format.form);
      const [ext, type] = FORM_FILES[format.form];
      const name = `plyground-tree.${ext}`;
      download(new Blob([text], { type }), name, fig);
      status.textContent = `Saved ${name} (${format.label}, ${text.length} characters).`;
    } else if (format.tree) {
      const tex = await tikz(fig, step, format.id === 'tikz-snippet');
      const name = exportName(step, 'tex').replace('.tex', format.id === 'tikz' ? '.tex' : '-snippet.tex');
      download(new Blob([tex], { type: 'application/x-tex' }), name, fig);
      status.textContent = `Saved ${name} (TikZ${format.id === 'tikz' ? ', standalone for pdflatex' : ' snippet'}, step ${step}).`;
    } else if (format.id === 'svg') {
      const svg = d.svg(info.title, width);
      const name = fileName(info, 'svg');
      download(new Blob([svg], { type: 'image/svg+xml' }), name, fig);
      status.textContent = `Saved ${name} (SVG${width ? `, ${width} px wide` : ''}, ${info.what}).`;
    } else {
      const canvas = d.canvas((w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h }), format.ratio, width);
      const blob = await pngBlob(canvas);
      const name = fileName(info, 'png', format.ratio);
      download(blob, name, fig);
      status.textContent = `Saved ${name} (PNG ${format.ratio}×, ${canvas.width} × ${canvas.height} pixels, ${info.what}).`;
    }
  } catch (e) {
    status.textContent = `Export failed: ${e.message}`;
  }
}

/**
 * The figure's steps (its step range, else the whole search) as one file per step in a zip
 * with steps.txt, or as one animated SVG. Each step is drawn by drawing() as SVG or PNG 2×
 * draw it, all at the scale the figure has now.
 */
async function saveSteps(fig, d, format, status, width) {
  // Predict mode stops before each question: the steps after it would give its answer away.
  if (fig.gate) throw new Error('leave Predict first: the later steps would show the answers to its questions');
  const { from, to, count } = sequenceSteps(fig.length, fig.range);
  const length = fig.length;
  const pictures = [];
  const narrations = [];
  const steps = [];
  if (format.steps === 'png') {
    // A step at a time, each drawn at its step and encoded while the page goes on (a PNG
    // takes far longer than an SVG): the figure is back at its own step between them.
    const st = fig.st;
    const make = (w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h });
    status.textContent = `Saving ${count} steps as PNG…`;
    for (let i = from; i <= to; i++) {
      let canvas;
      fig.eachStep(i, i, (step, narration) => {
        canvas = d.canvas(make, format.ratio, width);
        narrations.push(narration);
        steps.push(step);
      });
      pictures.push(new Uint8Array(await (await pngBlob(canvas)).arrayBuffer()));
      if (fig.st !== st) throw new Error('the figure showed another search while its steps were saved; export again');
      if ((i - from) % 10 === 9 && i < to) status.textContent = `Saving ${count} steps as PNG: ${i - from + 1} done…`;
    }
  } else {
    fig.eachStep(from, to, (step, narration) => {
      pictures.push(d.svg(stepTitle(step, length), width));
      narrations.push(narration);
      steps.push(step);
    });
  }
  const part = fig.range ? `-${from}-${to}` : '';
  const said = `${count} ${count === 1 ? 'step' : 'steps'}`;
  if (format.steps === 'animated') {
    const title = `plyground: the search tree, steps ${from} to ${to} of ${length}, ${SECONDS_PER_STEP} s each`;
    const svg = animatedSvg(pictures, { steps, length, narrations, title });
    const name = `plyground-steps${part}.svg`;
    download(new Blob([svg], { type: 'image/svg+xml' }), name, fig);
    status.textContent = `Saved ${said} as ${name} (animated, steps ${from} to ${to}, ${SECONDS_PER_STEP} s each, looping).`;
    return;
  }
  const { zipSync, strToU8 } = await import('../vendor/fflate.js');
  const ext = format.steps;
  const files = sequenceFiles({ from, length, ext, pictures, narrations, encode: strToU8 });
  // Fixed dates: the same steps give the same bytes.
  const zip = zipSync(files, { mtime: new Date(1980, 0, 1) });
  const name = `plyground-steps${part}-${ext}.zip`;
  download(new Blob([zip], { type: 'application/zip' }), name, fig);
  status.textContent = `Saved ${said} as ${name} (steps ${from} to ${to}, one ${ext === 'png' ? 'PNG at 2×' : 'SVG'} each, the narration in steps.txt).`;
}

/** A canvas as a PNG file. */
async function pngBlob(canvas) {
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the browser could not make a PNG of this size');
  return blob;
}

/**
 * The figure's tree in a text form (GameTree.toTextAs), from the practice module: the tree
 * text forms are only there (docs/tree-forms.md), loaded on the first click like TikZ.
 */
async function treeTextAs(fig, form) {
  const { loadPracticeApi } = await import('../lib/practice-module.js');
  const api = await loadPracticeApi();
  const tree = api.GameTree.parse(fig.current.text);
  try {
    return tree.toTextAs(form);
  } finally {
    tree.free();
  }
}

/** The core's TikZ of the figure's search at `step`, from the practice module. */
async function tikz(fig, step, snippet) {
  const { loadPracticeApi } = await import('../lib/practice-module.js');
  const api = await loadPracticeApi();
  const tree = api.GameTree.parse(fig.current.text);
  try {
    return api.exportTikz(tree, fig.searchOptions, fig.st.nodeCap, step, snippet);
  } finally {
    tree.free();
  }
}

function download(blob, name, fig) {
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: name, hidden: true });
  fig.root.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
