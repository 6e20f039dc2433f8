import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, expectForbidden, expectNotFound } from '../users/users-fixtures.ts';
import {
  callerOf,
  createAsset,
  type EntityWorld,
  insertDevice,
  ok,
  PAGE,
  ref,
  setupEntityWorld,
  type Who,
  auditActions,
} from '../entities/entity-fixtures.ts';
import { deleteEntityViewsOf } from './entity-view-cleanup.ts';

let t: TestApp;
let w: EntityWorld;
let device: string;
let deviceA: string;
let asset: string;
let foreignAsset: string;
let foreignDevice: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
  device = await insertDevice(t, w.tenantId, 'EV device');
  deviceA = await insertDevice(t, w.tenantId, 'EV device A', w.customers.A);
  asset = (await createAsset(t, w.tokens.tenant, { name: 'EV asset' })).id.id;
  foreignAsset = (await createAsset(t, w.tokens.other, { name: 'EV foreign' })).id.id;
  foreignDevice = await insertDevice(t, w.otherTenantId, 'EV foreign device');
});
afterAll(() => t.close());

const save = (body: unknown, who: Who = 'tenant') =>
  t.request('POST', '/api/entityView', { token: w.tokens[who], body });
const get = (url: string, who: Who = 'tenant') => t.request('GET', url, { token: w.tokens[who] });
const view = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'panel',
  entityId: ref('DEVICE', device),
  ...extra,
});

