// The page: the game state lives in a wasm Game handle on the main thread; the AI's move is
// searched in a module Web Worker (searchGame). State is mirrored into data- attributes on
// <main id="app"> for the browser tests.

import init, { Game } from './pkg/plyground_wasm.js';
import { AI, HUMAN, cellViews, describeSearch, outcome, statusText } from './lib/board.js';

const app = document.getElementById('app');
const boardEl = document.getElementById('board');
const statusEl = document.getElementById('status');
const searchEl = document.getElementById('search');
const newGameBtn = document.getElementById('new-game');

let game = null;
let phase = 'loading';
let errorText = '';
let requestId = 0;
let aiMoves = 0;

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

function fail(message) {
  phase = 'error';
  errorText = message;
  console.error(`plyground: ${message}`);
  render();
}

worker.addEventListener('error', (e) => fail(`the search worker failed: ${e.message ?? 'could not start'}`));
worker.addEventListener('messageerror', () => fail('the search worker sent an unreadable message'));

worker.addEventListener('message', (event) => {
  const r = event.data;
  if (r.id !== requestId || phase !== 'thinking') return; // an answer for an abandoned game
  if (!r.ok) return fail(`the search failed: ${r.error}`);
  try {
    game.play(r.move);
  } catch (err) {
    return fail(`the search chose an illegal move: ${err.message}`);
  }
  aiMoves += 1;
  app.dataset.aiMoves = String(aiMoves);
  app.dataset.searchNodes = String(r.nodes);
  app.dataset.searchInWorker = String(r.inWorker);
  searchEl.textContent = describeSearch(r);
  phase = game.isTerminal ? 'over' : 'human';
  render();
});

function askWorker() {
  phase = 'thinking';
  requestId += 1;
  worker.postMessage({ id: requestId, kind: 'ttt', moves: game.moveString, opts: { algo: 'alphabeta' } });
}

function onCellClick(cell) {
  if (phase !== 'human') return;
  try {
    game.play(cell);
  } catch (err) {
    // The board only offers empty cells, so this is a bug worth seeing.
    return fail(err.message);
  }
  if (game.isTerminal) {
    phase = 'over';
  } else {
    askWorker();
  }
  render();
}

function newGame() {
  if (game) game.free();
  game = Game.create('ttt');
  requestId += 1; // any search still running belongs to the old game
  phase = 'human';
  searchEl.textContent = '';
  render();
}

/** 'X' or 'O' for player 0 or 1; undefined for −1 (nobody). */
function mark(player) {
  return player === 0 ? 'X' : player === 1 ? 'O' : undefined;
}

function render() {
  app.dataset.state = phase;
  newGameBtn.disabled = phase === 'loading';
  if (game) {
    const cells = game.cells();
    const line = game.winningLine();
    app.dataset.cells = cells;
    app.dataset.moves = game.moveString;
    app.dataset.toMove = mark(game.toMove);
    app.dataset.winner = outcome(game.isTerminal, mark(game.winner));
    app.dataset.winningLine = Array.from(line).join(',');
    const views = cellViews(cells, line, phase === 'human');
    views.forEach((v, i) => {
      const b = boardEl.children[i];
      b.textContent = v.mark;
      b.disabled = !v.playable;
      b.dataset.mark = v.mark;
      b.className = `cell${v.mark ? ` mark-${v.mark}` : ''}${v.winning ? ' win' : ''}`;
      b.setAttribute('aria-label', v.label);
    });
  }
  statusEl.textContent = statusText({ phase, winner: game ? mark(game.winner) : undefined, error: errorText });
}

for (let i = 0; i < 9; i++) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'cell';
  b.dataset.cell = String(i);
  b.disabled = true;
  b.addEventListener('click', () => onCellClick(i));
  boardEl.append(b);
}
newGameBtn.addEventListener('click', newGame);
app.dataset.human = HUMAN;
app.dataset.ai = AI;

try {
  await init();
  newGame();
} catch (err) {
  fail(`could not load the WebAssembly module: ${err.message ?? err}`);
}
