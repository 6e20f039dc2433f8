import { Worker } from 'node:worker_threads';

/** Limits handed to the worker (see quickjs-worker.mjs). */
export interface WorkerLimits {
  /** Cap of the worker's WASM heap, shared by its tenants' VMs. */
  heapLimitBytes: number;
  maxStackBytes: number;
  timeoutMs: number;
  /** Upper bound for one batch; later calls of a slow batch fail as timed out instead of waiting. */
  batchBudgetMs: number;
  maxResultChars: number;
  maxTenants: number;
  maxScripts: number;
}

export type FailureKind = 'error' | 'timeout' | 'oom' | 'result' | 'crash' | 'overload';
/** 'u' = undefined, 'j' = JSON text of the result, 'e' = failure with kind and detail. */
export type WorkerResult = readonly ['u'] | readonly ['j', string] | readonly ['e', FailureKind, string];

export interface WorkerClientOptions {
  /** Calls sent to the worker in one message. */
  maxBatch: number;
  /** Batches sent before the first reply; later calls wait and form bigger batches. */
  maxInFlight: number;
  /** Calls waiting beyond this fail at once (back-pressure instead of unbounded memory). */
  maxQueued: number;
  /** Extra time (ms) over the call's own limits before a call stuck in native code gets the worker killed. */
  stuckGraceMs: number;
}

interface PendingCall {
  tenant: string;
  argNamesJson: string;
  body: string;
  argsJson: string;
  /** Times the call was sent again after a worker restart it did not cause. */
  retries: number;
  resolve(r: WorkerResult): void;
}

type FromWorker =
  { type: 'ready' } | { type: 'fatal'; message: string } | { type: 'result'; id: number; results: WorkerResult[] };

/**
 * One sandbox worker thread with call batching: calls made in the same tick travel in one
 * postMessage and come back in one reply. A worker that dies or hangs is restarted and its
 * in-flight calls fail with a clear error; queued calls go to the new worker.
 */
export class SandboxWorkerClient {
  private worker: Worker | null = null;
  private ready = false;
  private queue: PendingCall[] = [];
  private readonly inFlight = new Map<number, PendingCall[]>();
  private nextId = 1;
  private flushScheduled = false;
  /** Shared with the worker: [batch id, call index, start time of the running call or 0]. */
  private state = new Float64Array(new SharedArrayBuffer(3 * 8));
  /** Why the current worker is being killed, and the call that caused it. */
  private kill: { reason: string; culprit: WorkerResult; batchId: number; index: number } | null = null;
  private readonly watchdog: NodeJS.Timeout;
  private closed = false;
  /** How many times the worker was replaced after a crash or hang (for tests and logs). */
  restarts = 0;
  onRestart: ((reason: string) => void) | undefined;

  constructor(
    private readonly limits: WorkerLimits,
    private readonly opts: WorkerClientOptions,
  ) {
    this.watchdog = setInterval(() => this.checkStuck(), Math.max(20, Math.min(100, limits.timeoutMs / 5)));
    this.watchdog.unref();
  }

