import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { SeriesPoint } from './ts-pending.ts';

let t: TestApp;
let keyId: number;
const T0 = 1_700_000_000_000;
const entity = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  const store = t.app.services.telemetry;
  await store.saveTimeseries({ tenantId: entity(0), entityType: 'DEVICE', id: entity(0) }, [
    { ts: T0, values: [{ key: 'v', type: 'LONG', value: 0 }] },
  ]);
  const [row] = await t.db.query<{ key_id: number }>("SELECT key_id FROM ts_kv_dictionary WHERE key = 'v'");
  keyId = row!.key_id;
});
afterAll(() => t.close());

const point = (n: number, value: unknown, type: SeriesPoint['type'] = 'LONG'): SeriesPoint => ({
  entityId: entity(n),
  keyId,
  key: 'v',
  ts: T0 + n,
  type,
  value,
});
/** A row the parsers would refuse, as if one slipped through: PostgreSQL's jsonb rejects it. */
const badPoint = (n: number) => point(n, { note: '\ud800' }, 'JSON');

const settle = (p: Promise<void>) =>
  p.then(
    () => 'stored',
    (err: unknown) => `failed: ${(err as Error).message}`,
  );

describe('time-series writer: one bad row among many callers', () => {
  it("fails only the caller whose row the database refuses; the batch's other callers are stored", async () => {
    const writer = t.app.services.telemetry.writer;
    const batches = writer.stats.batches;
    // Queued in one tick: the writer takes them as one batch.
    const outcomes = await Promise.all(
      [point(1, 1), point(2, 2), badPoint(3), point(4, 4), point(5, 5), badPoint(6), point(7, 7)].map((p) =>
        settle(writer.write([p])),
      ),
    );
    expect(outcomes.map((o) => o.split(':')[0])).toEqual([
      'stored',
      'stored',
      'failed',
      'stored',
      'stored',
      'failed',
      'stored',
    ]);
    expect(outcomes[2]).toMatch(/json/i);
    const rows = await t.db.query<{ entity_id: string; long_v: number }>(
      'SELECT entity_id::text AS entity_id, long_v FROM ts_kv WHERE key = $1 AND ts > $2 ORDER BY ts',
      [keyId, T0],
    );
    expect(rows.map((r) => Number(r.long_v))).toEqual([1, 2, 4, 5, 7]);
    // The good rows went in a few statements, not one each.
    expect(writer.stats.batches - batches).toBeLessThan(7);
    // The writer goes on as before.
    await writer.write([point(8, 8)]);
    const latest = await t.app.services.telemetry.latest(entity(8), ['v']);
    expect(latest.map((e) => e.value)).toEqual([8]);
  });

  it('drops a latest value the database refuses, alone, and saves the others', async () => {
    const writer = t.app.services.telemetry.writer;
    const errors: unknown[] = [];
    const onError = writer.onError;
    writer.onError = (err) => errors.push(err);
    try {
      writer.latest.offer(entity(20), { key: 'w', ts: T0, type: 'LONG', value: 20 });
      writer.latest.offer(entity(21), { key: 'w', ts: T0, type: 'JSON', value: { note: '\udc00' } });
      writer.latest.offer(entity(22), { key: 'w', ts: T0, type: 'LONG', value: 22 });
      await t.app.services.telemetry.flush();
      const rows = await t.db.query<{ entity_id: string; long_v: number }>(
        "SELECT entity_id::text AS entity_id, long_v FROM ts_kv_latest WHERE key = 'w' ORDER BY entity_id",
      );
      expect(rows.map((r) => [r.entity_id, Number(r.long_v)])).toEqual([
        [entity(20), 20],
        [entity(22), 22],
      ]);
      expect(errors).toHaveLength(1);
      expect(writer.latest.size).toBe(0);
    } finally {
      writer.onError = onError;
    }
  });
});
