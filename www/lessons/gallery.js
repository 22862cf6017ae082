// The gallery of the lessons' worked examples: each section's figures are plyground elements
// written in the page; before they come alive this script copies each section's markup into
// an "Embed this figure" box (as text: escaped by construction), with the module line and the
// <iframe> equivalent, and a Copy button. Then it loads the elements.

import { loadApi } from '../elements/runtime.js';
import { readState } from '../lib/figure-state.js';
import { iframeSnippet } from '../lib/snippets.js';
import { reserveAll } from '../elements/reserve.js';

// The snippets are read against the modules' limits (lib/limits.js) and, for games, the
// players' catalogue (lib/engines.js): load both page modules first (the gallery has figures
// of both kinds, which share them; the elements themselves are defined only at the end).
// Pages only.
// The snippet boxes (closed) and the figures' reserved space come first, so that nothing moves
// when the frames' snippets and then the figures arrive.
const SNIPPETS = [];
if (document) {
  for (const section of document.querySelectorAll('[data-snippet]')) {
    const details = document.createElement('details');
    details.className = 'snippet';
    const summary = document.createElement('summary');
    const many = section.querySelectorAll('ply-tree, ply-game, ply-mcts, ply-ucb, ply-compare, ply-practice').length > 1;
    summary.textContent = many ? 'Embed these figures' : 'Embed this figure';
    details.append(summary);
    section.append(details);
    SNIPPETS.push({ section, details });
  }
  reserveAll();
  await Promise.all([loadApi('tree'), loadApi('games')]);
}

const BASE = new URL('../', import.meta.url).href;
const TAGS = { 'ply-tree': 'tree', 'ply-game': 'game', 'ply-mcts': 'mcts', 'ply-ucb': 'ucb', 'ply-compare': 'compare', 'ply-practice': 'practice' };
const SELECTOR = Object.keys(TAGS).join(',');
const SCRIPT_LINE = `<script type="module" src="${BASE}plyground-elements.js" blocking="render"></script>`;

/** An element's markup as authored (before it is upgraded), on one line. */
function markup(el) {
  // Without the space reserved for its figure (elements/reserve.js): not the author's.
  const copy = el.cloneNode(true);
  copy.style.removeProperty('--ply-reserve');
  if (!copy.getAttribute('style')) copy.removeAttribute('style');
  return copy.outerHTML.replace(/\s*\n\s*/g, ' ');
}

/** The iframe equivalent of an element, from its attributes (the same reader as the element's). */
function frameFor(el) {
  const view = TAGS[el.localName];
  const get = (name) => {
    if (name === 'algo') return el.getAttribute('algorithm') ?? el.getAttribute('algo');
    const v = el.getAttribute(name);
    if (v === null && name === 'tree' && view !== 'ucb' && view !== 'game' && view !== 'practice') return el.textContent.trim() || null;
    return v;
  };
  try {
    return iframeSnippet(readState(view, get), BASE, { title: `plyground: ${el.closest('section')?.querySelector('h2')?.textContent ?? view}` });
  } catch (e) {
    return `<!-- ${e.message} -->`;
  }
}

function copyButton(code) {
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.className = 'copy';
  btn.textContent = 'Copy';
  btn.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      btn.textContent = 'Copied';
    } catch {
      const range = document.createRange();
      range.selectNodeContents(code);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      btn.textContent = 'Selected: copy it';
    }
    setTimeout(() => {
      btn.textContent = 'Copy';
    }, 2000);
  });
  return btn;
}

function block(title, text) {
  const wrap = document.createElement('div');
  wrap.className = 'snippet-block';
  const h = document.createElement('p');
  h.className = 'snippet-title';
  h.textContent = title;
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  code.textContent = text;
  pre.append(code);
  wrap.append(h, copyButton(code), pre);
  return wrap;
}

for (const { section, details } of SNIPPETS) {
  const figures = [...section.querySelectorAll(SELECTOR)];
  details.append(
    block('As elements (the script once per page):', [SCRIPT_LINE, ...figures.map(markup)].join('\n')),
    block('As frames (where scripts are not allowed):', figures.map(frameFor).join('\n')),
  );
}
document.getElementById('how-snippet').textContent = `${SCRIPT_LINE}\n<ply-tree algorithm="alphabeta" step="end">[[3,12,8],[2,4,6],[14,5,2]]</ply-tree>`;

await import('../plyground-elements.js');
