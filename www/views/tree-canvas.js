// The tree on a <canvas>: the core's placement (a FigurePlan's or placeMcts's records, drawn
// by figure-draw.js) with the camera (camera.js), wired to the pointer, wheel and keyboard.
// Pan by dragging, zoom with the wheel or a pinch, hover for a node's path and values. Every
// node is drawn where the core placed it, at every step. Frames are drawn on
// requestAnimationFrame, at most one per frame, and only when something changed.
//
// Framing (camera.js `frameTree`, one rule for every figure): the first view and Fit show the
// whole tree when its names read (11 CSS px or more), otherwise the root and the focus (the
// current step's node, or the current question's) at a readable size, with an overview map
// (minimap.js) in a corner. When the focus leaves the view the camera glides after it.

import { Camera, boxInView, frameTree, panToShow } from '../lib/camera.js';
import { defaultStyle } from '../lib/tree-style.js';
import { drawFigure, figureTextBoxes, placedHit, placedLayout } from '../lib/figure-draw.js';

/** lib/minimap.js, loaded the first time a tree does not fit its view (a small tree never needs it). */
let mm = null;
let mmLoad = null;
/** Is (x, y) on the map `box` (null: no map)? */
const onMinimap = (box, x, y) => box != null && mm != null && mm.onMinimap(box, x, y);
import { prefersDark, reducedMotion } from './dom.js';

/** The layout of no tree. */
const EMPTY_LAYOUT = {
  x: new Float64Array(0),
  y: new Float64Array(0),
  visible: new Uint8Array(0),
  parent: new Int32Array(0),
  order: new Int32Array(0),
  levelStart: new Int32Array(1),
  levels: 0,
  childStart: new Int32Array(1),
  childList: new Int32Array(0),
  width: 0,
  height: 0,
  bounds: { minX: 0, minY: 0, maxX: 0, maxY: 0 },
  geometry: null,
};

/** The largest zoom a whole small tree is framed at. */
const MAX_FRAME_SCALE = 1.4;
/** Screen pixels kept free around a framed tree. */
const FRAME_MARGIN = 16;
/** Screen pixels the focus node keeps from the edges before the camera follows it. */
const FOLLOW_MARGIN = 8;
/** How long the camera glides after the focus (ms; none with reduced motion). */
const GLIDE_MS = 220;

/**
 * Text widths, shared by every tree on the page: measured once per font and text, on a canvas
 * outside the document. (Setting the font of the drawn canvas, which is in the document, makes
 * the browser work out the page's styles and layout there and then, in the middle of loading.)
 */
const widths = new Map();
let measurer = null;
let measurerFont = '';

