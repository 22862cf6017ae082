// The game board as a picture, for the game figure's Export menu: SVG (vector, marks and
// values as <text>) and PNG at 1×, 2× or 3×.
//
// On screen the board is HTML (buttons, so that it is keyboard operable and every cell has a
// name), not a canvas. Its picture has one layout, this file's: drawBoard draws it into a
// 2D context — an SvgContext (export-svg.js) for SVG, a canvas for PNG — so the two files
// agree shape for shape. What each cell shows comes from the code the screen uses: the marks
// and winning line from cellViews, each move's value from scoreText and scoreTone (board.js),
// the colours from the page's own --ply-* properties (light or dark, as on screen), the cell
// size from the board on screen.
//
// DOM-free: the page passes the palette and the size; tested under node --test.

import { GAMES, cellViews, columnViews, scoreText, scoreTone } from './board.js';
import { SvgContext } from './export-svg.js';

/** The colours the picture needs: components.css's custom properties of the same names. */
export const BOARD_COLOURS = ['fg', 'muted', 'panel', 'border', 'win', 'win-fg', 'x', 'o', 'board', 'hole', 'stone-x', 'stone-o', 'eval-good', 'eval-bad', 'bg'];

/** The light palette of components.css (a page reads its own; Node tests use this). */
export const LIGHT_BOARD = {
  fg: '#1b1b1b',
  muted: '#5f6368',
  panel: '#ffffff',
  border: '#c9c9c9',
  win: '#f5d76e',
  'win-fg': '#1b1b1b',
  x: '#1b1b1b',
  o: '#c0392b',
  board: '#1f4fa0',
  hole: '#fbfbfa',
  'stone-x': '#f2c230',
  'stone-o': '#d63a2f',
  'eval-good': '#1e7b34',
  'eval-bad': '#b3261e',
  bg: '#fbfbfa',
};

const FONT = 'system-ui, sans-serif';
/** Gaps and margins in px, as components.css draws the board. */
const GAP = 4;
const PAD = 6;
/** The value's text size in px (0.8rem and, above a Connect-4 column, 0.75rem). */
const EVAL_PX = { ttt: 12.8, c4: 12 };
/** The height of the Connect-4 column labels above the holes. */
const HEAD = 34;

/**
 * What the picture shows, from what the board on screen is given.
 * @param {'ttt'|'c4'} kind
 * @param {string} cells Game.cells()
 * @param {ArrayLike<number>} line the winning line
 * @param {Map<number, object>} scores each move's value (game-words.js's boardScores), empty when not shown
 */
export function boardPicture(kind, cells, line, scores = new Map()) {
  const views = cellViews(kind, cells, line);
  const columns = kind === 'c4' ? columnViews(cells, []) : [];
  const value = (move) => {
    const sc = scores.get(move);
    return sc ? { text: scoreText(kind, sc), tone: scoreTone(sc) } : null;
  };
  return {
    kind,
    cells: views.map((v) => ({ ...v, value: kind === 'ttt' && !v.mark ? value(v.index) : null })),
    columns: columns.map((c) => ({ col: c.col, full: c.full, value: value(c.col) })),
  };
}

/** The picture's size in px for a cell size `cell` (the board's on screen). */
export function boardSize(kind, cell) {
  checkCell(cell);
  const g = GAMES[kind];
  if (!g) throw new Error(`board picture: unknown game ${JSON.stringify(kind)} (expected 'ttt' or 'c4')`);
  if (kind === 'ttt') return { width: 3 * cell + 2 * GAP, height: 3 * cell + 2 * GAP };
  return { width: 7 * cell + 6 * GAP + 2 * PAD, height: HEAD + GAP + 6 * cell + 5 * GAP + 2 * PAD };
}

/**
 * The cell size that makes the picture `width` px wide (the Export menu's chosen width); an
 * error naming the widths a board can have (cells of 16 to 400 px).
 */
export function cellForWidth(kind, width) {
  const w16 = boardSize(kind, 16).width;
  const per = (boardSize(kind, 400).width - w16) / 384;
  const cell = 16 + (width - w16) / per;
  if (!(Number.isFinite(cell) && cell >= 16 && cell <= 400)) {
    throw new Error(`a ${GAMES[kind].name} board can be ${w16} to ${boardSize(kind, 400).width} px wide, not ${width}`);
  }
  return cell;
}

function checkCell(cell) {
  if (!(Number.isFinite(cell) && cell >= 16 && cell <= 400)) throw new Error(`board picture: the cell size must be a number of px from 16 to 400, got ${cell}`);
}

function toneColour(tone, pal) {
  return tone === 'best' || tone === 'good' ? pal['eval-good'] : tone === 'bad' ? pal['eval-bad'] : pal.muted;
}

/**
 * A text that fits `room` px: the font shrinks (down to 8 px) when the context can measure
 * and the text is wider, as a narrow column's value would otherwise spill over its neighbour.
 */
function fitText(ctx, text, x, y, px, bold, room) {
  let size = px;
  for (;;) {
    ctx.font = `${bold ? 'bold ' : ''}${size}px ${FONT}`;
    if (size <= 8 || !ctx.measureText || ctx.measureText(text).width <= room) break;
    size = Math.max(8, size - 1);
  }
  ctx.fillText(text, x, y);
}

function circle(ctx, x, y, r, colour) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = colour;
  ctx.fill();
}

