import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, expectForbidden, expectNotFound } from '../users/users-fixtures.ts';
import { createAsset, type EntityWorld, ok, PAGE, setupEntityWorld, type Who } from '../entities/entity-fixtures.ts';

let t: TestApp;
let w: EntityWorld;
/** Assigned to Customer A, unassigned, and one of the other tenant. */
let ofA: { id: { id: string } };
let free: { id: { id: string } };
let foreign: { id: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
  ofA = await createAsset(t, w.tokens.tenant, { name: 'Of A', label: 'A' });
  await ok(t.request('POST', `/api/customer/${w.customers.A}/asset/${ofA.id.id}`, { token: w.tokens.tenant }));
  free = await createAsset(t, w.tokens.tenant, { name: 'Free' });
  foreign = await createAsset(t, w.tokens.other, { name: 'Foreign' });
});
afterAll(() => t.close());

const call = (method: string, url: string, who: Who, body?: unknown) =>
  t.request(method, url, { token: w.tokens[who], body });
const assetName = async (id: string) =>
  (await t.db.query<{ name: string; label: string | null }>('SELECT name, label FROM asset WHERE id = $1', [id]))[0];

describe('reading one asset (/asset/{id}, /asset/info/{id})', () => {
  const cases: [Who, 'ofA' | 'free' | 'foreign', number][] = [
    ['tenant', 'ofA', 200],
    ['tenant', 'free', 200],
    ['tenantUser', 'free', 200],
    ['customer', 'ofA', 200],
    ['customerAdmin', 'ofA', 200],
    ['customer', 'free', 403],
    ['customerB', 'ofA', 403],
    ['other', 'ofA', 403],
    ['tenant', 'foreign', 403],
    ['sysadmin', 'ofA', 403],
  ];
  for (const [who, which, status] of cases) {
    it(`${who} reading ${which} → ${status}`, async () => {
      const id = { ofA, free, foreign }[which].id.id;
      for (const url of [`/api/asset/${id}`, `/api/asset/info/${id}`]) {
        const res = await call('GET', url, who);
        if (status === 200) expect(res.statusCode, res.body).toBe(200);
        else expectForbidden(res);
      }
    });
  }

  it('anonymous → 401, a malformed id → 400', async () => {
    expectError(await t.request('GET', `/api/asset/${ofA.id.id}`), 401, 10);
    expectError(await call('GET', '/api/asset/not-a-uuid', 'tenant'), 400, 31, /id/);
  });
});

describe('lists', () => {
  it('tenant lists are for tenant roles only, and show only the tenant assets', async () => {
    for (const who of ['customer', 'customerAdmin', 'sysadmin'] as Who[]) {
      expectForbidden(await call('GET', `/api/tenant/assetInfos?${PAGE}`, who));
      expectForbidden(await call('GET', `/api/tenant/assets?${PAGE}`, who));
      expectForbidden(await call('GET', '/api/tenant/assets?assetName=Free', who));
    }
    const mine = await ok(call('GET', `/api/tenant/assetInfos?${PAGE}`, 'tenantUser'));
    expect(mine.data.map((a: { name: string }) => a.name).sort()).toEqual(['Free', 'Of A']);
    const theirs = await ok(call('GET', `/api/tenant/assetInfos?${PAGE}`, 'other'));
    expect(theirs.data.map((a: { name: string }) => a.name)).toEqual(['Foreign']);
    expectNotFound(await call('GET', '/api/tenant/assets?assetName=Free', 'other'));
  });

  it('customer lists: own customer only for customer roles, own tenant customers for the tenant', async () => {
    for (const who of ['customer', 'customerAdmin', 'tenant', 'tenantUser'] as Who[]) {
      const page = await ok(call('GET', `/api/customer/${w.customers.A}/assetInfos?${PAGE}`, who));
      expect(page.data.map((a: { name: string }) => a.name)).toEqual(['Of A']);
    }
    expectForbidden(await call('GET', `/api/customer/${w.customers.B}/assetInfos?${PAGE}`, 'customer'));
    expectForbidden(await call('GET', `/api/customer/${w.customers.A}/assets?${PAGE}`, 'customerB'));
    expectForbidden(await call('GET', `/api/customer/${w.customers.A}/assetInfos?${PAGE}`, 'other'));
    expectForbidden(await call('GET', `/api/customer/${w.otherCustomerId}/assetInfos?${PAGE}`, 'tenant'));
    expectForbidden(await call('GET', `/api/customer/${w.customers.A}/assetInfos?${PAGE}`, 'sysadmin'));
    expectNotFound(await call('GET', `/api/customer/${free.id.id}/assetInfos?${PAGE}`, 'tenant'));
  });

  it('?assetIds= and types follow the same scopes', async () => {
    const ids = `${ofA.id.id},${free.id.id},${foreign.id.id}`;
    const names = async (who: Who) =>
      (await ok(call('GET', `/api/assets?assetIds=${ids}`, who))).map((a: { name: string }) => a.name);
    expect(await names('tenant')).toEqual(['Free', 'Of A']);
    expect(await names('customer')).toEqual(['Of A']);
    expect(await names('customerB')).toEqual([]);
    expectForbidden(await call('GET', `/api/assets?assetIds=${ids}`, 'sysadmin'));
    expect((await ok(call('GET', '/api/asset/types', 'customer'))).length).toBeGreaterThan(0);
    expectForbidden(await call('GET', '/api/asset/types', 'sysadmin'));
  });
});

