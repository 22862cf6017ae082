// Board thumbnails under the nodes of a game search (the tree figure's "Boards"), in their
// own module: a figure loads it only when it shows boards. The core keeps a box for each
// board under its node (FigurePlan.layout().boards, with boardCols × boardRows cells; in
// world units in figure-draw.js placedLayout), clear of every text and edge; this draws the
// cells in it.
//
// DOM-free, like the rest of the drawing stack.

const EMPTY_DASH = [];
const COLOURS = {
  light: { background: '#ffffff', grid: '#8a8f96', X: '#111111', O: '#b3261e' },
  dark: { background: '#22252b', grid: '#7a8089', X: '#f2f2f2', O: '#ff8a80' },
};

/**
 * Board thumbnails in the boxes the core placed (`layout.boards`, world units), drawn as the
 * boards are: X and O marks for tic-tac-toe, discs for Connect-4 (X filled, O a ring, so they
 * differ without colour). Only the nodes drawn this frame (`stats.visible`) are looked at.
 * `cellsOf(id)` gives a node's cells (e.g. "X.O......"), or null for none; `kind` 'ttt' or
 * 'c4'; `dark` picks the palette.
 * @returns {number} thumbnails drawn
 */
export function drawThumbnails(ctx, layout, camera, stats, cellsOf, kind, dark, limit = 400) {
  const pal = COLOURS[dark ? 'dark' : 'light'];
  const boxes = layout.boards;
  const cols = layout.boardCols;
  const rows = layout.boardRows;
  if (!boxes || !(cols > 0) || !(rows > 0)) return 0;
  let drawn = 0;
  for (const v of stats.visible) {
    if (drawn >= limit) break;
    const [bx0, by0, bx1, by1] = boxes.subarray(4 * v, 4 * v + 4);
    if (!(bx1 > bx0)) continue;
    const cs = Math.min((bx1 - bx0) / cols, (by1 - by0) / rows) * camera.scale;
    if (cs < 3) continue;
    const cells = cellsOf(v);
    if (!cells) continue;
    drawn++;
    const p = camera.toScreen((bx0 + bx1) / 2, (by0 + by1) / 2);
    const x0 = p.x - (cols * cs) / 2;
    const y0 = p.y - (rows * cs) / 2;
    ctx.fillStyle = pal.background;
    ctx.fillRect(x0, y0, cols * cs, rows * cs);
    ctx.strokeStyle = pal.grid;
    ctx.lineWidth = 1;
    ctx.setLineDash(EMPTY_DASH);
    ctx.beginPath();
    if (kind === 'ttt') {
      for (let k = 1; k < cols; k++) {
        ctx.moveTo(x0 + k * cs, y0);
        ctx.lineTo(x0 + k * cs, y0 + rows * cs);
        ctx.moveTo(x0, y0 + k * cs);
        ctx.lineTo(x0 + cols * cs, y0 + k * cs);
      }
    } else ctx.rect(x0, y0, cols * cs, rows * cs);
    ctx.stroke();
    const lw = Math.max(1, cs * 0.14);
    for (const mark of ['X', 'O']) {
      ctx.beginPath();
      let any = false;
      for (let i = 0; i < cells.length; i++) {
        if (cells[i] !== mark) continue;
        any = true;
        const cx = x0 + (i % cols) * cs + cs / 2;
        const cy = y0 + Math.floor(i / cols) * cs + cs / 2;
        const a = cs * 0.3;
        if (kind === 'ttt' && mark === 'X') {
          ctx.moveTo(cx - a, cy - a);
          ctx.lineTo(cx + a, cy + a);
          ctx.moveTo(cx + a, cy - a);
          ctx.lineTo(cx - a, cy + a);
        } else {
          ctx.moveTo(cx + a + (kind === 'c4' ? cs * 0.08 : 0), cy);
          ctx.arc(cx, cy, a + (kind === 'c4' ? cs * 0.08 : 0), 0, 2 * Math.PI);
        }
      }
      if (!any) continue;
      const colour = pal[mark];
      if (kind === 'c4' && mark === 'X') {
        ctx.fillStyle = colour;
        ctx.fill();
      }
      ctx.strokeStyle = colour;
      ctx.lineWidth = lw;
      ctx.stroke();
    }
  }
  return drawn;
}
