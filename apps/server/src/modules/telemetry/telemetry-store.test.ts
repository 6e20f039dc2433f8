import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Aggregation, TelemetryRecord, TsKvEntry } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addPoint, emptyAgg, finalizeAgg } from './ts-aggregate.ts';
import { planBuckets } from './ts-bucket-plan.ts';
import { TelemetryStore } from './telemetry-store.ts';
import { InProcessBus } from './bus.ts';
import type { TelemetryEvent } from './telemetry-types.ts';

const M = 60_000;
let t: TestApp;
let store: TelemetryStore;
const tenantId = randomUUID();
const target = () => ({ tenantId, entityType: 'DEVICE', id: randomUUID() });

beforeAll(async () => {
  t = await createTestApp();
  store = t.app.services.telemetry;
});
afterAll(() => t.close());

const rec = (ts: number, values: Record<string, unknown>): TelemetryRecord => ({
  ts,
  values: Object.entries(values).map(([key, value]) => ({
    key,
    value,
    type:
      typeof value === 'boolean'
        ? 'BOOLEAN'
        : typeof value === 'string'
          ? 'STRING'
          : Number.isInteger(value)
            ? 'LONG'
            : 'DOUBLE',
  })),
});

/** The expected buckets, computed naively from the points. */
function expected(points: { ts: number; v: number }[], start: number, end: number, interval: number, agg: Aggregation) {
  const out: { ts: number; value: number }[] = [];
  for (const b of planBuckets(start, end, interval)) {
    const a = emptyAgg();
    for (const p of points)
      if (p.ts >= b.start && p.ts < b.end) addPoint(a, { type: Number.isInteger(p.v) ? 'LONG' : 'DOUBLE', value: p.v });
    const v = finalizeAgg(a, agg as Exclude<Aggregation, 'NONE'>);
    if (v) out.push({ ts: b.ts, value: v.value });
  }
  return out;
}
const values = (es: TsKvEntry[] | undefined) => (es ?? []).map((e) => ({ ts: e.ts, value: e.value }));

