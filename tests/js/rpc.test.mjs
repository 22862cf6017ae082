// The worker RPC client against a fake worker: ids, progress, errors, cancel and crash.
import test from 'node:test';
import assert from 'node:assert/strict';
import { RpcClient, RpcError } from '../../www/lib/rpc.js';

/** A fake worker that records what it is sent and lets the test answer. */
class FakeWorker {
  constructor(log) {
    this.log = log;
    this.listeners = {};
    this.sent = [];
    this.terminated = false;
    log.push(this);
  }
  addEventListener(type, fn) {
    (this.listeners[type] ??= []).push(fn);
  }
  postMessage(msg) {
    this.sent.push(msg);
  }
  terminate() {
    this.terminated = true;
  }
  emit(type, e) {
    for (const fn of this.listeners[type] ?? []) fn(e);
  }
  reply(data) {
    this.emit('message', { data });
  }
}

function client() {
  const workers = [];
  const respawns = [];
  const rpc = new RpcClient(() => new FakeWorker(workers), { onRespawn: (g, why) => respawns.push([g, why]) });
  return { rpc, workers, respawns };
}

test('requests get distinct ids; answers resolve the right promise; progress is forwarded', async () => {
  const { rpc, workers } = client();
  const progress = [];
  const a = rpc.call('search', { x: 1 }, { onProgress: (p) => progress.push(p) });
  const b = rpc.call('evaluate', { y: 2 });
  const [w] = workers;
  assert.deepEqual(w.sent, [
    { id: 1, op: 'search', args: { x: 1 } },
    { id: 2, op: 'evaluate', args: { y: 2 } },
  ]);
  assert.equal(rpc.busy, 2);
  w.reply({ id: 1, type: 'progress', data: { depth: 1 } });
  w.reply({ id: 1, type: 'progress', data: { depth: 2 } });
  w.reply({ id: 2, type: 'result', data: 'B' });
  w.reply({ id: 1, type: 'result', data: 'A' });
  assert.equal(await a, 'A');
  assert.equal(await b, 'B');
  assert.deepEqual(progress, [{ depth: 1 }, { depth: 2 }]);
  assert.equal(rpc.busy, 0);
  // A late or unknown answer is ignored.
  w.reply({ id: 1, type: 'result', data: 'again' });
  w.reply({ nonsense: true });
});

test('a worker error for one request rejects it as failed and keeps the worker', async () => {
  const { rpc, workers } = client();
  const p = rpc.call('search', {});
  workers[0].reply({ id: 1, type: 'error', error: "order: unknown 'rnd'" });
  await assert.rejects(p, (e) => e instanceof RpcError && e.reason === 'failed' && /unknown 'rnd'/.test(e.message));
  assert.equal(workers.length, 1);
  assert.equal(workers[0].terminated, false);
});

test('cancel terminates, rejects everything pending, and starts a new worker', async () => {
  const { rpc, workers, respawns } = client();
  const p1 = rpc.call('search', {});
  const p2 = rpc.call('search', {});
  rpc.cancel();
  await assert.rejects(p1, (e) => e.reason === 'cancelled');
  await assert.rejects(p2, (e) => e.reason === 'cancelled');
  assert.equal(workers.length, 2);
  assert.equal(workers[0].terminated, true);
  assert.deepEqual(respawns, [[2, 'cancelled']]);
  // Messages from the old worker no longer count; the new one answers new requests.
  const p3 = rpc.call('search', {});
  workers[0].reply({ id: 3, type: 'result', data: 'stale' });
  workers[1].reply({ id: 3, type: 'result', data: 'fresh' });
  assert.equal(await p3, 'fresh');
});

test('a crash rejects pending requests as crashed and respawns', async () => {
  const { rpc, workers, respawns } = client();
  const p = rpc.call('search', {});
  let prevented = false;
  workers[0].emit('error', { message: 'unreachable executed', preventDefault: () => (prevented = true) });
  await assert.rejects(p, (e) => e.reason === 'crashed' && /unreachable executed/.test(e.message));
  assert.ok(prevented, 'the error event is handled, not logged as uncaught');
  assert.equal(workers.length, 2);
  assert.deepEqual(respawns, [[2, 'crashed']]);
  // Errors of the replaced worker are ignored.
  workers[0].emit('error', { message: 'late' });
  assert.equal(workers.length, 2);
});

test('close terminates for good', async () => {
  const { rpc, workers } = client();
  const p = rpc.call('x', {});
  rpc.close();
  await assert.rejects(p, (e) => e.reason === 'cancelled');
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 1);
});
