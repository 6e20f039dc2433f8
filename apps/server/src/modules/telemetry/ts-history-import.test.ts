import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertDevice } from '../entities/entity-fixtures.ts';

let t: TestApp;
let tenantId: string;
let deviceId: string;
const H = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.query<{ tenant_id: string }>(
    `SELECT tenant_id FROM tb_user WHERE email = 'tenant@sapo.local'`,
  );
  tenantId = rows[0]!.tenant_id;
  deviceId = await insertDevice(t, tenantId, 'history');
});
afterAll(() => t.close());

describe('TelemetryStore.importHistory', () => {
  it('stores old points with exact rollups, and the newest point as the latest value', async () => {
    const store = t.app.services.telemetry;
    const start = Math.floor((Date.now() - 2 * 86_400_000) / H) * H;
    // Two days of minute readings 0, 1, 2, … and one reading a minute ago.
    const records = Array.from({ length: 48 * 60 }, (_, i) => ({
      ts: start + i * 60_000,
      values: [{ key: 'v', type: 'DOUBLE' as const, value: i }],
    }));
    records.push({ ts: Date.now() - 60_000, values: [{ key: 'v', type: 'DOUBLE' as const, value: -1 }] });
    const n = await store.importHistory([{ target: { tenantId, entityType: 'DEVICE', id: deviceId }, records }]);
    expect(n).toBe(48 * 60 + 1);
    const raw = await t.db.query<{ count: string }>('SELECT count(*) FROM ts_kv WHERE entity_id = $1', [deviceId]);
    expect(Number(raw[0]!.count)).toBe(48 * 60 + 1);
    // Hourly averages come from the rollup minutes: hour k averages 60k … 60k+59.
    const hours = await store.history(deviceId, {
      keys: ['v'],
      startTs: start,
      endTs: start + 48 * H,
      interval: H,
      limit: 100,
      agg: 'AVG',
      orderBy: 'ASC',
    });
    expect(hours.v?.map((e) => e.value)).toEqual(Array.from({ length: 48 }, (_, k) => 60 * k + 29.5));
    const rollups = await t.db.query<{ minutes: string }>(
      'SELECT count(*) AS minutes FROM ts_kv_1m WHERE entity_id = $1 AND ts < $2',
      [deviceId, start + 48 * H],
    );
    expect(Number(rollups[0]!.minutes)).toBe(48 * 60);
    expect((await store.latest(deviceId, ['v']))[0]).toMatchObject({ value: -1 });
  });
});
