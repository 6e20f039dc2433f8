import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createUser,
  customerRef,
  expectError,
  expectForbidden,
  PAGE,
  setupWorld,
  tenantRef,
  userRow,
  type World,
} from './users-fixtures.ts';

let t: TestApp;
let w: World;
/** A customer administrator of Customer A (our extension of ThingsBoard's roles; a customer user too). */
let customerAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  customerAdmin = await createUser(t, w.tokens.tenant, {
    email: 'cadmin@sapo.local',
    authority: 'CUSTOMER_USER',
    customerId: customerRef(w.customers.A),
  });
  const promoted = await t.request('POST', `/api/user/${customerAdmin}/promoteCustomerUser`, {
    token: w.tokens.tenant,
  });
  expect(promoted.statusCode, promoted.body).toBe(200);
});
afterAll(() => t.close());

// ThingsBoard 3.2's system administrator manages tenant administrators, never customers' users.
describe('the system administrator and customer users', () => {
  const targets = () => [
    ['CUSTOMER_USER', w.users.customerA],
    ['CUSTOMER_ADMIN', customerAdmin],
  ];

  it('cannot read them', async () => {
    for (const [, id] of targets()) {
      expectForbidden(await t.request('GET', `/api/user/${id}`, { token: w.tokens.sysadmin }));
    }
  });

  it('cannot update them; nothing changes', async () => {
    for (const [authority, id] of targets()) {
      const body = { id: { entityType: 'USER', id }, email: `renamed-${id}@sapo.local`, authority, firstName: 'Sys' };
      expectForbidden(await t.request('POST', '/api/user', { token: w.tokens.sysadmin, body }));
      expect((await userRow(t, id!))?.first_name).not.toBe('Sys');
    }
  });

  it('cannot delete them; they remain', async () => {
    for (const [, id] of targets()) {
      expectForbidden(await t.request('DELETE', `/api/user/${id}`, { token: w.tokens.sysadmin }));
      expect(await userRow(t, id!)).toBeDefined();
    }
  });

  it('cannot disable, enable, read activation links of or mail them', async () => {
    for (const [, id] of targets()) {
      for (const on of [false, true]) {
        expectForbidden(
          await t.request('POST', `/api/user/${id}/userCredentialsEnabled?userCredentialsEnabled=${on}`, {
            token: w.tokens.sysadmin,
          }),
        );
      }
      expectForbidden(await t.request('GET', `/api/user/${id}/activationLink`, { token: w.tokens.sysadmin }));
    }
    expectForbidden(
      await t.request('POST', '/api/user/sendActivationMail?email=customerA@sapo.local', { token: w.tokens.sysadmin }),
    );
    expect(
      (await t.request('POST', '/api/auth/login', { body: { username: 'customerA@sapo.local', password: 'customer' } }))
        .statusCode,
    ).toBe(200);
  });

  it('cannot list them', async () => {
    for (const kind of ['users', 'admins']) {
      expectForbidden(
        await t.request('GET', `/api/customer/${w.customers.A}/${kind}?${PAGE}`, { token: w.tokens.sysadmin }),
      );
    }
    expectForbidden(await t.request('GET', `/api/users?${PAGE}`, { token: w.tokens.sysadmin }));
    const tenantUsers = await t.request('GET', `/api/tenant/${w.tenantId}/users?${PAGE}`, { token: w.tokens.sysadmin });
    const authorities = tenantUsers.json().data.map((u: { authority: string }) => u.authority);
    expect(authorities.length).toBeGreaterThan(0);
    expect(authorities.filter((a: string) => a.startsWith('CUSTOMER'))).toEqual([]);
  });

  it('cannot read or write their attributes and relations either (the generic entity checks)', async () => {
    const id = w.users.customerA;
    for (const url of [
      `/api/plugins/telemetry/USER/${id}/values/attributes`,
      `/api/plugins/telemetry/USER/${id}/keys/attributes`,
      `/api/relations?fromId=${id}&fromType=USER`,
    ]) {
      expect((await t.request('GET', url, { token: w.tokens.sysadmin })).statusCode, url).toBe(403);
    }
    const write = await t.request('POST', `/api/plugins/telemetry/USER/${id}/SERVER_SCOPE`, {
      token: w.tokens.sysadmin,
      body: { planted: 1 },
    });
    expect(write.statusCode).toBe(403);
    expect(
      (
        await t.request('GET', `/api/plugins/telemetry/USER/${w.users.tenant}/keys/attributes`, {
          token: w.tokens.sysadmin,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('still manages tenant administrators and tenant users', async () => {
    expect((await t.request('GET', `/api/user/${w.users.tenant}`, { token: w.tokens.sysadmin })).statusCode).toBe(200);
    const id = await createUser(t, w.tokens.tenant, { email: 'tuser@sapo.local', authority: 'TENANT_USER' });
    expect((await t.request('GET', `/api/user/${id}`, { token: w.tokens.sysadmin })).statusCode).toBe(200);
    expect((await t.request('DELETE', `/api/user/${id}`, { token: w.tokens.sysadmin })).statusCode).toBe(200);
  });
});

describe('a tenant administrator must belong to a tenant', () => {
  const MESSAGE = 'Tenant administrator should be assigned to tenant!';

  it.each([
    ['no tenantId', {}],
    ['a null tenantId', { tenantId: null }],
    ['the NULL id', { tenantId: tenantRef(NULL_UUID) }],
  ])('400 with ThingsBoard message for %s; nothing is created', async (_, extra) => {
    const res = await t.request('POST', '/api/user?sendActivationMail=false', {
      token: w.tokens.sysadmin,
      body: { email: 'notenant@sapo.local', authority: 'TENANT_ADMIN', ...extra },
    });
    expectError(res, 400, 31, MESSAGE);
    expect(await t.db.query("SELECT 1 FROM tb_user WHERE email = 'notenant@sapo.local'")).toHaveLength(0);
  });
});
