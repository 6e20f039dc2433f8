import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditRows, expectError, expectForbidden, expectNotFound } from '../users/users-fixtures.ts';
import {
  createAsset,
  type EntityWorld,
  insertDevice,
  ok,
  ref,
  setupEntityWorld,
  type Who,
} from '../entities/entity-fixtures.ts';

let t: TestApp;
let w: EntityWorld;
let asset: string; // tenant asset, unassigned
let assetA: string; // assigned to Customer A
let deviceA: string; // device of Customer A
let foreignAsset: string;
let foreignDevice: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
  asset = (await createAsset(t, w.tokens.tenant, { name: 'Site' })).id.id;
  assetA = (await createAsset(t, w.tokens.tenant, { name: 'Site A' })).id.id;
  await ok(t.request('POST', `/api/customer/${w.customers.A}/asset/${assetA}`, { token: w.tokens.tenant }));
  deviceA = await insertDevice(t, w.tenantId, 'Sensor A', w.customers.A);
  foreignAsset = (await createAsset(t, w.tokens.other, { name: 'Elsewhere' })).id.id;
  foreignDevice = await insertDevice(t, w.otherTenantId, 'Elsewhere sensor');
});
afterAll(() => t.close());

const rel = (
  from: { entityType: string; id: string },
  to: { entityType: string; id: string },
  type = 'Contains',
  extra = {},
) => ({
  from,
  to,
  type,
  ...extra,
});
const save = (body: unknown, who: Who = 'tenant') => t.request('POST', '/api/relation', { token: w.tokens[who], body });
const qs = (
  from: { entityType: string; id: string },
  to: { entityType: string; id: string },
  type = 'Contains',
  group?: string,
) =>
  `fromId=${from.id}&fromType=${from.entityType}&toId=${to.id}&toType=${to.entityType}&relationType=${encodeURIComponent(type)}` +
  (group ? `&relationTypeGroup=${group}` : '');
const get = (url: string, who: Who = 'tenant') => t.request('GET', url, { token: w.tokens[who] });
const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM relation'))[0]!.n;

