import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { attrs, byName, find, seedQueryWorld, type QueryWorld } from './entity-query-fixtures.ts';
import { scaled } from '../../test/timeouts.ts';

let t: TestApp;
let w: QueryWorld;
let started: number;
beforeAll(async () => {
  t = await createTestApp();
  w = await seedQueryWorld(t);
  // Creation order fixed (creations within one millisecond have none).
  for (const [i, name] of ['Pump 1', 'Pump 2', 'Thermo A', 'Thermo B'].entries()) {
    await t.db.query('UPDATE device SET created_time = $1 WHERE id = $2', [1_000_000 + i, w.ids[name]]);
  }
  await t.app.services.telemetry.saveTimeseries(
    { tenantId: w.tenantId, entityType: 'DEVICE', id: w.ids['Thermo B']! },
    [{ ts: 4000, values: [{ key: 'humidity', type: 'DOUBLE', value: 21 }] }],
  );
  await t.app.services.telemetry.flush();
  started = Date.now();
}, scaled(60_000));
afterAll(() => t.close());

const DEVICES = { type: 'entityType', entityType: 'DEVICE' };
const F = (key: string) => ({ type: 'ENTITY_FIELD', key });
const K = (type: string, key: string) => ({ type, key });
const nameOf = (id: string) => Object.entries(w.ids).find(([, v]) => v === id)?.[0];

async function order(sortKey: unknown, direction: string, extra: Record<string, unknown> = {}) {
  const page = await find(t, w.tokens.tenant, {
    entityFilter: DEVICES,
    pageLink: { page: 0, pageSize: 10, sortOrder: { key: sortKey, direction } },
    ...extra,
  });
  return page.data.map((d) => nameOf(d.entityId.id));
}

describe('entity fields and latest values', () => {
  it('come back as strings per key type; a missing value is {ts: 0, value: ""}', async () => {
    const page = await find(t, w.tokens.tenant, {
      entityFilter: DEVICES,
      entityFields: ['name', 'label', 'type', 'entityType', 'createdTime', 'additionalInfo'].map(F),
      latestValues: [
        K('TIME_SERIES', 'humidity'),
        K('SERVER_ATTRIBUTE', 'temperature'),
        K('ATTRIBUTE', 'threshold'),
        K('SHARED_ATTRIBUTE', 'nothing'),
      ],
      pageLink: { page: 0, pageSize: 10, sortOrder: byName },
    });
    expect(page.data.map((d) => d.latest.ENTITY_FIELD!.name!.value)).toEqual([
      'Pump 1',
      'Pump 2',
      'Thermo A',
      'Thermo B',
    ]);
    const [p1, p2, ta, tb] = page.data;
    const fields = p1!.latest.ENTITY_FIELD!;
    expect(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.value]))).toEqual({
      name: 'Pump 1',
      label: 'Basement',
      type: 'pump',
      entityType: 'DEVICE',
      createdTime: '1000000',
      additionalInfo: '',
    });
    // Entity fields carry the query time, as in ThingsBoard.
    expect(fields.name!.ts).toBeGreaterThanOrEqual(started);
    expect(p1).toMatchObject({
      entityId: { entityType: 'DEVICE', id: w.ids['Pump 1'] },
      timeseries: {},
      latest: {
        TIME_SERIES: { humidity: { ts: 5000, value: '70' } },
        SERVER_ATTRIBUTE: { temperature: { ts: 1000, value: '50' } },
        ATTRIBUTE: { threshold: { ts: 1000, value: '45' } },
        SHARED_ATTRIBUTE: { nothing: { ts: 0, value: '' } },
      },
    });
    expect(p2!.latest.SERVER_ATTRIBUTE!.temperature!.value).toBe('20.5');
    expect(p2!.latest.ATTRIBUTE!.threshold).toEqual({ ts: 0, value: '' });
    expect(ta!.latest.TIME_SERIES!.humidity!.value).toBe('55.5');
    // A DOUBLE keeps its decimal point (valueAsString); a missing label is "".
    expect(tb!.latest.TIME_SERIES!.humidity).toEqual({ ts: 4000, value: '21.0' });
    expect(tb!.latest.ENTITY_FIELD!.label!.value).toBe('');
  });

  it('fields follow ThingsBoard’s aliases per type (a customer’s name is its title)', async () => {
    const page = await find(t, w.tokens.tenant, {
      entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'CUSTOMER', id: w.customers.B } },
      entityFields: ['name', 'title', 'label', 'email', 'firstName'].map(F),
      pageLink: { page: 0, pageSize: 10 },
    });
    const f = page.data[0]!.latest.ENTITY_FIELD!;
    expect([f.name!.value, f.title!.value, f.label!.value, f.email!.value, f.firstName!.value]).toEqual([
      'Customer B',
      'Customer B',
      'Customer B',
      '',
      '',
    ]);
  });

  it('a time-series value is shown as soon as it is stored', async () => {
    const s = t.app.services.telemetry;
    await s.saveTimeseries({ tenantId: w.tenantId, entityType: 'DEVICE', id: w.ids['Pump 2']! }, [
      { ts: 9000, values: [{ key: 'humidity', type: 'LONG', value: 31 }] },
    ]);
    const page = await find(t, w.tokens.tenant, {
      entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: w.ids['Pump 2'] } },
      latestValues: [K('TIME_SERIES', 'humidity')],
      pageLink: { page: 0, pageSize: 10 },
    });
    expect(page.data[0]!.latest.TIME_SERIES!.humidity).toEqual({ ts: 9000, value: '31' });
    await s.flush();
  });
});

