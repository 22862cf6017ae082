// The comparison table's CSV (www/lib/table-csv.js): RFC 4180 quoting, and the exact CSV of
// Figure 5.2's comparison from the core's own searches (as the worker's `compare` runs them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api } from './wasm.mjs';
import { compareCsv, csvField, csvText } from '../../www/lib/table-csv.js';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

test('fields are quoted per RFC 4180', () => {
  assert.equal(csvField('plain'), 'plain');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField('two\nlines'), '"two\nlines"');
  assert.equal(csvField(null), '');
  assert.equal(csvField(-2.5), '-2.5');
  assert.equal(csvText([['a', 'b'], ['1', 'x,y']]), 'a,b\r\n1,"x,y"\r\n');
});

/** The rows the worker's compare makes (www/worker.js), for a tree. */
function compareRows(text, orders) {
  const t = api.GameTree.parse(text);
  try {
    const rows = [];
    const mm = api.searchTree(t, { algo: 'minimax' });
    rows.push({ algo: 'minimax', order: null, stats: mm.stats, value: mm.value });
    for (const order of orders) {
      const r = api.searchTree(t, { algo: 'alphabeta', order, scores: false, seed: 7 });
      rows.push({ algo: 'alphabeta', order, stats: r.stats, value: r.value });
    }
    return rows;
  } finally {
    t.free();
  }
}

test('Figure 5.2: the comparison as CSV, exactly', () => {
  const rows = compareRows(FIG_5_2, ['natural']);
  rows.push({ algo: 'alphabeta', order: 'best', error: 'perfect order needs "an oracle", here' });
  assert.equal(
    compareCsv(rows, { seed: 7 }),
    'algorithm,order,seed,nodes,leaves,cutoffs,max_depth,value,not_run\r\n' +
      // MINIMAX-DECISION: all 13 nodes, the 9 leaves; A = 3.
      'minimax,,,13,9,0,2,3,\r\n' +
      // α-β in the natural order: c2 and c3 pruned (one cutoff), 7 leaves (the lessons' trace).
      'alphabeta,natural,,11,7,1,2,3,\r\n' +
      'alphabeta,best,,,,,,,"perfect order needs ""an oracle"", here"\r\n',
  );
});

test('a max^n value is written as its tuple, quoted', () => {
  const rows = [{ algo: 'minimax', order: null, stats: { nodes: 7, leaves: 4, cutoffs: 0, maxDepth: 2 }, value: [1, 2, 6] }];
  assert.equal(compareCsv(rows, { minimaxAlgo: 'maxn' }).split('\r\n')[1], 'maxn,,,7,4,0,2,"(1, 2, 6)",');
});
