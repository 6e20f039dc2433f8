import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  auditRows,
  customerTitle,
  expectError,
  expectForbidden,
  expectNotFound,
  PAGE,
  setupWorld,
  type World,
} from '../users/users-fixtures.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
});
afterAll(() => t.close());

type Who = keyof World['tokens'];

describe('reading a customer (/customer/{id}, /title, /shortInfo)', () => {
  // Customer A: the demo customer user's own customer; customerB belongs to Customer B.
  const cases: [Who, number][] = [
    ['tenant', 200],
    ['customer', 200],
    ['customerB', 403],
    ['other', 403],
    ['sysadmin', 403],
  ];
  for (const [who, status] of cases) {
    it(`${who} → ${status}`, async () => {
      for (const suffix of ['', '/title', '/shortInfo']) {
        const res = await t.request('GET', `/api/customer/${w.customers.A}${suffix}`, { token: w.tokens[who] });
        if (status === 200) expect(res.statusCode, `${suffix} ${res.body}`).toBe(200);
        else expectForbidden(res);
      }
    });
  }

  it('the other tenant admin reads its own customer, the demo tenant admin may not', async () => {
    expect((await t.request('GET', `/api/customer/${w.otherCustomerId}`, { token: w.tokens.other })).statusCode).toBe(
      200,
    );
    expectForbidden(await t.request('GET', `/api/customer/${w.otherCustomerId}`, { token: w.tokens.tenant }));
  });

  it('anonymous → 401', async () => {
    const res = await t.request('GET', `/api/customer/${w.customers.A}`);
    expectError(res, 401, 10);
  });
});

describe('listing and finding customers', () => {
  for (const who of ['customer', 'customerB', 'sysadmin'] as Who[]) {
    it(`${who} may not list or find by title`, async () => {
      expectForbidden(await t.request('GET', `/api/customers?${PAGE}`, { token: w.tokens[who] }));
      expectForbidden(
        await t.request('GET', '/api/tenant/customers?customerTitle=Customer%20A', { token: w.tokens[who] }),
      );
    });
  }

  it('the other tenant admin sees only its own customers', async () => {
    const res = await t.request('GET', `/api/customers?${PAGE}`, { token: w.tokens.other });
    expect(res.json().data.map((c: { title: string }) => c.title)).toEqual(['Other Customer']);
    expectNotFound(
      await t.request('GET', '/api/tenant/customers?customerTitle=Customer%20A', { token: w.tokens.other }),
    );
  });
});

describe('saving a customer', () => {
  for (const who of ['customer', 'customerB', 'sysadmin'] as Who[]) {
    it(`${who} may neither create nor update`, async () => {
      expectForbidden(await t.request('POST', '/api/customer', { token: w.tokens[who], body: { title: `By ${who}` } }));
      expect(await t.db.query('SELECT 1 FROM customer WHERE title = $1', [`By ${who}`])).toHaveLength(0);
      expectForbidden(
        await t.request('POST', '/api/customer', {
          token: w.tokens[who],
          body: { id: { entityType: 'CUSTOMER', id: w.customers.A }, title: 'Hijacked' },
        }),
      );
      expect(await customerTitle(t, w.customers.A)).toBe('Customer A');
    });
  }

  it('a tenant admin of another tenant cannot update this tenant customer', async () => {
    expectForbidden(
      await t.request('POST', '/api/customer', {
        token: w.tokens.other,
        body: {
          id: { entityType: 'CUSTOMER', id: w.customers.A },
          title: 'Hijacked',
          tenantId: { entityType: 'TENANT', id: w.tenantId },
        },
      }),
    );
    expect(await customerTitle(t, w.customers.A)).toBe('Customer A');
    expect((await auditRows(t, w.customers.A)).filter((r) => r.action_type === 'UPDATED')).toHaveLength(0);
  });

  it('a forged tenantId is ignored: the customer lands in the caller tenant', async () => {
    const res = await t.request('POST', '/api/customer', {
      token: w.tokens.tenant,
      body: { title: 'Forged', tenantId: { entityType: 'TENANT', id: w.otherTenantId } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tenantId.id).toBe(w.tenantId);
    const rows = await t.db.query<{ tenant_id: string }>("SELECT tenant_id FROM customer WHERE title = 'Forged'");
    expect(rows).toEqual([{ tenant_id: w.tenantId }]);
  });

  it('updating with a forged tenantId does not move the customer', async () => {
    const c = (await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 'Stay' } })).json();
    const res = await t.request('POST', '/api/customer', {
      token: w.tokens.tenant,
      body: { ...c, title: 'Stay2', tenantId: { entityType: 'TENANT', id: w.otherTenantId } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tenantId.id).toBe(w.tenantId);
    const rows = await t.db.query<{ tenant_id: string }>('SELECT tenant_id FROM customer WHERE id = $1', [c.id.id]);
    expect(rows[0]?.tenant_id).toBe(w.tenantId);
  });
});

describe('deleting a customer', () => {
  for (const who of ['customer', 'customerB', 'sysadmin', 'other'] as Who[]) {
    it(`${who} → 403 and the customer remains`, async () => {
      expectForbidden(await t.request('DELETE', `/api/customer/${w.customers.C}`, { token: w.tokens[who] }));
      expect(await customerTitle(t, w.customers.C)).toBe('Customer C');
      expect(await t.db.query("SELECT 1 FROM tb_user WHERE email = 'customerC@sapo.local'")).toHaveLength(1);
    });
  }

  it('the demo tenant admin cannot delete the other tenant customer', async () => {
    expectForbidden(await t.request('DELETE', `/api/customer/${w.otherCustomerId}`, { token: w.tokens.tenant }));
    expect(await customerTitle(t, w.otherCustomerId)).toBe('Other Customer');
  });
});

describe('tenant profile maxCustomers', () => {
  it('stops the tenant admin at the limit with a 403 naming it', async () => {
    const info = (await t.request('GET', '/api/tenantProfileInfo/default', { token: w.tokens.sysadmin })).json();
    const profile = (await t.request('GET', `/api/tenantProfile/${info.id.id}`, { token: w.tokens.sysadmin })).json();
    const count = async () =>
      (
        await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM customer WHERE tenant_id = $1 AND NOT is_public',
          [w.tenantId],
        )
      )[0]!.n;
    const limit = (await count()) + 1;
    profile.profileData.configuration.maxCustomers = limit;
    const saved = await t.request('POST', '/api/tenantProfile', { token: w.tokens.sysadmin, body: profile });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(
      (await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 'Within limit' } }))
        .statusCode,
    ).toBe(200);
    const res = await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 'Over limit' } });
    expectError(res, 403, 20, /limit/);
    expect(await count()).toBe(limit);
    expect(await t.db.query("SELECT 1 FROM customer WHERE title = 'Over limit'")).toHaveLength(0);
    // Updating an existing customer is not a create and still works at the limit.
    const existing = (await t.request('GET', `/api/customer/${w.customers.A}`, { token: w.tokens.tenant })).json();
    expect(
      (await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { ...existing, city: 'Hsinchu' } }))
        .statusCode,
    ).toBe(200);
  });
});