describe('sort order', () => {
  it('by entity fields', async () => {
    expect(await order(F('name'), 'DESC')).toEqual(['Thermo B', 'Thermo A', 'Pump 2', 'Pump 1']);
    expect(await order(F('createdTime'), 'ASC')).toEqual(['Pump 1', 'Pump 2', 'Thermo A', 'Thermo B']);
    expect(await order(F('createdTime'), 'DESC')).toEqual(['Thermo B', 'Thermo A', 'Pump 2', 'Pump 1']);
    // Missing values last.
    expect(await order(F('label'), 'ASC')).toEqual(['Pump 1', 'Thermo A', 'Pump 2', 'Thermo B']);
    // No sort order: newest first.
    const page = await find(t, w.tokens.tenant, { entityFilter: DEVICES, pageLink: { page: 0, pageSize: 10 } });
    expect(page.data.map((d) => nameOf(d.entityId.id))).toEqual(['Thermo B', 'Thermo A', 'Pump 2', 'Pump 1']);
  });

  it('by attributes and time series, numerically, values that are not numbers last', async () => {
    const temp = K('SERVER_ATTRIBUTE', 'temperature');
    expect(await order(temp, 'ASC')).toEqual(['Thermo A', 'Pump 2', 'Pump 1', 'Thermo B']);
    expect(await order(temp, 'DESC')).toEqual(['Pump 1', 'Pump 2', 'Thermo A', 'Thermo B']);
    expect(await order(K('TIME_SERIES', 'humidity'), 'DESC')).toEqual(['Pump 1', 'Thermo A', 'Pump 2', 'Thermo B']);
    for (const [name, code] of [
      ['Pump 1', '10'],
      ['Pump 2', '9'],
      ['Thermo A', '100'],
    ] as const) {
      await attrs(t, w.tenantId, 'DEVICE', w.ids[name]!, 'SHARED_SCOPE', { code }, 1000);
    }
    expect(await order(K('SHARED_ATTRIBUTE', 'code'), 'ASC')).toEqual(['Pump 2', 'Pump 1', 'Thermo A', 'Thermo B']);
  });

  it('a sort key that is not selected is not returned', async () => {
    const page = await find(t, w.tokens.tenant, {
      entityFilter: DEVICES,
      entityFields: [F('name')],
      pageLink: { page: 0, pageSize: 1, sortOrder: { key: K('TIME_SERIES', 'humidity'), direction: 'DESC' } },
    });
    expect(Object.keys(page.data[0]!.latest)).toEqual(['ENTITY_FIELD']);
    expect(page.data[0]!.latest.ENTITY_FIELD!.name!.value).toBe('Pump 1');
  });
});

describe('paging and text search', () => {
  const page = (p: number, pageSize: number, textSearch?: string, extra: Record<string, unknown> = {}) =>
    find(t, w.tokens.tenant, {
      entityFilter: DEVICES,
      entityFields: [F('name'), F('label')],
      pageLink: { page: p, pageSize, textSearch, sortOrder: byName },
      ...extra,
    });

  it('pages count pages, elements and whether there is a next one', async () => {
    const first = await page(0, 3);
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, hasNext: true });
    expect(first.data.map((d) => nameOf(d.entityId.id))).toEqual(['Pump 1', 'Pump 2', 'Thermo A']);
    const second = await page(1, 3);
    expect(second).toMatchObject({ totalElements: 4, totalPages: 2, hasNext: false });
    expect(second.data.map((d) => nameOf(d.entityId.id))).toEqual(['Thermo B']);
    expect(await page(5, 3)).toMatchObject({ data: [], totalElements: 4, hasNext: false });
  });

  it('text search is a case-insensitive "contains" over the selected fields and values', async () => {
    const hits = async (text: string, extra?: Record<string, unknown>) =>
      (await page(0, 10, text, extra)).data.map((d) => nameOf(d.entityId.id));
    expect(await hits('LOBBY')).toEqual(['Thermo A']);
    expect(await hits('ump')).toEqual(['Pump 1', 'Pump 2']);
    expect(await hits('%')).toEqual([]);
    expect(await hits('n/a', { latestValues: [K('SERVER_ATTRIBUTE', 'temperature')] })).toEqual(['Thermo B']);
    expect(await hits('n/a')).toEqual([]);
    const counted = await page(0, 1, 'thermo');
    expect(counted).toMatchObject({ totalElements: 2, hasNext: true });
    // Nothing selected: the name is searched.
    const bare = await find(t, w.tokens.tenant, {
      entityFilter: DEVICES,
      pageLink: { page: 0, pageSize: 10, textSearch: 'THERMO' },
    });
    expect(bare.totalElements).toBe(2);
  });
});

