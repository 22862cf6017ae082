// The Export menu of a tree figure's toolbar: the figure at its current step saved as SVG, as
// PNG at 1×, 2× or 3×, and — for an explicit tree — as TikZ (a standalone .tex or a snippet).
// Loaded by tree-figure.js on the first click of Export, so that a page that never exports
// never downloads this module or lib/export-svg.js.
//
// TikZ is the core's (plyground::export, the CLI's `plyground export`): the practice module
// (lib/practice-module.js, loaded on the first TikZ click) has `exportTikz`, which records
// the figure's search again with the figure's options and node cap — the same search, so the
// same trace — and writes it at the figure's step. It is not in the shipped module, which is
// over its size budget already.
//
// What is saved is what the canvas draws: the figure's own draw model, layout (collapsed
// subtrees stay collapsed), palette (light or dark) and text measure, drawn by drawTree
// (lib/export-svg.js), the whole tree at the scale it has on screen. The menu is a row of
// buttons after Export (Tab/Shift+Tab move through them, Escape closes it and returns to
// Export); a status line says what was saved.

import { el } from './dom.js';
import { exportName, figureCanvas, figureSvg } from '../lib/export-svg.js';

const FORMATS = [
  { id: 'svg', label: 'SVG', title: 'Vector, texts as text' },
  { id: 'png1', label: 'PNG 1×', ratio: 1 },
  { id: 'png2', label: 'PNG 2×', ratio: 2 },
  { id: 'png3', label: 'PNG 3×', ratio: 3 },
  { id: 'tikz', label: 'TikZ', title: 'A standalone .tex for pdflatex', tree: true },
  { id: 'tikz-snippet', label: 'TikZ snippet', title: 'The tikzpicture alone, to paste into a document', tree: true },
];

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
  // TikZ only for explicit trees (a game search has no tree text to export).
  for (const b of menu.querySelectorAll('[data-tree]')) b.hidden = fig.current?.type !== 'tree';
  menu.hidden = !open;
  button.setAttribute('aria-expanded', String(open));
  if (open) menu.querySelector('button').focus();
}

function buildMenu(fig) {
  const status = el('span', { class: 'export-status', role: 'status', 'aria-live': 'polite', part: 'export-status' });
  const buttons = FORMATS.map((f) =>
    el('button', { type: 'button', title: f.title ?? `Raster image at ${f.ratio}× the screen size`, 'data-format': f.id, 'data-tree': f.tree ? '' : null, onclick: () => save(fig, f, status) }, f.label),
  );
  const menu = el('span', { class: 'export-menu', role: 'group', 'aria-label': 'Export the figure at this step', part: 'export-menu', hidden: true }, ...buttons, status);
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

/** The figure as the canvas draws it now: model, layout, palette, measure, scale. */
function drawing(fig) {
  const c = fig.canvas;
  return { model: c.model, layout: c.layout, style: c.style, measure: (t, px, bold) => c.measure(t, px, bold), scale: c.camera.scale };
}

async function save(fig, format, status) {
  if (!fig.model || !fig.canvas.layout.order.length) {
    status.textContent = 'Nothing to export yet: no tree is drawn.';
    return;
  }
  const d = drawing(fig);
  const step = fig.index;
  try {
    if (format.tree) {
      const tex = await tikz(fig, step, format.id === 'tikz-snippet');
      const name = exportName(step, 'tex').replace('.tex', format.id === 'tikz' ? '.tex' : '-snippet.tex');
      download(new Blob([tex], { type: 'application/x-tex' }), name, fig);
      status.textContent = `Saved ${name} (TikZ${format.id === 'tikz' ? ', standalone for pdflatex' : ' snippet'}, step ${step}).`;
    } else if (format.id === 'svg') {
      const title = `plyground: the search tree at step ${step} of ${fig.length}`;
      const { svg } = figureSvg(d.model, d.layout, { style: d.style, measure: d.measure, scale: d.scale, title });
      const name = exportName(step, 'svg');
      download(new Blob([svg], { type: 'image/svg+xml' }), name, fig);
      status.textContent = `Saved ${name} (SVG, step ${step}).`;
    } else {
      const canvas = figureCanvas((w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h }), d.model, d.layout, { style: d.style, scale: d.scale, ratio: format.ratio });
      const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('the browser could not make a PNG of this size');
      const name = exportName(step, 'png', format.ratio);
      download(blob, name, fig);
      status.textContent = `Saved ${name} (PNG ${format.ratio}×, ${canvas.width} × ${canvas.height} pixels, step ${step}).`;
    }
  } catch (e) {
    status.textContent = `Export failed: ${e.message}`;
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
