import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  auditRows,
  customerTitle,
  expectError,
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

const titles = (res: { json(): { data: { title: string }[] } }) => res.json().data.map((c) => c.title);

describe('POST /api/customer', () => {
  it('creates a customer in the caller tenant with the ThingsBoard shape', async () => {
    const res = await t.request('POST', '/api/customer', {
      token: w.tokens.tenant,
      body: {
        title: '  Acme ',
        city: 'Taipei',
        email: 'ops@acme.test',
        additionalInfo: { description: 'd', isPublic: true },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({
      id: { entityType: 'CUSTOMER' },
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      title: 'Acme',
      name: 'Acme',
      city: 'Taipei',
      email: 'ops@acme.test',
      additionalInfo: { description: 'd' },
    });
    expect(c.additionalInfo.isPublic).toBeUndefined(); // a client can't make a customer public
    expect(typeof c.createdTime).toBe('number');
    const got = await t.request('GET', `/api/customer/${c.id.id}`, { token: w.tokens.tenant });
    expect(got.json()).toEqual(c);
    const audit = await auditRows(t, c.id.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action_type: 'ADDED',
        user_name: 'tenant@sapo.local',
        entity_type: 'CUSTOMER',
        entity_name: 'Acme',
      }),
    ]);
  });

  it('updates a customer (title and contact) and audits UPDATED', async () => {
    const c = (
      await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 'Upd1', phone: '1' } })
    ).json();
    const res = await t.request('POST', '/api/customer', {
      token: w.tokens.tenant,
      body: { ...c, title: 'Upd2', phone: '2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, title: 'Upd2', phone: '2', createdTime: c.createdTime });
    expect(await customerTitle(t, c.id.id)).toBe('Upd2');
    expect((await auditRows(t, c.id.id)).map((r) => r.action_type)).toEqual(['ADDED', 'UPDATED']);
  });

  it('rejects a missing or blank title', async () => {
    for (const body of [{}, { title: '' }, { title: '   ' }, { title: null }]) {
      expectError(
        await t.request('POST', '/api/customer', { token: w.tokens.tenant, body }),
        400,
        31,
        'Customer title should be specified!',
      );
    }
  });

  it('rejects a duplicate title in the same tenant but allows it in another tenant', async () => {
    expectError(
      await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 'Customer A' } }),
      400,
      31,
      'Customer with such title already exists!',
    );
    const res = await t.request('POST', '/api/customer', { token: w.tokens.other, body: { title: 'Customer A' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().tenantId.id).toBe(w.otherTenantId);
  });

  it('rejects renaming onto an existing title and leaves the title unchanged', async () => {
    const c = (
      await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 'Rename me' } })
    ).json();
    expectError(
      await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { ...c, title: 'Customer B' } }),
      400,
      31,
      /already exists/,
    );
    expect(await customerTitle(t, c.id.id)).toBe('Rename me');
  });

  it('rejects wrong JSON types naming the field', async () => {
    expectError(
      await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 123 } }),
      400,
      31,
      /'title'/,
    );
    expectError(
      await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 'X', city: 5 } }),
      400,
      31,
      /'city'/,
    );
    expectError(
      await t.request('POST', '/api/customer', { token: w.tokens.tenant, body: { title: 'x'.repeat(256) } }),
      400,
      31,
      /'title'/,
    );
    expectError(
      await t.request('POST', '/api/customer', {
        token: w.tokens.tenant,
        body: { title: 'X', id: { entityType: 'CUSTOMER', id: 'nope' } },
      }),
      400,
      31,
      /id/,
    );
    expect(await t.db.query("SELECT 1 FROM customer WHERE title = 'X'")).toHaveLength(0);
  });

  it('returns 404 when updating an unknown id', async () => {
    expectNotFound(
      await t.request('POST', '/api/customer', {
        token: w.tokens.tenant,
        body: { id: { entityType: 'CUSTOMER', id: '6b1d0000-0000-4000-8000-000000000001' }, title: 'Ghost' },
      }),
    );
    expect(await t.db.query("SELECT 1 FROM customer WHERE title = 'Ghost'")).toHaveLength(0);
  });
});

describe('GET /api/customer/{id} and friends', () => {
  it('returns the title as text/plain and the short info', async () => {
    const title = await t.request('GET', `/api/customer/${w.customers.B}/title`, { token: w.tokens.tenant });
    expect(title.statusCode).toBe(200);
    expect(title.headers['content-type']).toMatch(/^text\/plain/);
    expect(title.body).toBe('Customer B');
    const short = await t.request('GET', `/api/customer/${w.customers.B}/shortInfo`, { token: w.tokens.tenant });
    expect(short.json()).toEqual({ title: 'Customer B', isPublic: false });
  });

  it('rejects a malformed uuid path parameter', async () => {
    for (const suffix of ['', '/title', '/shortInfo']) {
      expectError(
        await t.request('GET', `/api/customer/not-a-uuid${suffix}`, { token: w.tokens.tenant }),
        400,
        31,
        /'id'/,
      );
    }
    expectError(await t.request('DELETE', '/api/customer/not-a-uuid', { token: w.tokens.tenant }), 400, 31, /'id'/);
  });

  it('returns 404 for an unknown id', async () => {
    const id = '6b1d0000-0000-4000-8000-000000000002';
    for (const suffix of ['', '/title', '/shortInfo'])
      expectNotFound(await t.request('GET', `/api/customer/${id}${suffix}`, { token: w.tokens.tenant }));
    expectNotFound(await t.request('DELETE', `/api/customer/${id}`, { token: w.tokens.tenant }));
  });

  it('finds a customer by exact title', async () => {
    const res = await t.request('GET', '/api/tenant/customers?customerTitle=Customer%20C', { token: w.tokens.tenant });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: { id: w.customers.C }, title: 'Customer C' });
    expectNotFound(
      await t.request('GET', '/api/tenant/customers?customerTitle=customer%20c', { token: w.tokens.tenant }),
    );
    expectNotFound(
      await t.request('GET', '/api/tenant/customers?customerTitle=Other%20Customer', { token: w.tokens.tenant }),
    );
    expectError(
      await t.request('GET', '/api/tenant/customers', { token: w.tokens.tenant }),
      400,
      31,
      "Parameter 'customerTitle' can't be empty!",
    );
  });
});