describe('saving', () => {
  it('only the tenant administrator creates assets', async () => {
    for (const who of ['tenantUser', 'customer', 'customerAdmin', 'sysadmin'] as Who[]) {
      expectForbidden(await call('POST', '/api/asset', who, { name: `By ${who}`, type: 'x' }));
      expect(await t.db.query('SELECT 1 FROM asset WHERE name = $1', [`By ${who}`])).toHaveLength(0);
    }
  });

  it('tenant roles edit an asset; customer roles and other tenants get 403 and nothing changes', async () => {
    const body = async () => ok(call('GET', `/api/asset/${ofA.id.id}`, 'tenant'));
    // Customer roles read their customer's asset but may not change it (ThingsBoard 3.2.0, ADR 0010).
    for (const who of ['customer', 'customerAdmin', 'customerB', 'other', 'sysadmin'] as Who[]) {
      expectForbidden(await call('POST', '/api/asset', who, { ...(await body()), label: `hacked by ${who}` }));
    }
    expect((await assetName(ofA.id.id))?.label).toBe('A');
    expectForbidden(await call('POST', '/api/asset', 'customer', { ...(await body()), id: free.id, label: 'x' }));
    for (const who of ['tenant', 'tenantUser'] as Who[]) {
      const res = await call('POST', '/api/asset', who, { ...(await body()), label: `by ${who}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().customerId.id).toBe(w.customers.A); // editing keeps the assignment
    }
    expect((await assetName(ofA.id.id))?.label).toBe('by tenantUser');
  });

  it('a forged tenantId lands the asset in the caller tenant', async () => {
    const res = await call('POST', '/api/asset', 'tenant', {
      name: 'Forged',
      type: 'x',
      tenantId: { entityType: 'TENANT', id: w.otherTenantId },
      customerId: { entityType: 'CUSTOMER', id: w.customers.A },
    });
    expect(res.json()).toMatchObject({ tenantId: { id: w.tenantId }, customerId: { id: NULL_UUID } });
  });
});

describe('deleting and assigning', () => {
  it('only the tenant administrator of the tenant may', async () => {
    for (const who of ['tenantUser', 'customer', 'customerAdmin', 'sysadmin', 'other'] as Who[]) {
      expectForbidden(await call('DELETE', `/api/asset/${ofA.id.id}`, who));
      expectForbidden(await call('POST', `/api/customer/${w.customers.B}/asset/${ofA.id.id}`, who));
      expectForbidden(await call('DELETE', `/api/customer/asset/${ofA.id.id}`, who));
      expectForbidden(await call('POST', `/api/customer/public/asset/${ofA.id.id}`, who));
    }
    const row = await t.db.query<{ customer_id: string }>('SELECT customer_id FROM asset WHERE id = $1', [ofA.id.id]);
    expect(row).toEqual([{ customer_id: w.customers.A }]);
  });
});
