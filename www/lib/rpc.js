// A request/response client for the search worker.
//
// Every request gets an id; the worker answers with any number of progress messages and
// then one result or one error for that id. Cancelling is the only way to stop a search that
// is running inside wasm (it never yields), so `cancel()` terminates the worker and starts a
// fresh one; a worker that crashes is replaced the same way. Pending requests are then
// rejected with an `RpcError` whose `reason` says what happened ('cancelled' or 'crashed'),
// and the page decides what to do with its own state — the game lives on the main thread,
// so nothing is lost.
//
// DOM-free: the worker comes from a factory, so the tests drive it with a fake.

/** Why a request did not complete normally. */
export class RpcError extends Error {
  /**
   * @param {string} message
   * @param {'cancelled'|'crashed'|'failed'} reason 'failed': the worker reported an error
   *   for this request (bad input); the worker is fine.
   */
  constructor(message, reason) {
    super(message);
    this.name = 'RpcError';
    this.reason = reason;
  }
}

/**
 * @typedef {object} WorkerLike
 * @property {(msg: any) => void} postMessage
 * @property {() => void} terminate
 * @property {(type: string, fn: (e: any) => void) => void} addEventListener
 */

export class RpcClient {
  /**
   * @param {() => WorkerLike} makeWorker Starts a worker (called again after a cancel or crash).
   * @param {object} [hooks]
   * @param {(generation: number, why: string) => void} [hooks.onRespawn] Called after a new
   *   worker replaced the old one.
   */
  constructor(makeWorker, hooks = {}) {
    this.makeWorker = makeWorker;
    this.hooks = hooks;
    this.nextId = 1;
    /** @type {Map<number, {resolve: Function, reject: Function, onProgress?: Function, op: string}>} */
    this.pending = new Map();
    this.generation = 0;
    this.worker = null;
    this.spawn();
  }

  /** Starts a worker and wires its messages to this generation only. */
  spawn() {
    const generation = ++this.generation;
    const w = this.makeWorker();
    this.worker = w;
    w.addEventListener('message', (e) => {
      if (generation === this.generation) this.onMessage(e.data);
    });
    w.addEventListener('error', (e) => {
      if (generation !== this.generation) return;
      if (e && typeof e.preventDefault === 'function') e.preventDefault();
      const what = e && e.message ? e.message : 'the worker stopped';
      this.replace('crashed', `the search worker crashed: ${what}`);
    });
    w.addEventListener('messageerror', () => {
      if (generation === this.generation) this.replace('crashed', 'the search worker sent an unreadable message');
    });
  }

  /** Number of requests still waiting for an answer. */
  get busy() {
    return this.pending.size;
  }

  /**
   * Sends a request.
   * @param {string} op
   * @param {any} args
   * @param {{onProgress?: (p: any) => void}} [opts]
   * @returns {Promise<any>} The worker's result; rejects with an RpcError.
   */
  call(op, args, opts = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress: opts.onProgress, op });
      try {
        this.worker.postMessage({ id, op, args });
      } catch (err) {
        this.pending.delete(id);
        reject(new RpcError(`could not send '${op}' to the worker: ${err.message ?? err}`, 'failed'));
      }
    });
  }

  onMessage(msg) {
    if (!msg || typeof msg.id !== 'number') return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      if (p.onProgress) p.onProgress(msg.data);
      return;
    }
    this.pending.delete(msg.id);
    if (msg.type === 'result') p.resolve(msg.data);
    else p.reject(new RpcError(String(msg.error ?? 'unknown error'), 'failed'));
  }

  /** Stops whatever the worker is doing: terminate, reject everything pending, respawn. */
  cancel() {
    this.replace('cancelled', 'cancelled');
  }

  replace(reason, message) {
    const old = this.worker;
    const pending = [...this.pending.values()];
    this.pending.clear();
    try {
      old.terminate();
    } catch {
      // Already gone.
    }
    this.spawn();
    for (const p of pending) p.reject(new RpcError(message, reason));
    if (this.hooks.onRespawn) this.hooks.onRespawn(this.generation, reason);
  }

  /** Terminates the worker for good. */
  close() {
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.generation++;
    try {
      this.worker.terminate();
    } catch {
      // Already gone.
    }
    for (const p of pending) p.reject(new RpcError('closed', 'cancelled'));
  }
}
