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
import { expectError, expectForbidden, expectNotFound } from '../users/users-fixtures.ts';
import type { TelemetryEvent } from '../telemetry/telemetry-types.ts';
import { BOTH_STATUSES_MESSAGE } from './alarm.service.ts';

let t: TestApp;
let w: EntityWorld;
let boiler: string; // tenant device, unassigned
let sensorA: string; // device of Customer A
let building: string; // asset containing the boiler
let floor: string; // asset containing the building ("Contains" chain)
let manager: string; // asset that "Manages" the boiler
let unrelated: string; // asset with no relation
let foreignDevice: string;
const events: TelemetryEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
  boiler = await insertDevice(t, w.tenantId, 'Boiler');
  sensorA = await insertDevice(t, w.tenantId, 'Sensor A', w.customers.A);
  building = (await createAsset(t, w.tokens.tenant, { name: 'Building' })).id.id;
  floor = (await createAsset(t, w.tokens.tenant, { name: 'Campus' })).id.id;
  manager = (await createAsset(t, w.tokens.tenant, { name: 'Manager' })).id.id;
  unrelated = (await createAsset(t, w.tokens.tenant, { name: 'Unrelated' })).id.id;
  foreignDevice = await insertDevice(t, w.otherTenantId, 'Elsewhere');
  const relate = (from: string, to: string, type: string, toType = 'DEVICE') =>
    ok(
      t.request('POST', '/api/relation', {
        token: w.tokens.tenant,
        body: { from: ref('ASSET', from), to: ref(toType, to), type },
      }),
    );
  await relate(building, boiler, 'Contains');
  await relate(floor, building, 'Contains', 'ASSET');
  await relate(manager, boiler, 'Manages');
  t.app.services.bus.subscribe((e) => events.push(e));
});
afterAll(() => t.close());

const req = (method: string, url: string, who: Who = 'tenant', body?: unknown) =>
  t.request(method, url, { token: w.tokens[who], body });
const raise = (body: Record<string, unknown>, who: Who = 'tenant') =>
  ok(req('POST', '/api/alarm', who, { severity: 'MAJOR', ...body }));
const list = (type: string, id: string, query = '', who: Who = 'tenant') =>
  ok(req('GET', `/api/alarm/${type}/${id}?pageSize=50&page=0${query}`, who));
const alarmEvents = (id: string) => events.filter((e) => e.kind === 'alarm' && e.alarm.id.id === id);

