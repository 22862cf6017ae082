// The built package (www/pkg, after wasm-opt) as JavaScript sees it, loaded in Node.
// Needs `cargo xtask build` first (`cargo xtask test` builds before it runs these).
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) {
  throw new Error(`${pkg}plyground_wasm.js is missing: run \`cargo xtask build\` first`);
}
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { TicTacToeGame, bestMove } = api;

/** A small seeded generator (SplitMix32-style), so failures can be replayed. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) % n;
  };
}

test('a game plays, reports and undoes moves', () => {
  const g = new TicTacToeGame();
  assert.equal(g.cells(), '.........');
  assert.equal(g.toMove, 'X');
  g.play(4);
  g.play(0);
  assert.equal(g.cells(), 'O...X....');
  assert.deepEqual(Array.from(g.legalMoves()), [1, 2, 3, 5, 6, 7, 8]);
  assert.ok(g.legalMoves() instanceof Uint8Array);
  assert.equal(g.moveString, '4,0');
  assert.equal(g.isTerminal, false);
  assert.equal(g.winner, undefined);
  assert.equal(g.winningLine, undefined);
  assert.equal(g.undo(), true);
  assert.equal(g.moveString, '4');
  g.free();
});

test('illegal moves throw an Error naming the move, and change nothing', () => {
  const g = TicTacToeGame.fromMoves('4,0');
  assert.throws(() => g.play(4), { name: 'Error', message: 'illegal move 4: cell 4 is already taken' });
  assert.throws(() => g.play(12), /^Error: illegal move 12: cell 12 is not a cell of the board/);
  assert.equal(g.cells(), 'O...X....');
  assert.equal(g.moveString, '4,0');
  assert.throws(() => TicTacToeGame.fromMoves('4,4'), {
    message: "bad move list '4,4': move 2 (4): cell 4 is already taken",
  });
});

test('a finished game reports its winner and line', () => {
  const g = TicTacToeGame.fromMoves('0,3,1,4,2');
  assert.equal(g.isTerminal, true);
  assert.equal(g.winner, 'X');
  assert.deepEqual(Array.from(g.winningLine), [0, 1, 2]);
  assert.equal(g.utility, 1);
});

test('bestMove returns {value, move, nodes} with plain numbers', () => {
  const r = bestMove(new TicTacToeGame(), 'alphabeta');
  assert.deepEqual(Object.keys(r).sort(), ['move', 'nodes', 'value']);
  assert.equal(r.value, 0);
  assert.equal(r.nodes, 18297);
  assert.equal(typeof r.move, 'number');
  assert.deepEqual(bestMove(TicTacToeGame.fromMoves('0,3,1,4'), 'minimax').move, 2);
  assert.throws(() => bestMove(new TicTacToeGame(), 'mcts'), /unknown algorithm 'mcts'/);
});

test('alpha-beta as O never loses to 200 random X players', () => {
  const pick = rng(20261130);
  const results = { X: 0, O: 0, draw: 0 };
  for (let n = 0; n < 200; n++) {
    const g = new TicTacToeGame();
    while (!g.isTerminal) {
      if (g.toMove === 'X') {
        const legal = g.legalMoves();
        g.play(legal[pick(legal.length)]);
      } else {
        const r = bestMove(g, 'alphabeta');
        // The empty board is a draw and O never errs, so X can never have a forced win.
        assert.ok(r.value <= 0, `X should never have a forced win after ${g.moveString}`);
        g.play(r.move);
      }
    }
    results[g.winner ?? 'draw'] += 1;
    g.free();
  }
  assert.equal(results.X, 0, `X won ${results.X} games`);
  assert.ok(results.O > 100, `alpha-beta should beat random play most of the time: ${JSON.stringify(results)}`);
});
