// The tree on a <canvas>: layout (tree-layout.js), camera (camera.js) and drawing
// (tree-draw.js) wired to the pointer, wheel and keyboard. Pan by dragging, zoom with the
// wheel or a pinch, double-click a node to collapse or expand its subtree, hover for a
// node's path and values. Frames are drawn on requestAnimationFrame, at most one per frame,
// and only when something changed.

import { layoutTree } from '../lib/tree-layout.js';
import { Camera, frameTree } from '../lib/camera.js';
import { defaultStyle, drawTree, hitTest, labelSpace, reserveFor } from '../lib/tree-draw.js';
import { prefersDark } from './dom.js';

const BASE_LAYOUT = { nodeWidth: 40 };
/** The largest zoom a whole small tree is framed at. */
const MAX_FRAME_SCALE = 1.4;
/** Screen pixels kept free around a framed tree. */
const FRAME_MARGIN = 16;

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
   */
  constructor(canvas, tip, hooks = {}) {
    this.canvas = canvas;
    this.tip = tip;
    this.hooks = hooks;
    this.ctx = canvas.getContext('2d');
    this.camera = new Camera({ minScale: 0.005, maxScale: 6 });
    this.model = { nodes: [] };
    this.layout = layoutTree([], BASE_LAYOUT);
    this.layoutOpts = { ...BASE_LAYOUT };
    this.collapsed = new Set();
    this.reserve = null;
    this.widths = new Map();
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
    this.drawMs = [];
    this.lastStats = null;
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
  }

  /** Text width in CSS pixels, measured by the canvas in the palette's font (cached). */
  measure(text, px, bold = false) {
    const key = `${bold ? 'b' : ''}${px}|${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      this.ctx.font = `${bold ? 'bold ' : ''}${px}px ${this.style.fontFamily}`;
      w = this.ctx.measureText(text).width;
      this.widths.set(key, w);
    }
    return w;
  }

  /** The smallest scale at which every text of the tree is drawn (11 px at 100% zoom). */
  get readableScale() {
    return this.style.minFontPx / Math.min(this.style.fontSize, this.style.smallFontSize);
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
    this.draw();
  }

  /**
   * Sets a new model (new structure) and lays it out again, with room for every label. With
   * `fit` the camera frames it; without, the root stays where it was on screen (or, while the
   * view follows the tree, the tree is framed again).
   * `layout`: {nodeWidth, windows (room for an α–β window beside inner nodes), tags (tag words
   * to make room for), thumb ({w, h}: a board thumbnail under each node)}.
   */
  setModel(model, { fit = true, layout = {} } = {}) {
    const anchor = fit ? null : this.rootOnScreen();
    this.model = model;
    this.layoutOpts = { ...BASE_LAYOUT, ...layout };
    this.collapsed = new Set([...this.collapsed].filter((id) => id < model.nodes.length));
    if (fit) this.collapsed.clear();
    this.reserve = reserveFor(model, (t) => this.measure(t, this.style.fontSize));
    this.relayout();
    if (fit) {
      this.auto = 'frame';
      this.focus = -1;
      this.frame();
    } else if (this.auto === 'frame') this.frame(this.focus);
    else if (this.auto === 'fit') this.fit();
    else if (anchor) this.keepRoot(anchor);
    this.invalidate();
  }

  /**
   * The same structure with new texts (an MCTS step): drawn again, and laid out again first
   * if a text no longer fits the room reserved for it.
   */
  update(model) {
    // (Longer is wider: the texts that change here are digits, of one width.)
    const grew = model.nodes.some((n, i) => (n.value ?? '').length > (this.model.nodes[i]?.value ?? '').length);
    if (grew) this.setModel(model, { fit: false, layout: this.layoutOpts });
    else {
      this.model = model;
      this.invalidate();
    }
  }

  relayout() {
    const o = this.layoutOpts;
    const space = labelSpace(this.model, this.style, (t, px, bold) => this.measure(t, px, bold), {
      nodeWidth: o.nodeWidth,
      collapsed: this.collapsed,
      reserve: this.reserve?.values,
      windowText: o.windows ? this.reserve?.window ?? null : null,
      tags: o.tags,
      thumb: o.thumb ?? null,
    });
    this.layout = layoutTree(this.model.nodes, { ...space, collapsed: this.collapsed });
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
    requestAnimationFrame(() => {
      this.pending = false;
      this.draw();
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
    if (reframe && this.measured) {
      if (this.auto === 'fit') this.fit();
      else this.frame(this.focus);
    }
    this.invalidate();
  }

  draw() {
    const t0 = performance.now();
    const { ctx } = this;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    const stats = drawTree(ctx, this.model, this.layout, this.camera, this.style);
    this.lastStats = stats;
    this.frames++;
    if (this.hooks.decorate) this.hooks.decorate(ctx, stats, this);
    // The last frames' drawing times, for the frame-rate check of the browser tests.
    this.drawMs.push(performance.now() - t0);
    if (this.drawMs.length > 120) this.drawMs.shift();
  }

  /**
   * The first view of a tree (camera.js `frameTree`): all of it when it fits at a size where
   * every text reads, otherwise the root and node `focus` (the current node) at a readable
   * size; the rest is a drag away, and Fit shows all of it.
   */
  frame(focus = -1) {
    if (!this.model.nodes.length || !this.layout.order.length) return;
    this.auto = 'frame';
    const lay = this.layout;
    const keep = [this.nodeBox(lay.order[0])];
    if (focus >= 0 && focus < lay.x.length && lay.visible[focus] && focus !== lay.order[0]) {
      keep.push(this.nodeBox(focus));
      this.focus = focus;
    }
    const cam = this.camera;
    ({ scale: cam.scale, tx: cam.tx, ty: cam.ty } = frameTree(lay.bounds, keep, { viewW: cam.width, viewH: cam.height, margin: FRAME_MARGIN, readable: this.readableScale, maxScale: MAX_FRAME_SCALE }));
    this.invalidate();
  }

  /** A node's box with room for the texts beside it (world units). */
  nodeBox(v) {
    const lay = this.layout;
    const half = Math.max(lay.nodeWidth / 2, 6 * this.style.fontSize);
    return { minX: lay.x[v] - half, maxX: lay.x[v] + half, minY: lay.y[v] - lay.y0, maxY: lay.y[v] + lay.nodeHeight };
  }

  /** All of the tree, whatever the size of its text (the Fit button, the 0 key). */
  fit() {
    if (!this.model.nodes.length) return;
    this.auto = 'fit';
    const b = this.layout.bounds;
    this.camera.fit(b, this.camera.width, this.camera.height, FRAME_MARGIN);
    // Small trees: do not blow them up.
    if (this.camera.scale > MAX_FRAME_SCALE) {
      const cx = (b.minX + b.maxX) / 2;
      const cy = (b.minY + b.maxY) / 2;
      this.camera.scale = MAX_FRAME_SCALE;
      this.camera.tx = this.camera.width / 2 - cx * MAX_FRAME_SCALE;
      this.camera.ty = this.camera.height / 2 - cy * MAX_FRAME_SCALE;
    }
    this.invalidate();
  }

  zoom(factor) {
    this.auto = null;
    this.camera.zoomAt(this.camera.width / 2, this.camera.height / 2, factor);
    this.invalidate();
  }

  /** Expands any collapsed ancestor of node `id` (the search stepped into a folded subtree). */
  unfold(id) {
    if (this.collapsed.size === 0 || id == null || id < 0) return;
    let changed = false;
    for (let p = this.layout.parent[id]; p >= 0; p = this.layout.parent[p]) {
      if (this.collapsed.delete(p)) changed = true;
    }
    if (changed) {
      this.relayout();
      this.invalidate();
    }
  }

  /**
   * Brings node `id` (the current node) into the view if it is not: while the view follows
   * the tree, by framing the root and that node; after a pan by hand, by panning (instantly).
   */
  reveal(id) {
    if (id == null || id < 0 || id >= this.layout.x.length) return;
    if (!this.layout.visible[id]) return;
    if (this.auto === 'frame') this.focus = id;
    const p = this.camera.toScreen(this.layout.x[id], this.layout.y[id]);
    const m = 40;
    const { width: w, height: h } = this.camera;
    if (p.x < m || p.x > w - m || p.y < m || p.y > h - m) {
      if (this.auto === 'frame') this.frame(id);
      else this.camera.panBy(w / 2 - p.x, h / 2 - p.y);
      this.invalidate();
    }
  }

  toggleCollapse(id) {
    if (this.layout.childStart[id + 1] === this.layout.childStart[id]) return; // a leaf
    this.auto = null;
    if (this.collapsed.has(id)) this.collapsed.delete(id);
    else this.collapsed.add(id);
    const before = this.camera.toScreen(this.layout.x[id], this.layout.y[id]);
    this.relayout();
    // Keep the toggled node where it was on screen.
    const after = this.camera.toScreen(this.layout.x[id], this.layout.y[id]);
    this.camera.panBy(before.x - after.x, before.y - after.y);
    this.invalidate();
  }

  expandAll() {
    this.collapsed.clear();
    this.relayout();
    this.invalidate();
  }

  /** The node under a client point, or -1. */
  nodeAt(clientX, clientY) {
    const r = this.canvas.getBoundingClientRect();
    return hitTest(this.model, this.layout, this.camera, clientX - r.left, clientY - r.top);
  }

  wire() {
    const c = this.canvas;
    c.addEventListener('pointerdown', (e) => {
      c.setPointerCapture?.(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.dragMoved = 0;
      this.hideTip();
    });
    c.addEventListener('pointermove', (e) => {
      const prev = this.pointers.get(e.pointerId);
      if (!prev) {
        this.hoverAt(e);
        return;
      }
      const cur = { x: e.clientX, y: e.clientY };
      this.auto = null;
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
    c.addEventListener('dblclick', (e) => {
      const id = this.nodeAt(e.clientX, e.clientY);
      if (id >= 0) this.toggleCollapse(id);
    });
    c.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        this.auto = null;
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
    const id = this.nodeAt(e.clientX, e.clientY);
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

