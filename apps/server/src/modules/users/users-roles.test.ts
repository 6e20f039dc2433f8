import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  auditRows,
  createUser,
  customerRef,
  expectError,
  expectForbidden,
  PAGE,
  setupWorld,
  userRow,
  type World,
} from './users-fixtures.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { username, password } });

describe('a customer user updating itself', () => {
  it('keeps its authority and customer whatever the body says', async () => {
    const me = (await t.request('GET', '/api/auth/user', { token: w.tokens.customer })).json();
    const res = await t.request('POST', '/api/user', {
      token: w.tokens.customer,
      body: {
        ...me,
        firstName: 'Self',
        authority: 'TENANT_ADMIN',
        customerId: customerRef(w.customers.B),
        tenantId: { entityType: 'TENANT', id: w.otherTenantId },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Self',
      authority: 'CUSTOMER_USER',
      customerId: { id: w.customers.A },
      tenantId: { id: w.tenantId },
    });
    expect(await userRow(t, w.users.customer))?.toMatchObject({
      authority: 'CUSTOMER_USER',
      customer_id: w.customers.A,
      tenant_id: w.tenantId,
      first_name: 'Self',
    });
    expect(
      (await auditRows(t, w.users.customer)).some(
        (r) => r.action_type === 'UPDATED' && r.user_name === 'customer@sapo.local',
      ),
    ).toBe(true);
  });

  it('a customer user cannot update another user of its customer', async () => {
    const u = (await t.request('GET', `/api/user/${w.users.customerA}`, { token: w.tokens.tenant })).json();
    expectForbidden(
      await t.request('POST', '/api/user', { token: w.tokens.customer, body: { ...u, firstName: 'Nope' } }),
    );
    expect((await userRow(t, w.users.customerA))?.first_name).not.toBe('Nope');
  });
});

describe('userCredentialsEnabled', () => {
  it('disabling blocks login and the existing token; enabling restores login', async () => {
    const id = await createUser(t, w.tokens.tenant, {
      email: 'dis@sapo.local',
      authority: 'CUSTOMER_USER',
      customerId: customerRef(w.customers.C),
    });
    const token = await t.login('dis@sapo.local', 'Secret123!');
    const off = await t.request('POST', `/api/user/${id}/userCredentialsEnabled?userCredentialsEnabled=false`, {
      token: w.tokens.tenant,
    });
    expect(off.statusCode).toBe(200);
    expectError(await login('dis@sapo.local', 'Secret123!'), 401, 10, 'User account is not active');
    expect((await t.request('GET', '/api/auth/user', { token })).statusCode).toBe(401);
    expect(
      (await t.request('GET', `/api/user/${id}`, { token: w.tokens.tenant })).json().additionalInfo
        .userCredentialsEnabled,
    ).toBe(false);
    expect(
      (await auditRows(t, id)).some((r) => r.action_type === 'SUSPENDED' && r.user_name === 'tenant@sapo.local'),
    ).toBe(true);

    const on = await t.request('POST', `/api/user/${id}/userCredentialsEnabled?userCredentialsEnabled=true`, {
      token: w.tokens.tenant,
    });
    expect(on.statusCode).toBe(200);
    expect((await login('dis@sapo.local', 'Secret123!')).statusCode).toBe(200);
  });

  it('needs a boolean and refuses disabling yourself', async () => {
    expectError(
      await t.request('POST', `/api/user/${w.users.customerA}/userCredentialsEnabled`, { token: w.tokens.tenant }),
      400,
      31,
      /userCredentialsEnabled/,
    );
    expectError(
      await t.request('POST', `/api/user/${w.users.customerA}/userCredentialsEnabled?userCredentialsEnabled=nah`, {
        token: w.tokens.tenant,
      }),
      400,
      31,
      /userCredentialsEnabled/,
    );
    expectError(
      await t.request('POST', `/api/user/${w.users.tenant}/userCredentialsEnabled?userCredentialsEnabled=false`, {
        token: w.tokens.tenant,
      }),
      400,
      31,
      /own account/,
    );
    expect((await login('tenant@sapo.local', 'tenant')).statusCode).toBe(200);
  });
});

describe('promote and demote', () => {
  let id: string;
  let adminToken: string;

  it('promotion makes a CUSTOMER_ADMIN and revokes the old token', async () => {
    id = await createUser(t, w.tokens.tenant, {
      email: 'cadmin@sapo.local',
      authority: 'CUSTOMER_USER',
      customerId: customerRef(w.customers.A),
    });
    const old = await t.login('cadmin@sapo.local', 'Secret123!');
    const res = await t.request('POST', `/api/user/${id}/promoteCustomerUser`, { token: w.tokens.tenant });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: { id }, authority: 'CUSTOMER_ADMIN', customerId: { id: w.customers.A } });
    expect((await t.request('GET', '/api/auth/user', { token: old })).statusCode).toBe(401);
    adminToken = await t.login('cadmin@sapo.local', 'Secret123!');
    expect((await t.request('GET', '/api/auth/user', { token: adminToken })).json().authority).toBe('CUSTOMER_ADMIN');
    expectError(
      await t.request('POST', `/api/user/${id}/promoteCustomerUser`, { token: w.tokens.tenant }),
      400,
      31,
      /promoted/,
    );
    expectError(
      await t.request('POST', `/api/user/${w.users.tenant}/promoteCustomerUser`, { token: w.tokens.tenant }),
      400,
      31,
      /promoted/,
    );
    expectError(
      await t.request('POST', `/api/user/${w.users.customerA}/demoteCustomerAdmin`, { token: w.tokens.tenant }),
      400,
      31,
      /demoted/,
    );
    expect(
      (await t.request('GET', `/api/customer/${w.customers.A}/admins?${PAGE}`, { token: w.tokens.tenant }))
        .json()
        .data.map((u: { email: string }) => u.email),
    ).toEqual(['cadmin@sapo.local']);
  });

  it('a CUSTOMER_ADMIN lists and manages only its own customer users', async () => {
    const list = await t.request('GET', `/api/users?${PAGE}`, { token: adminToken });
    const emails = list.json().data.map((u: { email: string }) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['cadmin@sapo.local', 'customer@sapo.local', 'customerA@sapo.local']),
    );
    expect(emails).not.toContain('customerB@sapo.local');
    expect(emails).not.toContain('tenant@sapo.local');
    expect(
      (await t.request('GET', `/api/customer/${w.customers.A}/users?${PAGE}`, { token: adminToken })).statusCode,
    ).toBe(200);
    expectForbidden(await t.request('GET', `/api/customer/${w.customers.B}/users?${PAGE}`, { token: adminToken }));
    expectForbidden(await t.request('GET', `/api/tenant/${w.tenantId}/users?${PAGE}`, { token: adminToken }));
    expect((await t.request('GET', `/api/user/${w.users.customerA}`, { token: adminToken })).statusCode).toBe(200);
    expectForbidden(await t.request('GET', `/api/user/${w.users.customerB}`, { token: adminToken }));
    expectForbidden(await t.request('GET', `/api/user/${w.users.tenant}`, { token: adminToken }));
    expectForbidden(await t.request('DELETE', `/api/user/${w.users.customerB}`, { token: adminToken }));
    expect(await userRow(t, w.users.customerB))?.toBeDefined();
  });

  it('a CUSTOMER_ADMIN creates users only in its own customer, never tenant roles', async () => {
    const post = (body: Record<string, unknown>) =>
      t.request('POST', '/api/user?sendActivationMail=false&password=Secret123!', { token: adminToken, body });
    const res = await post({
      email: 'by-cadmin@sapo.local',
      authority: 'CUSTOMER_USER',
      customerId: customerRef(w.customers.B),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      customerId: { id: w.customers.A },
      tenantId: { id: w.tenantId },
      authority: 'CUSTOMER_USER',
    });
    for (const authority of ['TENANT_ADMIN', 'TENANT_USER', 'SYS_ADMIN']) {
      expectForbidden(await post({ email: `esc-${authority}@sapo.local`, authority }));
      expect(await t.db.query('SELECT 1 FROM tb_user WHERE email = $1', [`esc-${authority}@sapo.local`])).toHaveLength(
        0,
      );
    }
    const created = res.json().id.id;
    expect((await t.request('DELETE', `/api/user/${created}`, { token: adminToken })).statusCode).toBe(200);
    expect((await auditRows(t, created)).map((r) => [r.action_type, r.user_name])).toEqual([
      ['ADDED', 'cadmin@sapo.local'],
      ['DELETED', 'cadmin@sapo.local'],
    ]);
    // Promotion stays with the tenant admin.
    expectForbidden(
      await t.request('POST', `/api/user/${w.users.customerA}/promoteCustomerUser`, { token: adminToken }),
    );
    expect((await userRow(t, w.users.customerA))?.authority).toBe('CUSTOMER_USER');
  });

  it('demotion makes a CUSTOMER_USER again and revokes the admin token', async () => {
    const res = await t.request('POST', `/api/user/${id}/demoteCustomerAdmin`, { token: w.tokens.tenant });
    expect(res.statusCode).toBe(200);
    expect(res.json().authority).toBe('CUSTOMER_USER');
    expect((await t.request('GET', `/api/users?${PAGE}`, { token: adminToken })).statusCode).toBe(401);
    const audit = await auditRows(t, id);
    expect(audit.filter((r) => r.action_type === 'UPDATED' && r.user_name === 'tenant@sapo.local')).toHaveLength(2);
  });
});

