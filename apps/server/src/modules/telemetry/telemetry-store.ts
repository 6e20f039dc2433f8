import { dict, PayloadError, storableText, textProblem, type TelemetryRecord, type TsKvEntry } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from './bus.ts';
import { aggFromRow, type AggRow } from './ts-aggregate.ts';
import { MINUTE_MS } from './ts-bucket-plan.ts';
import { fromColumns, VALUE_COLUMNS, type ValueColumns } from './ts-columns.ts';
import { TsDictionary } from './ts-dictionary.ts';
import { seriesKey, type SeriesPoint } from './ts-pending.ts';
import { TsReader } from './ts-reader.ts';
import { importOldPoints } from './ts-history-import.ts';
import { RAW_AGG_COLUMNS, REBUILD_ROLLUPS, RECOMPUTE_MINUTES, UPSERT_LATEST } from './ts-sql.ts';
import { TsWriter, type WriterOptions } from './ts-writer.ts';
import type { Originator, TsDeleteQuery, TsQuery, TsQueryResult } from './telemetry-types.ts';
import { planTsQuery } from './ts-query-plan.ts';

const floorMin = (t: number) => Math.floor(t / MINUTE_MS) * MINUTE_MS;
const ceilMin = (t: number) => Math.ceil(t / MINUTE_MS) * MINUTE_MS;

type LatestRow = ValueColumns & { entity_id: string; key: string; ts: number };

/**
 * Time series of any entity, trusted (no caller: transports and services check permissions first).
 * Writes resolve only once committed; committed data is then published on the bus.
 */
