import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildingDevice } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, expectForbidden, expectNotFound } from '../users/users-fixtures.ts';
import { createAsset, type EntityWorld, ok, setupEntityWorld, type Who } from '../entities/entity-fixtures.ts';

const H = 3_600_000;
let t: TestApp;
let w: EntityWorld;
const ids: Record<string, string> = {};
/** Day one of the readings: 24 Oct 2026 00:00 in Berlin; the next day has 25 hours (DST ends). */
const DAY1 = Date.UTC(2026, 9, 23, 22);

const call = (url: string, who: Who) => t.request('GET', url, { token: w.tokens[who] });
const tenantIdOf = async (email: string) =>
  (await t.db.query<{ tenant_id: string }>('SELECT tenant_id FROM tb_user WHERE email = $1', [email]))[0]!.tenant_id;

async function asset(token: string, key: string, type: string, customerId?: string) {
  const a = await createAsset(t, token, { name: `${key}-${type}`, type });
  ids[key] = a.id.id;
  if (customerId) await ok(t.request('POST', `/api/customer/${customerId}/asset/${a.id.id}`, { token }));
}
async function device(token: string, key: string, type: string, customerId?: string) {
  const d = await ok(t.request('POST', '/api/device', { token, body: { name: key, type } }));
  ids[key] = d.id.id;
  if (customerId) await ok(t.request('POST', `/api/customer/${customerId}/device/${d.id.id}`, { token }));
}
async function contains(token: string, from: string, to: string, toType = 'DEVICE') {
  await ok(
    t.request('POST', '/api/relation', {
      token,
      body: { from: { entityType: 'ASSET', id: ids[from] }, to: { entityType: toType, id: ids[to] }, type: 'Contains' },
    }),
  );
}
async function serverAttributes(entityType: string, id: string, values: Record<string, unknown>) {
  await ok(
    t.request('POST', `/api/plugins/telemetry/${entityType}/${id}/attributes/SERVER_SCOPE`, {
      token: w.tokens.tenant,
      body: values,
    }),
  );
}
async function readings(key: string, points: [number, number][], tsKey = 'energy') {
  const tenantId = await tenantIdOf('tenant@sapo.local');
  await t.app.services.telemetry.saveTimeseries(
    { tenantId, entityType: 'DEVICE', id: ids[key]! },
    points.map(([ts, value]) => ({ ts, values: [{ key: tsKey, type: 'DOUBLE' as const, value }] })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
  const tk = w.tokens.tenant;
  await asset(tk, 'campus', 'site');
  await asset(tk, 'tower', 'building');
  await asset(tk, 'tower1f', 'floor');
  await asset(tk, 'lobby', 'zone');
  await asset(tk, 'annex', 'Building', w.customers.A);
  await contains(tk, 'campus', 'tower', 'ASSET');
  await contains(tk, 'campus', 'annex', 'ASSET');
  await contains(tk, 'tower', 'tower1f', 'ASSET');
  await contains(tk, 'tower1f', 'lobby', 'ASSET');
  await device(tk, 'tower-main', 'Energy Meter');
  await device(tk, 'tower-hvac', 'Energy Meter');
  await device(tk, 'lobby-counter', 'People Counter');
  await device(tk, 'lobby-thermostat', 'Thermostat');
  await device(tk, 'annex-main', 'Energy Meter', w.customers.A);
  await device(tk, 'annex-private', 'Water Meter');
  await contains(tk, 'tower', 'tower-main');
  await contains(tk, 'tower1f', 'tower-hvac');
  await contains(tk, 'lobby', 'lobby-counter');
  await contains(tk, 'lobby', 'lobby-thermostat');
  await contains(tk, 'annex', 'annex-main');
  await contains(tk, 'annex', 'annex-private');
  await serverAttributes('DEVICE', ids['tower-hvac']!, { loadType: 'hvac' });
  await serverAttributes('TENANT', await tenantIdOf('tenant@sapo.local'), {
    timezone: 'Europe/Berlin',
    energyTariff: 0.31,
    currency: 'EUR',
  });
  // The other tenant's own building and meter.
  const other = w.tokens.other;
  await asset(other, 'foreign', 'building');
  await device(other, 'foreign-main', 'Energy Meter');
  await contains(other, 'foreign', 'foreign-main');

  // Tower main: 10 kWh/h for three days, read every 15 minutes; reset to zero just after the 11:45
  // reading on day two (Berlin, still summer time), so the 12:00 reading shows the 2.5 kWh since.
  const main: [number, number][] = [];
  for (let ts = DAY1; ts <= DAY1 + 73 * H; ts += H / 4) {
    const v = 5000 + ((ts - DAY1) / H) * 10;
    main.push([ts, ts >= DAY1 + 37 * H ? ((ts - DAY1 - 36.75 * H) / H) * 10 : v]);
  }
  await readings('tower-main', main);
  // HVAC sub-meter: 4 kWh/h, with a 5-hour gap on day one.
  const hvac: [number, number][] = [];
  for (let ts = DAY1; ts <= DAY1 + 73 * H; ts += H / 4) {
    if (ts > DAY1 + 6 * H && ts < DAY1 + 11 * H) continue;
    hvac.push([ts, 100 + ((ts - DAY1) / H) * 4]);
  }
  await readings('tower-hvac', hvac);
  // The Annex water meter (not assigned to Customer A): 1 m³/h, a register wrapping at 10,000 m³.
  await serverAttributes('DEVICE', ids['annex-private']!, { meterRollover: 10000 });
  await readings(
    'annex-private',
    [
      [DAY1, 9990],
      [DAY1 + 6 * H, 9996],
      [DAY1 + 12 * H, 2],
      [DAY1 + 24 * H, 14],
    ],
    'water_total',
  );
  await readings('annex-main', [
    [DAY1, 10],
    [DAY1 + 24 * H, 34],
  ]);
}, 60_000);
afterAll(() => t.close());

interface ModelBody {
  timeZone: string;
  settings: { energyTariff: number | null; currency: string | null; co2Factor: number | null };
  roots: { id: string; name: string; level: string; children: { id: string; level: string }[] }[];
  devices: BuildingDevice[];
}

describe('GET /api/buildings', () => {
  it('gives the tenant administrator its hierarchy and classified devices', async () => {
    const body = (await ok(call('/api/buildings', 'tenant'))) as ModelBody;
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(body.settings).toEqual({ energyTariff: 0.31, currency: 'EUR', co2Factor: null });
    const campus = body.roots.find((r) => r.id === ids.campus)!;
    expect(campus.level).toBe('site');
    expect(campus.children.map((c) => c.id).sort()).toEqual([ids.annex, ids.tower].sort());
    const byName = new Map(body.devices.map((d) => [d.name, d]));
    // The thermostat is of no building kind; the other tenant's meter is not there.
    expect([...byName.keys()].sort()).toEqual([
      'annex-main',
      'annex-private',
      'lobby-counter',
      'tower-hvac',
      'tower-main',
    ]);
    expect(byName.get('tower-main')).toMatchObject({ kind: 'energyMeter', meterRole: 'main', parentId: ids.tower });
    expect(byName.get('tower-hvac')).toMatchObject({
      meterRole: 'sub',
      loadType: 'hvac',
      location: { floorId: ids.tower1f },
    });
    expect(byName.get('lobby-counter')?.location).toMatchObject({ buildingId: ids.tower, zoneId: ids.lobby });
  });

  it('a tenant user sees the same; the other tenant only its own building', async () => {
    const user = (await ok(call('/api/buildings', 'tenantUser'))) as ModelBody;
    expect(user.devices).toHaveLength(5);
    const other = (await ok(call('/api/buildings', 'other'))) as ModelBody;
    expect(other.roots.map((r) => r.id)).toEqual([ids.foreign]);
    expect(other.devices.map((d) => d.name)).toEqual(['foreign-main']);
    expect(other.timeZone).toBe('UTC');
    expect(other.settings).toEqual({ energyTariff: null, currency: null, co2Factor: null });
  });

  it('a customer user sees only the building and devices assigned to its customer', async () => {
    for (const who of ['customer', 'customerAdmin'] as Who[]) {
      const body = (await ok(call('/api/buildings', who))) as ModelBody;
      // The site is not assigned: the building is a root of its own.
      expect(body.roots.map((r) => r.id)).toEqual([ids.annex]);
      expect(body.devices.map((d) => d.name)).toEqual(['annex-main']);
    }
    const b = (await ok(call('/api/buildings', 'customerB'))) as ModelBody;
    expect(b).toMatchObject({ roots: [], devices: [] });
  });

  it('the system administrator has no buildings: 403; no token: 401', async () => {
    expectForbidden(await call('/api/buildings', 'sysadmin'));
    expectError(await t.request('GET', '/api/buildings'), 401, 10);
  });
});

const consumption = (params: Record<string, string | number>, who: Who = 'tenant') =>
  call(
    `/api/buildings/consumption?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`,
    who,
  );

interface ConsumptionBody {
  timeZone: string;
  unit: string;
  buckets: { start: number; end: number }[];
  total: (number | null)[];
  meters: {
    deviceId: string;
    name: string;
    meterRole: string;
    values: (number | null)[];
    estimated: boolean[];
    cycles: number[];
  }[];
}

describe('GET /api/buildings/consumption', () => {
  it('gives a building daily kWh in the tenant zone: the 25-hour day, a reset neither negative nor a spike', async () => {
    const body = (await ok(
      consumption({ nodeId: ids.tower!, bucket: 'DAY', startTs: DAY1, endTs: DAY1 + 73 * H }),
    )) as ConsumptionBody;
    expect(body).toMatchObject({ timeZone: 'Europe/Berlin', unit: 'kWh' });
    expect(body.buckets.map((b) => (b.end - b.start) / H)).toEqual([24, 25, 24]);
    const main = body.meters.find((m) => m.name === 'tower-main')!;
    expect(main.values).toEqual([240, 250, 240]);
    expect(main.cycles).toEqual([DAY1 + 37 * H]);
    const hvac = body.meters.find((m) => m.name === 'tower-hvac')!;
    expect(hvac).toMatchObject({ meterRole: 'sub', values: [96, 100, 96] });
    expect(hvac.estimated).toEqual([true, false, false]);
    // The building's total is its main meter's; the sub-meter is part of it, not added.
    expect(body.total).toEqual([240, 250, 240]);
  });

  it('gives one meter hourly, quarter-hourly and monthly, null before its first reading', async () => {
    const hours = (await ok(
      consumption({ deviceId: ids['tower-main']!, bucket: 'HOUR', startTs: DAY1 - 2 * H, endTs: DAY1 + 3 * H }),
    )) as ConsumptionBody;
    expect(hours.total).toEqual([null, null, 10, 10, 10]);
    const quarters = (await ok(
      consumption({
        deviceId: ids['tower-main']!,
        bucket: 'QUARTER_HOUR',
        startTs: DAY1 + 36 * H,
        endTs: DAY1 + 38 * H,
      }),
    )) as ConsumptionBody;
    expect(quarters.total).toEqual([2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5]);
    const months = (await ok(
      consumption({
        deviceId: ids['tower-main']!,
        bucket: 'MONTH',
        startTs: DAY1,
        endTs: DAY1 + 80 * H,
        timeZone: 'UTC',
      }),
    )) as ConsumptionBody;
    expect(months.timeZone).toBe('UTC');
    expect(months.buckets).toHaveLength(1);
    expect(months.total).toEqual([730]);
  });

  it('a meter within a node: found there, not found in another node', async () => {
    const one = (await ok(
      consumption({
        nodeId: ids.tower!,
        deviceId: ids['tower-hvac']!,
        bucket: 'DAY',
        startTs: DAY1,
        endTs: DAY1 + 24 * H,
      }),
    )) as ConsumptionBody;
    expect(one.meters.map((m) => m.name)).toEqual(['tower-hvac']);
    expectNotFound(
      await consumption({
        nodeId: ids.annex!,
        deviceId: ids['tower-hvac']!,
        bucket: 'DAY',
        startTs: DAY1,
        endTs: DAY1 + H,
      }),
    );
  });

  it('a floor without a main meter totals its sub-meters', async () => {
    const body = (await ok(
      consumption({ nodeId: ids.tower1f!, bucket: 'DAY', startTs: DAY1 + 24 * H, endTs: DAY1 + 49 * H }),
    )) as ConsumptionBody;
    expect(body.total).toEqual([100]);
  });

  it('customers read their own building; another building or meter is not found', async () => {
    const own = (await ok(
      consumption({ nodeId: ids.annex!, bucket: 'DAY', startTs: DAY1, endTs: DAY1 + 24 * H }, 'customer'),
    )) as ConsumptionBody;
    expect(own.meters.map((m) => m.name)).toEqual(['annex-main']);
    expect(own.total).toEqual([24]);
    expectNotFound(
      await consumption({ nodeId: ids.tower!, bucket: 'DAY', startTs: DAY1, endTs: DAY1 + H }, 'customer'),
    );
    expectNotFound(
      await consumption({ deviceId: ids['tower-main']!, bucket: 'DAY', startTs: DAY1, endTs: DAY1 + H }, 'customer'),
    );
    expectNotFound(
      await consumption({ nodeId: ids.annex!, bucket: 'DAY', startTs: DAY1, endTs: DAY1 + H }, 'customerB'),
    );
  });

  it("another tenant's building and meter are not found; the system administrator is refused", async () => {
    expectNotFound(await consumption({ nodeId: ids.foreign!, bucket: 'DAY', startTs: DAY1, endTs: DAY1 + H }));
    expectNotFound(
      await consumption({ deviceId: ids['foreign-main']!, bucket: 'DAY', startTs: DAY1, endTs: DAY1 + H }),
    );
    expectNotFound(await consumption({ nodeId: ids.tower!, bucket: 'DAY', startTs: DAY1, endTs: DAY1 + H }, 'other'));
    expectForbidden(
      await consumption({ nodeId: ids.tower!, bucket: 'DAY', startTs: DAY1, endTs: DAY1 + H }, 'sysadmin'),
    );
  });

  it('gives water in m³ with a register rollover counted across the wrap; customers only their meters', async () => {
    const water = (await ok(
      consumption({ nodeId: ids.annex!, metered: 'WATER', bucket: 'DAY', startTs: DAY1, endTs: DAY1 + 24 * H }),
    )) as ConsumptionBody;
    expect(water).toMatchObject({ unit: 'm³', total: [24] });
    expect(water.meters.map((m) => m.name)).toEqual(['annex-private']);
    const own = (await ok(
      consumption(
        { nodeId: ids.annex!, metered: 'WATER', bucket: 'DAY', startTs: DAY1, endTs: DAY1 + 24 * H },
        'customer',
      ),
    )) as ConsumptionBody;
    expect(own).toMatchObject({ meters: [], total: [null] });
  });

  it('refuses bad queries with 400 in ThingsBoard body', async () => {
    const base = { bucket: 'DAY', startTs: DAY1, endTs: DAY1 + H };
    expectError(await consumption(base), 400, 31, /nodeId or deviceId/);
    expectError(await consumption({ ...base, nodeId: ids.tower!, bucket: 'WEEK' }), 400, 31);
    expectError(await consumption({ ...base, nodeId: ids.tower!, endTs: DAY1 }), 400, 31, /after startTs/);
    expectError(
      await consumption({ ...base, nodeId: ids.tower!, bucket: 'QUARTER_HOUR', endTs: DAY1 + 400 * 24 * H }),
      400,
      31,
      /too long/,
    );
    expectError(await consumption({ ...base, nodeId: ids.tower!, timeZone: 'Mars/Olympus' }), 400, 31, /time zone/);
    expectError(await consumption({ ...base, nodeId: 'not-a-uuid' }), 400, 31);
    expectError(
      await consumption({ ...base, deviceId: ids['lobby-counter']! }),
      400,
      31,
      /not a energy meter|not an energy meter/,
    );
  });
});
