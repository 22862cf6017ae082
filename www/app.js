// The page: loads the wasm module, starts the search worker, and shows one of three views
// by the URL hash (#play, #tree, #mcts). Views are built the first time they are shown.
// A hash with parameters (#tree?tree=…&step=23, as "Copy link" makes them) restores that
// view's state; bad parameters are reported in the header and change nothing.
//
// window.__plyground is a small hook for the browser tests: read-only snapshots of each
// view's state (the same state the page draws), plus the time the page became interactive.

import { loadApi, makeWorker } from './elements/runtime.js';
import { RpcClient } from './lib/rpc.js';
import { parseStateString } from './lib/figure-state.js';
import { PlayView } from './views/play.js';
import { TreeLab } from './views/tree-lab.js';
import { MctsLab } from './views/mcts-lab.js';
import { $ } from './views/dom.js';

const VIEWS = ['play', 'tree', 'mcts'];
const app = $('app');
const loadStatus = $('load-status');
const hook = { ready: false, views: {}, errors: [] };
window.__plyground = hook;

let env = null;
const views = {};

function viewFromHash() {
  const name = location.hash.replace(/^#/, '').split(/[?&]/)[0];
  return VIEWS.includes(name) ? name : 'play';
}

/** The figure-state view of each playground view. */
const STATE_VIEW = { play: 'game', tree: 'tree', mcts: 'mcts' };

/** Restores the state a link carries (#tree?…), if any. */
function restoreFromHash() {
  const hash = location.hash;
  const q = hash.indexOf('?');
  if (q < 0 || !env) return;
  const name = viewFromHash();
  let state;
  try {
    state = parseStateString(hash.slice(q + 1), STATE_VIEW[name]);
  } catch (e) {
    problem(`This link cannot be opened: ${e.message}`);
    return;
  }
  const ok = ensure(name).applyState(state);
  hook.restored = { view: name, ok };
}

function ensure(name) {
  if (!views[name]) {
    if (name === 'play') views.play = new PlayView(env);
    if (name === 'tree') views.tree = new TreeLab(env);
    if (name === 'mcts') views.mcts = new MctsLab(env);
    hook.views[name] = views[name];
  }
  return views[name];
}

function show(name) {
  app.dataset.view = name;
  for (const v of VIEWS) {
    $(`view-${v}`).hidden = v !== name;
    const link = document.querySelector(`nav a[data-view="${v}"]`);
    if (v === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (env) {
    const v = ensure(name);
    // A canvas measured while hidden has no size: measure again now that it shows.
    v.canvas?.resize();
  }
  const titles = { play: 'Play', tree: 'Tree lab', mcts: 'MCTS lab' };
  document.title = `plyground — ${titles[name]}`;
}

/** "Show me the search": the engine's last search in the lab that fits it. */
function openSearch(s) {
  const target = s.options.algo === 'mcts' ? 'mcts' : 'tree';
  const lab = ensure(target);
  // Show the view first, so that its canvases have a size when the search is drawn.
  show(target);
  if (location.hash !== `#${target}`) location.hash = `#${target}`;
  lab.showGameSearch(s);
}

function problem(message) {
  hook.errors.push(message);
  loadStatus.textContent = message;
  loadStatus.classList.add('error');
}

window.addEventListener('hashchange', () => {
  show(viewFromHash());
  restoreFromHash();
});
show(viewFromHash());

try {
  const { api } = await loadApi();
  const rpc = new RpcClient(makeWorker, {
    onRespawn: (generation, why) => {
      hook.respawns = generation - 1;
      if (why === 'crashed') loadStatus.textContent = 'The search worker stopped and was restarted; the game is kept.';
    },
  });
  let caps = { solver: false };
  try {
    caps = await rpc.call('caps', {});
  } catch (e) {
    problem(`The search worker did not start: ${e.message}`);
  }
  env = { api, rpc, caps, openSearch };
  hook.api = api;
  hook.rpc = rpc;
  hook.caps = caps;
  show(viewFromHash());
  app.dataset.ready = 'true';
  hook.ready = true;
  hook.interactiveMs = performance.now();
  loadStatus.textContent = '';
  restoreFromHash();
} catch (e) {
  problem(`Could not load the WebAssembly module: ${e.message ?? e}`);
  console.error(e);
}