describe('find/keys', () => {
  const keys = async (token: string, body: Record<string, unknown>, query = 'timeseries=true&attributes=true') => {
    const res = await t.request('POST', `/api/entitiesQuery/find/keys?${query}`, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { timeseries: string[]; attribute: string[] };
  };
  const pumps = { entityFilter: { type: 'deviceType', deviceType: 'pump' }, pageLink: { page: 0, pageSize: 10 } };

  it('lists the time-series and attribute keys of the entities found', async () => {
    expect(await keys(w.tokens.tenant, pumps)).toEqual({
      timeseries: ['humidity'],
      attribute: ['active', 'code', 'fw', 'temperature', 'threshold'],
    });
    expect(await keys(w.tokens.tenant, pumps, 'timeseries=false&attributes=true')).toMatchObject({ timeseries: [] });
    expect(await keys(w.tokens.tenant, pumps, 'timeseries=true&attributes=false')).toMatchObject({ attribute: [] });
    const none = { ...pumps, entityFilter: { type: 'deviceType', deviceType: 'none' } };
    expect(await keys(w.tokens.tenant, none)).toEqual({ timeseries: [], attribute: [] });
    // The other tenant's device has attributes too, but its own.
    expect(await keys(w.tokens.other, pumps)).toEqual({ timeseries: [], attribute: ['temperature'] });
  });

  it('looks at no more than 100 entities', async () => {
    await t.db.query(
      `INSERT INTO device (id, created_time, tenant_id, device_profile_id, name, type, device_data)
       SELECT gen_random_uuid(), 1, $1, p.id, 'Bulk ' || lpad(i::text, 3, '0'), 'bulk', '{}'::jsonb
       FROM device_profile p, generate_series(0, 104) i WHERE p.tenant_id = $1 AND p.is_default`,
      [w.tenantId],
    );
    const rows = await t.db.query<{ id: string; name: string }>(
      `SELECT id, name FROM device WHERE name IN ('Bulk 000', 'Bulk 104')`,
    );
    for (const r of rows) {
      await attrs(t, w.tenantId, 'DEVICE', r.id, 'SERVER_SCOPE', { [r.name === 'Bulk 000' ? 'early' : 'late']: 1 });
    }
    const body = {
      entityFilter: { type: 'deviceType', deviceType: 'bulk' },
      pageLink: { page: 0, pageSize: 1000, sortOrder: byName },
    };
    expect((await keys(w.tokens.tenant, body)).attribute).toEqual(['early']);
  });
});

describe('bad queries are 400s', () => {
  const bad = async (body: unknown, message: RegExp) => {
    const res = await t.request('POST', '/api/entitiesQuery/find', { token: w.tokens.tenant, body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errorCode: 31 });
    expect(res.json().message).toMatch(message);
  };
  const link = { page: 0, pageSize: 10 };
  it('rejects unknown filters, keys and page links', async () => {
    await bad(
      { entityFilter: { type: 'deviceNames' }, pageLink: link },
      /Unsupported entity filter type 'deviceNames'/,
    );
    await bad({ pageLink: link }, /entityFilter/);
    await bad({ entityFilter: DEVICES }, /pageLink/);
    await bad({ entityFilter: DEVICES, pageLink: { page: 0, pageSize: 0 } }, /pageLink\.pageSize/);
    await bad({ entityFilter: DEVICES, pageLink: { page: -1, pageSize: 10 } }, /pageLink\.page/);
    await bad(
      { entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: 'nope' } }, pageLink: link },
      /singleEntity\.id/,
    );
    await bad(
      { entityFilter: { type: 'entityType', entityType: 'GADGET' }, pageLink: link },
      /entityFilter\.entityType/,
    );
    await bad({ entityFilter: { type: 'relationsQuery', direction: 'UP' }, pageLink: link }, /direction/);
    await bad(
      { entityFilter: DEVICES, latestValues: [K('ENTITY_FIELD', 'name')], pageLink: link },
      /latestValues\[0\]\.type/,
    );
    await bad(
      { entityFilter: DEVICES, entityFields: [K('TIME_SERIES', 'x')], pageLink: link },
      /entityFields\[0\]\.type/,
    );
    await bad(
      { entityFilter: DEVICES, pageLink: { ...link, sortOrder: { key: F('name'), direction: 'UP' } } },
      /direction/,
    );
  });
});