export class TelemetryStore {
  private readonly dict: TsDictionary;
  private readonly reader: TsReader;
  readonly writer: TsWriter;
  private started: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly bus: Bus,
    writerOptions: Partial<WriterOptions> = {},
  ) {
    this.dict = new TsDictionary(db);
    this.reader = new TsReader(db);
    this.writer = new TsWriter(db, clock, writerOptions);
  }

  /** Repairs derived state left by a crash; every other call waits for it. */
  start(): Promise<void> {
    this.started ??= this.writer.start();
    return this.started;
  }

  /** Saves records (each with its ts); resolves after commit, then publishes them. */
  async saveTimeseries(target: Originator, records: readonly TelemetryRecord[]): Promise<void> {
    await this.start();
    const keys = new Set<string>();
    for (const r of records) for (const v of r.values) keys.add(v.key);
    // Parsers refuse such keys already; a key the dictionary would store altered has no id to match.
    for (const k of keys) {
      const problem = textProblem(k);
      if (problem) throw new PayloadError(`Invalid key '${storableText(k)}': ${problem}`);
    }
    const ids = await this.dict.idsOf(keys);
    const entityId = target.id.toLowerCase();
    const points: SeriesPoint[] = [];
    for (const r of records) {
      for (const v of r.values) {
        const keyId = ids.get(v.key);
        if (keyId === undefined) throw new Error(`Time-series key '${storableText(v.key)}' has no id`);
        points.push({ entityId, keyId, key: v.key, ts: r.ts, type: v.type, value: v.value });
      }
    }
    if (!points.length) return;
    await this.writer.write(points);
    this.bus.publish({
      kind: 'timeseries',
      tenantId: target.tenantId,
      entityType: target.entityType,
      entityId,
      entries: points.map((p) => ({ key: p.key, ts: p.ts, type: p.type, value: p.value })),
    });
  }

  /**
   * History in bulk (the demo back-fill, imports): points older than the rollup watermark go in with
   * a few large statements, their minutes' rollups rebuilt in the same transaction — ~100x faster than
   * late points one batch at a time. The newest point of each series and anything newer than the
   * watermark take the ordinary path, so latest values and live subscribers see the present. Returns
   * the number of points.
   */
  async importHistory(items: readonly { target: Originator; records: readonly TelemetryRecord[] }[]): Promise<number> {
    await this.start();
    const keys = new Set<string>();
    for (const it of items) for (const r of it.records) for (const v of r.values) keys.add(v.key);
    for (const k of keys) {
      const problem = textProblem(k);
      if (problem) throw new PayloadError(`Invalid key '${storableText(k)}': ${problem}`);
    }
    const ids = await this.dict.idsOf(keys);
    const old: SeriesPoint[] = [];
    const present: { target: Originator; records: TelemetryRecord[] }[] = [];
    let count = 0;
    await this.writer.exclusive(async (db) => {
      const w = this.writer.watermark;
      for (const it of items) {
        const entityId = it.target.id.toLowerCase();
        const newest = new Map<string, number>();
        for (const r of it.records)
          for (const v of r.values) newest.set(v.key, Math.max(r.ts, newest.get(v.key) ?? -Infinity));
        const now: TelemetryRecord[] = [];
        for (const r of it.records) {
          const keep = r.values.filter((v) => r.ts >= w || r.ts === newest.get(v.key));
          if (keep.length) now.push({ ts: r.ts, values: keep });
          for (const v of r.values) {
            count++;
            if (r.ts >= w || r.ts === newest.get(v.key)) continue;
            old.push({ entityId, keyId: ids.get(v.key)!, key: v.key, ts: r.ts, type: v.type, value: v.value });
          }
        }
        if (now.length) present.push({ target: it.target, records: now });
      }
      await importOldPoints(db, old, w);
    });
    for (const p of present) await this.saveTimeseries(p.target, p.records);
    return count;
  }

  /** Latest value of each key (all keys when `keys` is absent), sorted by key. */
  async latest(entityId: string, keys?: readonly string[]): Promise<TsKvEntry[]> {
    return (await this.latestMany([entityId], keys)).get(entityId.toLowerCase()) ?? [];
  }

  /** Latest values of many entities at once (entity data queries, WebSocket). */
  async latestMany(entityIds: readonly string[], keys?: readonly string[]): Promise<Map<string, TsKvEntry[]>> {
    await this.start();
    const ids = [...new Set(entityIds.map((e) => e.toLowerCase()))];
    const out = new Map<string, Map<string, TsKvEntry>>(ids.map((id) => [id, new Map()]));
    if (!ids.length || (keys && keys.length === 0)) return new Map(ids.map((id) => [id, []]));
    const params: unknown[] = [ids];
    let sql = `SELECT entity_id::text AS entity_id, key, ts, ${VALUE_COLUMNS} FROM ts_kv_latest WHERE entity_id = ANY($1::uuid[])`;
    if (keys) {
      params.push(keys);
      sql += ' AND key = ANY($2::text[])';
    }
    for (const r of await this.db.query<LatestRow>(sql, params)) {
      out.get(r.entity_id)?.set(r.key, { key: r.key, ts: Number(r.ts), ...fromColumns(r) });
    }
    const wanted = keys ? new Set(keys) : undefined;
    for (const id of ids) {
      const m = out.get(id)!;
      for (const e of this.writer.latest.unsaved(id)?.values() ?? []) {
        if (wanted && !wanted.has(e.key)) continue;
        const cur = m.get(e.key);
        if (!cur || e.ts >= cur.ts) m.set(e.key, e);
      }
    }
    return new Map(
      [...out].map(([id, m]) => [id, [...m.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))]),
    );
  }

  /** Keys that have a latest value, sorted. */
  async keys(entityId: string): Promise<string[]> {
    return (await this.latest(entityId)).map((e) => e.key);
  }

  /**
   * Raw points or aggregated buckets per key (reference §4); keys without data are absent. Callers
   * plan their query first (to refuse it before any other work); it is planned again here, so a path
   * that forgets cannot read beyond the limits either.
   */
  async history(entityId: string, query: TsQuery): Promise<TsQueryResult> {
    const q = planTsQuery(query);
    await this.start();
    const id = entityId.toLowerCase();
    const ids = await this.dict.existingIds([...new Set(q.keys)]);
    const result: TsQueryResult = dict();
    const raw = q.agg === 'NONE' || q.interval <= 0;
    for (const [key, keyId] of ids) {
      const entries = raw
        ? await this.reader.raw(id, key, keyId, q.startTs, q.endTs, q.limit, q.orderBy)
        : await this.reader.aggregate(
            id,
            key,
            keyId,
            { startTs: q.startTs, endTs: q.endTs, interval: q.interval, agg: q.agg as Exclude<typeof q.agg, 'NONE'> },
            this.writer.watermark,
          );
      if (entries.length) result[key] = entries;
    }
    return result;
  }

  /** Deletes points of keys (all, or a time range), keeping latest values and rollups exact. */
  async deleteTimeseries(target: Originator, q: TsDeleteQuery): Promise<void> {
    await this.start();
    const entityId = target.id.toLowerCase();
    const ids = await this.dict.existingIds([...new Set(q.keys)]);
    if (!ids.size) return;
    await this.writer.exclusive(async (db) => {
      // Unsaved latest values go first, so the checks below see the true latest rows.
      await this.writer.flushLatest();
      for (const [key, keyId] of ids) {
        await db.tx((tx) => this.deleteSeries(tx, entityId, key, keyId, q));
      }
    });
    this.bus.publish({
      kind: 'timeseries-deleted',
      tenantId: target.tenantId,
      entityType: target.entityType,
      entityId,
      keys: [...ids.keys()],
    });
  }

  private async deleteSeries(tx: Queryable, entityId: string, key: string, keyId: number, q: TsDeleteQuery) {
    const w = this.writer;
    if (q.deleteAllDataForKeys) {
      await tx.query('DELETE FROM ts_kv WHERE entity_id = $1 AND key = $2', [entityId, keyId]);
      await tx.query('DELETE FROM ts_kv_1m WHERE entity_id = $1 AND key = $2', [entityId, keyId]);
      await tx.query('DELETE FROM ts_kv_latest WHERE entity_id = $1 AND key = $2', [entityId, key]);
      w.pending.dropSeries(entityId, keyId);
      w.latest.forget(entityId, key);
      w.latest.known.delete(seriesKey(entityId, keyId));
      return;
    }
    const start = q.startTs ?? 0;
    const end = q.endTs ?? 0;
    await tx.query('DELETE FROM ts_kv WHERE entity_id = $1 AND key = $2 AND ts >= $3 AND ts < $4', [
      entityId,
      keyId,
      start,
      end,
    ]);
    // Rollups: minutes inside the range go; minutes cut by its edges are recomputed from what is left.
    await tx.query('DELETE FROM ts_kv_1m WHERE entity_id = $1 AND key = $2 AND ts >= $3 AND ts < $4', [
      entityId,
      keyId,
      floorMin(start),
      ceilMin(end),
    ]);
    const edges = [...new Set([floorMin(start), floorMin(end)])].filter((m) => m < w.watermark);
    if (edges.length) await tx.query(RECOMPUTE_MINUTES, [edges.map(() => entityId), edges.map(() => keyId), edges]);
    w.pending.dropSeries(entityId, keyId, start, end);
    const open = await tx.query<AggRow & { m: number }>(
      `SELECT (t.ts / 60000) * 60000 AS m, ${RAW_AGG_COLUMNS} FROM ts_kv t
       WHERE t.entity_id = $1 AND t.key = $2 AND t.ts >= $3 AND t.ts < $4 GROUP BY 1`,
      [entityId, keyId, Math.max(w.watermark, floorMin(start)), ceilMin(end)],
    );
    for (const r of open) w.pending.set(entityId, keyId, Number(r.m), aggFromRow(r));
    // Latest: a deleted latest point is replaced by the newest remaining one, or removed.
    const [row] = await tx.query<{ ts: number }>('SELECT ts FROM ts_kv_latest WHERE entity_id = $1 AND key = $2', [
      entityId,
      key,
    ]);
    // Unsaved latest values were written before this runs, so the row is the latest.
    const latestTs = Number(row?.ts ?? -1);
    if (latestTs < start || latestTs >= end) return;
    w.latest.forget(entityId, key);
    const [newest] = q.rewriteLatestIfDeleted
      ? await tx.query<ValueColumns & { ts: number }>(
          `SELECT ts, ${VALUE_COLUMNS} FROM ts_kv WHERE entity_id = $1 AND key = $2 ORDER BY ts DESC LIMIT 1`,
          [entityId, keyId],
        )
      : [];
    await tx.query('DELETE FROM ts_kv_latest WHERE entity_id = $1 AND key = $2', [entityId, key]);
    if (newest) {
      const e = { key, ts: Number(newest.ts), ...fromColumns(newest) };
      await tx.query(UPSERT_LATEST, [
        [entityId],
        [key],
        [e.ts],
        [newest.bool_v],
        [newest.str_v],
        [newest.long_v],
        [newest.dbl_v],
        [newest.json_v === null ? null : JSON.stringify(newest.json_v)],
      ]);
    } else {
      w.latest.known.delete(seriesKey(entityId, keyId));
    }
  }

  /** Recomputes every closed minute from raw rows (after loading data around the writer, e.g. benchmarks). */
  async rebuildRollups(): Promise<void> {
    await this.start();
    await this.writer.exclusive(async (db) => {
      await db.query('DELETE FROM ts_kv_1m');
      await db.query(REBUILD_ROLLUPS, [this.writer.watermark]);
    });
  }

  /** Writes queued points and unsaved latest values (shutdown, tests). */
  async flush(): Promise<void> {
    await this.start();
    await this.writer.flush();
  }

  async close(): Promise<void> {
    if (this.started) {
      await this.started.catch(() => {});
      await this.writer.close();
    }
  }
}
