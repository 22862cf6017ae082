// The space a figure will take, held before it exists: a page's plyground elements are text
// (or nothing) until their modules and WebAssembly arrive, and a figure that then grows by
// hundreds of pixels pushes every caption under it down. So each element gets a reservation
// (the custom property --ply-reserve, set through the CSSOM, which a strict CSP allows) as
// tall as its figure will be at its width — its canvas height, its controls, the wrapping of
// its buttons — and a document-level sheet (adopted, no <style>) makes undefined elements
// blocks of that height with their text hidden. Inside, the element's own sheets keep the
// same height until the figure is drawn (base.js, components.css). Once the figure is drawn
// the reservation stays as a floor while the figure is on screen (so nothing under it moves)
// and is dropped once it is out of view.

export const TAGS = ['ply-tree', 'ply-game', 'ply-mcts', 'ply-ucb', 'ply-compare', 'ply-practice'];

const UNDEFINED = TAGS.map((t) => `${t}:not(:defined)`).join(', ');

/** The outline of the figure to come (the host's border and radius in components.css). */
export const PLACEHOLDER = 'border: 1px solid rgb(128 128 128 / 0.4); border-radius: 6px;';

/** The document's rule for elements not defined yet: a block of the reserved height, no text. */
export const DOCUMENT_CSS = `${UNDEFINED} { display: block; box-sizing: border-box; min-height: var(--ply-reserve, auto); ${PLACEHOLDER} font-size: 0; line-height: 0; color: transparent; overflow: hidden; }`;

// Measured heights (CSS px) of the figures' parts in components.css at 15 px text.
const CHROME = 18; // the host's padding and border, top and bottom
const GAP = 8; // between the parts of a narrow figure
const DEFAULT_CANVAS = 320;
const TREE_DEFAULT = ['step', 'play', 'scrubber', 'narration', 'counters', 'result'];
const MCTS_DEFAULT = ['step', 'run', 'narration', 'zoom', 'ucb', 'shares', 'decision'];
const GAME_DEFAULT = ['status', 'players', 'new', 'undo', 'engine', 'summary'];
// A practice figure beside (wide) and under (narrow) its drawing: the height besides the canvas.
const PRACTICE_EXTRA = {
  minimax: [137, 670],
  'alphabeta-leaves': [168, 712],
  'alphabeta-full': [208, 840],
  expectiminimax: [92, 515],
  maxn: [187, 797],
  mcts: [603, 1175],
  ordering: [198, 743],
};

/** The canvas height of a `height` attribute (a number of px, or px); the default otherwise. */
function canvasHeight(el) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(el.getAttribute('height') ?? '');
  return m ? Math.max(160, Number(m[1])) : DEFAULT_CANVAS;
}

function controlsOf(el, fallback) {
  const v = el.getAttribute('controls');
  if (v === null) return new Set(fallback);
  return new Set(v.split(',').map((s) => s.trim()).filter(Boolean));
}

/** A tree figure's height at content width `w`: one column up to 820 px, else two. */
function treeHeight(el, w) {
  const on = controlsOf(el, TREE_DEFAULT);
  const canvas = canvasHeight(el) + 2;
  const toolbar = ['zoom', 'export', 'boards'].some((c) => on.has(c)) ? 36 : 0;
  const wide = w > 820;
  const side = wide ? 384 : w;
  const parts = [];
  if (on.has('step') || on.has('play')) parts.push(on.has('play') ? (side >= 600 ? 36 : side >= 400 ? 69 : 110) : 36);
  if (on.has('narration')) parts.push((side >= 400 ? 34 : 55) + (wide ? 16 : 0));
  if (on.has('scrubber')) parts.push(49.4 + (wide ? 16 : 0));
  // The result's line is empty (its minimum height) until the search has ended.
  if (on.has('result')) parts.push((el.getAttribute('step') ?? '').trim() === 'end' ? 21 : 18);
  if (on.has('counters')) parts.push(74.2);
  if (on.has('pseudocode')) parts.push(side >= 500 ? 374 : 553);
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  if (wide) return CHROME + Math.max(canvas + (toolbar ? toolbar + 5.6 : 0), sum(parts));
  const all = toolbar ? [toolbar, canvas, ...parts] : [canvas, ...parts];
  return CHROME + sum(all) + GAP * (all.length - 1);
}

function mctsHeight(el, w) {
  const on = controlsOf(el, MCTS_DEFAULT);
  const canvas = canvasHeight(el) + 2;
  if (w > 820) return CHROME + Math.max(canvas + 80, 494 + (on.has('chart') ? 280 : 0));
  return CHROME + canvas + (w < 400 ? 867 : 688) + (on.has('chart') ? 158 : 0) + (on.has('legend') ? 154 : 0);
}

function gameHeight(el, w) {
  const on = controlsOf(el, GAME_DEFAULT);
  if (el.getAttribute('game') === 'ttt') return w >= 560 ? 343 : 510;
  if (on.has('engine') || on.has('undo')) return w >= 500 ? 620 : 598;
  return w > 820 ? 437 : 489;
}

/** The height (CSS px, border included) the figure of `el` will take at its current width. */
export function reserveHeight(el) {
  const w = el.getBoundingClientRect().width - 21.2; // less the padding and border
  switch (el.localName) {
    case 'ply-tree':
      return treeHeight(el, w);
    case 'ply-mcts':
      return mctsHeight(el, w);
    case 'ply-game':
      return gameHeight(el, w);
    case 'ply-ucb':
      return w >= 1000 ? 245 : w >= 600 ? 281 : 440;
    case 'ply-compare':
      return w >= 1000 ? 408 : w >= 500 ? 730 : 800;
    case 'ply-practice': {
      const extra = PRACTICE_EXTRA[el.getAttribute('task')] ?? [160, 700];
      return canvasHeight(el) + (w > 820 ? extra[0] : extra[1]);
    }
    default:
      return 0;
  }
}

let sheetAdopted = false;
let offscreen = null;

/** Adopts the document's rule once (constructable sheets pass a CSP without 'unsafe-inline'). */
function adoptDocumentSheet() {
  if (sheetAdopted || typeof document === 'undefined' || !document.adoptedStyleSheets) return;
  sheetAdopted = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(DOCUMENT_CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** Reserves the figure's space of one element (once), and lets it go when it is drawn and out of view. */
export function reserve(el) {
  if (el.style.getPropertyValue('--ply-reserve') || el._plyReserved) return;
  el._plyReserved = true;
  adoptDocumentSheet();
  const h = reserveHeight(el);
  if (!(h > 0)) return;
  el.style.setProperty('--ply-reserve', `${Math.round(h)}px`);
  el.addEventListener('ready', () => release(el), { once: true });
}

/** Drops a drawn figure's reservation as soon as it is out of view (nothing on screen moves). */
function release(el) {
  offscreen ??= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting) continue;
      offscreen.unobserve(e.target);
      e.target.style.removeProperty('--ply-reserve');
      if (!e.target.getAttribute('style')) e.target.removeAttribute('style');
    }
  });
  offscreen.observe(el);
}

/** Reserves the space of every plyground element now in `root`. */
export function reserveAll(root = document) {
  for (const el of root.querySelectorAll(TAGS.join(','))) reserve(el);
}
