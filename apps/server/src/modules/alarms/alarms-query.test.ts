import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createAsset,
  insertDevice,
  ok,
  ref,
  setupEntityWorld,
  type EntityWorld,
  type Who,
} from '../entities/entity-fixtures.ts';
import { expectError, expectForbidden } from '../users/users-fixtures.ts';

let t: TestApp;
let w: EntityWorld;
let d1: string; // type 'default', Customer A
let d2: string; // type 'default'
let site: string; // asset containing d2
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
  d1 = await insertDevice(t, w.tenantId, 'Q One', w.customers.A);
  d2 = await insertDevice(t, w.tenantId, 'Q Two');
  site = (await createAsset(t, w.tokens.tenant, { name: 'Q Site', type: 'site' })).id.id;
  await ok(
    t.request('POST', '/api/relation', {
      token: w.tokens.tenant,
      body: { from: ref('ASSET', site), to: ref('DEVICE', d2), type: 'Contains' },
    }),
  );
  const ops = t.app.services.alarmOps;
  const mk = async (
    key: string,
    dev: string,
    type: string,
    severity: 'CRITICAL' | 'MAJOR' | 'MINOR',
    propagate = false,
  ) => {
    ids[key] = (
      await ops.createOrUpdate({ tenantId: w.tenantId, originator: ref('DEVICE', dev), type, severity, propagate })
    ).alarm.id.id;
    t.clock.advance(5);
  };
  await mk('a', d1, 'Smoke', 'CRITICAL');
  await mk('b', d1, 'Door', 'MINOR');
  await mk('c', d2, 'Smoke', 'MAJOR', true);
  await mk('d', d2, 'Water', 'MINOR');
  await ops.clearActive(w.tenantId, ref('DEVICE', d2), 'Water');
});
afterAll(() => t.close());

const find = (body: unknown, who: Who = 'tenant') =>
  t.request('POST', '/api/alarmsQuery/find', { token: w.tokens[who], body });
const q = (entityFilter: unknown, pageLink: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  entityFilter,
  pageLink: { page: 0, pageSize: 10, ...pageLink },
  ...extra,
});
const deviceType = { type: 'deviceType', deviceType: 'default', deviceNameFilter: 'Q ' };
const typesOf = (page: { data: { type: string; id: { id: string } }[] }) => page.data.map((x) => x.type);

