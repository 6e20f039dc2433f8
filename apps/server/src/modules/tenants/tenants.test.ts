import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let tokens: { sysadmin: string; tenant: string; customer: string };
let demoTenantId: string;
let defaultProfile: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.demoTokens();
  const me = await t.request('GET', '/api/auth/user', { token: tokens.tenant });
  demoTenantId = me.json().tenantId.id;
  const def = await t.request('GET', '/api/tenantProfileInfo/default', { token: tokens.sysadmin });
  defaultProfile = { id: def.json().id.id, name: def.json().name };
});
afterAll(() => t.close());

async function createTenant(body: Record<string, unknown>) {
  const res = await t.request('POST', '/api/tenant', { token: tokens.sysadmin, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /api/tenant', () => {
  it('creates a tenant with the default profile, region Global and trimmed contact fields', async () => {
    const tenant = await createTenant({
      title: '  Acme  ',
      region: 'Mars',
      email: ' ops@acme.io ',
      city: '',
      additionalInfo: { description: 'd' },
    });
    expect(tenant).toMatchObject({
      id: { entityType: 'TENANT' },
      title: 'Acme',
      name: 'Acme',
      region: 'Global',
      tenantProfileId: { entityType: 'TENANT_PROFILE', id: defaultProfile.id },
      email: 'ops@acme.io',
      city: null,
      additionalInfo: { description: 'd' },
    });
    expect(typeof tenant.createdTime).toBe('number');
    const got = await t.request('GET', `/api/tenant/${tenant.id.id}`, { token: tokens.sysadmin });
    expect(got.json()).toEqual(tenant);
  });

  it('uses a given tenant profile', async () => {
    const profiles = await t.request(
      'GET',
      '/api/tenantProfileInfos?pageSize=10&page=0&textSearch=Isolated TB Core and',
      { token: tokens.sysadmin },
    );
    const iso = profiles.json().data[0];
    const tenant = await createTenant({
      title: 'Isolated Co',
      tenantProfileId: { entityType: 'TENANT_PROFILE', id: iso.id.id },
    });
    expect(tenant.tenantProfileId.id).toBe(iso.id.id);
    const info = await t.request('GET', `/api/tenant/info/${tenant.id.id}`, { token: tokens.sysadmin });
    expect(info.json().tenantProfileName).toBe('Isolated TB Core and TB Rule Engine');
  });

  it('rejects a missing title, an unknown profile and a bad email', async () => {
    const noTitle = await t.request('POST', '/api/tenant', { token: tokens.sysadmin, body: { title: '  ' } });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ errorCode: 31, message: 'Tenant title should be specified!' });
    const badProfile = await t.request('POST', '/api/tenant', {
      token: tokens.sysadmin,
      body: { title: 'X', tenantProfileId: { id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(badProfile.statusCode).toBe(400);
    const badEmail = await t.request('POST', '/api/tenant', {
      token: tokens.sysadmin,
      body: { title: 'X', email: 'nope' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('nope');
  });

  it('updates a tenant; region stays Global and createdTime is kept', async () => {
    const tenant = await createTenant({ title: 'Before' });
    const res = await t.request('POST', '/api/tenant', {
      token: tokens.sysadmin,
      body: { ...tenant, title: 'After', region: 'Elsewhere', phone: '+1 555' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: tenant.id,
      title: 'After',
      region: 'Global',
      phone: '+1 555',
      createdTime: tenant.createdTime,
    });
    const got = await t.request('GET', `/api/tenant/${tenant.id.id}`, { token: tokens.sysadmin });
    expect(got.json()).toMatchObject({ title: 'After', phone: '+1 555' });
  });

  it('answers 404 when updating a tenant that does not exist', async () => {
    const res = await t.request('POST', '/api/tenant', {
      token: tokens.sysadmin,
      body: { id: { entityType: 'TENANT', id: '00000000-0000-4000-8000-000000000001' }, title: 'Ghost' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe(32);
  });
});

describe('GET /api/tenants and /api/tenantInfos', () => {
  it('pages, prefix-searches case-insensitively and sorts by title', async () => {
    for (const title of ['Zeta Paging', 'alpha Paging', 'Beta Paging']) await createTenant({ title });
    const all = await t.request('GET', '/api/tenants?pageSize=100&page=0&textSearch=Pag', { token: tokens.sysadmin });
    expect(all.json().data).toEqual([]); // prefix, not substring
    const asc = await t.request('GET', '/api/tenants?pageSize=2&page=0&textSearch=', { token: tokens.sysadmin });
    expect(asc.statusCode).toBe(200);
    const page0 = await t.request(
      'GET',
      '/api/tenants?pageSize=2&page=0&textSearch=ALPHA&sortProperty=title&sortOrder=ASC',
      { token: tokens.sysadmin },
    );
    expect(page0.json()).toMatchObject({ totalElements: 1, totalPages: 1, hasNext: false });
    expect(page0.json().data[0].title).toBe('alpha Paging');

    const sorted = await t.request('GET', '/api/tenants?pageSize=100&page=0&sortProperty=title&sortOrder=DESC', {
      token: tokens.sysadmin,
    });
    const titles: string[] = sorted.json().data.map((x: { title: string }) => x.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(titles).toEqual(expect.arrayContaining(['Zeta Paging', 'alpha Paging', 'Beta Paging', 'Tenant']));

    const total = sorted.json().totalElements as number;
    const p1 = await t.request('GET', '/api/tenants?pageSize=2&page=1&sortProperty=title&sortOrder=DESC', {
      token: tokens.sysadmin,
    });
    expect(p1.json()).toMatchObject({ totalElements: total, totalPages: Math.ceil(total / 2), hasNext: total > 4 });
    expect(p1.json().data.map((x: { title: string }) => x.title)).toEqual(titles.slice(2, 4));
  });

  it('lists tenant infos with the profile name', async () => {
    const res = await t.request('GET', '/api/tenantInfos?pageSize=100&page=0&textSearch=Tenant', {
      token: tokens.sysadmin,
    });
    expect(res.statusCode).toBe(200);
    const demo = res.json().data.find((x: { id: { id: string } }) => x.id.id === demoTenantId);
    expect(demo).toMatchObject({ title: 'Tenant', tenantProfileName: 'Default', region: 'Global' });
  });

  it('rejects an unknown sort property with 400', async () => {
    const res = await t.request('GET', '/api/tenants?pageSize=10&page=0&sortProperty=password', {
      token: tokens.sysadmin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('password');
  });
});

describe('tenant permissions', () => {
  it('lets a tenant admin read its own tenant and tenant info', async () => {
    const res = await t.request('GET', `/api/tenant/${demoTenantId}`, { token: tokens.tenant });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Tenant');
    const info = await t.request('GET', `/api/tenant/info/${demoTenantId}`, { token: tokens.tenant });
    expect(info.json().tenantProfileName).toBe('Default');
  });

  it('forbids a tenant admin to read another tenant', async () => {
    const other = await createTenant({ title: 'Other Co' });
    for (const url of [`/api/tenant/${other.id.id}`, `/api/tenant/info/${other.id.id}`]) {
      const res = await t.request('GET', url, { token: tokens.tenant });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        errorCode: 20,
        message: "You don't have permission to perform this operation!",
      });
    }
  });

  it('forbids a tenant admin to create, update, delete or list tenants, with no side effect', async () => {
    const before = (await t.request('GET', '/api/tenants?pageSize=1&page=0', { token: tokens.sysadmin })).json()
      .totalElements;
    const post = await t.request('POST', '/api/tenant', { token: tokens.tenant, body: { title: 'Sneaky' } });
    expect(post.statusCode).toBe(403);
    const rename = await t.request('POST', '/api/tenant', {
      token: tokens.tenant,
      body: { id: { id: demoTenantId }, title: 'Renamed' },
    });
    expect(rename.statusCode).toBe(403);
    const del = await t.request('DELETE', `/api/tenant/${demoTenantId}`, { token: tokens.tenant });
    expect(del.statusCode).toBe(403);
    for (const url of ['/api/tenants?pageSize=10&page=0', '/api/tenantInfos?pageSize=10&page=0']) {
      expect((await t.request('GET', url, { token: tokens.tenant })).statusCode).toBe(403);
    }
    const after = await t.request('GET', '/api/tenants?pageSize=1&page=0', { token: tokens.sysadmin });
    expect(after.json().totalElements).toBe(before);
    expect((await t.request('GET', `/api/tenant/${demoTenantId}`, { token: tokens.sysadmin })).json().title).toBe(
      'Tenant',
    );
  });

  it('forbids a customer user everything on tenants', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/tenant/${demoTenantId}`],
      ['GET', `/api/tenant/info/${demoTenantId}`],
      ['GET', '/api/tenants?pageSize=10&page=0'],
      ['GET', '/api/tenantInfos?pageSize=10&page=0'],
      ['POST', '/api/tenant', { title: 'C' }],
      ['DELETE', `/api/tenant/${demoTenantId}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.request(method, url, { token: tokens.customer, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 404 for an unknown tenant and 400 for a malformed id', async () => {
    const res = await t.request('GET', '/api/tenant/00000000-0000-4000-8000-000000000002', { token: tokens.sysadmin });
    expect(res.statusCode).toBe(404);
    const bad = await t.request('GET', '/api/tenant/not-a-uuid', { token: tokens.sysadmin });
    expect(bad.statusCode).toBe(400);
    const delMissing = await t.request('DELETE', '/api/tenant/00000000-0000-4000-8000-000000000002', {
      token: tokens.sysadmin,
    });
    expect(delMissing.statusCode).toBe(404);
  });
});

describe('DELETE /api/tenant/{id}', () => {
  it('deletes an empty tenant', async () => {
    const tenant = await createTenant({ title: 'Short lived' });
    const del = await t.request('DELETE', `/api/tenant/${tenant.id.id}`, { token: tokens.sysadmin });
    expect(del.statusCode).toBe(200);
    expect(del.body).toBe('');
    expect((await t.request('GET', `/api/tenant/${tenant.id.id}`, { token: tokens.sysadmin })).statusCode).toBe(404);
  });

  // Last: removes the demo tenant the other tests use.
  it('removes the tenant with its users (who can no longer sign in) and customers', async () => {
    const customers = await t.request('GET', '/api/customers?pageSize=100&page=0', { token: tokens.tenant });
    expect(customers.json().totalElements).toBeGreaterThan(0);
    const customerIds: string[] = customers.json().data.map((c: { id: { id: string } }) => c.id.id);

    const del = await t.request('DELETE', `/api/tenant/${demoTenantId}`, { token: tokens.sysadmin });
    expect(del.statusCode).toBe(200);

    for (const [username, password] of [
      ['tenant@sapo.local', 'tenant'],
      ['customer@sapo.local', 'customer'],
    ]) {
      const login = await t.request('POST', '/api/auth/login', { body: { username, password } });
      expect(login.statusCode, username).toBe(401);
    }
    // Tokens issued before the deletion stop working too.
    expect((await t.request('GET', '/api/auth/user', { token: tokens.tenant })).statusCode).toBe(401);
    const left = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM customer WHERE id = ANY($1::uuid[])', [
      customerIds,
    ]);
    expect(left[0]?.n).toBe(0);
    const users = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tb_user WHERE tenant_id = $1', [
      demoTenantId,
    ]);
    expect(users[0]?.n).toBe(0);
    // The system administrator is untouched.
    expect((await t.request('GET', '/api/tenants?pageSize=1&page=0', { token: tokens.sysadmin })).statusCode).toBe(200);
  });
});
