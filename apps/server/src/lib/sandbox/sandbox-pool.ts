import type { ScriptBudgets } from './script-budgets.ts';
import { TenantQueue } from './tenant-queue.ts';
import {
  type Lane,
  type PendingCall,
  SandboxWorkerClient,
  type WorkerLimits,
  type WorkerResult,
} from './sandbox-worker-client.ts';

export interface SandboxPoolOptions {
  /** Worker threads (≥ 1). With 2 or more, worker 0 runs the isolated lane and the others the shared one. */
  workers: number;
  /** Calls in one shared-lane batch. */
  maxBatch: number;
  /** Shared-lane batches in flight per worker: the next one is ready when the worker finishes one. */
  maxInFlight: number;
  /** Time a shared-lane batch may take before its remaining calls go back to their queues. */
  sharedSliceMs: number;
  /** The same for an isolated batch (one tenant's calls). */
  isolatedSliceMs: number;
  /** A call that waited this long fails as overloaded instead of waiting on. */
  maxWaitMs: number;
  maxQueued: number;
  maxQueuedPerTenant: number;
  /** Extra time (ms) over the call's own limits before a call stuck in native code gets the worker killed. */
  stuckGraceMs: number;
}

const OVERLOADED: WorkerResult = ['e', 'overload', 'Script execution timed out waiting for the script executor (busy)'];

/**
 * Fair sharing of the sandbox workers between tenants (issue 18).
 *
 * - Every tenant has its own queues, served in turn (a shared batch interleaves the waiting
 *   tenants' calls), so one tenant's backlog never sits in front of another tenant's call.
 * - Two lanes. Rule-node calls of well-behaved tenants go to the shared lane: batched across
 *   tenants, as cheap per call as one worker allows. Untrusted or misbehaving work — script tests
 *   (new code every time), and every call of a tenant whose scripts recently timed out or which
 *   used up its time budget — goes to the isolated lane: one tenant per batch, one batch per tenant
 *   at a time, time-sliced, on a worker of its own (worker 0; with a single worker the lanes take
 *   turns). An endless loop (stopped at its deadline) thus holds up only the isolated lane; the
 *   other tenants' calls keep their worker.
 * - A batch runs until its slice is used, then its remaining calls go back to the front of their
 *   tenants' queues and wait for their turn.
 */
export class SandboxPool {
  readonly workers: SandboxWorkerClient[];
  private readonly tenants = new Map<string, TenantQueue>();
  private readonly rings: Record<Lane, TenantQueue[]> = { shared: [], isolated: [] };
  private readonly turn: Record<Lane, number> = { shared: 0, isolated: 0 };
  private queued = 0;
  private flushScheduled = false;
  private closed = false;
  onRestart: ((reason: string) => void) | undefined;

  constructor(
    limits: WorkerLimits,
    private readonly opts: SandboxPoolOptions,
    private readonly budgets: ScriptBudgets,
  ) {
    const events = {
      settled: (c: PendingCall, r: WorkerResult, ms: number) => {
        const hard = r[0] === 'e' && (r[1] === 'timeout' || r[1] === 'oom' || r[1] === 'crash');
        this.budgets.charge(c.tenant, ms, hard);
        c.settled?.(r);
        c.resolve(r);
      },
      requeue: (calls: PendingCall[]) => this.requeue(calls),
      finished: (calls: readonly PendingCall[], lane: Lane) => {
        // The tenant's next isolated batch may start now.
        if (lane === 'isolated' && calls[0]) {
          const tq = this.tenants.get(calls[0].tenant);
          if (tq) tq.isolatedBusy = false;
        }
        this.flush();
      },
      restarted: (reason: string) => this.onRestart?.(reason),
    };
    this.workers = Array.from(
      { length: Math.max(1, opts.workers) },
      () => new SandboxWorkerClient(limits, opts.stuckGraceMs, events),
    );
  }

  call(
    tenant: string,
    argNamesJson: string,
    body: string,
    argsJson: string,
    opts: { lane: Lane } & Pick<PendingCall, 'admit' | 'settled'>,
  ): Promise<WorkerResult> {
    const { lane } = opts;
    if (this.closed) return Promise.resolve(['e', 'crash', 'Script executor is closed']);
    let tq = this.tenants.get(tenant);
    if (!tq) {
      tq = new TenantQueue(tenant);
      this.tenants.set(tenant, tq);
    }
    if (this.queued >= this.opts.maxQueued || tq.queued >= this.opts.maxQueuedPerTenant) {
      return Promise.resolve(['e', 'overload', 'Script executor is overloaded, too many pending script calls']);
    }
    const queue = tq;
    return new Promise((resolve) => {
      const call: PendingCall = {
        tenant,
        argNamesJson,
        body,
        argsJson,
        lane,
        retries: 0,
        waitUntil: Date.now() + this.opts.maxWaitMs,
        admit: opts.admit,
        settled: opts.settled,
        resolve,
      };
      queue.queue[lane].push(call);
      this.enqueued(queue, lane, 1);
      if (lane === 'shared' && this.queued >= this.opts.maxBatch) this.flush();
      else this.schedule();
    });
  }

  /** Worker restarts after crashes or hangs (all workers). */
  get restarts(): number {
    return this.workers.reduce((n, w) => n + w.restarts, 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const tq of this.tenants.values()) {
      for (const lane of ['shared', 'isolated'] as const) {
        for (let c = tq.take(lane); c; c = tq.take(lane)) c.resolve(['e', 'crash', 'Script executor is closed']);
      }
    }
    this.tenants.clear();
    await Promise.all(this.workers.map((w) => w.close()));
  }