describe('GET /api/customers paging', () => {
  it('pages with totals and hasNext, tenant-scoped', async () => {
    const total = (
      await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM customer WHERE tenant_id = $1', [w.tenantId])
    )[0]!.n;
    const first = (
      await t.request('GET', '/api/customers?pageSize=2&page=0&sortProperty=title&sortOrder=ASC', {
        token: w.tokens.tenant,
      })
    ).json();
    expect(first.data).toHaveLength(2);
    expect(first.totalElements).toBe(total);
    expect(first.totalPages).toBe(Math.ceil(total / 2));
    expect(first.hasNext).toBe(true);
    const last = (
      await t.request('GET', `/api/customers?pageSize=2&page=${first.totalPages - 1}`, { token: w.tokens.tenant })
    ).json();
    expect(last.hasNext).toBe(false);
    const all = await t.request('GET', `/api/customers?${PAGE}`, { token: w.tokens.tenant });
    expect(titles(all)).not.toContain('Other Customer');
    expect(all.json().data.every((c: { tenantId: { id: string } }) => c.tenantId.id === w.tenantId)).toBe(true);
  });

  it('searches by case-insensitive title prefix with literal wildcards', async () => {
    const q = (s: string) =>
      t.request('GET', `/api/customers?${PAGE}&textSearch=${encodeURIComponent(s)}`, { token: w.tokens.tenant });
    expect(titles(await q('customer b'))).toEqual(['Customer B']);
    expect(titles(await q('CUSTOMER')).sort()).toEqual(['Customer A', 'Customer B', 'Customer C']);
    expect(titles(await q('ustomer'))).toEqual([]); // prefix, not substring
    expect((await q('%')).json()).toMatchObject({ data: [], totalElements: 0 });
    expect((await q('Customer_')).json().totalElements).toBe(0);
  });

  it('sorts by title DESC and rejects a bad sort order or property', async () => {
    const res = await t.request('GET', `/api/customers?${PAGE}&textSearch=Customer&sortProperty=title&sortOrder=DESC`, {
      token: w.tokens.tenant,
    });
    expect(titles(res)).toEqual(['Customer C', 'Customer B', 'Customer A']);
    const asc = await t.request('GET', `/api/customers?${PAGE}&textSearch=Customer&sortProperty=title&sortOrder=asc`, {
      token: w.tokens.tenant,
    });
    expect(titles(asc)).toEqual(['Customer A', 'Customer B', 'Customer C']);
    expectError(
      await t.request('GET', `/api/customers?${PAGE}&sortProperty=title&sortOrder=bad`, { token: w.tokens.tenant }),
      400,
      31,
      "Unsupported sort order 'bad'! Only 'ASC' or 'DESC' types are allowed.",
    );
    expectError(
      await t.request('GET', `/api/customers?${PAGE}&sortProperty=password`, { token: w.tokens.tenant }),
      400,
      31,
      /sort property/,
    );
  });

  it('requires pageSize and page', async () => {
    expectError(
      await t.request('GET', '/api/customers?page=0', { token: w.tokens.tenant }),
      400,
      31,
      "Parameter 'pageSize' can't be empty!",
    );
    expectError(
      await t.request('GET', '/api/customers?pageSize=10', { token: w.tokens.tenant }),
      400,
      31,
      "Parameter 'page' can't be empty!",
    );
    expectError(
      await t.request('GET', '/api/customers?pageSize=0&page=0', { token: w.tokens.tenant }),
      400,
      31,
      /pageSize/,
    );
    expectError(
      await t.request('GET', '/api/customers?pageSize=x&page=0', { token: w.tokens.tenant }),
      400,
      31,
      /pageSize/,
    );
  });
});

describe('DELETE /api/customer/{id}', () => {
  it('deletes the customer with its users, whose logins and tokens stop working', async () => {
    const token = await t.login('customerB@sapo.local', 'customer');
    const res = await t.request('DELETE', `/api/customer/${w.customers.B}`, { token: w.tokens.tenant });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(await customerTitle(t, w.customers.B)).toBeUndefined();
    expectNotFound(await t.request('GET', `/api/customer/${w.customers.B}`, { token: w.tokens.tenant }));
    expect(await t.db.query('SELECT 1 FROM tb_user WHERE customer_id = $1', [w.customers.B])).toHaveLength(0);
    const login = await t.request('POST', '/api/auth/login', {
      body: { username: 'customerB@sapo.local', password: 'customer' },
    });
    expect(login.statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/user', { token })).statusCode).toBe(401);
    const audit = await auditRows(t, w.customers.B);
    expect(audit.at(-1)).toMatchObject({
      action_type: 'DELETED',
      user_name: 'tenant@sapo.local',
      entity_name: 'Customer B',
    });
  });
});
