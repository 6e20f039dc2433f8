import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditRows, customerId, decode, userId, whoAmI } from './auth-test-helpers.ts';

let t: TestApp;
let tok: { sysadmin: string; tenant: string; customer: string };
let otherAdminId: string;
beforeAll(async () => {
  t = await createTestApp();
  tok = await t.demoTokens();
  const tenant = await t.request('POST', '/api/tenant', { token: tok.sysadmin, body: { title: 'Other Tenant' } });
  expect(tenant.statusCode, tenant.body).toBe(200);
  const admin = await t.request('POST', '/api/user?sendActivationMail=false&password=Secret123!', {
    token: tok.sysadmin,
    body: { email: 'other-admin@example.com', authority: 'TENANT_ADMIN', tenantId: tenant.json().id },
  });
  expect(admin.statusCode, admin.body).toBe(200);
  otherAdminId = admin.json().id.id;
});
afterAll(() => t.close());

const loginAs = (token: string, id: string) => t.request('GET', `/api/user/${id}/token`, { token });

describe('GET /api/user/{id}/token (login as)', () => {
  it('lets the system administrator sign in as a tenant administrator, audited with the impersonator', async () => {
    const target = await userId(t, 'tenant@sapo.local');
    const res = await loginAs(tok.sysadmin, target);
    expect(res.statusCode, res.body).toBe(200);
    const c = decode(res.json().token);
    expect(c).toMatchObject({ sub: 'tenant@sapo.local', userId: target, scopes: ['TENANT_ADMIN'] });
    const me = await t.request('GET', '/api/auth/user', { token: res.json().token });
    expect(me.json().email).toBe('tenant@sapo.local');
    const rows = await auditRows(t, 'LOGIN', 'tenant@sapo.local');
    const row = rows.find((r) => JSON.stringify(r.action_data).includes('sysadmin@sapo.local'));
    expect(row, JSON.stringify(rows)).toBeDefined();
    expect(row!.user_name).toBe('sysadmin@sapo.local');
  });

  it('works for the new tenant administrator too (who signs in with the password set at creation)', async () => {
    expect((await loginAs(tok.sysadmin, otherAdminId)).statusCode).toBe(200);
    expect(await whoAmI(t, await t.login('other-admin@example.com', 'Secret123!'))).toBe(200);
  });

  it('refuses the system administrator for a customer user (403)', async () => {
    const res = await loginAs(tok.sysadmin, await userId(t, 'customer@sapo.local'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 20 });
  });

  it('lets a tenant administrator sign in as a user of its own customer', async () => {
    const target = await userId(t, 'customerB@sapo.local');
    const res = await loginAs(tok.tenant, target);
    expect(res.statusCode, res.body).toBe(200);
    const c = decode(res.json().token);
    expect(c).toMatchObject({
      sub: 'customerB@sapo.local',
      scopes: ['CUSTOMER_USER'],
      customerId: await customerId(t, 'Customer B'),
    });
    expect(await whoAmI(t, res.json().token)).toBe(200);
  });

  it("refuses a tenant administrator for another tenant's user (403)", async () => {
    const res = await loginAs(tok.tenant, otherAdminId);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a tenant administrator for the system administrator (403)', async () => {
    expect((await loginAs(tok.tenant, await userId(t, 'sysadmin@sapo.local'))).statusCode).toBe(403);
  });

  it('refuses a customer user (403)', async () => {
    const res = await loginAs(tok.customer, await userId(t, 'customerA@sapo.local'));
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unknown user and 401 without a token', async () => {
    expect((await loginAs(tok.sysadmin, '0f0e0d0c-0b0a-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.request('GET', `/api/user/${otherAdminId}/token`)).statusCode).toBe(401);
  });
});

describe('GET /api/user/tokenAccessEnabled', () => {
  it('is true for administrators and forbidden for customers', async () => {
    for (const token of [tok.sysadmin, tok.tenant]) {
      const res = await t.request('GET', '/api/user/tokenAccessEnabled', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(true);
    }
    expect((await t.request('GET', '/api/user/tokenAccessEnabled', { token: tok.customer })).statusCode).toBe(403);
  });
});

describe('POST /api/auth/login/public', () => {
  const pub = (publicId: string) => t.request('POST', '/api/auth/login/public', { body: { publicId } });

  it('refuses a customer that is not public, and an unknown id', async () => {
    const res = await pub(await customerId(t, 'Customer B'));
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe(10);
    expect((await pub('0f0e0d0c-0b0a-4000-8000-000000000000')).statusCode).toBe(401);
    expect((await pub('not-a-uuid')).statusCode).toBe(401);
  });

  it('signs in anonymously as a public customer', async () => {
    await t.db.query("UPDATE customer SET is_public = true WHERE title = 'Customer B'");
    const id = await customerId(t, 'Customer B');
    const res = await pub(id);
    expect(res.statusCode, res.body).toBe(200);
    const c = decode(res.json().token);
    expect(c).toMatchObject({
      sub: id,
      isPublic: true,
      scopes: ['CUSTOMER_USER'],
      customerId: id,
      firstName: 'Public',
    });
    const me = await t.request('GET', '/api/auth/user', { token: res.json().token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ authority: 'CUSTOMER_USER', customerId: { id } });
    const renewed = await t.request('POST', '/api/auth/token', { body: { refreshToken: res.json().refreshToken } });
    expect(renewed.statusCode).toBe(200);
    expect(decode(renewed.json().token)).toMatchObject({ sub: id, isPublic: true });
  });

  it('stops renewing once the customer is no longer public', async () => {
    const id = await customerId(t, 'Customer B');
    const res = await pub(id);
    await t.db.query("UPDATE customer SET is_public = false WHERE title = 'Customer B'");
    expect(
      (await t.request('POST', '/api/auth/token', { body: { refreshToken: res.json().refreshToken } })).statusCode,
    ).toBe(401);
    expect((await pub(id)).statusCode).toBe(401);
  });
});