  private enqueued(tq: TenantQueue, lane: Lane, n: number): void {
    tq.queued += n;
    this.queued += n;
    if (!tq.inRing[lane]) {
      tq.inRing[lane] = true;
      this.rings[lane].push(tq);
    }
  }

  private requeue(calls: PendingCall[]): void {
    // Calls come back in their order and go before their tenants' later calls.
    const back = new Map<TenantQueue, Record<Lane, PendingCall[]>>();
    for (const c of calls) {
      const tq = this.tenants.get(c.tenant);
      if (!tq || this.closed) {
        c.resolve(['e', 'crash', 'Script executor is closed']);
        continue;
      }
      let lists = back.get(tq);
      if (!lists) {
        lists = { shared: [], isolated: [] };
        back.set(tq, lists);
      }
      lists[c.lane].push(c);
    }
    for (const [tq, lists] of back) {
      for (const lane of ['shared', 'isolated'] as const) {
        if (lists[lane].length === 0) continue;
        tq.front[lane] = lists[lane].concat(tq.front[lane]);
        this.enqueued(tq, lane, lists[lane].length);
      }
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Calls made in the same tick travel together.
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.closed) return;
    const n = this.workers.length;
    // Worker 0 runs the isolated lane; with one worker both lanes take turns on it.
    const isolatedWorkers = 1;
    for (let progress = true; progress;) {
      progress = false;
      const isolatedWaiting = this.isolatedReady();
      const sharedWaiting = this.rings.shared.length > 0;
      if (!isolatedWaiting && !sharedWaiting) return;
      for (let i = 0; i < n; i++) {
        const w = this.workers[i]!;
        const isolatedTurn =
          i < isolatedWorkers && isolatedWaiting && (n > 1 || !sharedWaiting || w.lastLane === 'shared');
        if (isolatedTurn) {
          // Waits for the worker to finish what it has: an isolated batch runs alone.
          if (w.batchesInFlight === 0 && this.sendIsolated(w)) progress = true;
        }
      }
      if (!sharedWaiting) continue;
      // Shared work goes to the other workers, the last first (with one worker, in turns). It does
      // not spill over to worker 0 when that idles: on a small machine a second busy worker costs
      // the event loop and the database more than bigger batches on one worker do.
      for (let i = n - 1; i >= (n > 1 ? isolatedWorkers : 0); i--) {
        const w = this.workers[i]!;
        if (w.busy.isolated > 0 || w.batchesInFlight >= this.opts.maxInFlight) continue;
        if (n === 1 && this.isolatedReady() && w.lastLane === 'shared') continue;
        if (this.sendShared(w)) progress = true;
        break;
      }
    }
  }

  /** A tenant with isolated calls and no isolated batch running. */
  private isolatedReady(): boolean {
    for (const tq of this.rings.isolated) if (!tq.isolatedBusy) return true;
    return false;
  }

  private sendShared(w: SandboxWorkerClient): boolean {
    const batch: PendingCall[] = [];
    const ring = this.rings.shared;
    const slice = this.opts.sharedSliceMs;
    let estimateMs = 0;
    let tenant = '';
    let callMs = 0;
    // One call per tenant in turn, until the batch is full or its expected time fills the slice.
    while (batch.length < this.opts.maxBatch && ring.length > 0 && (batch.length === 0 || estimateMs < slice)) {
      if (this.turn.shared >= ring.length) this.turn.shared = 0;
      const tq = ring[this.turn.shared]!;
      const c = this.next(tq, 'shared');
      if (!c) {
        ring.splice(this.turn.shared, 1);
        tq.inRing.shared = false;
        continue;
      }
      batch.push(c);
      if (c.tenant !== tenant) {
        tenant = c.tenant;
        callMs = this.budgets.callMs(tenant);
      }
      estimateMs += callMs;
      this.turn.shared++;
    }
    if (batch.length === 0) return false;
    w.send(batch, 'shared', slice);
    return true;
  }

  private sendIsolated(w: SandboxWorkerClient): boolean {
    const ring = this.rings.isolated;
    for (let k = 0; k < ring.length; k++) {
      if (this.turn.isolated >= ring.length) this.turn.isolated = 0;
      const tq = ring[this.turn.isolated]!;
      if (tq.isolatedBusy) {
        this.turn.isolated++;
        continue;
      }
      const batch: PendingCall[] = [];
      const slice = this.opts.isolatedSliceMs;
      const perCall = this.budgets.callMs(tq.tenant);
      while (batch.length < this.opts.maxBatch && (batch.length === 0 || (batch.length + 1) * perCall < slice)) {
        const c = this.next(tq, 'isolated');
        if (!c) break;
        batch.push(c);
      }
      if (!tq.has('isolated')) {
        ring.splice(this.turn.isolated, 1);
        tq.inRing.isolated = false;
        k--;
      } else {
        this.turn.isolated++;
      }
      if (batch.length === 0) continue;
      tq.isolatedBusy = true;
      w.send(batch, 'isolated', slice);
      return true;
    }
    return false;
  }

  /** The tenant's next call that may run; calls that waited too long or are refused now are answered here. */
  private next(tq: TenantQueue, lane: Lane): PendingCall | undefined {
    for (let c = tq.take(lane); c; c = tq.take(lane)) {
      tq.queued--;
      this.queued--;
      if (Date.now() > c.waitUntil) {
        c.resolve(OVERLOADED);
        continue;
      }
      const refused = c.admit?.();
      if (refused) {
        c.resolve(refused);
        continue;
      }
      return c;
    }
    return undefined;
  }
}
