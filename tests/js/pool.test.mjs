// The page's worker pool against fake clients: at most N workers, a queue, and a cancel that
// stops only the worker running that request.
import test from 'node:test';
import assert from 'node:assert/strict';
import { WorkerPool } from '../../www/lib/pool.js';
import { RpcError } from '../../www/lib/rpc.js';

/** A fake RpcClient: one call at a time is what the pool promises; the test answers. */
function fakes() {
  const clients = [];
  const make = () => {
    const c = {
      id: clients.length,
      calls: [],
      cancels: 0,
      closed: false,
      call(op, args, opts) {
        return new Promise((resolve, reject) => c.calls.push({ op, args, opts, resolve, reject }));
      },
      cancel() {
        c.cancels++;
        for (const call of c.calls.splice(0)) call.reject(new RpcError('cancelled', 'cancelled'));
      },
      close() {
        c.closed = true;
      },
    };
    clients.push(c);
    return c;
  };
  return { clients, make };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

test('workers start on demand, at most the pool size; requests queue for a free one', async () => {
  const { clients, make } = fakes();
  const pool = new WorkerPool(make, 2);
  assert.equal(pool.started, 0, 'no worker before a request');
  const a = pool.run('search', { n: 1 });
  const b = pool.run('search', { n: 2 });
  const c = pool.run('compare', { n: 3 });
  assert.equal(pool.started, 2);
  assert.equal(pool.busy, 3);
  assert.deepEqual(clients.map((x) => x.calls.map((k) => k.args.n)), [[1], [2]]);
  clients[1].calls.shift().resolve('B');
  assert.equal(await b.promise, 'B');
  await tick();
  assert.deepEqual(clients[1].calls.map((k) => k.args.n), [3], 'the queued request takes the free worker');
  clients[0].calls.shift().resolve('A');
  clients[1].calls.shift().resolve('C');
  assert.deepEqual(await Promise.all([a.promise, c.promise]), ['A', 'C']);
  assert.equal(pool.busy, 0);
  assert.equal(pool.started, 2);
});

test('progress reaches the caller; a failure rejects only its request', async () => {
  const { clients, make } = fakes();
  const pool = new WorkerPool(make, 1);
  const seen = [];
  const a = pool.run('search', {}, { onProgress: (p) => seen.push(p) });
  const b = pool.run('search', {});
  clients[0].calls[0].opts.onProgress({ depth: 1 });
  clients[0].calls.shift().reject(new RpcError('bad tree', 'failed'));
  await assert.rejects(a.promise, /bad tree/);
  await tick();
  clients[0].calls.shift().resolve(2);
  assert.equal(await b.promise, 2);
  assert.deepEqual(seen, [{ depth: 1 }]);
});

test('cancelling a running request stops only its worker; a queued one never reaches a worker', async () => {
  const { clients, make } = fakes();
  const pool = new WorkerPool(make, 2);
  const a = pool.run('search', { n: 1 });
  const b = pool.run('search', { n: 2 });
  const c = pool.run('search', { n: 3 });
  c.cancel();
  await assert.rejects(c.promise, (e) => e.reason === 'cancelled');
  a.cancel();
  await assert.rejects(a.promise, (e) => e.reason === 'cancelled');
  assert.deepEqual(
    clients.map((x) => x.cancels),
    [1, 0],
    'the other worker keeps its search',
  );
  clients[1].calls.shift().resolve('B');
  assert.equal(await b.promise, 'B');
  await tick();
  assert.equal(clients.flatMap((x) => x.calls).length, 0, 'the cancelled queued request was never sent');
  // Cancelling a finished request does nothing.
  a.cancel();
  b.cancel();
  assert.deepEqual(clients.map((x) => x.cancels), [1, 0]);
});

test('close stops every worker and rejects what waits; later requests reject at once', async () => {
  const { clients, make } = fakes();
  const pool = new WorkerPool(make, 1);
  pool.run('search', {});
  const waiting = pool.run('search', {});
  pool.close();
  await assert.rejects(waiting.promise, (e) => e.reason === 'cancelled');
  assert.equal(clients[0].closed, true);
  await assert.rejects(pool.run('search', {}).promise, /closed/);
});