describe('POST /api/relation and GET /api/relation', () => {
  it('creates a COMMON relation, reads it back, and audits both ends', async () => {
    const from = ref('ASSET', asset);
    const to = ref('DEVICE', deviceA);
    const res = await save(rel(from, to, 'Contains', { additionalInfo: { note: 'first' } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    const got = await ok(get(`/api/relation?${qs(from, to)}`));
    expect(got).toEqual({ from, to, type: 'Contains', typeGroup: 'COMMON', additionalInfo: { note: 'first' } });
    // Saving again replaces additionalInfo rather than adding a second relation.
    await ok(save(rel(from, to, 'Contains', { additionalInfo: { note: 'second' }, typeGroup: 'COMMON' })));
    expect((await ok(get(`/api/relation?${qs(from, to)}`))).additionalInfo).toEqual({ note: 'second' });
    expect(await t.db.query('SELECT 1 FROM relation WHERE from_id = $1 AND to_id = $2', [asset, deviceA])).toHaveLength(
      1,
    );
    for (const id of [asset, deviceA]) {
      const rows = await auditRows(t, id);
      expect(rows.filter((r) => r.action_type === 'RELATION_ADD_OR_UPDATE')).toHaveLength(2);
    }
    expectNotFound(await get(`/api/relation?${qs(from, to, 'Manages')}`));
    expectNotFound(await get(`/api/relation?${qs(from, to, 'Contains', 'ALARM')}`));
  });

  it('validates the body with ThingsBoard messages', async () => {
    const before = await count();
    const a = ref('ASSET', asset);
    const d = ref('DEVICE', deviceA);
    expectError(await save({ from: a, to: d }), 400, 31, 'Relation type should be specified!');
    expectError(await save(rel(a, d, '  ')), 400, 31, 'Relation type should be specified!');
    expectError(await save({ to: d, type: 'Contains' }), 400, 31, 'Relation should contain from entity!');
    expectError(await save({ from: a, type: 'Contains' }), 400, 31, 'Relation should contain to entity!');
    expectError(await save(rel(a, d, 'Contains', { typeGroup: 'NOPE' })), 400, 31, /typeGroup.*must be one of/);
    expectError(await save(rel(ref('GADGET', asset), d)), 400, 31, /from.entityType.*must be one of/);
    expectError(await save(rel(ref('ASSET', 'x'), d)), 400, 31, /from.id/);
    expect(await count()).toBe(before);
  });

  it('requires both ends to exist in the caller tenant', async () => {
    const before = await count();
    const a = ref('ASSET', asset);
    expectNotFound(await save(rel(a, ref('ASSET', NULL_UUID))));
    expectNotFound(await save(rel(a, ref('DASHBOARD', NULL_UUID)))); // no such table yet, or no such row
    expectForbidden(await save(rel(a, ref('ASSET', foreignAsset))));
    expectNotFound(await save(rel(a, ref('DEVICE', foreignDevice)))); // devices answer 404 across tenants
    expectForbidden(await save(rel(ref('CUSTOMER', w.otherCustomerId), a)));
    expect(await count()).toBe(before);
  });

  it('relates the tenant, its customers and users, and names them in infos', async () => {
    const tenant = ref('TENANT', w.tenantId);
    await ok(save(rel(tenant, ref('ASSET', asset), 'Manages')));
    await ok(save(rel(tenant, ref('CUSTOMER', w.customers.B), 'Manages')));
    await ok(save(rel(tenant, ref('USER', w.users.customer), 'Manages')));
    const infos = await ok(get(`/api/relations/info?fromId=${w.tenantId}&fromType=TENANT`));
    const byName = infos.map((i: { fromName: string; toName: string }) => [i.fromName, i.toName]).sort();
    expect(byName).toEqual([
      ['Tenant', 'Customer B'],
      ['Tenant', 'Site'],
      ['Tenant', 'customer@sapo.local'],
    ]);
    const to = await ok(get(`/api/relations/info?toId=${deviceA}&toType=DEVICE`));
    expect(to).toEqual([expect.objectContaining({ fromName: 'Site', toName: 'Sensor A', type: 'Contains' })]);
  });
});

describe('GET /api/relations', () => {
  it('lists by from or to, optionally by type and group', async () => {
    const a = ref('ASSET', assetA);
    await ok(save(rel(a, ref('DEVICE', deviceA), 'Contains')));
    await ok(save(rel(a, ref('DEVICE', deviceA), 'Manages')));
    await ok(save(rel(a, ref('DEVICE', deviceA), 'Contains', { typeGroup: 'RULE_NODE' })));
    const from = await ok(get(`/api/relations?fromId=${assetA}&fromType=ASSET`));
    expect(from.map((r: { type: string }) => r.type)).toEqual(['Contains', 'Manages']);
    const manages = await ok(get(`/api/relations?fromId=${assetA}&fromType=ASSET&relationType=Manages`));
    expect(manages).toHaveLength(1);
    const group = await ok(get(`/api/relations?fromId=${assetA}&fromType=ASSET&relationTypeGroup=RULE_NODE`));
    expect(group).toEqual([expect.objectContaining({ typeGroup: 'RULE_NODE' })]);
    const to = await ok(get(`/api/relations?toId=${deviceA}&toType=DEVICE`));
    expect(to.map((r: { from: { id: string } }) => r.from.id).sort()).toEqual([asset, assetA, assetA].sort());
  });

  it('asks for one side', async () => {
    expectError(
      await get(`/api/relations?fromId=${asset}&fromType=ASSET&toId=${deviceA}&toType=DEVICE`),
      400,
      31,
      /either/,
    );
    expectError(await get('/api/relations'), 400, 31, "Parameter 'fromId' can't be empty!");
    expectError(await get(`/api/relations?toId=${asset}`), 400, 31, "Parameter 'toType' can't be empty!");
    expectError(
      await get(`/api/relations?fromId=${asset}&fromType=ASSET&relationTypeGroup=X`),
      400,
      31,
      /must be one of/,
    );
    expectNotFound(await get(`/api/relations?fromId=${NULL_UUID}&fromType=ASSET`));
    expectForbidden(await get(`/api/relations?fromId=${foreignAsset}&fromType=ASSET`));
  });
});

describe('deleting relations', () => {
  it('DELETE /api/relation removes one (404 when absent) and audits both ends', async () => {
    const from = ref('ASSET', asset);
    const to = ref('ASSET', assetA);
    await ok(save(rel(from, to, 'Refers')));
    const res = await t.request('DELETE', `/api/relation?${qs(from, to, 'Refers')}`, { token: w.tokens.tenant });
    expect(res.statusCode, res.body).toBe(200);
    expectNotFound(await get(`/api/relation?${qs(from, to, 'Refers')}`));
    expectNotFound(await t.request('DELETE', `/api/relation?${qs(from, to, 'Refers')}`, { token: w.tokens.tenant }));
    expectError(
      await t.request('DELETE', `/api/relation?${qs(from, to, '')}`, { token: w.tokens.tenant }),
      400,
      31,
      "Parameter 'relationType' can't be empty!",
    );
    expect((await auditRows(t, assetA)).map((r) => r.action_type)).toContain('RELATION_DELETED');
  });

  it('DELETE /api/relations removes the COMMON relations of an entity, both ways', async () => {
    const hub = (await createAsset(t, w.tokens.tenant, { name: 'Hub' })).id.id;
    const h = ref('ASSET', hub);
    await ok(save(rel(h, ref('ASSET', asset))));
    await ok(save(rel(ref('ASSET', assetA), h)));
    await ok(save(rel(h, ref('ASSET', asset), 'Contains', { typeGroup: 'DASHBOARD' })));
    const res = await t.request('DELETE', `/api/relations?entityId=${hub}&entityType=ASSET`, {
      token: w.tokens.tenant,
    });
    expect(res.statusCode, res.body).toBe(200);
    const left = await t.db.query<{ relation_type_group: string }>(
      'SELECT relation_type_group FROM relation WHERE from_id = $1 OR to_id = $1',
      [hub],
    );
    expect(left).toEqual([{ relation_type_group: 'DASHBOARD' }]);
    expect((await auditRows(t, hub)).map((r) => r.action_type)).toContain('RELATIONS_DELETED');
    expectError(
      await t.request('DELETE', '/api/relations?entityType=ASSET', { token: w.tokens.tenant }),
      400,
      31,
      /entityId/,
    );
    expectForbidden(
      await t.request('DELETE', `/api/relations?entityId=${foreignAsset}&entityType=ASSET`, { token: w.tokens.tenant }),
    );
  });
});

describe('who may relate what', () => {
  it('customer users read the relations of their customer entities and change none', async () => {
    const a = ref('ASSET', assetA);
    const d = ref('DEVICE', deviceA);
    await ok(save(rel(a, d, 'By tenant')));
    const before = await count();
    // Read-only as in ThingsBoard 3.2.0 (relations need WRITE on both ends; ADR 0010).
    for (const who of ['customer', 'customerAdmin'] as Who[]) {
      expectForbidden(await save(rel(a, d, `By ${who}`), who));
      expectForbidden(await t.request('DELETE', `/api/relation?${qs(a, d, 'By tenant')}`, { token: w.tokens[who] }));
      expectForbidden(await t.request('DELETE', `/api/relations?id=${assetA}&type=ASSET`, { token: w.tokens[who] }));
    }
    expectForbidden(await save(rel(a, ref('ASSET', asset), 'Nope'), 'customer'));
    expectForbidden(await save(rel(ref('CUSTOMER', w.customers.A), a, 'Nope'), 'customer')); // own customer is read-only
    expectForbidden(await save(rel(a, d, 'Nope'), 'customerB'));
    expectForbidden(await save(rel(a, d, 'Nope'), 'sysadmin'));
    expect(await count()).toBe(before);

    // The device has a relation from the unassigned "Site": customers don't see it.
    const seen = await ok(get(`/api/relations?toId=${deviceA}&toType=DEVICE`, 'customer'));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r: { from: { id: string } }) => r.from.id === assetA)).toBe(true);
    expectForbidden(await get(`/api/relation?${qs(ref('ASSET', asset), d)}`, 'customer'));
    expectForbidden(await get(`/api/relations?fromId=${asset}&fromType=ASSET`, 'customer'));
    expectForbidden(
      await t.request('DELETE', `/api/relation?${qs(ref('ASSET', asset), d)}`, { token: w.tokens.customer }),
    );
    expect((await ok(get(`/api/relation?${qs(a, d, 'By tenant')}`, 'customer'))).type).toBe('By tenant');
  });

  it('tenant users relate tenant entities but not the tenant itself', async () => {
    expect(
      (await save(rel(ref('ASSET', asset), ref('ASSET', assetA), 'By tenant user'), 'tenantUser')).statusCode,
    ).toBe(200);
    expectForbidden(await save(rel(ref('TENANT', w.tenantId), ref('ASSET', asset), 'Nope'), 'tenantUser'));
    expect((await ok(get(`/api/relations?fromId=${w.tenantId}&fromType=TENANT`, 'tenantUser'))).length).toBeGreaterThan(
      0,
    );
  });

  it('the system administrator relates tenants', async () => {
    const res = await save(rel(ref('TENANT', w.tenantId), ref('TENANT', w.otherTenantId), 'Peers'), 'sysadmin');
    expect(res.statusCode, res.body).toBe(200);
    // The tenant administrator reads its tenant's relations but not the one to another tenant.
    const list = await ok(get(`/api/relations?fromId=${w.tenantId}&fromType=TENANT&relationType=Peers`));
    expect(list).toEqual([]);
    expectForbidden(await save(rel(ref('TENANT', w.tenantId), ref('ASSET', asset), 'Nope'), 'sysadmin'));
  });

  it('anonymous → 401', async () => {
    expectError(await t.request('GET', `/api/relations?fromId=${asset}&fromType=ASSET`), 401, 10);
  });
});
