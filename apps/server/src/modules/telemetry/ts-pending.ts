import type { TsKvEntry } from '@sapo/common';
import { addPoint, emptyAgg, type PartialAgg } from './ts-aggregate.ts';
import { MINUTE_MS } from './ts-bucket-plan.ts';

/** A stored point with its series ids. */
export interface SeriesPoint extends TsKvEntry {
  entityId: string;
  keyId: number;
}

export interface PendingMinute {
  entityId: string;
  keyId: number;
  minute: number;
  agg: PartialAgg;
  /** A point of this minute was overwritten: its aggregate must be recomputed from raw rows. */
  dirty: boolean;
}

export const seriesKey = (entityId: string, keyId: number) => `${entityId}|${keyId}`;

/**
 * Minute aggregates of points at or after the rollup watermark, kept in memory until their minute
 * closes; then the writer stores them and moves the watermark. Rebuilt from raw rows after a restart.
 */
export class PendingRollups {
  private readonly minutes = new Map<string, PendingMinute>();

  private entry(entityId: string, keyId: number, minute: number): PendingMinute {
    const id = `${entityId}|${keyId}|${minute}`;
    let m = this.minutes.get(id);
    if (!m) {
      m = { entityId, keyId, minute, agg: emptyAgg(), dirty: false };
      this.minutes.set(id, m);
    }
    return m;
  }

  add(p: SeriesPoint): void {
    const m = this.entry(p.entityId, p.keyId, Math.floor(p.ts / MINUTE_MS) * MINUTE_MS);
    if (!m.dirty) addPoint(m.agg, p);
  }

  markDirty(entityId: string, keyId: number, ts: number): void {
    this.entry(entityId, keyId, Math.floor(ts / MINUTE_MS) * MINUTE_MS).dirty = true;
  }

  set(entityId: string, keyId: number, minute: number, agg: PartialAgg): void {
    const m = this.entry(entityId, keyId, minute);
    m.agg = agg;
    m.dirty = false;
  }

  /** Minutes before `until`, removed from memory. */
  takeBefore(until: number): PendingMinute[] {
    const out: PendingMinute[] = [];
    for (const [id, m] of this.minutes) {
      if (m.minute < until) {
        out.push(m);
        this.minutes.delete(id);
      }
    }
    return out;
  }

  /** Forgets minutes of a series (all, or those overlapping [from, to)) — after deletes. */
  dropSeries(entityId: string, keyId: number, from = -Infinity, to = Infinity): void {
    for (const [id, m] of this.minutes) {
      if (m.entityId === entityId && m.keyId === keyId && m.minute + MINUTE_MS > from && m.minute < to) {
        this.minutes.delete(id);
      }
    }
  }

  get size(): number {
    return this.minutes.size;
  }
}

/**
 * Latest values not yet written to ts_kv_latest. A write round takes what has gathered since the
 * last round (`startRound`) and writes it in chunks between batches; points arriving meanwhile wait
 * for the next round. Reads see both. Also the series ts_kv_latest already has a row for.
 */
export class LatestCache {
  /** entityId → key → newest unsaved point, gathering for the next round. */
  private dirty = new Map<string, Map<string, TsKvEntry>>();
  /** The round being written. */
  private outgoing = new Map<string, Map<string, TsKvEntry>>();
  /** Series with a ts_kv_latest row → the newest ts committed for it (no point at or before it is "new"). */
  readonly known = new Map<string, number>();

  offer(entityId: string, e: TsKvEntry): void {
    let m = this.dirty.get(entityId);
    if (!m) {
      m = new Map();
      this.dirty.set(entityId, m);
    }
    const cur = m.get(e.key);
    if (!cur || e.ts >= cur.ts) m.set(e.key, { key: e.key, ts: e.ts, type: e.type, value: e.value });
  }

  /** Unsaved latest points of an entity (the newest of both generations per key). */
  unsaved(entityId: string): Map<string, TsKvEntry> | undefined {
    const a = this.outgoing.get(entityId);
    const b = this.dirty.get(entityId);
    if (!a || !b) return a ?? b;
    const out = new Map(a);
    for (const [k, e] of b) if (!out.has(k) || e.ts >= out.get(k)!.ts) out.set(k, e);
    return out;
  }

  /** True while a round still has points to write. */
  get writing(): boolean {
    return this.outgoing.size > 0;
  }

  /** Starts a round with everything gathered so far (when the previous one is done). */
  startRound(): void {
    if (this.outgoing.size) return;
    this.outgoing = this.dirty;
    this.dirty = new Map();
  }

  /** Up to `limit` points of the round (whole entities), removed from it. */
  take(limit = Infinity): { entityId: string; entry: TsKvEntry }[] {
    const out: { entityId: string; entry: TsKvEntry }[] = [];
    for (const [entityId, m] of this.outgoing) {
      if (out.length && out.length + m.size > limit) break;
      for (const entry of m.values()) out.push({ entityId, entry });
      this.outgoing.delete(entityId);
    }
    return out;
  }

  /** Puts points back after a failed write. */
  restore(items: { entityId: string; entry: TsKvEntry }[]): void {
    for (const i of items) this.offer(i.entityId, i.entry);
  }

  forget(entityId: string, key: string): void {
    this.dirty.get(entityId)?.delete(key);
    this.outgoing.get(entityId)?.delete(key);
  }

  get size(): number {
    let n = 0;
    for (const m of this.dirty.values()) n += m.size;
    for (const m of this.outgoing.values()) n += m.size;
    return n;
  }
}