describe('POST /api/entityView', () => {
  it('creates a view with cleaned keys and a time window, in the ThingsBoard shape', async () => {
    const res = await save(
      view(' Boiler view ', {
        keys: { timeseries: [' temperature ', 'temperature', '', 'humidity'], attributes: { cs: ['fw'], ss: null } },
        startTimeMs: 1000,
        endTimeMs: 2000,
        additionalInfo: { description: 'for the tenant' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(v).toEqual({
      id: { entityType: 'ENTITY_VIEW', id: expect.any(String) },
      createdTime: expect.any(Number),
      entityId: { entityType: 'DEVICE', id: device },
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
      name: 'Boiler view',
      type: 'panel',
      keys: { timeseries: ['temperature', 'humidity'], attributes: { cs: ['fw'], ss: [], sh: [] } },
      startTimeMs: 1000,
      endTimeMs: 2000,
      additionalInfo: { description: 'for the tenant' },
    });
    expect(await ok(get(`/api/entityView/${v.id.id}`))).toEqual(v);
    expect(await ok(get(`/api/entityView/info/${v.id.id}`))).toEqual({
      ...v,
      customerTitle: null,
      customerIsPublic: false,
    });
    expect(await auditActions(t, v.id.id)).toEqual(['ADDED']);
  });

  it('defaults keys to empty lists and times to 0 (unbounded)', async () => {
    const v = await ok(save(view('Bare view', { entityId: ref('ASSET', asset) })));
    expect(v).toMatchObject({
      entityId: { entityType: 'ASSET', id: asset },
      keys: { timeseries: [], attributes: { cs: [], ss: [], sh: [] } },
      startTimeMs: 0,
      endTimeMs: 0,
    });
  });

  it('validates with ThingsBoard messages', async () => {
    const cases: [unknown, number, RegExp | string][] = [
      [{ name: 'x', entityId: ref('DEVICE', device) }, 400, 'Entity View type should be specified!'],
      [{ type: 't', entityId: ref('DEVICE', device) }, 400, 'Entity view name should be specified!'],
      [{ name: 'x', type: 't' }, 400, 'Entity view should point to a device or an asset!'],
      [view('x', { entityId: ref('TENANT', w.tenantId) }), 400, /only a device or an asset/],
      [view('x', { entityId: ref('GADGET', device) }), 400, /entityId.entityType.*must be one of/],
      [view('x', { startTimeMs: 5, endTimeMs: 5 }), 400, 'Entity view start time must be before its end time!'],
      [view('x', { startTimeMs: -1 }), 400, /startTimeMs/],
      [view('x', { keys: { timeseries: 'temperature' } }), 400, /keys.timeseries/],
      [view('Boiler view'), 400, 'Entity view with such name already exists!'],
    ];
    for (const [body, status, message] of cases) expectError(await save(body), status, 31, message);
    // Only a start, or only an end, is a half-open window.
    expect((await save(view('Open end', { startTimeMs: 5 }))).statusCode).toBe(200);
    expect((await save(view('Open start', { endTimeMs: 5 }))).statusCode).toBe(200);
  });

  it('needs a target of the caller tenant', async () => {
    expectNotFound(await save(view('x', { entityId: ref('DEVICE', NULL_UUID) })));
    expectNotFound(await save(view('x', { entityId: ref('DEVICE', foreignDevice) })));
    expectForbidden(await save(view('x', { entityId: ref('ASSET', foreignAsset) })));
    expect(await t.db.query("SELECT 1 FROM entity_view WHERE name = 'x'")).toHaveLength(0);
  });

  it('updates keys, window and target; audits UPDATED', async () => {
    const v = await ok(save(view('Editable')));
    const res = await save({
      ...v,
      entityId: ref('ASSET', asset),
      keys: { timeseries: ['power'], attributes: { cs: [], ss: ['owner'], sh: ['limit'] } },
      startTimeMs: 10,
      endTimeMs: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: v.id,
      createdTime: v.createdTime,
      entityId: { entityType: 'ASSET', id: asset },
      keys: { timeseries: ['power'], attributes: { cs: [], ss: ['owner'], sh: ['limit'] } },
      startTimeMs: 10,
      endTimeMs: 0,
    });
    expect(await auditActions(t, v.id.id)).toEqual(['ADDED', 'UPDATED']);
  });
});

describe('entity view lists', () => {
  beforeAll(async () => {
    for (let i = 0; i < 12; i++)
      await ok(save(view(`Lv-${String(i).padStart(2, '0')}`, { type: i < 4 ? 'gauge' : 'panel' })));
  });

  it('pages with prefix search, each view once', async () => {
    const seen: string[] = [];
    for (let page = 0; page < 3; page++) {
      const p = await ok(
        get(`/api/tenant/entityViewInfos?pageSize=5&page=${page}&textSearch=lv-&sortProperty=name&sortOrder=DESC`),
      );
      expect(p).toMatchObject({ totalElements: 12, totalPages: 3, hasNext: page < 2 });
      seen.push(...p.data.map((v: { name: string }) => v.name));
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `Lv-${String(11 - i).padStart(2, '0')}`));
  });

  it('filters by type, finds by name, lists types', async () => {
    const gauges = await ok(get(`/api/tenant/entityViewInfos?${PAGE}&type=gauge&textSearch=Lv`));
    expect(gauges.totalElements).toBe(4);
    expect((await ok(get('/api/tenant/entityViews?entityViewName=Lv-03'))).name).toBe('Lv-03');
    expectNotFound(await get('/api/tenant/entityViews?entityViewName=Lv-99'));
    expect((await ok(get(`/api/tenant/entityViews?${PAGE}&textSearch=Lv`))).totalElements).toBe(12);
    const types = (await ok(get('/api/entityView/types'))).map((x: { type: string }) => x.type);
    expect(types).toEqual(['gauge', 'panel']);
    expectError(
      await get(`/api/tenant/entityViewInfos?${PAGE}&sortProperty=label`),
      400,
      31,
      /Unsupported sort property/,
    );
  });
});

describe('assignment and access', () => {
  let ofA: { id: { id: string } };
  beforeAll(async () => {
    ofA = await ok(save(view('View of A', { entityId: ref('DEVICE', deviceA) })));
    await ok(t.request('POST', `/api/customer/${w.customers.A}/entityView/${ofA.id.id}`, { token: w.tokens.tenant }));
  });

  it('customer A sees its view in lists and by id; others do not', async () => {
    const list = await ok(get(`/api/customer/${w.customers.A}/entityViewInfos?${PAGE}`, 'customer'));
    expect(list.data).toEqual([expect.objectContaining({ name: 'View of A', customerTitle: 'Customer A' })]);
    expect((await get(`/api/entityView/${ofA.id.id}`, 'customerAdmin')).statusCode).toBe(200);
    for (const who of ['customerB', 'other', 'sysadmin'] as Who[]) {
      expectForbidden(await get(`/api/entityView/${ofA.id.id}`, who));
      expectForbidden(await get(`/api/entityView/info/${ofA.id.id}`, who));
    }
    expectForbidden(await get(`/api/customer/${w.customers.A}/entityViews?${PAGE}`, 'customerB'));
    expectForbidden(await get(`/api/tenant/entityViewInfos?${PAGE}`, 'customer'));
  });

  it('customer roles read their view but never change, create or delete one: 403, nothing saved', async () => {
    const v = await ok(get(`/api/entityView/${ofA.id.id}`, 'customer'));
    for (const who of ['customer', 'customerAdmin'] as Who[]) {
      expectForbidden(await save({ ...v, keys: { timeseries: ['t'] } }, who));
      expectForbidden(await save({ ...v, entityId: ref('DEVICE', device) }, who)); // a tenant device
      expectForbidden(await save(view(`By ${who}`, { entityId: ref('DEVICE', deviceA) }), who));
    }
    expect(await ok(get(`/api/entityView/${ofA.id.id}`, 'customer'))).toEqual(v);
    expectForbidden(await save(view('By tenant user'), 'tenantUser'));
    for (const who of ['customer', 'customerAdmin', 'tenantUser', 'other', 'sysadmin'] as Who[]) {
      expectForbidden(await t.request('DELETE', `/api/entityView/${ofA.id.id}`, { token: w.tokens[who] }));
      expectForbidden(await t.request('DELETE', `/api/customer/entityView/${ofA.id.id}`, { token: w.tokens[who] }));
    }
  });

  it("a customer reads a view of the tenant's device that is assigned to it, not the device", async () => {
    const v = await ok(save(view('Window on a tenant device')));
    await ok(t.request('POST', `/api/customer/${w.customers.A}/entityView/${v.id.id}`, { token: w.tokens.tenant }));
    expect(await ok(get(`/api/entityView/${v.id.id}`, 'customer'))).toMatchObject({ entityId: { id: device } });
    expectForbidden(await save({ ...v, keys: { timeseries: ['shown'] } }, 'customer'));
    // The device itself stays out of reach.
    expectForbidden(await get(`/api/relations?fromId=${device}&fromType=DEVICE`, 'customer'));
  });

  it('unassigns and makes public', async () => {
    const v = await ok(save(view('Public view')));
    const pub = await ok(t.request('POST', `/api/customer/public/entityView/${v.id.id}`, { token: w.tokens.tenant }));
    expect(pub.customerId.id).not.toBe(NULL_UUID);
    expect(await ok(get(`/api/entityView/info/${v.id.id}`))).toMatchObject({
      customerTitle: 'Public',
      customerIsPublic: true,
    });
    const un = await ok(t.request('DELETE', `/api/customer/entityView/${v.id.id}`, { token: w.tokens.tenant }));
    expect(un.customerId.id).toBe(NULL_UUID);
    expectError(
      await t.request('DELETE', `/api/customer/entityView/${v.id.id}`, { token: w.tokens.tenant }),
      400,
      31,
      "Entity view isn't assigned to any customer!",
    );
    expectForbidden(
      await t.request('POST', `/api/customer/${w.otherCustomerId}/entityView/${v.id.id}`, { token: w.tokens.tenant }),
    );
  });
});

describe('deleting', () => {
  it('DELETE /api/entityView removes the view with its relations and attributes', async () => {
    const v = await ok(save(view('Gone view')));
    await ok(
      t.request('POST', '/api/relation', {
        token: w.tokens.tenant,
        body: { from: ref('ASSET', asset), to: v.id, type: 'Shows' },
      }),
    );
    await t.app.services.attributes.save(
      await callerOf(t, 'tenant@sapo.local'),
      'ENTITY_VIEW',
      v.id.id,
      'SERVER_SCOPE',
      { a: 1 },
    );
    expect((await t.request('DELETE', `/api/entityView/${v.id.id}`, { token: w.tokens.tenant })).statusCode).toBe(200);
    expectNotFound(await get(`/api/entityView/${v.id.id}`));
    expect(await t.db.query('SELECT 1 FROM relation WHERE to_id = $1', [v.id.id])).toHaveLength(0);
    expect(await t.db.query('SELECT 1 FROM attribute_kv WHERE entity_id = $1', [v.id.id])).toHaveLength(0);
    expect(await auditActions(t, v.id.id)).toEqual([
      'ADDED',
      'ATTRIBUTES_UPDATED',
      'DELETED',
      'RELATION_ADD_OR_UPDATE',
    ]);
  });

  it('deleteEntityViewsOf removes the views of one device only, with their relations and attributes', async () => {
    const other = await insertDevice(t, w.tenantId, 'EV other device');
    const gone = await ok(save(view('Of doomed device')));
    const kept = await ok(save(view('Of other device', { entityId: ref('DEVICE', other) })));
    await ok(
      t.request('POST', '/api/relation', {
        token: w.tokens.tenant,
        body: { from: gone.id, to: kept.id, type: 'Near' },
      }),
    );
    const deleted = await t.db.tx((q) => deleteEntityViewsOf(q, 'DEVICE', device));
    expect(deleted.map((d) => d.name)).toContain('Of doomed device');
    expect(await t.db.query('SELECT 1 FROM entity_view WHERE entity_id = $1', [device])).toHaveLength(0);
    expect((await ok(get(`/api/entityView/${kept.id.id}`))).name).toBe('Of other device');
    expect(await t.db.query('SELECT 1 FROM relation WHERE from_id = $1', [gone.id.id])).toHaveLength(0);
  });
});
