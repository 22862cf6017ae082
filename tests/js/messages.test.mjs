// The embed page's postMessage protocol: requests are read field by field; anything else is
// ignored; what the frame sends is plain data.
import test from 'node:test';
import assert from 'node:assert/strict';
import { OUT_TYPES, outMessage, readMessage } from '../../www/lib/messages.js';
import './wasm.mjs'; // the figure parameters' limits come from the module

test('plyground:set carries parameters of the figure: text, numbers, booleans, null', () => {
  const m = readMessage({ type: 'plyground:set', step: 12, tree: '[[1,2],[3]]', autoplay: false, order: null, algorithm: 'minimax' }, 'tree');
  assert.deepEqual([...m.params], [
    ['step', '12'],
    ['tree', '[[1,2],[3]]'],
    ['autoplay', 'false'],
    ['order', null],
    ['algo', 'minimax'],
  ]);
  assert.deepEqual([...readMessage({ type: 'plyground:set', moves: '4453' }, 'game').params], [['moves', '4453']]);
  const bare = Object.create(null);
  bare.type = 'plyground:set';
  bare.step = 'end';
  assert.deepEqual([...readMessage(bare, 'tree').params], [['step', 'end']]);
});

test('plyground:get takes no fields', () => {
  assert.deepEqual(readMessage({ type: 'plyground:get' }, 'mcts'), { type: 'get' });
  assert.match(readMessage({ type: 'plyground:get', step: 1 }, 'mcts').error, /takes no fields/);
});

test('messages for someone else are ignored silently, echoes of our own too', () => {
  for (const data of [null, undefined, 42, 'plyground:set', ['plyground:set'], new Date(), { type: 'other:set', step: 1 }, { step: 1 }, { type: 7 }]) {
    assert.equal(readMessage(data, 'tree'), null, String(data));
  }
  for (const type of OUT_TYPES) assert.equal(readMessage({ type, index: 3 }, 'tree'), null, type);
  class Sneaky {
    constructor() {
      this.type = 'plyground:set';
      this.step = 1;
    }
  }
  assert.equal(readMessage(new Sneaky(), 'tree'), null, 'only plain objects');
});

test('a plyground request with a bad shape is an error naming the field', () => {
  const err = (data, view = 'tree') => readMessage(data, view).error;
  assert.match(err({ type: 'plyground:run' }), /unknown message type 'plyground:run'/);
  assert.match(err({ type: 'plyground:set' }), /needs at least one parameter/);
  assert.match(err({ type: 'plyground:set', x: 'human' }), /^'x' is not a parameter of a tree figure/);
  assert.match(err({ type: 'plyground:set', view: 'game' }), /^'view' is not a parameter/);
  assert.match(err({ type: 'plyground:set', origin: 'https://evil.example' }), /^'origin' is not a parameter/);
  assert.match(err({ type: 'plyground:set', constructor: 'x' }), /^'constructor' is not a parameter/);
  assert.match(err({ type: 'plyground:set', step: { valueOf: 3 } }), /^step: expected text, a number, true\/false or null, got object/);
  assert.match(err({ type: 'plyground:set', step: [1] }), /got an array/);
  assert.match(err({ type: 'plyground:set', step: NaN }), /is not a finite number/);
  assert.match(err({ type: 'plyground:set', tree: 'x'.repeat(65537) }), /^tree: too long/);
  assert.match(err({ type: 'plyground:set', step: () => 1 }), /got function/);
  const many = { type: 'plyground:set' };
  for (let i = 0; i < 41; i++) many[`k${i}`] = 1;
  assert.match(err(many), /41 fields \(at most 40\)/);
});

test('what the frame sends is plain data with a fixed type and view', () => {
  const m = outMessage('step', 'tree', { index: 3, length: 29, narration: 'Enter B', values: new Float64Array([1, 2]), fn: () => 1, node: { id: 1, f: () => 2 }, type: 'x', view: 'y' });
  assert.deepEqual(m, { type: 'plyground:step', view: 'tree', index: 3, length: 29, narration: 'Enter B', values: [1, 2], node: { id: 1 } });
  assert.deepEqual(outMessage('error', null, { message: 'bad' }), { type: 'plyground:error', view: null, message: 'bad' });
});
