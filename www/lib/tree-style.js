// The tree figures' palette (light and dark) and glyphs, as figure-draw.js draws the core's
// placement with them (the canvas, the SVG and PNG export, the overview map).
//
// DOM-free: tested under node --test.

/**
 * The default theme. Both palettes keep a clear contrast between text and background and use
 * fills only as a second cue next to the shapes.
 * @param {boolean} [dark=false]
 * @returns {object} the palette: colours, the font family, line widths, the pruned dash, and
 *   `minFontPx`, the smallest text drawn (a text smaller on screen is left out)
 */
export function defaultStyle(dark = false) {
  const common = {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    minFontPx: 11,
    edgeWidth: 1.25,
    boldEdgeWidth: 3.5,
    nodeStrokeWidth: 1.25,
    dash: [6, 4],
  };
  if (dark) {
    return {
      ...common,
      background: '#16181d',
      edge: '#9aa0a6',
      boldEdge: '#f2f2f2',
      prunedEdge: '#5d6269',
      nodeStroke: '#e6e6e6',
      prunedStroke: '#5d6269',
      fill: { max: '#8a5a2b', min: '#2f5f8a', chance: '#6b6330', terminal: '#4a4d52' },
      playerFill: ['#8a5a2b', '#2f5f8a', '#3f6b33', '#6b3f73'],
      openFill: '#5c5220',
      unvisitedFill: '#16181d',
      prunedFill: '#2a2d33',
      current: '#ff6b6b',
      text: '#f2f2f2',
      mutedText: '#8d939b',
      edgeText: '#c8c8c8',
      tagText: '#111111',
      okText: '#6fdc8c',
      wrongText: '#ff8a80',
    };
  }
  return {
    ...common,
    background: '#ffffff',
    edge: '#5b5b5b',
    boldEdge: '#111111',
    prunedEdge: '#ababab',
    nodeStroke: '#222222',
    prunedStroke: '#ababab',
    fill: { max: '#f6c28b', min: '#9cc3e6', chance: '#e8e0a8', terminal: '#d9d9d9' },
    playerFill: ['#f6c28b', '#9cc3e6', '#b5dca0', '#e0b3e6'],
    openFill: '#fff4c2',
    unvisitedFill: '#ffffff',
    prunedFill: '#efefef',
    current: '#d1242f',
    text: '#111111',
    mutedText: '#707070',
    edgeText: '#444444',
    tagText: '#ffffff',
    // A practice check's marks (✓ right, ✗ the first wrong step), drawn as text.
    okText: '#1e7b34',
    wrongText: '#b3261e',
  };
}

const SIN60 = Math.sqrt(3) / 2;

/**
 * Adds the node's glyph to the current path, centred on (sx, sy) within radius r. Every glyph
 * starts with its own moveTo so batched glyphs never join up.
 */
export function shapePath(ctx, node, sx, sy, r) {
  const kind = node ? node.kind : 'terminal';
  switch (kind) {
    case 'max': // ▲ apex first, above the base.
      ctx.moveTo(sx, sy - r);
      ctx.lineTo(sx + r * SIN60, sy + r / 2);
      ctx.lineTo(sx - r * SIN60, sy + r / 2);
      ctx.closePath();
      return;
    case 'min': // ▼ apex first, below the base.
      ctx.moveTo(sx, sy + r);
      ctx.lineTo(sx - r * SIN60, sy - r / 2);
      ctx.lineTo(sx + r * SIN60, sy - r / 2);
      ctx.closePath();
      return;
    case 'chance': {
      const rc = r * 0.8;
      ctx.moveTo(sx + rc, sy);
      ctx.arc(sx, sy, rc, 0, 2 * Math.PI);
      return;
    }
    case 'player': {
      // Player p gets a regular polygon with p + 3 corners, a corner on top: player 0 ▲,
      // player 1 ◆ (a diamond, unlike the terminal square), then pentagon, hexagon, …
      const sides = Math.min(Math.max(node.player | 0, 0) + 3, 12);
      ctx.moveTo(sx, sy - r);
      for (let i = 1; i < sides; i++) {
        const a = -Math.PI / 2 + (2 * Math.PI * i) / sides;
        ctx.lineTo(sx + r * Math.cos(a), sy + r * Math.sin(a));
      }
      ctx.closePath();
      return;
    }
    default: {
      // 'terminal' and anything unknown: a square.
      const s = r * 0.7;
      ctx.rect(sx - s, sy - s, 2 * s, 2 * s);
    }
  }
}

