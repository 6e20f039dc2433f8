import type { TsKvEntry } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { FifoQueue } from '../../lib/fifo-queue.ts';
import { aggFromRow, type AggRow } from './ts-aggregate.ts';
import { MINUTE_MS } from './ts-bucket-plan.ts';
import { columnArrays } from './ts-columns.ts';
import { numberArray, textArray } from '../../db/pg-array.ts';
import { LatestCache, PendingRollups, seriesKey, type PendingMinute, type SeriesPoint } from './ts-pending.ts';
import {
  INSERT_NEW_POINTS,
  INSERT_POINTS,
  PENDING_MINUTES,
  REBUILD_ROLLUPS,
  RECOMPUTE_MINUTES,
  REPAIR_LATEST,
  UPSERT_LATEST,
  UPSERT_MINUTES,
} from './ts-sql.ts';

export interface WriterOptions {
  /** Most rows in one insert statement. */
  maxBatchRows: number;
  /** How often unsaved latest values are written. */
  latestFlushMs: number;
  /** Most latest values written between two batches (a big upsert would hold the batches up). */
  latestChunkRows: number;
  /** How long after a minute ends its points still count as on time (not late). */
  rollupGraceMs: number;
  /**
   * How long the oldest queued point may wait for company before its batch is written. Each
   * statement has a fixed cost (~1 ms through the embedded database's socket), so writing every few
   * points as they come would spend the database on overhead under load.
   */
  lingerMs: number;
}

const DEFAULTS: WriterOptions = {
  maxBatchRows: 1000,
  latestFlushMs: 1000,
  latestChunkRows: 500,
  rollupGraceMs: 5000,
  lingerMs: 10,
};

interface PointsJob {
  kind: 'points';
  points: SeriesPoint[];
  at: number;
  resolve: () => void;
  reject: (e: unknown) => void;
}
type Job = PointsJob | { kind: 'op'; run: (q: Db) => Promise<void>; resolve: () => void; reject: (e: unknown) => void };

/**
 * Whether a failed statement failed on the rows it was given — SQLSTATE class 22 (data exception,
 * e.g. a lone surrogate in jsonb), 23 (constraint), 54 (limits, e.g. nesting) — or on values our
 * own code could not encode; rather than on the database (connection, shutdown), which another
 * split would only repeat.
 */
export function rowsAtFault(err: unknown): boolean {
  if (err instanceof TypeError || err instanceof RangeError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code);
}

const floorMin = (t: number) => Math.floor(t / MINUTE_MS) * MINUTE_MS;

export interface WriterStats {
  batches: number;
  rows: number;
  maxBatch: number;
}

/**
 * The one writer of time series. Points queue up while a batch commits and go in the next batch
 * (group commit): one multi-row statement of at most `maxBatchRows`, so a point waits at most for the
 * commit in progress (well under 50 ms) and idle load costs one statement per point set. A save
 * resolves only after its batch committed.
 *
 * Latest values and minute rollups are derived state, kept cheap on the hot path:
 * - the latest value of a series is written with the batch only the first time the series is seen,
 *   then every `latestFlushMs` (reads overlay the unsaved ones); on start, series whose raw data is
 *   newer than their latest row are repaired from ts_kv;
 * - minute aggregates of on-time points stay in memory until the minute closes, then are stored with
 *   the watermark in one transaction; late points recompute their minute in the batch's transaction;
 *   on start the open minutes are rebuilt from ts_kv. So nothing derived is ever lost by a crash.
 */