describe('tenant profile maxUsers', () => {
  it('stops user creation at the limit with a 403 naming it', async () => {
    const info = (await t.request('GET', '/api/tenantProfileInfo/default', { token: w.tokens.sysadmin })).json();
    const profile = (await t.request('GET', `/api/tenantProfile/${info.id.id}`, { token: w.tokens.sysadmin })).json();
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tb_user WHERE tenant_id = $1', [w.tenantId]))[0]!
        .n;
    const limit = (await count()) + 1;
    profile.profileData.configuration.maxUsers = limit;
    expect(
      (await t.request('POST', '/api/tenantProfile', { token: w.tokens.sysadmin, body: profile })).statusCode,
    ).toBe(200);

    await createUser(t, w.tokens.tenant, { email: 'last@sapo.local', authority: 'TENANT_USER' });
    const res = await t.request('POST', '/api/user?sendActivationMail=false', {
      token: w.tokens.tenant,
      body: { email: 'over@sapo.local', authority: 'CUSTOMER_USER', customerId: customerRef(w.customers.A) },
    });
    expectError(res, 403, 20, /limit/);
    expect(await count()).toBe(limit);
    // Updates are not creates.
    const me = (await t.request('GET', '/api/auth/user', { token: w.tokens.tenant })).json();
    expect(
      (await t.request('POST', '/api/user', { token: w.tokens.tenant, body: { ...me, lastName: 'Still ok' } }))
        .statusCode,
    ).toBe(200);
  });
});