describe('POST /api/alarmsQuery/find', () => {
  it('finds the alarms of the filtered entities as AlarmData, newest first by default', async () => {
    const page = await ok(find(q(deviceType)));
    expect(page).toMatchObject({ totalElements: 4, totalPages: 1, hasNext: false });
    expect(page.data.map((x: { id: { id: string } }) => x.id.id)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(page.data[3]).toMatchObject({
      type: 'Smoke',
      severity: 'CRITICAL',
      status: 'ACTIVE_UNACK',
      originator: { entityType: 'DEVICE', id: d1 },
      originatorName: 'Q One',
      entityId: { entityType: 'DEVICE', id: d1 },
      latest: {},
    });
  });

  it('supports singleEntity and entityList filters', async () => {
    expect(typesOf(await ok(find(q({ type: 'singleEntity', singleEntity: ref('DEVICE', d1) })))).sort()).toEqual([
      'Door',
      'Smoke',
    ]);
    const list = await ok(find(q({ type: 'entityList', entityType: 'DEVICE', entityList: [d2] })));
    expect(typesOf(list).sort()).toEqual(['Smoke', 'Water']);
  });

  it('filters by status, severity and type lists', async () => {
    expect(typesOf(await ok(find(q(deviceType, { statusList: ['ACTIVE'] })))).sort()).toEqual([
      'Door',
      'Smoke',
      'Smoke',
    ]);
    expect(typesOf(await ok(find(q(deviceType, { statusList: ['CLOSED'] }))))).toEqual(['Water']);
    expect(typesOf(await ok(find(q(deviceType, { severityList: ['CRITICAL', 'MAJOR'] }))))).toEqual(['Smoke', 'Smoke']);
    expect(typesOf(await ok(find(q(deviceType, { typeList: ['Door'] }))))).toEqual(['Door']);
    expectError(await find(q(deviceType, { statusList: ['BOGUS'] })), 400, 31, /statusList/);
  });

  it('sorts by alarm fields and pages', async () => {
    const sort = (key: string, direction: string) => ({ sortOrder: { key: { type: 'ALARM_FIELD', key }, direction } });
    const bySeverity = await ok(find(q(deviceType, sort('severity', 'DESC'))));
    expect(bySeverity.data.map((x: { severity: string }) => x.severity)).toEqual([
      'CRITICAL',
      'MAJOR',
      'MINOR',
      'MINOR',
    ]);
    const page = await ok(find(q(deviceType, { ...sort('createdTime', 'ASC'), pageSize: 3, page: 1 })));
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2, hasNext: false });
    expect(page.data.map((x: { id: { id: string } }) => x.id.id)).toEqual([ids.d]);
    expectError(await find(q(deviceType, sort('nope', 'ASC'))), 400, 31, /unsupported sort key/);
    // An entity column sorts by the originator's name.
    const byName = await ok(
      find(q(deviceType, { sortOrder: { key: { type: 'ENTITY_FIELD', key: 'name' }, direction: 'DESC' } })),
    );
    expect(byName.data.map((x: { originatorName: string }) => x.originatorName)).toEqual([
      'Q Two',
      'Q Two',
      'Q One',
      'Q One',
    ]);
  });

  it('finds propagated alarms only when searchPropagatedAlarms is set', async () => {
    const assets = { type: 'assetType', assetType: 'site', assetNameFilter: '' };
    expect((await ok(find(q(assets)))).totalElements).toBe(0);
    const page = await ok(find(q(assets, { searchPropagatedAlarms: true })));
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ id: { id: ids.c }, entityId: { entityType: 'ASSET', id: site } });
  });

  it('applies the time window and startTs/endTs to createdTime', async () => {
    const now = t.clock.now();
    expect((await ok(find(q(deviceType, { startTs: now + 60_000 })))).totalElements).toBe(0);
    expect((await ok(find(q(deviceType, { timeWindow: 3_600_000 })))).totalElements).toBe(4);
  });

  it('returns requested entity fields in latest', async () => {
    const page = await ok(
      find(
        q(
          { type: 'singleEntity', singleEntity: ref('DEVICE', d1) },
          {},
          { entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }] },
        ),
      ),
    );
    expect(page.data[0].latest.ENTITY_FIELD.name.value).toBe('Q One');
  });

  it('shows a customer only its entities’ alarms; sysadmin is refused', async () => {
    expect(typesOf(await ok(find(q(deviceType), 'customer'))).sort()).toEqual(['Door', 'Smoke']);
    expect((await ok(find(q(deviceType), 'customerB'))).totalElements).toBe(0);
    expectForbidden(await find(q(deviceType), 'sysadmin'));
  });
});

describe('AlarmOps (rule engine)', () => {
  it('de-duplicates the active alarm and reports created / severityChanged; clearActive clears it', async () => {
    const ops = t.app.services.alarmOps;
    const o = ref('DEVICE', d2);
    const first = await ops.createOrUpdate({
      tenantId: w.tenantId,
      originator: o,
      type: 'Ops',
      severity: 'MINOR',
      details: { n: 1 },
    });
    expect(first).toMatchObject({ created: true, severityChanged: false });
    const same = await ops.createOrUpdate({
      tenantId: w.tenantId,
      originator: o,
      type: 'Ops',
      severity: 'MINOR',
      endTs: first.alarm.startTs + 10,
    });
    expect(same).toMatchObject({ created: false, severityChanged: false });
    expect(same.alarm.endTs).toBe(first.alarm.startTs + 10);
    expect(same.alarm.details).toEqual({ n: 1 });
    const worse = await ops.createOrUpdate({ tenantId: w.tenantId, originator: o, type: 'Ops', severity: 'CRITICAL' });
    expect(worse).toMatchObject({
      created: false,
      severityChanged: true,
      alarm: { id: first.alarm.id, severity: 'CRITICAL' },
    });
    expect((await ops.findActive(w.tenantId, o, 'Ops'))?.id).toEqual(first.alarm.id);
    expect(await ops.findActive(w.otherTenantId, o, 'Ops')).toBeNull();
    const cleared = await ops.clearActive(w.tenantId, o, 'Ops', { why: 'ok' }, 12345);
    expect(cleared).toMatchObject({ status: 'CLEARED_UNACK', clearTs: 12345, details: { why: 'ok' } });
    expect(await ops.findActive(w.tenantId, o, 'Ops')).toBeNull();
    expect(await ops.clearActive(w.tenantId, o, 'Ops')).toBeNull();
  });

  it('concurrent creates of the same alarm make one alarm', async () => {
    const ops = t.app.services.alarmOps;
    const o = ref('DEVICE', d1);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() =>
        ops.createOrUpdate({ tenantId: w.tenantId, originator: o, type: 'Race', severity: 'MAJOR' }),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.alarm.id.id)).size).toBe(1);
  });
});
