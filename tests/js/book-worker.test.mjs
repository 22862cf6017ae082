// www/worker.js and the opening book, in Node over a fake `self` with the built package
// (www/pkg): the perfect player on an early Connect-4 position makes the worker fetch
// book/connect4.book once (fetch is stubbed here: Node's cannot read file: URLs), after which
// the engine is exact from the empty board; a book that cannot be fetched fails the request
// with the reason, and the next request tries again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const module = new WebAssembly.Module(readFileSync(`${pkg}plyground_wasm_bg.wasm`));
const BOOK = readFileSync(fileURLToPath(new URL('../../www/book/connect4.book', import.meta.url)));

const fetched = [];
let serve = 'missing';
globalThis.fetch = async (url) => {
  fetched.push(String(url));
  if (serve === 'missing') return new Response('not here', { status: 404 });
  return new Response(BOOK, { status: 200 });
};

const messages = [];
globalThis.self = { postMessage: (m) => messages.push(m) };
await import('../../www/worker.js');
const worker = globalThis.self;
worker.onmessage({ data: { op: 'init', module } });

async function request(id, op, args) {
  const from = messages.length;
  await worker.onmessage({ data: { id, op, args } });
  return messages.slice(from).at(-1);
}

const perfect = { engine: 'perfect' };

test('a later position and other players never fetch the book', async () => {
  const late = await request(1, 'engine', { kind: 'c4', moves: '444444326555553', config: perfect });
  assert.equal(late.type, 'result', late.error);
  const ab = await request(2, 'engine', { kind: 'c4', moves: '', config: { engine: 'alphabeta', depth: 2 } });
  assert.equal(ab.type, 'result', ab.error);
  assert.deepEqual(fetched, []);
});

test('a book that cannot be fetched fails the request, naming the file and the reason', async () => {
  const r = await request(3, 'engine', { kind: 'c4', moves: '', config: perfect });
  assert.equal(r.type, 'error');
  assert.match(r.error, /^the Connect-4 opening book \(.*\/book\/connect4\.book\) could not be fetched: HTTP 404$/);
  assert.equal(fetched.length, 1);
  assert.ok(fetched[0].endsWith('/www/book/connect4.book'), fetched[0]);
});

test('then the book is fetched once and the perfect player is exact from the empty board', async () => {
  serve = 'book';
  const r = await request(4, 'engine', { kind: 'c4', moves: '', config: perfect });
  assert.equal(r.type, 'result', r.error);
  const res = r.data.result;
  assert.deepEqual([res.best, res.score, res.exact, res.complete, res.fellBack, res.algo], [4, 1, true, true, false, 'solve']);
  assert.deepEqual(
    res.scores.map((s) => [s.move, s.score, s.bound]),
    [-2, -1, 0, 1, 0, -1, -2].map((s, c) => [c + 1, s, 'exact']),
  );
  assert.ok(res.stats.nodes < 200_000, `${res.stats.nodes} nodes`);
  // An early position of O's: the book is already in the module.
  const o = await request(5, 'engine', { kind: 'c4', moves: '4', config: perfect });
  assert.equal(o.type, 'result', o.error);
  assert.equal(o.data.result.exact, true);
  assert.equal(o.data.result.score, -1);
  assert.equal(fetched.length, 2, 'fetched again after the failure, then once');
});
