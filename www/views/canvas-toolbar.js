// The toolbar over a tree canvas, one component for the tree, MCTS and practice figures:
// the figure's own controls, then the view buttons (Fit, zoom in, zoom out) every canvas
// has, then Export where the figure can be saved (views/export-menu.js, loaded on the first
// click), then anything that goes last.

/**
 * The toolbar's parts, made with the figure's part maker (so each has its `part` name and id).
 * @param {Function} p the figure's part maker: p(name, tag, attrs, ...kids)
 * @param {string} label the toolbar's accessible name
 * @param {{before?: Node[], after?: Node[], zoom?: boolean, exportTitle?: string, tail?: Node[]}} [opts]
 *   `before`/`after` the view buttons: the figure's controls; `zoom: false`: Fit alone (a
 *   toolbar full of its own controls; the wheel and pinch still zoom); `exportTitle`: an
 *   Export button with this title; `tail`: after Export
 */
export function canvasToolbar(p, label, { before = [], after = [], zoom = true, exportTitle, tail = [] } = {}) {
  return p(
    'toolbar',
    'div',
    { class: 'toolbar', role: 'toolbar', 'aria-label': label },
    ...before,
    p('fit', 'button', { type: 'button', title: 'Fit the tree to the view' }, 'Fit'),
    ...(zoom
      ? [p('zoom-in', 'button', { type: 'button', 'aria-label': 'Zoom in' }, '+'), p('zoom-out', 'button', { type: 'button', 'aria-label': 'Zoom out' }, '−')]
      : []),
    ...after,
    ...(exportTitle ? [p('export', 'button', { type: 'button', 'aria-expanded': 'false', title: exportTitle }, 'Export')] : []),
    ...tail,
  );
}

/** The view buttons act on `fig.canvas`; Export opens the figure's Export menu. */
export function wireCanvasToolbar(fig) {
  const p = fig.p;
  p.fit.addEventListener('click', () => fig.canvas.fit());
  p['zoom-in']?.addEventListener('click', () => fig.canvas.zoom(1.25));
  p['zoom-out']?.addEventListener('click', () => fig.canvas.zoom(0.8));
  p.export?.addEventListener('click', () => import('./export-menu.js').then((m) => m.toggleExportMenu(fig)));
}

/** The view buttons' parts a figure has, for its setControls ('zoom'). */
export function viewButtons(p) {
  return ['fit', 'zoom-in', 'zoom-out'].filter((name) => p[name]);
}