describe('TelemetryStore', () => {
  it('keeps the newest point of each key as latest, typed, and publishes what it stored', async () => {
    const dev = target();
    const events: TelemetryEvent[] = [];
    const off = store.bus.subscribe((e) => events.push(e));
    await store.saveTimeseries(dev, [rec(2000, { temp: 21.5, on: true, name: 'a' }), rec(1000, { temp: 20 })]);
    await store.saveTimeseries(dev, [rec(1500, { temp: 19 })]); // older than latest: history only
    off();
    expect(await store.latest(dev.id)).toEqual([
      { key: 'name', ts: 2000, type: 'STRING', value: 'a' },
      { key: 'on', ts: 2000, type: 'BOOLEAN', value: true },
      { key: 'temp', ts: 2000, type: 'DOUBLE', value: 21.5 },
    ]);
    await store.flush();
    expect(await store.latest(dev.id, ['temp'])).toEqual([{ key: 'temp', ts: 2000, type: 'DOUBLE', value: 21.5 }]);
    expect(await store.keys(dev.id)).toEqual(['name', 'on', 'temp']);
    expect(events.filter((e) => e.kind === 'timeseries' && e.entityId === dev.id)).toHaveLength(2);
  });

  it('reads raw points in either order with a limit; a point written twice keeps the last value', async () => {
    const dev = target();
    await store.saveTimeseries(
      dev,
      [1, 2, 3, 4, 5].map((i) => rec(i * 1000, { v: i })),
    );
    await store.saveTimeseries(dev, [rec(3000, { v: 33 })]);
    const q = { keys: ['v', 'nope'], startTs: 2000, endTs: 5000, interval: 0, limit: 2, agg: 'NONE' as const };
    expect(values((await store.history(dev.id, { ...q, orderBy: 'DESC' })).v)).toEqual([
      { ts: 4000, value: 4 },
      { ts: 3000, value: 33 },
    ]);
    const asc = await store.history(dev.id, { ...q, orderBy: 'ASC', limit: 100 });
    expect(values(asc.v)).toEqual([
      { ts: 2000, value: 2 },
      { ts: 3000, value: 33 },
      { ts: 4000, value: 4 },
    ]);
    expect(Object.keys(asc)).toEqual(['v']);
  });

  it("overwrites a point stored behind the writer's back instead of failing the batch", async () => {
    const dev = target();
    await store.saveTimeseries(dev, [rec(1000, { v: 1 })]);
    const [{ key_id } = { key_id: 0 }] = await t.db.query<{ key_id: number }>(
      "SELECT key_id FROM ts_kv_dictionary WHERE key = 'v'",
    );
    // A newer point written around the store: the writer still believes 1000 is the newest.
    await t.db.query('INSERT INTO ts_kv (entity_id, key, ts, long_v) VALUES ($1, $2, 5000, 5)', [dev.id, key_id]);
    await store.saveTimeseries(dev, [rec(5000, { v: 50 }), rec(6000, { v: 60 })]);
    const h = await store.history(dev.id, {
      keys: ['v'],
      startTs: 0,
      endTs: 10_000,
      interval: 0,
      limit: 10,
      agg: 'NONE',
      orderBy: 'ASC',
    });
    expect(values(h.v)).toEqual([
      { ts: 1000, value: 1 },
      { ts: 5000, value: 50 },
      { ts: 6000, value: 60 },
    ]);
  });

  it('aggregates short steps from raw rows with ThingsBoard typing', async () => {
    const dev = target();
    // bucket [0,2000): longs 1, 3; bucket [2000,4000): long 4, double 2.5; bucket [4000,5000): string only
    await store.saveTimeseries(dev, [
      rec(0, { v: 1 }),
      rec(1000, { v: 3 }),
      rec(2000, { v: 4 }),
      rec(3000, { v: 2.5 }),
      rec(4000, { v: 'x' }),
    ]);
    const q = (agg: Aggregation) =>
      store.history(dev.id, { keys: ['v'], startTs: 0, endTs: 5000, interval: 2000, limit: 100, agg, orderBy: 'ASC' });
    expect((await q('AVG')).v).toEqual([
      { key: 'v', ts: 1000, type: 'DOUBLE', value: 2 },
      { key: 'v', ts: 3000, type: 'DOUBLE', value: 3.25 },
    ]);
    expect((await q('SUM')).v?.map((e) => [e.type, e.value])).toEqual([
      ['LONG', 4],
      ['DOUBLE', 6.5],
    ]);
    expect((await q('MIN')).v?.map((e) => [e.type, e.value])).toEqual([
      ['LONG', 1],
      ['DOUBLE', 2.5],
    ]);
    expect((await q('MAX')).v?.map((e) => [e.type, e.value])).toEqual([
      ['LONG', 3],
      ['DOUBLE', 4],
    ]);
    // COUNT counts the string bucket too; its point sits in the middle of the cut last bucket.
    expect((await q('COUNT')).v?.map((e) => [e.ts, e.value])).toEqual([
      [1000, 2],
      [3000, 2],
      [4500, 1],
    ]);
  });

  it('long steps read minute rollups (late, on-time and overwritten points) and match raw aggregation', async () => {
    const dev = target();
    const now = t.clock.now();
    const base = Math.floor(now / M) * M - 30 * M;
    // 40 minutes of data every 10 s: the first 30 arrive late (before the watermark), the rest on time.
    const points: { ts: number; v: number }[] = [];
    for (let ts = base + 7_000; ts < base + 40 * M; ts += 10_000)
      points.push({ ts, v: ((ts / 10_000) % 17) + (ts % 20_000 ? 0.5 : 0) });
    const chunks = [points.filter((p) => p.ts < now - 6000), points.filter((p) => p.ts >= now - 6000)];
    for (const c of chunks)
      await store.saveTimeseries(
        dev,
        c.map((p) => rec(p.ts, { v: p.v })),
      );
    // Overwrite one late and one on-time point.
    const over = [points[5]!, points[points.length - 3]!];
    for (const p of over) p.v = 1000;
    await store.saveTimeseries(
      dev,
      over.map((p) => rec(p.ts, { v: p.v })),
    );
    // Close every minute: the on-time minutes move into the rollup table.
    t.clock.advance(15 * M);
    await store.flush();
    expect(store.writer.watermark).toBeGreaterThan(base + 40 * M);
    const rolled = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ts_kv_1m WHERE entity_id = $1', [
      dev.id,
    ]);
    expect(rolled[0]!.n).toBe(40);
    // An odd start (rollup minutes plus raw edges per bucket) and a whole-minute one (one scan each).
    const end = base + 39 * M + 1234;
    for (const [start, agg] of [base + 13_333, base + 5 * M].flatMap((s) =>
      (['AVG', 'MIN', 'MAX', 'SUM', 'COUNT'] as const).map((a) => [s, a] as const),
    )) {
      const got = await store.history(dev.id, {
        keys: ['v'],
        startTs: start,
        endTs: end,
        interval: 5 * M,
        limit: 100,
        agg,
        orderBy: 'ASC',
      });
      const want = expected(points, start, end, 5 * M, agg);
      expect(values(got.v).map((p) => ({ ts: p.ts, value: Math.round((p.value as number) * 1e9) / 1e9 }))).toEqual(
        want.map((p) => ({ ts: p.ts, value: Math.round(p.value * 1e9) / 1e9 })),
      );
    }
  });

  it('deletes a range exactly: rollups recomputed, latest rewritten or removed', async () => {
    const dev = target();
    const base = Math.floor(t.clock.now() / M) * M - 20 * M;
    const pts = Array.from({ length: 80 }, (_, i) => ({ ts: base + i * 15_000, v: i }));
    await store.saveTimeseries(
      dev,
      pts.map((p) => rec(p.ts, { v: p.v })),
    );
    await store.deleteTimeseries(dev, {
      keys: ['v'],
      deleteAllDataForKeys: false,
      startTs: base + 100_000,
      endTs: base + 15 * M,
      rewriteLatestIfDeleted: true,
    });
    const left = pts.filter((p) => p.ts < base + 100_000 || p.ts >= base + 15 * M);
    const got = await store.history(dev.id, {
      keys: ['v'],
      startTs: base,
      endTs: base + 20 * M,
      interval: 4 * M,
      limit: 100,
      agg: 'SUM',
      orderBy: 'ASC',
    });
    expect(values(got.v)).toEqual(expected(left, base, base + 20 * M, 4 * M, 'SUM'));
    expect((await store.latest(dev.id))[0]?.ts).toBe(pts[79]!.ts);
    // Deleting the range holding the latest point rewrites it to the newest remaining one.
    await store.deleteTimeseries(dev, {
      keys: ['v'],
      deleteAllDataForKeys: false,
      startTs: base + 15 * M,
      endTs: base + 20 * M,
      rewriteLatestIfDeleted: true,
    });
    expect((await store.latest(dev.id))[0]).toMatchObject({ ts: base + 90_000, value: 6 });
    await store.deleteTimeseries(dev, {
      keys: ['v'],
      deleteAllDataForKeys: false,
      startTs: base,
      endTs: base + 20 * M,
      rewriteLatestIfDeleted: false,
    });
    expect(await store.latest(dev.id)).toEqual([]);
    await store.saveTimeseries(dev, [rec(base, { v: 1, w: 2 })]);
    await store.deleteTimeseries(dev, { keys: ['v', 'w'], deleteAllDataForKeys: true, rewriteLatestIfDeleted: false });
    expect(
      await store.history(dev.id, {
        keys: ['v', 'w'],
        startTs: 0,
        endTs: base + M,
        interval: 0,
        limit: 10,
        agg: 'NONE',
        orderBy: 'ASC',
      }),
    ).toEqual({});
  });

  it('after a crash the latest values and open minutes are rebuilt from the stored points', async () => {
    const dev = target();
    // A second writer that never saves latest values on its own stands for a process that died.
    const crashed = new TelemetryStore(t.db, t.clock, new InProcessBus(), { latestFlushMs: 1e12 });
    const now = t.clock.now();
    await crashed.saveTimeseries(dev, [rec(now - 1000, { v: 1 })]);
    await crashed.saveTimeseries(dev, [rec(now, { v: 2 })]); // a known series: its latest stays in memory
    const restarted = new TelemetryStore(t.db, t.clock, new InProcessBus());
    await restarted.start();
    expect(await restarted.latest(dev.id)).toEqual([{ key: 'v', ts: now, type: 'LONG', value: 2 }]);
    expect(restarted.writer.pending.size).toBeGreaterThan(0);
    await restarted.close();
  });
});
