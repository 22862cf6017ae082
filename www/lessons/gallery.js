// The gallery of the lessons' worked examples: each section's figures are plyground elements
// written in the page; each section gets an "Embed this figure" box with the elements' markup
// (as text: escaped by construction), the module line and the <iframe> equivalent, and a Copy
// button.
//
// A long page of figures: each is built only when it comes near the viewport (the elements'
// loading="lazy", set here on every figure; elements/lazy.js), so the page does the work of
// the figures a reader reaches, and loads the practice module only for the exercises. The
// boxes (closed) and the figures' reserved space come first, so that nothing moves when the
// boxes' text and then the figures arrive.

import { loadApi } from '../elements/runtime.js';
import { readState } from '../lib/figure-state.js';
import { iframeSnippet } from '../lib/snippets.js';
import { reserveAll } from '../elements/reserve.js';

const TAGS = { 'ply-tree': 'tree', 'ply-game': 'game', 'ply-mcts': 'mcts', 'ply-ucb': 'ucb', 'ply-compare': 'compare', 'ply-practice': 'practice' };
const SELECTOR = Object.keys(TAGS).join(',');

/** Each section, its box, and its figures as authored (copies taken before anything changes them). */
const SNIPPETS = [];
for (const section of document.querySelectorAll('[data-snippet]')) {
  const details = document.createElement('details');
  details.className = 'snippet';
  const summary = document.createElement('summary');
  const many = section.querySelectorAll(SELECTOR).length > 1;
  summary.textContent = many ? 'Embed these figures' : 'Embed this figure';
  details.append(summary);
  section.append(details);
  SNIPPETS.push({ section, details, figures: [...section.querySelectorAll(SELECTOR)].map((f) => f.cloneNode(true)) });
}
reserveAll();
const BASE = new URL('../', import.meta.url).href;
const SCRIPT_LINE = `<script type="module" src="${BASE}plyground-elements.js" blocking="render"></script>`;

/** An element's markup as authored (a copy taken before it is upgraded), on one line. */
function markup(el) {
  return el.outerHTML.replace(/\s*\n\s*/g, ' ');
}

/** The iframe equivalent of an element, from its attributes (the same reader as the element's). */
function frameFor(el, section) {
  const view = TAGS[el.localName];
  const get = (name) => {
    if (name === 'algo') return el.getAttribute('algorithm') ?? el.getAttribute('algo');
    const v = el.getAttribute(name);
    if (v === null && name === 'tree' && view !== 'ucb' && view !== 'game' && view !== 'practice') return el.textContent.trim() || null;
    return v;
  };
  try {
    return iframeSnippet(readState(view, get), BASE, { title: `plyground: ${section.querySelector('h2')?.textContent ?? view}` });
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

document.getElementById('how-snippet').textContent = `${SCRIPT_LINE}\n<ply-tree algorithm="alphabeta" step="end">[[3,12,8],[2,4,6],[14,5,2]]</ply-tree>`;

for (const figure of document.querySelectorAll(SELECTOR)) figure.setAttribute('loading', 'lazy');
import('../plyground-elements.js');

/**
 * The boxes' text. The snippets are read against the modules' limits (lib/limits.js) and,
 * for games, the players' catalogue (lib/engines.js): both page modules, which the first
 * figures do not need (a tree figure needs the tree module alone). So the text is written
 * once the page has loaded and is idle, or at once when a box is opened first.
 */
let filling = null;
function fillSnippets() {
  filling ??= Promise.all([loadApi('tree'), loadApi('games')]).then(() => {
    for (const { section, details, figures } of SNIPPETS) {
      details.append(
        block('As elements (the script once per page):', [SCRIPT_LINE, ...figures.map(markup)].join('\n')),
        block('As frames (where scripts are not allowed):', figures.map((f) => frameFor(f, section)).join('\n')),
      );
    }
  });
  return filling;
}
for (const { details } of SNIPPETS) details.addEventListener('toggle', () => details.open && fillSnippets(), { once: true });
const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => fillSnippets(), { timeout: 2000 }) : setTimeout(fillSnippets, 0));
if (document.readyState === 'complete') idle();
else addEventListener('load', idle, { once: true });