describe('POST /api/alarm, GET /api/alarm/{id} and /info/{id}', () => {
  it('creates an ACTIVE_UNACK alarm with ThingsBoard fields and reads it back with the originator name', async () => {
    const before = Date.now();
    const a = await raise({ type: 'High Temperature', originator: ref('DEVICE', boiler), details: { t: 90 } });
    expect(a).toMatchObject({
      id: { entityType: 'ALARM' },
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      type: 'High Temperature',
      name: 'High Temperature',
      originator: { entityType: 'DEVICE', id: boiler },
      severity: 'MAJOR',
      status: 'ACTIVE_UNACK',
      ackTs: 0,
      clearTs: 0,
      details: { t: 90 },
      propagate: false,
    });
    expect(a.startTs).toBeGreaterThanOrEqual(before);
    expect(a.endTs).toBe(a.startTs);
    expect(await ok(req('GET', `/api/alarm/${a.id.id}`))).toEqual(a);
    const info = await ok(req('GET', `/api/alarm/info/${a.id.id}`));
    expect(info).toMatchObject({ ...a, originatorName: 'Boiler', originatorType: 'DEVICE' });
    expect(alarmEvents(a.id.id)[0]).toMatchObject({
      kind: 'alarm',
      action: 'CREATED',
      tenantId: w.tenantId,
      entityType: 'DEVICE',
      entityId: boiler,
      entityIds: [boiler],
    });
  });

  it('updates the uncleared alarm of the same type and originator instead of creating another', async () => {
    const first = await raise({ type: 'Dup', originator: ref('DEVICE', boiler), severity: 'MINOR' });
    const second = await raise({ type: 'Dup', originator: ref('DEVICE', boiler), severity: 'CRITICAL', details: 2 });
    expect(second.id).toEqual(first.id);
    expect(second).toMatchObject({ severity: 'CRITICAL', details: 2, status: 'ACTIVE_UNACK' });
    const page = await list('DEVICE', boiler, '&searchStatus=ACTIVE');
    expect(page.data.filter((x: { type: string }) => x.type === 'Dup')).toHaveLength(1);
    expect(alarmEvents(first.id.id).map((e) => (e as { action: string }).action)).toEqual(['CREATED', 'UPDATED']);
    // Once cleared, the same type raises a new alarm.
    await ok(req('POST', `/api/alarm/${first.id.id}/clear`));
    const third = await raise({ type: 'Dup', originator: ref('DEVICE', boiler) });
    expect(third.id.id).not.toBe(first.id.id);
  });

  it('updates by id', async () => {
    const a = await raise({ type: 'Editable', originator: ref('DEVICE', boiler) });
    const b = await raise({ ...a, severity: 'WARNING', details: { note: 'x' } });
    expect(b).toMatchObject({ id: a.id, severity: 'WARNING', details: { note: 'x' }, createdTime: a.createdTime });
  });

  it('rejects bad input with 400 and clear messages', async () => {
    expectError(
      await req('POST', '/api/alarm', 'tenant', { originator: ref('DEVICE', boiler), severity: 'MAJOR' }),
      400,
      31,
      'Alarm type should be specified!',
    );
    expectError(
      await req('POST', '/api/alarm', 'tenant', { type: 'X', severity: 'MAJOR' }),
      400,
      31,
      'Alarm originator should be specified!',
    );
    expectError(
      await req('POST', '/api/alarm', 'tenant', { type: 'X', originator: ref('DEVICE', boiler) }),
      400,
      31,
      'Alarm severity should be specified!',
    );
    const bad = await req('POST', '/api/alarm', 'tenant', {
      type: 'X',
      originator: ref('DEVICE', boiler),
      severity: 'HUGE',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/severity/);
  });

  it('needs an originator of the caller: another tenant’s device is 404, sysadmin 403', async () => {
    expectNotFound(
      await req('POST', '/api/alarm', 'tenant', {
        type: 'X',
        originator: ref('DEVICE', foreignDevice),
        severity: 'MAJOR',
      }),
    );
    expectForbidden(
      await req('POST', '/api/alarm', 'sysadmin', { type: 'X', originator: ref('DEVICE', boiler), severity: 'MAJOR' }),
    );
  });
});

describe('ack, clear and delete', () => {
  it('ack sets ackTs and *_ACK, clear sets clearTs and CLEARED_*; repeating either is a no-op 200', async () => {
    const a = await raise({ type: 'Flow', originator: ref('DEVICE', boiler) });
    t.clock.advance(1000);
    const acked = await req('POST', `/api/alarm/${a.id.id}/ack`);
    expect(acked.statusCode).toBe(200);
    expect(acked.body).toBe('');
    const afterAck = await ok(req('GET', `/api/alarm/${a.id.id}`));
    expect(afterAck.status).toBe('ACTIVE_ACK');
    expect(afterAck.ackTs).toBeGreaterThanOrEqual(a.startTs + 1000);
    t.clock.advance(1000);
    expect((await req('POST', `/api/alarm/${a.id.id}/ack`)).statusCode).toBe(200);
    expect((await ok(req('GET', `/api/alarm/${a.id.id}`))).ackTs).toBe(afterAck.ackTs);
    await ok(req('POST', `/api/alarm/${a.id.id}/clear`));
    const cleared = await ok(req('GET', `/api/alarm/${a.id.id}`));
    expect(cleared.status).toBe('CLEARED_ACK');
    expect(cleared.clearTs).toBeGreaterThan(afterAck.ackTs);
    expect((await req('POST', `/api/alarm/${a.id.id}/clear`)).statusCode).toBe(200);
    expect((await ok(req('GET', `/api/alarm/${a.id.id}`))).clearTs).toBe(cleared.clearTs);
    expect(alarmEvents(a.id.id).map((e) => (e as { action: string }).action)).toEqual(['CREATED', 'ACK', 'CLEAR']);
    const audit = await t.db.query<{ action_type: string }>(
      'SELECT action_type FROM audit_log WHERE entity_id = $1 ORDER BY created_time',
      [a.id.id],
    );
    expect(audit.map((r) => r.action_type)).toEqual(expect.arrayContaining(['ALARM_ACK', 'ALARM_CLEAR']));
  });

  it('clearing an unacknowledged alarm gives CLEARED_UNACK; acking it then gives CLEARED_ACK', async () => {
    const a = await raise({ type: 'Leak', originator: ref('DEVICE', boiler) });
    await ok(req('POST', `/api/alarm/${a.id.id}/clear`));
    expect((await ok(req('GET', `/api/alarm/${a.id.id}`))).status).toBe('CLEARED_UNACK');
    await ok(req('POST', `/api/alarm/${a.id.id}/ack`));
    expect((await ok(req('GET', `/api/alarm/${a.id.id}`))).status).toBe('CLEARED_ACK');
  });

  it('DELETE answers true, then the alarm is gone', async () => {
    const a = await raise({ type: 'Temp', originator: ref('DEVICE', boiler) });
    const res = await req('DELETE', `/api/alarm/${a.id.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expectNotFound(await req('GET', `/api/alarm/${a.id.id}`));
    expectNotFound(await req('POST', `/api/alarm/${a.id.id}/ack`));
    expect(alarmEvents(a.id.id).at(-1)).toMatchObject({ action: 'DELETED' });
  });

  it('deleting the originator deletes its alarms', async () => {
    const dev = (await ok(req('POST', '/api/device', 'tenant', { name: 'Doomed', type: 'default' }))) as {
      id: { id: string };
    };
    const a = await raise({ type: 'Bye', originator: ref('DEVICE', dev.id.id) });
    await ok(req('DELETE', `/api/device/${dev.id.id}`));
    expect(await t.db.query('SELECT 1 FROM alarm WHERE id = $1', [a.id.id])).toHaveLength(0);
  });
});

describe('propagation', () => {
  it('shows a propagated alarm on every ancestor (transitively), never on unrelated entities', async () => {
    const a = await raise({ type: 'Overheat', originator: ref('DEVICE', boiler), propagate: true });
    const has = async (type: string, id: string) =>
      (await list(type, id)).data.some((x: { id: { id: string } }) => x.id.id === a.id.id);
    expect(await has('DEVICE', boiler)).toBe(true);
    expect(await has('ASSET', building)).toBe(true);
    expect(await has('ASSET', floor)).toBe(true);
    expect(await has('ASSET', manager)).toBe(true);
    expect(await has('ASSET', unrelated)).toBe(false);
    const ev = alarmEvents(a.id.id)[0] as { entityIds: string[] };
    expect(ev.entityIds.sort()).toEqual([boiler, building, floor, manager].sort());
  });

  it('follows only propagateRelationTypes when given', async () => {
    const a = await raise({
      type: 'Pressure',
      originator: ref('DEVICE', boiler),
      propagate: true,
      propagateRelationTypes: ['Manages'],
    });
    const has = async (type: string, id: string) =>
      (await list(type, id)).data.some((x: { id: { id: string } }) => x.id.id === a.id.id);
    expect(await has('ASSET', manager)).toBe(true);
    expect(await has('ASSET', building)).toBe(false);
    expect(await has('ASSET', floor)).toBe(false);
  });

  it('without propagate the alarm stays on its originator', async () => {
    const a = await raise({ type: 'Local', originator: ref('DEVICE', boiler) });
    expect((await list('ASSET', building)).data.some((x: { id: { id: string } }) => x.id.id === a.id.id)).toBe(false);
  });
});

describe('GET /api/alarm/{entityType}/{entityId}', () => {
  let dev: string;
  beforeAll(async () => {
    dev = await insertDevice(t, w.tenantId, 'Lister');
    const mk = async (type: string, severity: string) => raise({ type, originator: ref('DEVICE', dev), severity });
    const a1 = await mk('Alpha', 'MINOR');
    t.clock.advance(10);
    const a2 = await mk('Beta', 'CRITICAL');
    t.clock.advance(10);
    const a3 = await mk('Gamma', 'WARNING');
    t.clock.advance(10);
    await mk('Delta', 'MAJOR');
    await ok(req('POST', `/api/alarm/${a2.id.id}/ack`)); // ACTIVE_ACK
    await ok(req('POST', `/api/alarm/${a3.id.id}/clear`)); // CLEARED_UNACK
    await ok(req('POST', `/api/alarm/${a1.id.id}/ack`));
    await ok(req('POST', `/api/alarm/${a1.id.id}/clear`)); // CLEARED_ACK
  });
  const types = async (q: string) => (await list('DEVICE', dev, q)).data.map((x: { type: string }) => x.type);

  it('filters by search status, including NEW, INPROGRESS, UNREAD and CLOSED', async () => {
    const sorted = async (q: string) => (await types(q)).sort();
    expect(await sorted('&searchStatus=ANY')).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(await sorted('&searchStatus=ACTIVE')).toEqual(['Beta', 'Delta']);
    expect(await sorted('&searchStatus=CLEARED')).toEqual(['Alpha', 'Gamma']);
    expect(await sorted('&searchStatus=ACK')).toEqual(['Alpha', 'Beta']);
    expect(await sorted('&searchStatus=UNACK')).toEqual(['Delta', 'Gamma']);
    expect(await sorted('&searchStatus=NEW')).toEqual(['Delta']);
    expect(await sorted('&searchStatus=INPROGRESS')).toEqual(['Beta']);
    expect(await sorted('&searchStatus=UNREAD')).toEqual(['Delta', 'Gamma']);
    expect(await sorted('&searchStatus=CLOSED')).toEqual(['Alpha', 'Gamma']);
    expect(await sorted('&status=CLEARED_ACK')).toEqual(['Alpha']);
  });

  it('refuses searchStatus together with status', async () => {
    expectError(
      await req('GET', `/api/alarm/DEVICE/${dev}?pageSize=10&page=0&searchStatus=ANY&status=ACTIVE_ACK`),
      400,
      31,
      BOTH_STATUSES_MESSAGE,
    );
    expectError(
      await req('GET', `/api/alarm/highestSeverity/DEVICE/${dev}?searchStatus=ANY&status=ACTIVE_ACK`),
      400,
      31,
      BOTH_STATUSES_MESSAGE,
    );
  });

  it('sorts, pages and searches', async () => {
    expect(await types('&sortProperty=createdTime&sortOrder=ASC')).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(await types('&sortProperty=severity&sortOrder=DESC')).toEqual(['Beta', 'Delta', 'Alpha', 'Gamma']);
    expect(await types('&sortProperty=type&sortOrder=DESC')).toEqual(['Gamma', 'Delta', 'Beta', 'Alpha']);
    const page = await ok(req('GET', `/api/alarm/DEVICE/${dev}?pageSize=3&page=1&sortProperty=type&sortOrder=ASC`));
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2, hasNext: false });
    expect(page.data.map((x: { type: string }) => x.type)).toEqual(['Gamma']);
    expect(await types('&textSearch=be')).toEqual(['Beta']);
    expectError(
      await req('GET', `/api/alarm/DEVICE/${dev}?pageSize=3&page=0&sortProperty=nope`),
      400,
      31,
      /Unsupported sort property/,
    );
    const withName = await list('DEVICE', dev);
    expect(withName.data[0]).toMatchObject({ originatorName: 'Lister', originatorType: 'DEVICE' });
  });

  it('answers the highest severity (JSON string) or an empty body', async () => {
    const any = await req('GET', `/api/alarm/highestSeverity/DEVICE/${dev}`);
    expect(any.json()).toBe('CRITICAL');
    expect((await req('GET', `/api/alarm/highestSeverity/DEVICE/${dev}?searchStatus=UNACK`)).json()).toBe('MAJOR');
    const none = await req('GET', `/api/alarm/highestSeverity/ASSET/${unrelated}`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('');
  });

  it('counts by counter status', async () => {
    expect(await ok(req('GET', `/api/alarm/counters/DEVICE/${dev}`))).toEqual({
      TOTAL: 4,
      NEW: 1,
      INPROGRESS: 1,
      CLOSED: 2,
      UNREAD: 2,
    });
    const all = await ok(req('GET', '/api/alarms/counters'));
    expect(all.TOTAL).toBeGreaterThanOrEqual(4);
    expect(Object.keys(all).sort()).toEqual(['CLOSED', 'INPROGRESS', 'NEW', 'TOTAL', 'UNREAD']);
    expect(await ok(req('GET', '/api/alarms/counters', 'other'))).toEqual({
      TOTAL: 0,
      NEW: 0,
      INPROGRESS: 0,
      CLOSED: 0,
      UNREAD: 0,
    });
  });
});

describe('permissions', () => {
  let alarmA: string;
  let alarmT: string;
  beforeAll(async () => {
    alarmA = (await raise({ type: 'Customer alarm', originator: ref('DEVICE', sensorA) })).id.id;
    alarmT = (await raise({ type: 'Tenant alarm', originator: ref('DEVICE', boiler) })).id.id;
  });

  it('a customer user reads, acks and clears the alarms of its own devices', async () => {
    expect((await ok(req('GET', `/api/alarm/${alarmA}`, 'customer'))).type).toBe('Customer alarm');
    expect((await list('DEVICE', sensorA, '', 'customer')).data.map((x: { type: string }) => x.type)).toEqual([
      'Customer alarm',
    ]);
    await ok(req('POST', `/api/alarm/${alarmA}/ack`, 'customer'));
    expect((await ok(req('GET', '/api/alarms/counters', 'customer'))).TOTAL).toBe(1);
  });

  it('another customer, another tenant and the sysadmin are refused with 403 (ThingsBoard looks alarms up by id)', async () => {
    expectForbidden(await req('GET', `/api/alarm/${alarmA}`, 'customerB'));
    expectForbidden(await req('POST', `/api/alarm/${alarmA}/clear`, 'customerB'));
    expectForbidden(await req('GET', `/api/alarm/${alarmT}`, 'customer'));
    expectForbidden(await req('GET', `/api/alarm/DEVICE/${sensorA}?pageSize=10&page=0`, 'customerB'));
    expect((await ok(req('GET', '/api/alarms/counters', 'customerB'))).TOTAL).toBe(0);
    const before = await ok(req('GET', `/api/alarm/${alarmA}`, 'tenant'));
    for (const [method, path] of [
      ['GET', `/api/alarm/${alarmA}`],
      ['GET', `/api/alarm/info/${alarmA}`],
      ['POST', `/api/alarm/${alarmA}/ack`],
      ['POST', `/api/alarm/${alarmA}/clear`],
      ['DELETE', `/api/alarm/${alarmA}`],
    ] as const) {
      expectForbidden(await req(method, path, 'other'));
    }
    expectForbidden(await req('POST', '/api/alarm', 'other', { ...before, severity: 'WARNING' }));
    expect(await ok(req('GET', `/api/alarm/${alarmA}`, 'tenant'))).toEqual(before);
    // An alarm that does not exist is still 404.
    expectNotFound(await req('GET', '/api/alarm/6f1c1c1e-0000-4000-8000-000000000001', 'other'));
    expectForbidden(await req('GET', `/api/alarm/${alarmA}`, 'sysadmin'));
    expectForbidden(await req('GET', '/api/alarms/counters', 'sysadmin'));
  });

  it('a customer sees an alarm propagated to an asset assigned to it', async () => {
    const assetA = (await createAsset(t, w.tokens.tenant, { name: 'Shared site' })).id.id;
    await ok(req('POST', `/api/customer/${w.customers.A}/asset/${assetA}`));
    await ok(
      req('POST', '/api/relation', 'tenant', {
        from: ref('ASSET', assetA),
        to: ref('DEVICE', boiler),
        type: 'Contains',
      }),
    );
    const a = await raise({ type: 'Propagated to A', originator: ref('DEVICE', boiler), propagate: true });
    expect((await ok(req('GET', `/api/alarm/info/${a.id.id}`, 'customer'))).originatorName).toBe('Boiler');
    expectForbidden(await req('GET', `/api/alarm/${a.id.id}`, 'customerB'));
  });
});
