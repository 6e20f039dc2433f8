// The one writer of rule-engine events: record() only queues; a timer flushes in batches and prunes.
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventSink, RuleEvent } from '../../rule-engine/rule-engine-types.ts';
import { EventRepository } from './event.repository.ts';

export interface EventWriterOptions {
  /** Events kept per (entity, type); older ones are pruned after the batches that add to it. */
  maxPerEntity: number;
  /** Events older than this are deleted (checked at most once a minute). */
  ttlMs: number;
  /** How long a queued event may wait for its batch. */
  flushMs: number;
  batchSize: number;
  /** Queue cap: beyond it the oldest queued events are dropped (and counted). */
  maxQueue: number;
}

export const DEFAULT_EVENT_OPTIONS: EventWriterOptions = {
  maxPerEntity: 1000,
  ttlMs: 7 * 24 * 3600_000,
  flushMs: 200,
  batchSize: 500,
  maxQueue: 20_000,
};

const keyOf = (e: { tenantId: string; entityId: string; eventType: string }) =>
  `${e.tenantId}|${e.entityId}|${e.eventType}`;

export class EventWriter implements EventSink {
  private queue: RuleEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  /** Inserted since the key was last pruned: pruning every key on every batch would cost more than the inserts. */
  private sincePrune = new Map<string, { tenantId: string; entityId: string; eventType: string; n: number }>();
  private lastAgePrune = 0;
  readonly opts: EventWriterOptions;
  /** Events dropped because the queue was full or their batch failed. */
  dropped = 0;
  onError: (err: unknown) => void = () => {};

  constructor(
    db: Db,
    private readonly clock: Clock,
    opts: Partial<EventWriterOptions> = {},
    private readonly repo = new EventRepository(db),
  ) {
    this.opts = { ...DEFAULT_EVENT_OPTIONS, ...opts };
  }

  record(event: RuleEvent): void {
    if (this.closed) {
      this.dropped++;
      return;
    }
    if (this.queue.length >= this.opts.maxQueue) {
      this.queue.shift();
      this.dropped++;
    }
    this.queue.push(event);
    if (this.queue.length >= this.opts.batchSize) this.schedule(0);
    else this.schedule(this.opts.flushMs);
  }

  get pending(): number {
    return this.queue.length;
  }

  private schedule(ms: number): void {
    if (this.running) return; // the running flush loops until the queue is empty
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
    this.timer.unref?.();
  }

  /** Writes everything queued (one flush at a time); resolves when the queue is empty. */
  flush(): Promise<void> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
      if (this.queue.length && !this.closed) this.schedule(this.opts.flushMs);
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.opts.batchSize);
      try {
        await this.repo.insertBatch(batch);
        await this.prune(batch);
      } catch (err) {
        this.dropped += batch.length;
        this.onError(err);
      }
    }
  }

  private async prune(batch: readonly RuleEvent[]): Promise<void> {
    const every = Math.max(1, Math.floor(this.opts.maxPerEntity / 20));
    const due: { tenantId: string; entityId: string; eventType: string }[] = [];
    for (const e of batch) {
      const k = keyOf(e);
      const c = this.sincePrune.get(k) ?? { tenantId: e.tenantId, entityId: e.entityId, eventType: e.eventType, n: 0 };
      c.n++;
      this.sincePrune.set(k, c);
    }
    for (const [k, c] of this.sincePrune) {
      if (c.n >= every) {
        due.push(c);
        this.sincePrune.delete(k);
      }
    }
    await this.repo.pruneKeys(due, this.opts.maxPerEntity);
    const now = this.clock.now();
    if (now - this.lastAgePrune >= 60_000) {
      this.lastAgePrune = now;
      await this.repo.pruneOlderThan(now - this.opts.ttlMs);
    }
  }

  /** Flushes what is queued; later records are dropped. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
    this.closed = true;
  }
}