export class TsWriter {
  private readonly opts: WriterOptions;
  /** Reports background failures (the app passes its logger). */
  onError: (err: unknown) => void = () => {};
  private readonly queue = new FifoQueue<Job>();
  private running = false;
  private queuedRows = 0;
  private wake: (() => void) | undefined;
  private lastLatestFlush = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  readonly pending = new PendingRollups();
  readonly latest = new LatestCache();
  readonly stats: WriterStats = { batches: 0, rows: 0, maxBatch: 0 };
  /** Minutes before this are in ts_kv_1m. */
  watermark = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    opts: Partial<WriterOptions> = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** Loads the watermark and repairs derived state after a restart; starts the maintenance timer. */
  async start(): Promise<void> {
    const [state] = await this.db.query<{ watermark: number }>('SELECT watermark FROM ts_rollup_state WHERE id = 1');
    this.watermark = Number(state?.watermark ?? 0);
    if (this.watermark === 0) {
      // First start (or a database from before rollups): aggregate everything already stored.
      const w = floorMin(this.clock.now() - this.opts.rollupGraceMs);
      await this.db.tx(async (q) => {
        await q.query(REBUILD_ROLLUPS, [w]);
        await q.query('UPDATE ts_rollup_state SET watermark = $1 WHERE id = 1', [w]);
      });
      this.watermark = w;
    }
    await this.db.query(REPAIR_LATEST);
    const known = await this.db.query<{ entity_id: string; key_id: number; ts: number }>(
      `SELECT l.entity_id::text AS entity_id, d.key_id, l.ts FROM ts_kv_latest l JOIN ts_kv_dictionary d ON d.key = l.key`,
    );
    for (const r of known) this.latest.known.set(seriesKey(r.entity_id, r.key_id), Number(r.ts));
    const open = await this.db.query<AggRow & { entity_id: string; key: number; m: number }>(PENDING_MINUTES, [
      this.watermark,
    ]);
    for (const r of open) this.pending.set(r.entity_id, r.key, Number(r.m), aggFromRow(r));
    this.timer = setInterval(() => this.kick(), Math.min(this.opts.latestFlushMs, 1000));
    this.timer.unref();
  }

  /** Queues points; resolves once they are committed. */
  write(points: SeriesPoint[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('Telemetry writer is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'points', points, at: Date.now(), resolve, reject });
      this.queuedRows += points.length;
      if (this.queuedRows >= this.opts.maxBatchRows) this.wake?.();
      this.kick();
    });
  }

