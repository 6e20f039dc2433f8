import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditRows, expectError, expectForbidden, expectNotFound } from '../users/users-fixtures.ts';
import {
  callerOf,
  createAsset,
  type EntityWorld,
  ok,
  PAGE,
  setupEntityWorld,
  auditActions,
} from '../entities/entity-fixtures.ts';

let t: TestApp;
let w: EntityWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
});
afterAll(() => t.close());

const post = (body: unknown, token = w.tokens.tenant) => t.request('POST', '/api/asset', { token, body });
const get = (url: string, token = w.tokens.tenant) => t.request('GET', url, { token });
const names = (page: { data: { name: string }[] }) => page.data.map((a) => a.name);

describe('POST /api/asset', () => {
  it('creates an asset with the ThingsBoard shape and audits ADDED', async () => {
    const res = await post({
      name: ' Building 1 ',
      type: 'building',
      label: 'B1',
      additionalInfo: { description: 'Main site' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a).toEqual({
      id: { entityType: 'ASSET', id: expect.any(String) },
      createdTime: expect.any(Number),
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
      name: 'Building 1',
      type: 'building',
      label: 'B1',
      additionalInfo: { description: 'Main site' },
    });
    expect((await get(`/api/asset/${a.id.id}`)).json()).toEqual(a);
    expect((await get(`/api/asset/info/${a.id.id}`)).json()).toEqual({
      ...a,
      customerTitle: null,
      customerIsPublic: false,
    });
    expect(await auditRows(t, a.id.id)).toEqual([
      expect.objectContaining({ action_type: 'ADDED', entity_type: 'ASSET', entity_name: 'Building 1' }),
    ]);
  });

  it('checks the type first, then the name, with ThingsBoard messages', async () => {
    for (const [body, message] of [
      [{ name: 'x' }, 'Asset type should be specified!'],
      [{ name: 'x', type: '  ' }, 'Asset type should be specified!'],
      [{}, 'Asset type should be specified!'],
      [{ type: 't' }, 'Asset name should be specified!'],
      [{ type: 't', name: null }, 'Asset name should be specified!'],
    ] as const) {
      expectError(await post(body), 400, 31, message);
    }
    expectError(await post({ type: 't', name: 'n'.repeat(256) }), 400, 31, /name/);
    expectError(await post({ type: 't', name: 42 }), 400, 31, "Invalid value of 'name': must be string");
  });

  it('keeps names unique per tenant, also on update', async () => {
    const a = await createAsset(t, w.tokens.tenant, { name: 'Unique 1' });
    const b = await createAsset(t, w.tokens.tenant, { name: 'Unique 2' });
    expectError(await post({ name: 'Unique 1', type: 'x' }), 400, 31, 'Asset with such name already exists!');
    expectError(await post({ ...b, name: 'Unique 1' }), 400, 31, 'Asset with such name already exists!');
    // Another tenant may use the same name.
    expect((await post({ name: 'Unique 1', type: 'x' }, w.tokens.other)).statusCode).toBe(200);
    // Saving an asset under its own name is fine.
    expect((await post({ ...a, label: 'same name' })).statusCode).toBe(200);
  });

  it('updates name, type, label and description; ignores forged owner ids; audits UPDATED', async () => {
    const a = await createAsset(t, w.tokens.tenant, { name: 'Upd A', label: 'L1' });
    const res = await post({
      ...a,
      name: 'Upd B',
      type: 'floor',
      label: 'L2',
      additionalInfo: { description: 'new' },
      tenantId: { entityType: 'TENANT', id: w.otherTenantId },
      customerId: { entityType: 'CUSTOMER', id: w.customers.B },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...a,
      name: 'Upd B',
      type: 'floor',
      label: 'L2',
      additionalInfo: { description: 'new' },
    });
    expect(await auditActions(t, a.id.id)).toEqual(['ADDED', 'UPDATED']);
  });

  it('answers 404 for an update of an asset that does not exist', async () => {
    expectNotFound(await post({ id: { entityType: 'ASSET', id: NULL_UUID }, name: 'Ghost', type: 'x' }));
    expect(await t.db.query("SELECT 1 FROM asset WHERE name = 'Ghost'")).toHaveLength(0);
  });
});

describe('asset lists', () => {
  const created: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 25; i++) {
      const n = String(i).padStart(2, '0');
      const a = await createAsset(t, w.tokens.tenant, {
        name: `Pg-${n}`,
        type: i % 2 ? 'odd' : 'even',
        label: `L${String(24 - i).padStart(2, '0')}`,
      });
      created.push(a.id.id);
    }
  });

  it('pages through all rows once, sorted by name either way', async () => {
    for (const order of ['ASC', 'DESC']) {
      const seen: string[] = [];
      for (let page = 0; page < 3; page++) {
        const p = await ok(
          get(`/api/tenant/assetInfos?pageSize=10&page=${page}&textSearch=pg-&sortProperty=name&sortOrder=${order}`),
        );
        expect(p.totalElements).toBe(25);
        expect(p.totalPages).toBe(3);
        expect(p.hasNext).toBe(page < 2);
        seen.push(...names(p));
      }
      const expected = created.map((_, i) => `Pg-${String(i).padStart(2, '0')}`);
      expect(seen).toEqual(order === 'ASC' ? expected : [...expected].reverse());
    }
  });

  it('sorts by label, type and createdTime, and filters by type', async () => {
    const byLabel = await ok(get(`/api/tenant/assetInfos?${PAGE}&textSearch=Pg&sortProperty=label&sortOrder=ASC`));
    expect(byLabel.data[0].name).toBe('Pg-24');
    const byCreated = await ok(get(`/api/tenant/assets?${PAGE}&textSearch=Pg&sortProperty=createdTime&sortOrder=DESC`));
    expect(byCreated.data).toHaveLength(25);
    expect(byCreated.data[0].customerTitle).toBeUndefined(); // plain assets carry no customer info
    const odd = await ok(get(`/api/tenant/assetInfos?${PAGE}&type=odd&textSearch=Pg&sortProperty=type`));
    expect(odd.totalElements).toBe(12);
    expect(odd.data.every((a: { type: string }) => a.type === 'odd')).toBe(true);
  });

  it('searches by case-insensitive name prefix, with wildcards taken literally', async () => {
    expect(names(await ok(get(`/api/tenant/assetInfos?${PAGE}&textSearch=pG-1&sortProperty=name`)))).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pg-1${i}`),
    );
    expect((await ok(get(`/api/tenant/assetInfos?${PAGE}&textSearch=Pg_%25`))).totalElements).toBe(0);
    expect((await ok(get(`/api/tenant/assetInfos?${PAGE}&textSearch=g-1`))).totalElements).toBe(0);
  });

  it('rejects unknown sort properties and orders', async () => {
    expectError(await get(`/api/tenant/assetInfos?${PAGE}&sortProperty=secret`), 400, 31, /Unsupported sort property/);
    expectError(await get(`/api/tenant/assetInfos?${PAGE}&sortOrder=UP`), 400, 31, /Unsupported sort order/);
    expectError(await get('/api/tenant/assetInfos?page=0'), 400, 31, "Parameter 'pageSize' can't be empty!");
  });

  it('finds one asset by name on /tenant/assets, and asks for paging otherwise', async () => {
    expect((await ok(get('/api/tenant/assets?assetName=Pg-03'))).id.id).toBe(created[3]);
    expectNotFound(await get('/api/tenant/assets?assetName=nope'));
    expectError(await get('/api/tenant/assets'), 400, 31, "Parameter 'pageSize' can't be empty!");
  });

  it('returns the assets of ?assetIds= that the caller may read', async () => {
    const foreign = await createAsset(t, w.tokens.other, { name: 'Foreign' });
    const list = await ok(get(`/api/assets?assetIds=${created[1]},${created[0]},${foreign.id.id}`));
    expect(names({ data: list })).toEqual(['Pg-00', 'Pg-01']);
    expectError(await get('/api/assets?assetIds=abc'), 400, 31, "Invalid value of 'assetIds': 'abc' is not an id");
    expectError(await get('/api/assets'), 400, 31, "Parameter 'assetIds' can't be empty!");
  });

  it('lists the tenant asset types, sorted, once each', async () => {
    await createAsset(t, w.tokens.other, { name: 'Other type', type: 'zzz-other' });
    const types = await ok(get('/api/asset/types'));
    const list = types.map((x: { type: string }) => x.type);
    expect(list).toEqual([...new Set(list)].sort());
    expect(list).toEqual(expect.arrayContaining(['building', 'even', 'odd']));
    expect(list).not.toContain('zzz-other');
    expect(types[0]).toEqual({
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      entityType: 'ASSET',
      type: list[0],
    });
  });
});

describe('assigning assets to customers', () => {
  it('assigns, lists under the customer, unassigns, and audits both', async () => {
    const a = await createAsset(t, w.tokens.tenant, { name: 'Assign 1' });
    const assigned = await ok(
      t.request('POST', `/api/customer/${w.customers.A}/asset/${a.id.id}`, { token: w.tokens.tenant }),
    );
    expect(assigned.customerId).toEqual({ entityType: 'CUSTOMER', id: w.customers.A });
    const info = await ok(get(`/api/asset/info/${a.id.id}`));
    expect(info).toMatchObject({ customerTitle: 'Customer A', customerIsPublic: false });
    const list = await ok(get(`/api/customer/${w.customers.A}/assetInfos?${PAGE}&textSearch=Assign`));
    expect(list.data).toEqual([expect.objectContaining({ name: 'Assign 1', customerTitle: 'Customer A' })]);
    const plain = await ok(get(`/api/customer/${w.customers.A}/assets?${PAGE}&textSearch=Assign&type=building`));
    expect(names(plain)).toEqual(['Assign 1']);

    const sorted = await ok(get(`/api/tenant/assetInfos?${PAGE}&textSearch=Assign&sortProperty=customerTitle`));
    expect(sorted.data[0].customerTitle).toBe('Customer A');

    const un = await ok(t.request('DELETE', `/api/customer/asset/${a.id.id}`, { token: w.tokens.tenant }));
    expect(un.customerId.id).toBe(NULL_UUID);
    expectError(
      await t.request('DELETE', `/api/customer/asset/${a.id.id}`, { token: w.tokens.tenant }),
      400,
      31,
      "Asset isn't assigned to any customer!",
    );
    expect(await auditActions(t, a.id.id)).toEqual(['ADDED', 'ASSIGNED_TO_CUSTOMER', 'UNASSIGNED_FROM_CUSTOMER']);
  });

  it('makes assets public through one Public customer', async () => {
    const a = await createAsset(t, w.tokens.tenant, { name: 'Public 1' });
    const b = await createAsset(t, w.tokens.tenant, { name: 'Public 2' });
    const pa = await ok(t.request('POST', `/api/customer/public/asset/${a.id.id}`, { token: w.tokens.tenant }));
    const pb = await ok(t.request('POST', `/api/customer/public/asset/${b.id.id}`, { token: w.tokens.tenant }));
    expect(pa.customerId.id).toBe(pb.customerId.id);
    expect(await ok(get(`/api/asset/info/${a.id.id}`))).toMatchObject({
      customerTitle: 'Public',
      customerIsPublic: true,
    });
    const publics = await t.db.query('SELECT 1 FROM customer WHERE tenant_id = $1 AND is_public', [w.tenantId]);
    expect(publics).toHaveLength(1);
  });

  it('refuses customers that are missing or of another tenant', async () => {
    const a = await createAsset(t, w.tokens.tenant, { name: 'Assign bad' });
    expectNotFound(await t.request('POST', `/api/customer/${NULL_UUID}/asset/${a.id.id}`, { token: w.tokens.tenant }));
    expectForbidden(
      await t.request('POST', `/api/customer/${w.otherCustomerId}/asset/${a.id.id}`, { token: w.tokens.tenant }),
    );
    expectNotFound(
      await t.request('POST', `/api/customer/${w.customers.A}/asset/${NULL_UUID}`, { token: w.tokens.tenant }),
    );
    expect((await ok(get(`/api/asset/${a.id.id}`))).customerId.id).toBe(NULL_UUID);
  });

  it('deleting a customer unassigns its assets', async () => {
    const c = await ok(t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 'Short-lived' } }));
    const a = await createAsset(t, w.tokens.tenant, { name: 'Orphan' });
    await ok(t.request('POST', `/api/customer/${c.id.id}/asset/${a.id.id}`, { token: w.tokens.tenant }));
    await ok(t.request('DELETE', `/api/customer/${c.id.id}`, { token: w.tokens.tenant }));
    expect((await ok(get(`/api/asset/${a.id.id}`))).customerId.id).toBe(NULL_UUID);
  });
});

describe('DELETE /api/asset/{id}', () => {
  it('deletes the asset with its relations, attributes and entity views, and audits', async () => {
    const a = await createAsset(t, w.tokens.tenant, { name: 'Doomed' });
    const b = await createAsset(t, w.tokens.tenant, { name: 'Survivor' });
    const relate = (from: string, to: string) =>
      ok(
        t.request('POST', '/api/relation', {
          token: w.tokens.tenant,
          body: { from: { entityType: 'ASSET', id: from }, to: { entityType: 'ASSET', id: to }, type: 'Contains' },
        }),
      );
    await relate(a.id.id, b.id.id);
    await relate(b.id.id, a.id.id);
    const view = await ok(
      t.request('POST', '/api/entityView', {
        token: w.tokens.tenant,
        body: { name: 'Doomed view', type: 'v', entityId: a.id },
      }),
    );
    const caller = await callerOf(t, 'tenant@sapo.local');
    await t.app.services.attributes.save(caller, 'ASSET', a.id.id, 'SERVER_SCOPE', { floor: 3 });
    await t.app.services.attributes.save(caller, 'ENTITY_VIEW', view.id.id, 'SHARED_SCOPE', { x: 1 });

    expect((await t.request('DELETE', `/api/asset/${a.id.id}`, { token: w.tokens.tenant })).statusCode).toBe(200);
    expectNotFound(await get(`/api/asset/${a.id.id}`));
    expectNotFound(await get(`/api/entityView/${view.id.id}`));
    expect(await t.db.query('SELECT 1 FROM relation WHERE from_id = $1 OR to_id = $1', [a.id.id])).toHaveLength(0);
    expect(
      await t.db.query('SELECT 1 FROM attribute_kv WHERE entity_id = ANY($1::uuid[])', [[a.id.id, view.id.id]]),
    ).toHaveLength(0);
    expect((await auditRows(t, a.id.id)).map((r) => r.action_type)).toContain('DELETED');
    expect((await auditRows(t, view.id.id)).map((r) => r.action_type)).toContain('DELETED');
    expect((await ok(get(`/api/asset/${b.id.id}`))).name).toBe('Survivor');
    expectNotFound(await t.request('DELETE', `/api/asset/${a.id.id}`, { token: w.tokens.tenant }));
  });
});

describe('tenant profile maxAssets', () => {
  it('stops creating at the limit with a 403, updates still work', async () => {
    const info = await ok(t.request('GET', '/api/tenantProfileInfo/default', { token: w.tokens.sysadmin }));
    const profile = await ok(t.request('GET', `/api/tenantProfile/${info.id.id}`, { token: w.tokens.sysadmin }));
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM asset WHERE tenant_id = $1', [w.tenantId]))[0]!
        .n;
    const limit = (await count()) + 1;
    profile.profileData.configuration.maxAssets = limit;
    await ok(t.request('POST', '/api/tenantProfile', { token: w.tokens.sysadmin, body: profile }));
    try {
      const last = await createAsset(t, w.tokens.tenant, { name: 'Within limit' });
      expectError(await post({ name: 'Over limit', type: 'x' }), 403, 20, /Assets limit reached/);
      expect(await count()).toBe(limit);
      expect((await post({ ...last, label: 'still editable' })).statusCode).toBe(200);
    } finally {
      profile.profileData.configuration.maxAssets = 0;
      await ok(t.request('POST', '/api/tenantProfile', { token: w.tokens.sysadmin, body: profile }));
    }
  });
});