function roundRect(ctx, x, y, w, h, r, colour) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + w - r, y);
  ctx.arc(x + w - r, y + r, r, -Math.PI / 2, 0);
  ctx.lineTo(x + w, y + h - r);
  ctx.arc(x + w - r, y + h - r, r, 0, Math.PI / 2);
  ctx.lineTo(x + r, y + h);
  ctx.arc(x + r, y + h - r, r, Math.PI / 2, Math.PI);
  ctx.lineTo(x, y + r);
  ctx.arc(x + r, y + r, r, Math.PI, (3 * Math.PI) / 2);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
}

/**
 * Draws the picture into a 2D context (a canvas's, or an SvgContext) at the origin.
 * @param {object} ctx
 * @param {ReturnType<typeof boardPicture>} pic
 * @param {{cell: number, palette: object}} o the cell size in px and the colours (BOARD_COLOURS)
 * @returns {{marks: number, values: number}} what was drawn (the tests count it)
 */
export function drawBoard(ctx, pic, { cell, palette }) {
  const pal = { ...LIGHT_BOARD, ...palette };
  const { width, height } = boardSize(pic.kind, cell);
  const stats = { marks: 0, values: 0 };
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (pic.kind === 'ttt') {
    ctx.fillStyle = pal.border;
    ctx.fillRect(0, 0, width, height);
    for (const v of pic.cells) {
      const x = v.col * (cell + GAP);
      const y = v.row * (cell + GAP);
      ctx.fillStyle = v.winning ? pal.win : pal.panel;
      ctx.fillRect(x, y, cell, cell);
      if (v.winning) {
        // The outline 6 px inside the cell, 3 px wide, as on screen.
        ctx.beginPath();
        ctx.rect(x + 7.5, y + 7.5, cell - 15, cell - 15);
        ctx.strokeStyle = pal.fg;
        ctx.lineWidth = 3;
        ctx.setLineDash([]);
        ctx.stroke();
      }
      if (v.mark) {
        ctx.font = `bold ${cell * 0.5}px ${FONT}`;
        ctx.fillStyle = v.winning ? pal['win-fg'] : v.mark === 'O' ? pal.o : pal.x;
        ctx.fillText(v.mark, x + cell / 2, y + cell / 2);
        stats.marks++;
      } else if (v.value) {
        ctx.fillStyle = toneColour(v.value.tone, pal);
        fitText(ctx, v.value.text, x + cell / 2, y + cell - 3.2 - EVAL_PX.ttt / 2, EVAL_PX.ttt, v.value.tone === 'best', cell - 4);
        stats.values++;
      }
    }
    return stats;
  }
  roundRect(ctx, 0, 0, width, height, 8, pal.board);
  for (const c of pic.columns) {
    const x = PAD + (c.col - 1) * (cell + GAP);
    // The column's label (its number, then its value), dimmed when the column is full.
    roundRect(ctx, x, PAD, cell, HEAD, 4, pal.panel);
    ctx.font = `${EVAL_PX.c4 + 1}px ${FONT}`;
    ctx.fillStyle = c.full ? pal.muted : pal.fg;
    ctx.fillText(String(c.col), x + cell / 2, PAD + 9);
    if (c.value) {
      ctx.fillStyle = toneColour(c.value.tone, pal);
      fitText(ctx, c.value.text, x + cell / 2, PAD + 25, EVAL_PX.c4, c.value.tone === 'best', cell - 2);
      stats.values++;
    }
  }
  const top = PAD + HEAD + GAP;
  for (const v of pic.cells) {
    const cx = PAD + v.col * (cell + GAP) + cell / 2;
    const cy = top + v.row * (cell + GAP) + cell / 2;
    if (v.winning) {
      // A ring of the win colour in an outline of the text colour, as on screen.
      circle(ctx, cx, cy, cell / 2 + 6, pal.fg);
      circle(ctx, cx, cy, cell / 2 + 4, pal.win);
    }
    circle(ctx, cx, cy, cell / 2, v.mark === 'X' ? pal['stone-x'] : v.mark === 'O' ? pal['stone-o'] : pal.hole);
    if (v.mark) {
      ctx.font = `bold ${cell * 0.38}px ${FONT}`;
      ctx.fillStyle = v.mark === 'X' ? '#5b4700' : '#ffffff';
      ctx.fillText(v.mark, cx, cy);
      stats.marks++;
    }
    if (v.winning) {
      ctx.font = `${cell * 0.3}px ${FONT}`;
      ctx.fillStyle = pal.fg;
      ctx.fillText('★', cx + cell / 2 - cell * 0.05, cy - cell / 2 + cell * 0.05);
    }
  }
  return stats;
}

/**
 * The picture as an SVG document.
 * @param {ReturnType<typeof boardPicture>} pic
 * @param {{cell: number, palette: object, measure: (text: string, px: number, bold?: boolean) => number, title?: string}} o
 */
export function boardSvg(pic, { cell, palette, measure, title = '' }) {
  const ctx = new SvgContext(measure);
  const stats = drawBoard(ctx, pic, { cell, palette });
  const { width, height } = boardSize(pic.kind, cell);
  return { svg: ctx.svg(width, height, title), width, height, stats };
}

/**
 * The picture on a new canvas at `ratio` device pixels per CSS pixel (1, 2 or 3), for a PNG.
 * @param {(w: number, h: number) => object} makeCanvas
 */
export function boardCanvas(makeCanvas, pic, { cell, palette, ratio = 1 }) {
  if (![1, 2, 3].includes(ratio)) throw new Error(`export: the PNG ratio must be 1, 2 or 3, got ${ratio}`);
  const { width, height } = boardSize(pic.kind, cell);
  const canvas = makeCanvas(Math.ceil(width * ratio), Math.ceil(height * ratio));
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  drawBoard(ctx, pic, { cell, palette });
  return canvas;
}
