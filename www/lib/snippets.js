// Links and snippets for a figure's state: the playground link that reopens a view at the same
// step, the embed page's URL, the <iframe> snippet and the custom-element snippet. Everything
// that lands in HTML is escaped here; the state itself was checked by figure-state.js.
//
// DOM-free, tested under node --test (tests/js/snippets.test.mjs).

import { stateParams, stateToString } from './figure-state.js';

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** The element of each view. */
export const ELEMENT_OF = { tree: 'ply-tree', game: 'ply-game', mcts: 'ply-mcts', ucb: 'ply-ucb', compare: 'ply-compare', practice: 'ply-practice' };

/** The playground's hash for each view it has. */
export const PLAYGROUND_HASH = { tree: 'tree', game: 'play', mcts: 'mcts', practice: 'practice' };

/** A sensible iframe height (CSS pixels) for each view. */
export const FRAME_HEIGHT = { tree: 620, game: 480, mcts: 760, ucb: 300, compare: 480, practice: 720 };

/**
 * The playground link that reopens this state (index.html#tree?…).
 * @param {object} state
 * @param {string} base the URL of the folder that holds index.html, ending in '/'
 */
export function playgroundUrl(state, base) {
  const hash = PLAYGROUND_HASH[state.view];
  if (!hash) throw new Error(`the playground has no ${state.view} view`);
  const q = stateToString(state, { withView: false });
  return `${base}index.html#${hash}${q ? `?${q}` : ''}`;
}

/** The embed page's URL for this state (embed.html#view=tree&…). */
export function embedUrl(state, base) {
  return `${base}embed.html#${stateToString(state)}`;
}

/**
 * An <iframe> snippet: works where <script> is stripped (LMS pages). Its script line
 * (frame-size.js) sizes the frame to its figure from the plyground:resize messages the frame
 * posts; where scripts are stripped the frame keeps its height attribute.
 * @param {object} state
 * @param {string} base
 * @param {{title?: string, height?: number}} [opts]
 */
export function iframeSnippet(state, base, opts = {}) {
  const h = opts.height ?? FRAME_HEIGHT[state.view] ?? 560;
  const title = opts.title ?? `plyground: ${state.view} figure`;
  return (
    `<iframe src="${escapeHtml(embedUrl(state, base))}" title="${escapeHtml(title)}" width="100%" height="${h}" loading="lazy"></iframe>\n` +
    `<script type="module" src="${escapeHtml(`${base}frame-size.js`)}"></script>\n` +
    `<!-- The script (once per page) sizes the frame to its figure, which posts its height; where scripts are stripped, ` +
    `the frame keeps its ${h} px (docs/embedding.md, "Sizing a frame"). -->`
  );
}

/**
 * A custom-element snippet: the module script (once per page) and the element. A tree's text
 * goes inside the element; booleans are bare attributes.
 * @param {object} state
 * @param {string} base
 * @param {{script?: boolean}} [opts] script: false leaves out the <script> line
 */
export function elementSnippet(state, base, opts = {}) {
  const tag = ELEMENT_OF[state.view];
  let body = '';
  const attrs = [];
  for (const [k, v] of stateParams(state, { names: 'attributes' })) {
    if (k === 'tree' && state.view !== 'ucb' && state.view !== 'practice') {
      body = v;
      continue;
    }
    if (k === 'origin') continue;
    attrs.push(v === 'true' ? k : `${k}="${escapeHtml(v)}"`);
  }
  const open = `<${tag}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`;
  const el = `${open}${escapeHtml(body)}</${tag}>`;
  if (opts.script === false) return el;
  return `<script type="module" src="${escapeHtml(`${base}plyground-elements.js`)}" blocking="render"></script>\n${el}`;
}

/** Both snippets with a comment line each, as the playground's "Copy embed code" copies them. */
export function embedCode(state, base, opts = {}) {
  return [
    '<!-- As an iframe (works where <script> is not allowed): -->',
    iframeSnippet(state, base, opts),
    '',
    '<!-- Or as an element (load the script once per page): -->',
    elementSnippet(state, base),
  ].join('\n');
}
