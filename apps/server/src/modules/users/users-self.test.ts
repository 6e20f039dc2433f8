import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authority } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, customerRef, expectError, setupWorld, userRow, type World } from './users-fixtures.ts';

// The profile page saves the signed-in user with POST /api/user and the whole user object (as
// ThingsBoard's client does). Every role may do that for itself, but only for the fields a profile owns.

let t: TestApp;
let w: World;
const tokens = {} as Record<Authority, string>;
const ids = {} as Record<Authority, string>;

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  // Demo logins cover three roles; a tenant user and a customer admin are created for the other two.
  ids.TENANT_USER = await createUser(t, w.tokens.tenant, { email: 'self-tu@sapo.local', authority: 'TENANT_USER' });
  ids.CUSTOMER_ADMIN = await createUser(t, w.tokens.tenant, {
    email: 'self-ca@sapo.local',
    authority: 'CUSTOMER_ADMIN',
    customerId: customerRef(w.customers.B),
  });
  Object.assign(ids, { SYS_ADMIN: w.users.sysadmin, TENANT_ADMIN: w.users.tenant, CUSTOMER_USER: w.users.customer });
  Object.assign(tokens, {
    SYS_ADMIN: w.tokens.sysadmin,
    TENANT_ADMIN: w.tokens.tenant,
    CUSTOMER_USER: w.tokens.customer,
    TENANT_USER: await t.login('self-tu@sapo.local', 'Secret123!'),
    CUSTOMER_ADMIN: await t.login('self-ca@sapo.local', 'Secret123!'),
  });
});
afterAll(() => t.close());

const me = async (token: string) => {
  const res = await t.request('GET', '/api/auth/user', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const saveSelf = (token: string, body: unknown) => t.request('POST', '/api/user', { token, body });

const ROLES: Authority[] = ['SYS_ADMIN', 'TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER'];

describe.each(ROLES)('%s saving its own profile', (role) => {
  it('changes names and profile settings, keeps the session', async () => {
    const user = await me(tokens[role]);
    const res = await saveSelf(tokens[role], {
      ...user,
      firstName: `First ${role}`,
      lastName: 'Last',
      additionalInfo: {
        ...user.additionalInfo,
        lang: 'zh_TW',
        defaultDashboardId: null,
        defaultDashboardFullscreen: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: { id: ids[role] },
      email: user.email,
      authority: role,
      firstName: `First ${role}`,
      lastName: 'Last',
      additionalInfo: { lang: 'zh_TW', defaultDashboardFullscreen: true },
    });
    // The same token still works: saving a profile is not a credentials change.
    expect(await me(tokens[role])).toMatchObject({ firstName: `First ${role}`, additionalInfo: { lang: 'zh_TW' } });
  });

  it('cannot change its own authority, tenant or customer', async () => {
    const user = await me(tokens[role]);
    const forged = role === 'SYS_ADMIN' ? 'TENANT_ADMIN' : 'SYS_ADMIN';
    const res = await saveSelf(tokens[role], {
      ...user,
      firstName: 'Forger',
      authority: forged,
      tenantId: { entityType: 'TENANT', id: w.otherTenantId },
      customerId: customerRef(w.otherCustomerId),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      authority: role,
      tenantId: user.tenantId,
      customerId: user.customerId,
      firstName: 'Forger',
    });
    const row = await userRow(t, ids[role]);
    expect(row).toMatchObject({ authority: role, tenant_id: user.tenantId.id === w.tenantId ? w.tenantId : null });
  });

  it('cannot change its own email (the sign-in name), but may resend it unchanged', async () => {
    const user = await me(tokens[role]);
    expectError(
      await saveSelf(tokens[role], { ...user, email: `renamed-${role.toLowerCase()}@sapo.local` }),
      400,
      31,
      "You can't change your own email address!",
    );
    expect((await userRow(t, ids[role]))?.email).toBe(user.email);
    // Surrounding blanks are not a change.
    expect((await saveSelf(tokens[role], { ...user, email: ` ${user.email} ` })).statusCode).toBe(200);
  });

  it('cannot set server-owned additionalInfo (credentials, login history)', async () => {
    const user = await me(tokens[role]);
    const res = await saveSelf(tokens[role], {
      ...user,
      additionalInfo: {
        ...user.additionalInfo,
        userCredentialsEnabled: false,
        failedLoginAttempts: 99,
        lastLoginTs: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await me(tokens[role]);
    expect(after.additionalInfo).toMatchObject({ userCredentialsEnabled: true, failedLoginAttempts: 0 });
    expect(after.additionalInfo.lastLoginTs).toBe(user.additionalInfo.lastLoginTs);
  });
});

describe('changing another user', () => {
  it('an administrator still changes the email of a user it manages', async () => {
    const id = await createUser(t, w.tokens.tenant, { email: 'renameme@sapo.local', authority: 'TENANT_USER' });
    const user = (await t.request('GET', `/api/user/${id}`, { token: w.tokens.tenant })).json();
    const res = await saveSelf(w.tokens.tenant, { ...user, email: 'renamed@sapo.local' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(t, id))?.email).toBe('renamed@sapo.local');
  });

  it('a tenant user cannot save another user of its tenant', async () => {
    const other = (await t.request('GET', `/api/user/${w.users.tenant}`, { token: w.tokens.tenant })).json();
    expectError(await saveSelf(tokens.TENANT_USER, { ...other, firstName: 'Nope' }), 403, 20);
  });
});