/** The width of `text` in CSS font `font`, in CSS pixels. */
function textWidth(font, text) {
  const key = `${font}|${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    measurer ??= document.createElement('canvas').getContext('2d');
    if (measurerFont !== font) measurer.font = measurerFont = font;
    w = measurer.measureText(text).width;
    if (widths.size > 50000) widths.clear();
    widths.set(key, w);
  }
  return w;
}

export class TreeCanvas {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLElement} tip the hover box (absolutely positioned over the canvas)
   * @param {object} [hooks]
   * @param {(id: number) => {text: string, board?: string[]}|null} [hooks.describe] hover text
   * @param {(id: number) => void} [hooks.onClick]
   * @param {(ctx: CanvasRenderingContext2D, stats: object, view: TreeCanvas) => void} [hooks.decorate]
   *   drawn after the tree each frame (board thumbnails)
   * @param {() => boolean} [hooks.isDark] which palette to draw with (default: the system's)
   * @param {() => object} [hooks.styleOverrides] fields that replace the palette's (theming)
   * @param {boolean} [hooks.legibleOnly] never zoom out past the scale at which names read
   *   (where the names are how the reader finds a node: practice); the map shows the rest
   */
  constructor(canvas, tip, hooks = {}) {
    this.canvas = canvas;
    this.tip = tip;
    this.hooks = hooks;
    this.ctx = canvas.getContext('2d');
    this.camera = new Camera({ minScale: 0.005, maxScale: 6 });
    this.model = { nodes: [] };
    this.layout = EMPTY_LAYOUT;
    this.placed = null;
    this.refreshStyle();
    this.pending = false;
    this.pointers = new Map();
    this.dragMoved = 0;
    this.hover = -1;
    this.frames = 0;
    // How the view follows the tree until the user pans or zooms by hand: 'frame' (the first
    // view: the whole tree when it reads, else the root and the current node), 'fit' (the Fit
    // button: all of it) or null (moved by hand: a resize keeps the centre).
    this.auto = 'frame';
    this.focus = -1;
    // The overview map's rectangle in the last frame (null: not drawn), a drag on it, and the
    // camera's glide (from, to, start time) while it follows the focus.
    this.minimap = null;
    this.mapDrag = null;
    this.glide = null;
    this.drawMs = [];
    this.lastStats = null;
    // Called after every frame with the canvas (an answer field that follows its node).
    this.afterDraw = new Set();
    this.wire();
    this.resize();
    if (typeof ResizeObserver === 'function') {
      this.ro = new ResizeObserver(() => this.resize());
      this.ro.observe(canvas);
    }
    // Print (components.css's print rules): the canvas drawn again at 3× its CSS size before
    // the page is printed, so the figure is sharp on paper; the screen size again after.
    this.onBeforePrint = () => this.drawAtRatio(3);
    this.onAfterPrint = () => this.resize();
    window.addEventListener('beforeprint', this.onBeforePrint);
    window.addEventListener('afterprint', this.onAfterPrint);
    if (typeof matchMedia === 'function') {
      this.schemeQuery = matchMedia('(prefers-color-scheme: dark)');
      this.onScheme = () => {
        this.refreshStyle();
        this.invalidate();
      };
      this.schemeQuery.addEventListener('change', this.onScheme);
    }
  }

  /** Is the picture drawn in the dark palette? */
  get dark() {
    return this.hooks.isDark ? this.hooks.isDark() : prefersDark();
  }

  /** Picks the palette again (the system or the element's theme changed). */
  refreshStyle() {
    this.style = { ...defaultStyle(this.dark), ...(this.hooks.styleOverrides?.() ?? {}) };
    this.limitZoom();
  }

  /** Text width in CSS pixels, measured by the canvas in the palette's font (cached). */
  measure(text, px, bold = false) {
    return textWidth(`${bold ? 'bold ' : ''}${px}px ${this.style.fontFamily}`, text);
  }

  /** The smallest scale at which every text of the tree is drawn: the core's placement is in
   * px at which its smallest text is 11 (`style.minFontPx`). */
  get readableScale() {
    return 1;
  }

  /** Sets the camera's lower zoom limit: the readable scale where names must stay drawn. */
  limitZoom() {
    if (this.hooks.legibleOnly) this.camera.minScale = Math.min(this.readableScale, this.camera.maxScale);
  }

  /** Stops observing (the figure is gone); the canvas stays as it is. */
  destroy() {
    this.destroyed = true;
    this.ro?.disconnect();
    this.schemeQuery?.removeEventListener('change', this.onScheme);
    window.removeEventListener('beforeprint', this.onBeforePrint);
    window.removeEventListener('afterprint', this.onAfterPrint);
    this.pointers.clear();
  }

  /** Draws now, synchronously, with `ratio` device pixels per CSS pixel (print). */
  drawAtRatio(ratio) {
    if (this.destroyed) return;
    const w = Math.max(1, this.canvas.clientWidth);
    const h = Math.max(1, this.canvas.clientHeight);
    this.canvas.width = Math.round(w * ratio);
    this.canvas.height = Math.round(h * ratio);
    this.dpr = ratio;
    this.printing = true;
    this.draw();
    this.printing = false;
  }

  /**
   * Draws `model`'s tree as the core places it (lib/figure-draw.js on a FigurePlan's or
   * placeMcts's records): `source.layout(compact)` the plan's layout() and
   * `source.at(compact)` its record of the step on screen (`model` keeps the states the
   * overview map and the hover read). The compact placement is used when only it shows the
   * tree whole and readable (see relayout). With `fit` the camera frames it; without, the
   * root stays where it was on screen (or, while the view follows the tree, the tree is
   * framed again). `focus`: the node the first view keeps on screen beside the root (the
   * current question's).
   */
  setPlaced(model, source, { fit = true, focus = -1 } = {}) {
    this.placed = source;
    // (A glide's end was worked out for the old layout: stop where it is.)
    this.glide = null;
    const anchor = fit ? null : this.rootOnScreen();
    this.model = model;
    this.limitZoom();
    this.relayout();
    if (fit) {
      this.auto = 'frame';
      this.focus = -1;
      // Until this tree's first frame is drawn, following the focus is part of the first view:
      // no glide.
      this.framedAt = this.frames;
      this.frame(focus);
    } else if (this.auto) this.moveTo(this.framing(this.focus, this.preferred), { glide: this.canGlide });
    else if (anchor) this.keepRoot(anchor);
    // A tree that does not fit asks for the map's module now, before its first frame.
    this.mapBox();
    this.invalidate();
  }

  /**
   * Takes the core's normal placement, or its compact one (an open node's window as α over
   * β, the edge texts beside the stems) when only the compact one shows the whole tree at a
   * readable size: a small tree still opens whole on a phone. (A tree too big for either keeps
   * the normal placement, whose levels are lower.)
   */
  relayout() {
    const cam = this.camera;
    const whole = (l) => l.width * this.readableScale + 2 * FRAME_MARGIN <= cam.width && l.height * this.readableScale + 2 * FRAME_MARGIN <= cam.height;
    if (!this.placed) {
      this.layout = EMPTY_LAYOUT;
      return;
    }
    this.layout = placedLayout(this.placed.layout(false));
    this.layoutSize = `${cam.width}×${cam.height}`;
    if (cam.width > 1 && !whole(this.layout)) {
      const narrow = placedLayout(this.placed.layout(true));
      if (whole(narrow)) this.layout = narrow;
    }
  }

  /** The root's screen position, or null. */
  rootOnScreen() {
    const lay = this.layout;
    if (!lay.order.length) return null;
    const v = lay.order[0];
    return this.camera.toScreen(lay.x[v], lay.y[v]);
  }

  /** Pans so that the root is back at `at` (screen) after a new layout. */
  keepRoot(at) {
    const now = this.rootOnScreen();
    if (now) this.camera.panBy(at.x - now.x, at.y - now.y);
  }

  /** The node states changed (not the structure): draw again. */
  invalidate() {
    if (this.pending || this.destroyed) return;
    this.pending = true;
    requestAnimationFrame((now) => {
      this.pending = false;
      const more = this.stepGlide(now);
      this.draw();
      if (more) this.invalidate();
    });
  }

  resize() {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, this.canvas.clientWidth);
    const h = Math.max(1, this.canvas.clientHeight);
    // The first real measurement (a canvas built while its view was hidden measures 0).
    const first = !this.measured && this.canvas.clientWidth > 0;
    if (first) this.measured = true;
    if (this.canvas.width !== Math.round(w * dpr) || this.canvas.height !== Math.round(h * dpr)) {
      this.canvas.width = Math.round(w * dpr);
      this.canvas.height = Math.round(h * dpr);
    }
    this.dpr = dpr;
    const reframe = (first || this.auto !== null) && this.model.nodes.length > 0;
    // Keep the point at the centre of the view where it is when the canvas changes size.
    if (!reframe && this.measured && this.camera.width > 1) {
      this.camera.panBy((w - this.camera.width) / 2, (h - this.camera.height) / 2);
    }
    this.camera.resize(w, h);
    // A new size may call for the other label placement (see relayout).
    if (this.model.nodes.length > 0 && `${w}×${h}` !== this.layoutSize) this.relayout();
    if (reframe && this.measured) {
      if (this.auto === 'fit') this.fit();
      else this.frame(this.focus);
    }
    this.invalidate();
  }

  draw() {
    // (A frame asked for before the figure went away: its handles are freed.)
    if (this.destroyed) return;
    const t0 = performance.now();
    const { ctx } = this;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    const stats = this.placed ? this.drawPlaced(ctx) : { nodes: 0, edges: 0, text: false, visible: [], radius: 0 };
    this.lastStats = stats;
    this.frames++;
    if (this.hooks.decorate) this.hooks.decorate(ctx, stats, this);
    this.minimap = this.printing ? null : this.mapBox(stats);
    if (this.minimap) mm.drawMinimap(ctx, this.minimap, this.model, this.layout, this.camera.viewBounds(), this.style);
    // The last frames' drawing times, for the frame-rate check of the browser tests.
    this.drawMs.push(performance.now() - t0);
    if (this.drawMs.length > 120) this.drawMs.shift();
    if (!this.printing) for (const f of this.afterDraw) f(this);
  }

  /**
   * Where node `v` and the rest are drawn in this frame, in canvas px: `node` the box of its
   * glyph and its own texts (its name, value, window), `glyph` its glyph's; `keep` the boxes that must stay in
   * sight beside it: what a question about it is answered from (the texts on the edge into it,
   * its parent's glyph and texts, its children's glyphs, texts and edge texts) and the
   * overview map; `others` every other glyph and text. What a box of HTML over the canvas is placed by (lib/callout.js); null when
   * `v` is not drawn.
   */
  drawnBoxes(v) {
    const cam = this.camera;
    const lay = this.layout;
    if (!this.placed) return null;
    const texts = (this.textBoxes() ?? []).map((b) => ({ id: b.node, kind: b.kind, minX: b.x0, minY: b.y0, maxX: b.x1, maxY: b.y1 }));
    const h = lay.hit;
    const glyphs = Array.from(lay.x, (_, u) => ({ id: u, kind: 'glyph', minX: h[4 * u] * cam.scale + cam.tx, minY: h[4 * u + 1] * cam.scale + cam.ty, maxX: h[4 * u + 2] * cam.scale + cam.tx, maxY: h[4 * u + 3] * cam.scale + cam.ty }));
    const boxes = [...glyphs, ...texts];
    const edge = (b) => b.kind === 'edge' || b.kind === 'prob';
    const mine = boxes.filter((b) => b.id === v && !edge(b));
    if (!mine.length) return null;
    const node = mine.reduce((a, b) => ({ minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) }));
    const kids = new Set(lay.childList.slice(lay.childStart[v], lay.childStart[v + 1]));
    const isKept = (b) => (b.id === v && edge(b)) || (b.id === lay.parent[v] && !edge(b)) || kids.has(b.id);
    const keep = [];
    const others = [];
    for (const b of boxes) if (!mine.includes(b)) (isKept(b) ? keep : others).push(b);
    const m = this.minimap;
    if (m) keep.push({ id: -1, kind: 'map', minX: m.x, minY: m.y, maxX: m.x + m.w, maxY: m.y + m.h });
    const glyph = mine.find((b) => b.kind === 'glyph') ?? node;
    return { node, glyph, keep, others };
  }

  /**
   * The texts of this frame as the core placed them, in canvas px (figure-draw.js
   * figureTextBoxes: {text, kind, node, x0, y0, x1, y1, px}), or null before a tree is
   * placed. For the tests.
   */
  textBoxes() {
    if (!this.placed) return null;
    const { compact, placed } = this.layout.geometry;
    if (!placed) return null;
    const rec = { ...this.placed.layout(compact), ...this.placed.at(compact) };
    return figureTextBoxes(rec, { scale: this.layout.pxPerCm * this.camera.scale, tx: this.camera.tx, ty: this.camera.ty });
  }

  /**
   * One frame of the core's placement, the plan's layout with the step's record, seen by
   * `cam` (the canvas's camera, or an export's), on the palette's background.
   */
  drawPlaced(ctx, cam = this.camera) {
    const lay = this.layout;
    const { style } = this;
    if (style.background) {
      ctx.fillStyle = style.background;
      ctx.fillRect(0, 0, cam.width, cam.height);
    }
    const rec = { ...this.placed.layout(lay.geometry.compact), ...this.placed.at(lay.geometry.compact) };
    return drawFigure(ctx, rec, { scale: lay.pxPerCm * cam.scale, tx: cam.tx, ty: cam.ty, clip: { w: cam.width, h: cam.height } }, style);
  }

  /**
   * The first view of a tree (camera.js `frameTree`): all of it when it fits at a size where
   * every text reads, otherwise the root and node `focus` (the current node) at a readable
   * size; the rest is a drag away, and the map in the corner shows all of it.
   */
  frame(focus = -1) {
    if (!this.model.nodes.length || !this.layout.order.length) return;
    this.auto = 'frame';
    this.moveTo(this.framing(focus, 1));
  }

  /**
   * Fit (the button, the 0 key): the whole tree when its names read at that size; otherwise
   * the farthest view at which they still read, on the root and the focus, with the map for
   * the rest — never a tree squashed past its names.
   */
  fit() {
    if (!this.model.nodes.length || !this.layout.order.length) return;
    this.auto = 'fit';
    this.moveTo(this.framing(this.focus, this.readableScale));
  }

  /**
   * The framing rule's camera for the root and node `focus`, partial views at `prefer`. With
   * the hook `frameChildren` (practice: a question asks for the focus node's value, worked out
   * from its children) the view keeps the focus node's children too: with the root when they
   * fit together, else without it, else the root and the focus as without the hook.
   */
  framing(focus, prefer) {
    const lay = this.layout;
    // Presenter mode: the whole tree as large as it fits, when its smallest text is then at
    // least presentPx; else the root and the focus with the smallest text at presentPx.
    const big = this.presentPx ? this.presentPx / this.style.minFontPx : 0;
    // The root of the focus's tree (an iterative-deepening search draws one per depth).
    let top = lay.order[0];
    if (focus >= 0 && focus < lay.x.length) for (top = focus; lay.parent[top] >= 0; ) top = lay.parent[top];
    const root = this.nodeBox(top);
    let keep = [root];
    if (focus >= 0 && focus < lay.x.length && lay.visible[focus]) {
      this.focus = focus;
      if (focus !== top) keep.push(this.nodeBox(focus));
      const kids = [];
      for (let k = lay.childStart[focus]; k < lay.childStart[focus + 1]; k++) if (lay.visible[lay.childList[k]]) kids.push(this.nodeBox(lay.childList[k]));
      if (this.hooks.frameChildren && kids.length > 0) {
        const focusBox = this.nodeBox(focus);
        keep = [[root, ...kids, focusBox], [...kids, focusBox], keep];
      }
    }
    const cam = this.camera;
    if (big) return frameTree(lay.bounds, keep, { viewW: cam.width, viewH: cam.height, margin: FRAME_MARGIN, readable: this.readableScale * big, maxScale: cam.maxScale, prefer: this.readableScale * big });
    return frameTree(lay.bounds, keep, { viewW: cam.width, viewH: cam.height, margin: FRAME_MARGIN, readable: this.readableScale, maxScale: MAX_FRAME_SCALE, prefer });
  }

  /**
   * Presenter mode (views/presenter.js): with `px`, the framing rule draws the smallest text
   * at `px` CSS px or more (the whole tree as large as it fits, else the root and node `focus`
   * at that size, following the focus as it moves); null: the usual rule again.
   */
  presentAt(px, focus = this.focus) {
    this.presentPx = px;
    if (!px) return;
    this.frame(focus);
  }

  /** The view as it is (the camera, how it follows the tree, the focus): for setView. */
  viewState() {
    const { scale, tx, ty } = this.target;
    return { scale, tx, ty, auto: this.auto, focus: this.focus };
  }

  /** Puts back a view that viewState gave, exactly. */
  setView(v) {
    this.glide = null;
    Object.assign(this.camera, { scale: v.scale, tx: v.tx, ty: v.ty });
    this.auto = v.auto;
    this.focus = v.focus;
    this.invalidate();
  }

  /**
   * Sets the camera to `to` (scale, tx, ty): at once, or with `glide` over GLIDE_MS (eased;
   * at once with reduced motion). Any pan or zoom by hand stops a glide where it is.
   */
  moveTo(to, { glide = false } = {}) {
    const cam = this.camera;
    this.glide = null;
    if (glide && !reducedMotion() && typeof performance === 'object') {
      this.glide = { from: { scale: cam.scale, tx: cam.tx, ty: cam.ty }, to: { scale: to.scale, tx: to.tx, ty: to.ty }, start: performance.now() };
    } else {
      cam.scale = to.scale;
      cam.tx = to.tx;
      cam.ty = to.ty;
    }
    this.invalidate();
  }

  /** Advances a glide to time `now`; true while it goes on. */
  stepGlide(now) {
    const g = this.glide;
    if (!g) return false;
    const t = Math.min(1, Math.max(0, (now - g.start) / GLIDE_MS));
    const e = 1 - (1 - t) ** 3;
    const cam = this.camera;
    // The scale eases geometrically, so a zoom looks steady; the offsets linearly.
    cam.scale = g.from.scale * (g.to.scale / g.from.scale) ** e;
    cam.tx = g.from.tx + (g.to.tx - g.from.tx) * e;
    cam.ty = g.from.ty + (g.to.ty - g.from.ty) * e;
    if (t >= 1) {
      Object.assign(cam, g.to);
      this.glide = null;
    }
    return this.glide !== null;
  }

  /** The scale of a partial view while the view follows the tree: Fit's is the farthest that reads. */
  get preferred() {
    return this.auto === 'fit' ? this.readableScale : 1;
  }

  /** Does a camera move glide? Not before this tree's first frame (that is the first view). */
  get canGlide() {
    return this.measured === true && this.frames > (this.framedAt ?? -1);
  }

  /** Where the camera is going: the end of a glide, else where it is. */
  get target() {
    return this.glide ? this.glide.to : this.camera;
  }

  /** A node's box with room for the texts beside it (world units). */
  nodeBox(v) {
    return this.placedBox(v);
  }

  /**
   * A node's box on the core's placement: its hit box and the texts of its row at this step
   * (its name, value, window; not the texts on the edge into it, halfway up), world units.
   */
  placedBox(v) {
    const lay = this.layout;
    const h = lay.hit;
    const box = { minX: h[4 * v], minY: h[4 * v + 1], maxX: h[4 * v + 2], maxY: h[4 * v + 3] };
    const rec = this.placed.layout(lay.geometry.compact);
    const k = lay.pxPerCm;
    for (const l of this.placed.at(lay.geometry.compact).labels) {
      if (l.node !== v || l.kind === 'edge' || l.kind === 'prob') continue;
      const [x0, y0, x1, y1] = l.box;
      box.minX = Math.min(box.minX, (x0 - rec.bounds[0]) * k);
      box.maxX = Math.max(box.maxX, (x1 - rec.bounds[0]) * k);
      box.minY = Math.min(box.minY, (rec.bounds[3] - y1) * k);
      box.maxY = Math.max(box.maxY, (rec.bounds[3] - y0) * k);
    }
    return box;
  }

  /**
   * The map's place for this frame, or null: drawn while part of the tree is off screen, in a
   * corner that covers neither the root nor the focus node, and as few of the nodes drawn in
   * this frame (`stats.visible`) as can be.
   */
  mapBox(stats) {
    const lay = this.layout;
    const cam = this.camera;
    if (!lay.order.length || !(cam.width > 0) || boxInView(cam, lay.bounds, cam.width, cam.height, 0)) return null;
    if (!mm) {
      (mmLoad ??= import('../lib/minimap.js').then((m) => (mm = m))).then(() => this.invalidate());
      return null;
    }
    // A node with the texts of its row (its name, value, window), on screen.
    const screenBox = (v) => {
      const b = this.nodeBox(v);
      return { minX: b.minX * cam.scale + cam.tx, maxX: b.maxX * cam.scale + cam.tx, minY: b.minY * cam.scale + cam.ty, maxY: b.maxY * cam.scale + cam.ty };
    };
    const avoid = [screenBox(lay.order[0])];
    if (this.focus >= 0 && this.focus < lay.x.length && lay.visible[this.focus]) avoid.push(screenBox(this.focus));
    // While the map is dragged it stays where the pointer found it.
    if (this.mapDrag !== null && this.minimap) return this.minimap;
    const crowd = Array.from(stats?.visible ?? [], (v) => cam.toScreen(lay.x[v], lay.y[v]));
    return mm.minimapBox(lay.levels, cam.width, cam.height, avoid, crowd, this.minimap);
  }

  /** Centres the view on the world point under map point (sx, sy) (a click or drag on the map). */
  mapTo(sx, sy) {
    if (!this.minimap) return;
    const w = mm.minimapProjection(this.minimap, this.layout.bounds).toWorld(sx, sy);
    const cam = this.camera;
    this.auto = null;
    this.glide = null;
    cam.tx = cam.width / 2 - w.x * cam.scale;
    cam.ty = cam.height / 2 - w.y * cam.scale;
    this.invalidate();
  }

  zoom(factor) {
    this.auto = null;
    this.glide = null;
    this.camera.zoomAt(this.camera.width / 2, this.camera.height / 2, factor);
    this.invalidate();
  }

  /**
   * Keeps node `id` (the focus: the current step's node, the current question's) in the view:
   * when it is off screen the camera glides to it — while the view follows the tree, to the
   * framing rule's view of the root and that node; after a pan or zoom by hand, by the
   * smallest pan that shows it.
   */
  reveal(id) {
    if (id == null || id < 0 || id >= this.layout.x.length) return;
    if (!this.layout.visible[id]) return;
    this.focus = id;
    const { width: w, height: h } = this.camera;
    const box = this.nodeBox(id);
    if (boxInView(this.target, box, w, h, FOLLOW_MARGIN)) {
      this.invalidate();
      return;
    }
    const to = this.auto ? this.framing(id, this.preferred) : panToShow(this.target, box, w, h, FOLLOW_MARGIN);
    this.moveTo(to, { glide: this.canGlide });
  }

  /** The node under a client point, or -1. */
  nodeAt(clientX, clientY) {
    const r = this.canvas.getBoundingClientRect();
    const cam = this.camera;
    if (!this.placed) return -1;
    return placedHit(this.layout, (clientX - r.left - cam.tx) / cam.scale, (clientY - r.top - cam.ty) / cam.scale);
  }

  wire() {
    const c = this.canvas;
    const local = (e) => {
      const r = c.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    c.addEventListener('pointerdown', (e) => {
      c.setPointerCapture?.(e.pointerId);
      this.glide = null;
      const at = local(e);
      if (this.pointers.size === 0 && onMinimap(this.minimap, at.x, at.y)) {
        this.mapDrag = e.pointerId;
        this.hideTip();
        this.mapTo(at.x, at.y);
        return;
      }
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.dragMoved = 0;
      this.hideTip();
    });
    c.addEventListener('pointermove', (e) => {
      if (this.mapDrag === e.pointerId) {
        const at = local(e);
        this.mapTo(at.x, at.y);
        return;
      }
      const prev = this.pointers.get(e.pointerId);
      if (!prev) {
        this.hoverAt(e);
        return;
      }
      const cur = { x: e.clientX, y: e.clientY };
      this.auto = null;
      this.glide = null;
      if (this.pointers.size === 1) {
        this.camera.panBy(cur.x - prev.x, cur.y - prev.y);
        this.dragMoved += Math.abs(cur.x - prev.x) + Math.abs(cur.y - prev.y);
      } else if (this.pointers.size === 2) {
        const [aId, bId] = [...this.pointers.keys()];
        const r = c.getBoundingClientRect();
        const rel = (p) => ({ x: p.x - r.left, y: p.y - r.top });
        const other = this.pointers.get(e.pointerId === aId ? bId : aId);
        this.camera.pinch(rel(prev), rel(other), rel(cur), rel(other));
        this.dragMoved += 10;
      }
      this.pointers.set(e.pointerId, cur);
      this.invalidate();
    });
    const end = (e) => {
      if (this.mapDrag === e.pointerId) {
        this.mapDrag = null;
        return;
      }
      const was = this.pointers.has(e.pointerId);
      this.pointers.delete(e.pointerId);
      if (was && e.type === 'pointerup' && this.dragMoved < 5 && this.pointers.size === 0) {
        const id = this.nodeAt(e.clientX, e.clientY);
        if (id >= 0 && this.hooks.onClick) this.hooks.onClick(id);
      }
    };
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
    c.addEventListener('pointerleave', () => this.hideTip());
    c.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        this.auto = null;
        this.glide = null;
        const r = c.getBoundingClientRect();
        const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
        this.camera.zoomAt(e.clientX - r.left, e.clientY - r.top, Math.exp(-dy * 0.0015));
        this.invalidate();
      },
      { passive: false },
    );
    c.addEventListener('keydown', (e) => {
      if (e.key === '+' || e.key === '=') this.zoom(1.25);
      else if (e.key === '-') this.zoom(0.8);
      else if (e.key === '0') this.fit();
      else return;
      e.preventDefault();
    });
  }

  hoverAt(e) {
    const r0 = this.canvas.getBoundingClientRect();
    const onMap = onMinimap(this.minimap, e.clientX - r0.left, e.clientY - r0.top);
    this.canvas.style.cursor = onMap ? 'pointer' : '';
    const id = onMap ? -1 : this.nodeAt(e.clientX, e.clientY);
    if (id < 0 || !this.hooks.describe) {
      this.hideTip();
      return;
    }
    const info = this.hooks.describe(id);
    if (!info) {
      this.hideTip();
      return;
    }
    const tip = this.tip;
    tip.replaceChildren();
    tip.append(document.createTextNode(info.text));
    if (info.board) {
      const mini = document.createElement('div');
      mini.className = 'mini';
      mini.textContent = info.board.join('\n');
      tip.append(mini);
    }
    tip.hidden = false;
    const r = this.canvas.getBoundingClientRect();
    let x = e.clientX - r.left + 14;
    let y = e.clientY - r.top + 14;
    const tw = tip.offsetWidth;
    const th = tip.offsetHeight;
    if (x + tw > r.width - 4) x = Math.max(4, e.clientX - r.left - tw - 10);
    if (y + th > r.height - 4) y = Math.max(4, e.clientY - r.top - th - 10);
    tip.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
    this.hover = id;
  }

  hideTip() {
    this.tip.hidden = true;
    this.hover = -1;
  }
}