  call(tenant: string, argNamesJson: string, body: string, argsJson: string): Promise<WorkerResult> {
    if (this.closed) return Promise.resolve(['e', 'crash', 'Script executor is closed']);
    if (this.queue.length >= this.opts.maxQueued) {
      return Promise.resolve(['e', 'overload', 'Script executor is overloaded, too many pending script calls']);
    }
    return new Promise((resolve) => {
      this.queue.push({ tenant, argNamesJson, body, argsJson, retries: 0, resolve });
      this.schedule();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    const queued = this.queue;
    this.queue = [];
    for (const c of queued) c.resolve(['e', 'crash', 'Script executor is closed']);
    const w = this.worker;
    this.worker = null;
    for (const batch of this.inFlight.values())
      for (const c of batch) c.resolve(['e', 'crash', 'Script executor is closed']);
    this.inFlight.clear();
    if (w) await w.terminate();
  }

  private schedule(): void {
    if (this.queue.length >= this.opts.maxBatch) {
      this.flush();
    } else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush();
      });
    }
  }

  private flush(): void {
    while (this.queue.length > 0 && this.inFlight.size < this.opts.maxInFlight && !this.closed) {
      const worker = this.ensureWorker();
      const batch = this.queue.splice(0, this.opts.maxBatch);
      // Each distinct script travels once per batch; calls refer to it by index.
      const index = new Map<string, number>();
      const scripts: [string, string, string][] = [];
      const calls: [number, string][] = [];
      for (const c of batch) {
        const key = `${c.tenant}\0${c.argNamesJson}\0${c.body}`;
        let i = index.get(key);
        if (i === undefined) {
          i = scripts.length;
          index.set(key, i);
          scripts.push([c.tenant, c.argNamesJson, c.body]);
        }
        calls.push([i, c.argsJson]);
      }
      const id = this.nextId++;
      this.inFlight.set(id, batch);
      worker.postMessage({ type: 'batch', id, scripts, calls });
    }
    this.updateRef();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // A larger native stack than QuickJS's own limit, so deep recursion stops inside QuickJS.
    this.state = new Float64Array(new SharedArrayBuffer(3 * 8));
    const w = new Worker(new URL('./quickjs-worker.mjs', import.meta.url), {
      workerData: { ...this.limits, state: this.state.buffer },
      resourceLimits: { stackSizeMb: 8 },
    });
    this.worker = w;
    this.ready = false;
    w.on('message', (m: FromWorker) => this.onMessage(w, m));
    w.on('error', (err) => this.onExit(w, err.message));
    w.on('exit', (code) => this.onExit(w, `exit code ${code}`));
    return w;
  }

  private onMessage(w: Worker, m: FromWorker): void {
    if (w !== this.worker) return;
    if (m.type === 'ready') {
      this.ready = true;
    } else if (m.type === 'result') {
      const batch = this.inFlight.get(m.id);
      if (!batch) return;
      this.inFlight.delete(m.id);
      for (let i = 0; i < batch.length; i++) {
        batch[i]!.resolve(m.results[i] ?? ['e', 'crash', 'Script executor returned no result']);
      }
      this.flush();
    } else if (m.type === 'fatal') {
      this.kill = { reason: `Script executor failed to start: ${m.message}`, culprit: ['u'], batchId: -1, index: -1 };
    }
  }

  private onExit(w: Worker, reason: string): void {
    if (w !== this.worker) return;
    this.worker = null;
    this.ready = false;
    if (this.closed) return;
    // The call running when the worker died caused it; the others are sent again once.
    const kill = this.kill ?? {
      reason: `Script executor stopped unexpectedly (${reason})`,
      culprit: ['e', 'crash', `Script crashed the executor (${reason})`] as WorkerResult,
      batchId: this.state[2] ? this.state[0]! : -1,
      index: this.state[2] ? this.state[1]! : -1,
    };
    this.kill = null;
    this.restarts++;
    const again: PendingCall[] = [];
    for (const [id, batch] of this.inFlight) {
      batch.forEach((c, i) => {
        if (id === kill.batchId && i === kill.index) c.resolve(kill.culprit);
        else if (c.retries++ < 1) again.push(c);
        else c.resolve(['e', 'crash', `${kill.reason}; it was restarted, please retry`]);
      });
    }
    this.inFlight.clear();
    this.queue = again.concat(this.queue);
    this.onRestart?.(kill.reason);
    if (this.queue.length > 0) this.schedule();
  }

  /**
   * QuickJS checks its deadline only every few thousand operations, and not inside native
   * built-ins; a call running far past its limits is stuck, so the worker is replaced.
   */
  private checkStuck(): void {
    const w = this.worker;
    const startedAt = this.state[2]!;
    if (!w || !this.ready || this.kill || startedAt === 0) return;
    // Compile and call each have the deadline; creating a tenant's VM adds a little.
    if (Date.now() - startedAt > 2 * this.limits.timeoutMs + this.opts.stuckGraceMs) {
      this.kill = {
        reason: 'Script executor was stuck in a script',
        culprit: ['e', 'timeout', 'killed'],
        batchId: this.state[0]!,
        index: this.state[1]!,
      };
      void w.terminate();
    }
  }

  /** The worker keeps the process alive only while calls are pending. */
  private updateRef(): void {
    if (!this.worker) return;
    if (this.inFlight.size > 0 || this.queue.length > 0) this.worker.ref();
    else this.worker.unref();
  }
}
