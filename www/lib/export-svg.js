// The tree figure as a file: SVG (vector, texts as <text>) and PNG at 1×, 2× or 3×.
//
// There is no second drawing and no second layout: the figure's `draw` (the canvas's
// drawPlaced: the core's placement, figure-draw.js) draws into an SvgContext, a recorder that
// speaks the subset of the 2D-canvas API the drawing uses and writes SVG elements, or into a
// fresh canvas at a pixel ratio for PNG. So the file at step k shows exactly what the canvas
// shows at step k: the same shapes, dashes, widths, colours and texts, at the same places.
//
// The whole tree is drawn, at the scale the figure has on screen or at the scale that makes
// it a chosen width. Texts below 11 px are left out exactly as on screen, so a tree exported
// very small has no texts, as it would have on the canvas.
//
// DOM-free: the PNG path takes a function that makes a canvas; tested under node --test.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A number for SVG: at most two decimals, no "-0". */
function num(x) {
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

/** Text for an XML attribute or element. */
export function xmlEscape(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

const ANCHOR = { left: 'start', start: 'start', right: 'end', end: 'end', center: 'middle' };
const BASELINE = { middle: 'central', top: 'hanging', hanging: 'hanging', bottom: 'text-after-edge', alphabetic: 'alphabetic', ideographic: 'ideographic' };

/**
 * A 2D-context stand-in that records what a drawing draws as SVG elements: paths (filled or
 * stroked, dashes kept), rectangles and texts. Only the calls figure-draw.js makes are
 * supported.
 */
export class SvgContext {
  /**
   * @param {(text: string, px: number, bold?: boolean) => number} measure text widths in px
   *   (the canvas's own measure, so that halos fit the texts as on screen)
   */
  constructor(measure) {
    this.measure = measure;
    this.canvas = null;
    this.parts = [];
    this.d = '';
    this.dash = [];
    this.fillStyle = '#000';
    this.strokeStyle = '#000';
    this.lineWidth = 1;
    this.font = '10px sans-serif';
    this.textAlign = 'start';
    this.textBaseline = 'alphabetic';
    this.at = null;
    this.start = null;
  }

  save() {}
  restore() {}
  setTransform() {}

  setLineDash(d) {
    this.dash = Array.from(d);
  }

  beginPath() {
    this.d = '';
    this.at = null;
  }

  moveTo(x, y) {
    this.d += `M${num(x)} ${num(y)}`;
    this.at = [x, y];
    this.start = [x, y];
  }

  lineTo(x, y) {
    if (!this.at) return this.moveTo(x, y);
    this.d += `L${num(x)} ${num(y)}`;
    this.at = [x, y];
  }

  closePath() {
    if (!this.at) return;
    this.d += 'Z';
    this.at = this.start;
  }

  rect(x, y, w, h) {
    this.d += `M${num(x)} ${num(y)}H${num(x + w)}V${num(y + h)}H${num(x)}Z`;
    this.at = [x, y];
    this.start = [x, y];
  }

  arc(x, y, r, a0, a1, ccw = false) {
    const sx = x + r * Math.cos(a0);
    const sy = y + r * Math.sin(a0);
    if (this.at) this.lineTo(sx, sy);
    else this.moveTo(sx, sy);
    let sweep = ccw ? a0 - a1 : a1 - a0;
    if (sweep >= 2 * Math.PI - 1e-9) {
      // A full circle: two half arcs (one SVG arc cannot end where it starts).
      const mx = x - r * Math.cos(a0);
      const my = y - r * Math.sin(a0);
      const f = ccw ? 0 : 1;
      this.d += `A${num(r)} ${num(r)} 0 1 ${f} ${num(mx)} ${num(my)}A${num(r)} ${num(r)} 0 1 ${f} ${num(sx)} ${num(sy)}`;
      this.at = [sx, sy];
      return;
    }
    sweep = ((sweep % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    const ex = x + r * Math.cos(a1);
    const ey = y + r * Math.sin(a1);
    this.d += `A${num(r)} ${num(r)} 0 ${sweep > Math.PI ? 1 : 0} ${ccw ? 0 : 1} ${num(ex)} ${num(ey)}`;
    this.at = [ex, ey];
  }

  fill() {
    if (this.d) this.parts.push(`<path d="${this.d}" fill="${xmlEscape(this.fillStyle)}"/>`);
  }

  stroke() {
    if (!this.d) return;
    const dash = this.dash.length ? ` stroke-dasharray="${this.dash.map(num).join(' ')}"` : '';
    this.parts.push(
      `<path d="${this.d}" fill="none" stroke="${xmlEscape(this.strokeStyle)}" stroke-width="${num(this.lineWidth)}"${dash}/>`,
    );
  }

  fillRect(x, y, w, h) {
    this.parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${xmlEscape(this.fillStyle)}"/>`);
  }

  /** The font in force as {px, bold, family}. */
  fontParts() {
    const m = /^(bold )?([\d.]+)px (.*)$/.exec(this.font);
    return m ? { bold: Boolean(m[1]), px: Number(m[2]), family: m[3] } : { bold: false, px: 10, family: 'sans-serif' };
  }

  measureText(text) {
    const f = this.fontParts();
    return { width: this.measure(text, f.px, f.bold) };
  }

  fillText(text, x, y, maxWidth) {
    const f = this.fontParts();
    let weight = f.bold ? ' font-weight="bold"' : '';
    // A text condensed into its room, as the canvas's maxWidth does.
    if (maxWidth !== undefined && this.measure(text, f.px, f.bold) > maxWidth) weight += ` textLength="${num(maxWidth)}" lengthAdjust="spacingAndGlyphs"`;
    const anchor = ANCHOR[this.textAlign] ?? 'start';
    const base = BASELINE[this.textBaseline] ?? 'alphabetic';
    this.parts.push(
      `<text x="${num(x)}" y="${num(y)}" font-family="${xmlEscape(f.family)}" font-size="${num(f.px)}"${weight} text-anchor="${anchor}" dominant-baseline="${base}" fill="${xmlEscape(this.fillStyle)}">${xmlEscape(text)}</text>`,
    );
  }

  /** The SVG document of everything drawn so far. */
  svg(width, height, title = '') {
    const t = title ? `<title>${xmlEscape(title)}</title>` : '';
    return (
      `<svg xmlns="${SVG_NS}" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">` +
      `${t}\n${this.parts.join('\n')}\n</svg>\n`
    );
  }
}

/**
 * The camera that shows the whole laid-out tree at `scale` (screen pixels per world unit),
 * or at the scale that makes the picture `width` pixels wide, with `margin` around it.
 * @param {{bounds: {minX: number, minY: number, maxX: number, maxY: number}}} layout the
 *   canvas's (figure-draw.js placedLayout)
 * @param {{scale?: number, width?: number, margin?: number}} opts
 * @returns {{scale: number, tx: number, ty: number, width: number, height: number}}
 */
export function exportCamera(layout, { scale = 1, width = null, margin = 16 } = {}) {
  const b = layout.bounds;
  const w = Math.max(b.maxX - b.minX, 1e-9);
  const h = Math.max(b.maxY - b.minY, 0);
  let s = scale;
  if (width != null) {
    if (!(Number.isFinite(width) && width > 2 * margin)) throw new Error(`export: the width must be a number above ${2 * margin} px, got ${width}`);
    s = (width - 2 * margin) / w;
  }
  if (!(Number.isFinite(s) && s > 0)) throw new Error(`export: the scale must be a positive number, got ${scale}`);
  return {
    scale: s,
    tx: margin - b.minX * s,
    ty: margin - b.minY * s,
    width: w * s + 2 * margin,
    height: h * s + 2 * margin,
  };
}

/**
 * The figure as an SVG document: the model and layout the canvas draws, drawn by `draw` with
 * the canvas's style (light or dark) and text measure.
 * @param {{nodes: ArrayLike<object>}} model
 * @param {object} layout the canvas's (figure-draw.js placedLayout)
 * @param {object} opts
 * @param {(ctx: object, model: object, layout: object, camera: object, style: object) => object} opts.draw
 *   the canvas's drawing of a frame through `camera`
 * @param {object} opts.style the canvas's TreeStyle (its palette: light or dark)
 * @param {(text: string, px: number, bold?: boolean) => number} opts.measure
 * @param {number} [opts.scale] the on-screen scale (default 1)
 * @param {number} [opts.width] or a chosen width in px
 * @param {string} [opts.title] the document's <title>
 * @returns {{svg: string, width: number, height: number, stats: object}}
 */
export function figureSvg(model, layout, { style, measure, scale, width, title = '', draw }) {
  const camera = exportCamera(layout, { scale, width });
  const ctx = new SvgContext(measure);
  const stats = draw(ctx, model, layout, camera, style);
  return { svg: ctx.svg(camera.width, camera.height, title), width: camera.width, height: camera.height, stats };
}

/**
 * The figure drawn on a new canvas at `ratio` device pixels per CSS pixel (1, 2 or 3), for
 * a PNG: `makeCanvas(w, h)` makes it (document.createElement('canvas') in the page).
 * @returns {object} the canvas
 */
export function figureCanvas(makeCanvas, model, layout, { style, scale, width, ratio = 1, draw }) {
  if (![1, 2, 3].includes(ratio)) throw new Error(`export: the PNG ratio must be 1, 2 or 3, got ${ratio}`);
  const camera = exportCamera(layout, { scale, width });
  const canvas = makeCanvas(Math.ceil(camera.width * ratio), Math.ceil(camera.height * ratio));
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  draw(ctx, model, layout, camera, style);
  return canvas;
}

/** A file name for the figure at a step: "plyground-tree-step-20.svg", "…-step-20@2x.png". */
export function exportName(step, ext, ratio = 1) {
  return `plyground-tree-step-${Math.max(0, step | 0)}${ratio > 1 ? `@${ratio}x` : ''}.${ext}`;
}