  /** Runs `run` exclusively, in queue order (deletes must not interleave with batches). */
  exclusive(run: (q: Db) => Promise<void>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'op', run, resolve, reject });
      this.kick();
    });
  }

  /** Writes everything queued and the unsaved latest values. */
  async flush(): Promise<void> {
    await this.exclusive(() => this.maintain(true));
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    this.closed = true;
  }

  private kick(): void {
    if (this.running) return;
    this.running = true;
    void this.loop();
  }

  private async loop(): Promise<void> {
    try {
      while (this.queue.length) {
        const head = this.queue.peek()!;
        if (head.kind === 'op') {
          this.queue.shift();
          // In order with the batches' acknowledgements, which are deferred (see below).
          await head.run(this.db).then(
            () => setImmediate(head.resolve),
            (err: unknown) => setImmediate(() => head.reject(err)),
          );
          continue;
        }
        const wait = this.opts.lingerMs - (Date.now() - head.at);
        if (wait > 0 && this.queuedRows < this.opts.maxBatchRows) await this.linger(wait);
        const jobs: PointsJob[] = [];
        let rows = 0;
        while (this.queue.length && this.queue.peek()!.kind === 'points') {
          const next = this.queue.peek() as PointsJob;
          if (jobs.length && rows + next.points.length > this.opts.maxBatchRows) break;
          jobs.push(next);
          rows += next.points.length;
          this.queue.shift();
        }
        this.queuedRows -= rows;
        await this.commit(jobs);
        // Under constant load the queue never drains: derived state is kept up between batches.
        if (this.maintenanceDue()) await this.maintain();
      }
      if (this.maintenanceDue()) await this.maintain();
    } finally {
      this.running = false;
      if (this.queue.length) this.kick();
    }
  }

  /**
   * Writes the jobs' points as one batch and settles the jobs. A batch that fails on its rows is
   * split in halves until the failing callers are alone, so one caller's bad row (a value the
   * database refuses) fails that caller only, never the other devices and tenants of its batch;
   * nothing of a failed statement was written, so writing its halves again is safe.
   */
  private async commit(jobs: PointsJob[]): Promise<void> {
    try {
      await this.writeBatch(jobs.flatMap((j) => j.points));
      // Resolved after the next batch went out: acks and live fan-out then overlap its commit.
      setImmediate(() => {
        for (const j of jobs) j.resolve();
      });
    } catch (err) {
      if (jobs.length === 1 || !rowsAtFault(err)) {
        for (const j of jobs) j.reject(err);
        return;
      }
      const half = Math.ceil(jobs.length / 2);
      await this.commit(jobs.slice(0, half));
      await this.commit(jobs.slice(half));
    }
  }

  private maintenanceDue(): boolean {
    const now = this.clock.now();
    return (
      this.latest.writing ||
      now - this.lastLatestFlush >= this.opts.latestFlushMs ||
      floorMin(now - this.opts.rollupGraceMs) > this.watermark
    );
  }

  /** Waits `ms`, or less when a full batch is queued first. */
  private linger(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** Periodic work between batches: unsaved latest values, closing minutes. */
  private async maintain(force = false): Promise<void> {
    const now = this.clock.now();
    try {
      if (force) await this.flushLatest();
      else {
        if (!this.latest.writing && now - this.lastLatestFlush >= this.opts.latestFlushMs) {
          this.latest.startRound();
          this.lastLatestFlush = now;
        }
        if (this.latest.writing) await this.writeLatestChunk(this.opts.latestChunkRows);
      }
      const next = floorMin(now - this.opts.rollupGraceMs);
      if (next > this.watermark) await this.advanceWatermark(next);
    } catch (err) {
      // retried on the next tick; the data itself is already committed
      this.onError(err);
    }
  }

  private async writeBatch(all: SeriesPoint[]): Promise<void> {
    try {
      await this.writePoints(all, true);
    } catch (err) {
      // A point the writer took for new was already stored (data loaded around it): upsert instead.
      if ((err as { code?: string }).code !== '23505') throw err;
      await this.writePoints(all, false);
    }
  }

  private async writePoints(all: SeriesPoint[], trustOrder: boolean): Promise<void> {
    // The last value of a point wins within a batch (one statement can't update a row twice).
    const byPk = new Map<string, SeriesPoint>();
    for (const p of all) byPk.set(`${p.entityId}|${p.keyId}|${p.ts}`, p);
    const points = [...byPk.values()];
    const w = this.watermark;
    const late = points.filter((p) => p.ts < w);
    const fresh = new Map<string, SeriesPoint>();
    const newest = new Map<string, number>();
    // Points newer than everything stored for their series can't overwrite: a plain insert does, and
    // costs the database a third less than an upsert that reports overwrites.
    let ordered = trustOrder;
    for (const p of points) {
      const s = seriesKey(p.entityId, p.keyId);
      newest.set(s, Math.max(p.ts, newest.get(s) ?? -Infinity));
      const max = this.latest.known.get(s);
      if (max !== undefined) {
        if (p.ts <= max) ordered = false;
        continue;
      }
      const cur = fresh.get(s);
      if (!cur || p.ts >= cur.ts) fresh.set(s, p);
    }
    const [b, s, l, d, j] = columnArrays(points);
    const insert = (q: Queryable) =>
      q.query<{ entity_id: string; key: number; ts: number }>(ordered ? INSERT_NEW_POINTS : INSERT_POINTS, [
        textArray(points.map((p) => p.entityId)),
        numberArray(points.map((p) => p.keyId)),
        numberArray(points.map((p) => p.ts)),
        b,
        s,
        l,
        d,
        j,
      ]);
    let overwritten: { entity_id: string; key: number; ts: number }[];
    if (late.length === 0 && fresh.size === 0) {
      overwritten = await insert(this.db); // one statement: atomic without an explicit transaction
    } else {
      overwritten = await this.db.tx(async (q) => {
        const o = await insert(q);
        if (fresh.size)
          await this.upsertLatest(
            q,
            [...fresh.values()].map((p) => ({ entityId: p.entityId, entry: p })),
          );
        if (late.length) await this.recompute(q, late);
        return o;
      });
    }
    for (const [s, ts] of newest) this.latest.known.set(s, Math.max(ts, this.latest.known.get(s) ?? -Infinity));
    for (const o of overwritten) if (Number(o.ts) >= w) this.pending.markDirty(o.entity_id, o.key, Number(o.ts));
    for (const p of points) {
      if (p.ts >= w) this.pending.add(p);
      this.latest.offer(p.entityId, p);
    }
    this.stats.batches++;
    this.stats.rows += points.length;
    this.stats.maxBatch = Math.max(this.stats.maxBatch, points.length);
  }

  private recompute(q: Queryable, points: { entityId: string; keyId: number; ts: number }[]) {
    const minutes = new Map<string, { e: string; k: number; m: number }>();
    for (const p of points) {
      const m = floorMin(p.ts);
      minutes.set(`${p.entityId}|${p.keyId}|${m}`, { e: p.entityId, k: p.keyId, m });
    }
    const list = [...minutes.values()];
    return q.query(RECOMPUTE_MINUTES, [list.map((x) => x.e), list.map((x) => x.k), list.map((x) => x.m)]);
  }

  private async upsertLatest(q: Queryable, items: { entityId: string; entry: TsKvEntry }[]): Promise<void> {
    const [b, s, l, d, j] = columnArrays(items.map((i) => i.entry));
    await q.query(UPSERT_LATEST, [
      textArray(items.map((i) => i.entityId)),
      textArray(items.map((i) => i.entry.key)),
      numberArray(items.map((i) => i.entry.ts)),
      b,
      s,
      l,
      d,
      j,
    ]);
  }

  /** Writes every unsaved latest value now (callers inside `exclusive` or the loop only). */
  async flushLatest(): Promise<void> {
    for (let round = 0; round < 2; round++) {
      this.latest.startRound();
      while (this.latest.writing) await this.writeLatestChunk(Infinity);
    }
    this.lastLatestFlush = this.clock.now();
  }

  private async writeLatestChunk(limit: number): Promise<void> {
    const items = this.latest.take(limit);
    if (items.length) await this.writeLatest(items);
  }

  /**
   * Upserts latest values; when the database refuses a row, halves until it is alone and drops it
   * (reported): its point is in ts_kv, and retrying it every second would hold back every other
   * entity's latest values. Other failures put the values back for the next round.
   */
  private async writeLatest(items: { entityId: string; entry: TsKvEntry }[]): Promise<void> {
    try {
      await this.upsertLatest(this.db, items);
    } catch (err) {
      if (!rowsAtFault(err)) {
        this.latest.restore(items);
        throw err;
      }
      if (items.length === 1) return this.onError(err);
      const half = Math.ceil(items.length / 2);
      await this.writeLatest(items.slice(0, half));
      await this.writeLatest(items.slice(half));
    }
  }

  /** Stores the minutes that closed before `next` and moves the watermark, in one transaction. */
  private async advanceWatermark(next: number): Promise<void> {
    const closing = this.pending.takeBefore(next);
    const clean = closing.filter((m) => !m.dirty);
    const dirty = closing.filter((m) => m.dirty);
    try {
      await this.db.tx(async (q) => {
        if (clean.length) await q.query(UPSERT_MINUTES, minuteArrays(clean));
        if (dirty.length) {
          await this.recompute(
            q,
            dirty.map((m) => ({ entityId: m.entityId, keyId: m.keyId, ts: m.minute })),
          );
        }
        await q.query('UPDATE ts_rollup_state SET watermark = $1 WHERE id = 1', [next]);
      });
      this.watermark = next;
    } catch (err) {
      for (const m of closing) {
        if (m.dirty) this.pending.markDirty(m.entityId, m.keyId, m.minute);
        else this.pending.set(m.entityId, m.keyId, m.minute, m.agg);
      }
      throw err;
    }
  }
}

function minuteArrays(ms: PendingMinute[]): unknown[] {
  return [
    textArray(ms.map((m) => m.entityId)),
    numberArray(ms.map((m) => m.keyId)),
    numberArray(ms.map((m) => m.minute)),
    numberArray(ms.map((m) => m.agg.cl)),
    numberArray(ms.map((m) => m.agg.cd)),
    numberArray(ms.map((m) => m.agg.cb)),
    numberArray(ms.map((m) => m.agg.cs)),
    numberArray(ms.map((m) => m.agg.cj)),
    numberArray(ms.map((m) => (m.agg.cl ? m.agg.sl : null))),
    numberArray(ms.map((m) => (m.agg.cd ? m.agg.sd : null))),
    numberArray(ms.map((m) => m.agg.nl)),
    numberArray(ms.map((m) => m.agg.xl)),
    numberArray(ms.map((m) => m.agg.nd)),
    numberArray(ms.map((m) => m.agg.xd)),
  ];
}
