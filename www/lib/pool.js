// A small pool of search workers shared by every figure on a page. Each worker runs one
// request at a time; requests wait in a queue for a free worker. Cancelling a request that is
// running stops (and replaces) only the worker that runs it, so one figure's cancel never
// loses another figure's search. Workers start when the first request needs one.
//
// DOM-free: the workers come from a factory of RpcClient-like objects, so the tests drive it
// with fakes.

import { RpcError } from './rpc.js';

export class WorkerPool {
  /**
   * @param {() => {call: Function, cancel: Function, close: Function}} makeClient one worker's client (rpc.js)
   * @param {number} [size] at most this many workers
   */
  constructor(makeClient, size = 2) {
    this.makeClient = makeClient;
    this.size = Math.max(1, size | 0);
    /** @type {{client: object, job: object|null}[]} */
    this.slots = [];
    this.queue = [];
    this.closed = false;
  }

  /** Workers started so far. */
  get started() {
    return this.slots.length;
  }

  /** Requests running or waiting. */
  get busy() {
    return this.queue.length + this.slots.filter((s) => s.job).length;
  }

  /**
   * Queues a request.
   * @param {string} op
   * @param {any} args
   * @param {{onProgress?: (p: any) => void}} [opts]
   * @returns {{promise: Promise<any>, cancel: () => void}}
   */
  run(op, args, opts = {}) {
    const job = { op, args, opts, state: 'queued', slot: null };
    job.promise = new Promise((resolve, reject) => {
      job.resolve = resolve;
      job.reject = reject;
    });
    if (this.closed) {
      job.state = 'done';
      job.reject(new RpcError('the worker pool is closed', 'cancelled'));
    } else {
      this.queue.push(job);
      this.dispatch();
    }
    return { promise: job.promise, cancel: () => this.cancel(job) };
  }

  dispatch() {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) {
        slot = { client: this.makeClient(), job: null };
        this.slots.push(slot);
      }
      if (!slot) return;
      const job = this.queue.shift();
      job.state = 'running';
      job.slot = slot;
      slot.job = job;
      slot.client.call(job.op, job.args, { onProgress: job.opts.onProgress }).then(
        (v) => this.finish(job, () => job.resolve(v)),
        (e) => this.finish(job, () => job.reject(e)),
      );
    }
  }

  finish(job, settle) {
    if (job.slot && job.slot.job === job) job.slot.job = null;
    if (job.state !== 'done') {
      job.state = 'done';
      settle();
    }
    this.dispatch();
  }

  cancel(job) {
    if (job.state === 'queued') {
      this.queue = this.queue.filter((j) => j !== job);
      job.state = 'done';
      job.reject(new RpcError('cancelled', 'cancelled'));
    } else if (job.state === 'running') {
      // Only this request runs on that worker: replacing it loses nothing else.
      job.slot.client.cancel();
    }
  }

  /** Stops every worker; pending requests reject as cancelled. */
  close() {
    this.closed = true;
    for (const job of this.queue) {
      job.state = 'done';
      job.reject(new RpcError('closed', 'cancelled'));
    }
    this.queue = [];
    for (const s of this.slots) s.client.close();
    this.slots = [];
  }
}
