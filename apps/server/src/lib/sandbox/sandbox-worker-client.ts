import { Worker } from 'node:worker_threads';

/** Limits handed to the worker (see quickjs-worker.mjs). */
export interface WorkerLimits {
  /** Cap of the worker's WASM heap, shared by its tenants' VMs. */
  heapLimitBytes: number;
  maxStackBytes: number;
  timeoutMs: number;
  maxResultChars: number;
  maxTenants: number;
  maxScripts: number;
}

export type FailureKind =
  | 'error'
  | 'timeout'
  | 'oom'
  | 'result'
  | 'crash'
  | 'overload'
  /** Refused before running: the tenant's test runs are blocked, or its time budget is used up. */
  | 'blacklisted'
  | 'throttled';
/** 'u' = undefined, 'j' = JSON text of the result, 'e' = failure with kind and detail. */
export type WorkerResult = readonly ['u'] | readonly ['j', string] | readonly ['e', FailureKind, string];
/** What the worker answers per call: a result, or 's' when the batch's slice ended before the call started. */
type WireResult = WorkerResult | readonly ['s'];

/** Which queue a call came from: trusted rule-node calls or untrusted/throttled ones (sandbox-pool.ts). */
export type Lane = 'shared' | 'isolated';

export interface PendingCall {
  tenant: string;
  argNamesJson: string;
  body: string;
  argsJson: string;
  lane: Lane;
  /** Times the call was sent again after a worker restart it did not cause. */
  retries: number;
  /** Date.now() after which a call still waiting fails as overloaded. */
  waitUntil: number;
  /** Checked right before the call is sent: a result here refuses it (a test run of a tenant blocked meanwhile). */
  admit?: (() => WorkerResult | null) | undefined;
  /** Told of the result synchronously, before the pool sends the tenant's next calls. */
  settled?: ((r: WorkerResult) => void) | undefined;
  resolve(r: WorkerResult): void;
}

/** What the pool learns from a worker. */
export interface WorkerEvents {
  /** A call ran (or failed) in `ms` of worker time. */
  settled(call: PendingCall, r: WorkerResult, ms: number): void;
  /** Calls to queue again at the front of their tenants' queues (slice used up, or worker restarted). */
  requeue(calls: PendingCall[]): void;
  /** A batch is done (answered, or ended by a restart): the worker may take another. */
  finished(calls: readonly PendingCall[], lane: Lane): void;
  restarted(reason: string): void;
}

interface Batch {
  calls: PendingCall[];
  lane: Lane;
}

type FromWorker =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'result'; id: number; results: WireResult[]; times: number[] };

/**
 * One sandbox worker thread: runs the batches the pool hands it (several calls in one
 * postMessage, one reply). A worker that dies or hangs is restarted; the call that caused it fails
 * with a clear error and the other calls in flight are queued again once.
 */
export class SandboxWorkerClient {
  private worker: Worker | null = null;
  private ready = false;
  private readonly inFlight = new Map<number, Batch>();
  private nextId = 1;
  /** Shared with the worker: [batch id, call index, start time of the running call or 0]. */
  private state = new Float64Array(new SharedArrayBuffer(3 * 8));
  /** Why the current worker is being killed, and the call that caused it. */
  private kill: { reason: string; culprit: WorkerResult; batchId: number; index: number } | null = null;
  private readonly watchdog: NodeJS.Timeout;
  private closed = false;
  /** Batches in flight per lane; the pool never mixes an isolated batch with others on one worker. */
  readonly busy = { shared: 0, isolated: 0 };
  /** The lane of the batch sent last (turn-taking when one worker serves both lanes). */
  lastLane: Lane = 'shared';
  /** How many times the worker was replaced after a crash or hang (for tests and logs). */
  restarts = 0;

  constructor(
    private readonly limits: WorkerLimits,
    private readonly stuckGraceMs: number,
    private readonly events: WorkerEvents,
  ) {
    this.watchdog = setInterval(() => this.checkStuck(), Math.max(20, Math.min(100, limits.timeoutMs / 5)));
    this.watchdog.unref();
  }

  get batchesInFlight(): number {
    return this.inFlight.size;
  }

  /** Sends one batch; calls not started within `sliceMs` come back through `requeue`. */
  send(calls: PendingCall[], lane: Lane, sliceMs: number): void {
    const worker = this.ensureWorker();
    // Each distinct script travels once per batch; calls refer to it by index.
    const index = new Map<string, number>();
    const scripts: [string, string, string][] = [];
    const wire: [number, string][] = [];
    for (const c of calls) {
      const key = `${c.tenant}\0${c.argNamesJson}\0${c.body}`;
      let i = index.get(key);
      if (i === undefined) {
        i = scripts.length;
        index.set(key, i);
        scripts.push([c.tenant, c.argNamesJson, c.body]);
      }
      wire.push([i, c.argsJson]);
    }
    const id = this.nextId++;
    this.inFlight.set(id, { calls, lane });
    this.busy[lane]++;
    this.lastLane = lane;
    worker.ref();
    worker.postMessage({ type: 'batch', id, sliceMs, scripts, calls: wire });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    const w = this.worker;
    this.worker = null;
    for (const batch of this.inFlight.values())
      for (const c of batch.calls) c.resolve(['e', 'crash', 'Script executor is closed']);
    this.inFlight.clear();
    if (w) await w.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    this.state = new Float64Array(new SharedArrayBuffer(3 * 8));
    // A larger native stack than QuickJS's own limit, so deep recursion stops inside QuickJS.
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
      this.done(m.id, batch);
      const again: PendingCall[] = [];
      for (let i = 0; i < batch.calls.length; i++) {
        const c = batch.calls[i]!;
        const r = m.results[i] ?? ['e', 'crash', 'Script executor returned no result'];
        if (r[0] === 's') again.push(c);
        else this.events.settled(c, r, m.times[i] ?? 0);
      }
      if (again.length > 0) this.events.requeue(again);
      this.events.finished(batch.calls, batch.lane);
    } else if (m.type === 'fatal') {
      this.kill = { reason: `Script executor failed to start: ${m.message}`, culprit: ['u'], batchId: -1, index: -1 };
    }
  }

  private done(id: number, batch: Batch): void {
    this.inFlight.delete(id);
    this.busy[batch.lane]--;
    // The worker keeps the process alive only while calls are pending.
    if (this.inFlight.size === 0) this.worker?.unref();
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
    const ended = [...this.inFlight];
    for (const [id, batch] of ended) {
      this.done(id, batch);
      batch.calls.forEach((c, i) => {
        if (id === kill.batchId && i === kill.index) {
          // The culprit ran until the kill: it is charged the time limit.
          this.events.settled(c, kill.culprit, this.limits.timeoutMs);
        } else if (c.retries++ < 1) again.push(c);
        else c.resolve(['e', 'crash', `${kill.reason}; it was restarted, please retry`]);
      });
    }
    this.events.restarted(kill.reason);
    if (again.length > 0) this.events.requeue(again);
    for (const [, batch] of ended) this.events.finished(batch.calls, batch.lane);
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
    if (Date.now() - startedAt > 2 * this.limits.timeoutMs + this.stuckGraceMs) {
      this.kill = {
        reason: 'Script executor was stuck in a script',
        culprit: ['e', 'timeout', 'killed'],
        batchId: this.state[0]!,
        index: this.state[1]!,
      };
      void w.terminate();
    }
  }
}
