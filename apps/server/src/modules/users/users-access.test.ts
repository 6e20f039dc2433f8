import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
/** An inactive customer user of Customer A: the target of write operations. */
let victim: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  const res = await t.request('POST', '/api/user?sendActivationMail=false', {
    token: w.tokens.tenant,
    body: {
      email: 'victim@sapo.local',
      authority: 'CUSTOMER_USER',
      customerId: customerRef(w.customers.A),
      firstName: 'Vic',
    },
  });
  victim = res.json().id.id;
});
afterAll(() => t.close());

type Who = keyof World['tokens'];
const outsiders: Who[] = ['other', 'customer', 'customerB'];

describe('GET /api/user/{id}', () => {
  const cases: [Who, number][] = [
    ['sysadmin', 403], // ThingsBoard 3.2: the system administrator manages tenant administrators only
    ['tenant', 200],
    ['other', 403],
    ['customer', 403], // same customer, but a customer user sees only itself
    ['customerB', 403],
  ];
  for (const [who, status] of cases) {
    it(`${who} reading a customer user → ${status}`, async () => {
      const res = await t.request('GET', `/api/user/${victim}`, { token: w.tokens[who] });
      if (status === 200) expect(res.json().email).toBe('victim@sapo.local');
      else expectForbidden(res);
    });
  }

  it('everybody reads itself', async () => {
    for (const [who, id] of [
      ['customer', w.users.customer],
      ['other', w.users.other],
      ['sysadmin', w.users.sysadmin],
    ] as const) {
      expect((await t.request('GET', `/api/user/${id}`, { token: w.tokens[who] })).statusCode).toBe(200);
    }
  });

  it('a tenant admin cannot read the sysadmin or another tenant admin', async () => {
    expectForbidden(await t.request('GET', `/api/user/${w.users.sysadmin}`, { token: w.tokens.tenant }));
    expectForbidden(await t.request('GET', `/api/user/${w.users.other}`, { token: w.tokens.tenant }));
    expectForbidden(await t.request('GET', `/api/user/${w.users.tenant}`, { token: w.tokens.other }));
  });
});

describe('updating another user', () => {
  for (const who of outsiders) {
    it(`${who} → 403 and nothing changes`, async () => {
      const body = {
        id: { entityType: 'USER', id: victim },
        email: 'victim@sapo.local',
        authority: 'CUSTOMER_USER',
        firstName: `By ${who}`,
      };
      expectForbidden(await t.request('POST', '/api/user', { token: w.tokens[who], body }));
      expect((await userRow(t, victim))?.first_name).toBe('Vic');
    });
  }
});

describe('DELETE /api/user/{id}', () => {
  for (const who of outsiders) {
    it(`${who} → 403 and the user remains`, async () => {
      expectForbidden(await t.request('DELETE', `/api/user/${victim}`, { token: w.tokens[who] }));
      expect(await userRow(t, victim))?.toBeDefined();
    });
  }

  it('a tenant admin cannot delete the sysadmin nor the other tenant admin', async () => {
    expectForbidden(await t.request('DELETE', `/api/user/${w.users.sysadmin}`, { token: w.tokens.tenant }));
    expectForbidden(await t.request('DELETE', `/api/user/${w.users.other}`, { token: w.tokens.tenant }));
    expect(await userRow(t, w.users.sysadmin))?.toBeDefined();
    expect(await userRow(t, w.users.other))?.toBeDefined();
  });

  it('the sysadmin may delete a tenant user', async () => {
    const id = await createUser(t, w.tokens.tenant, { email: 'sysdel@sapo.local', authority: 'TENANT_USER' });
    expect((await t.request('DELETE', `/api/user/${id}`, { token: w.tokens.sysadmin })).statusCode).toBe(200);
    expect(await userRow(t, id))?.toBeUndefined();
  });
});

describe('creating users', () => {
  it('customer users may not create users', async () => {
    for (const who of ['customer', 'customerB'] as Who[]) {
      const res = await t.request('POST', '/api/user?sendActivationMail=false', {
        token: w.tokens[who],
        body: { email: `by-${who}@sapo.local`, authority: 'CUSTOMER_USER', customerId: customerRef(w.customers.A) },
      });
      expectForbidden(res);
      expect(await t.db.query('SELECT 1 FROM tb_user WHERE email = $1', [`by-${who}@sapo.local`])).toHaveLength(0);
    }
  });

  it('a tenant admin cannot create a SYS_ADMIN', async () => {
    const res = await t.request('POST', '/api/user?sendActivationMail=false', {
      token: w.tokens.tenant,
      body: { email: 'evil@sapo.local', authority: 'SYS_ADMIN' },
    });
    expectForbidden(res);
    expect(await t.db.query("SELECT 1 FROM tb_user WHERE email = 'evil@sapo.local'")).toHaveLength(0);
  });

  it('a tenant admin forging another tenantId creates the user in its own tenant', async () => {
    const id = await createUser(t, w.tokens.tenant, {
      email: 'forged-t@sapo.local',
      authority: 'TENANT_USER',
      tenantId: tenantRef(w.otherTenantId),
    });
    expect((await userRow(t, id))?.tenant_id).toBe(w.tenantId);
  });

  it('a tenant admin cannot place a customer user in another tenant customer', async () => {
    const res = await t.request('POST', '/api/user?sendActivationMail=false', {
      token: w.tokens.tenant,
      body: { email: 'cross@sapo.local', authority: 'CUSTOMER_USER', customerId: customerRef(w.otherCustomerId) },
    });
    expectError(res, 400, 31, /non-existent customer/);
    expect(await t.db.query("SELECT 1 FROM tb_user WHERE email = 'cross@sapo.local'")).toHaveLength(0);
  });

  it('the sysadmin creates tenant admins only, in an existing tenant', async () => {
    const post = (body: unknown) =>
      t.request('POST', '/api/user?sendActivationMail=false', { token: w.tokens.sysadmin, body });
    expectForbidden(
      await post({ email: 'sc@sapo.local', authority: 'CUSTOMER_USER', customerId: customerRef(w.customers.A) }),
    );
    expectError(
      await post({ email: 'sc@sapo.local', authority: 'TENANT_ADMIN' }),
      400,
      31,
      'Tenant administrator should be assigned to tenant!',
    );
    expectError(
      await post({
        email: 'sc@sapo.local',
        authority: 'TENANT_ADMIN',
        tenantId: tenantRef('6b1d0000-0000-4000-8000-000000000006'),
      }),
      400,
      31,
      /non-existent tenant/,
    );
    expect(await t.db.query("SELECT 1 FROM tb_user WHERE email = 'sc@sapo.local'")).toHaveLength(0);
  });
});

describe('list endpoints by role', () => {
  it('/api/users: the sysadmin is refused; the other tenant admin sees only its tenant', async () => {
    expectForbidden(await t.request('GET', `/api/users?${PAGE}`, { token: w.tokens.sysadmin }));
    const res = await t.request('GET', `/api/users?${PAGE}`, { token: w.tokens.other });
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual(['other@sapo.local']);
  });

  it('/api/tenant/{id}/users|admins: customers and other tenants are refused', async () => {
    for (const kind of ['users', 'admins']) {
      for (const who of ['customer', 'customerB', 'other'] as Who[]) {
        expectForbidden(await t.request('GET', `/api/tenant/${w.tenantId}/${kind}?${PAGE}`, { token: w.tokens[who] }));
      }
      expect(
        (await t.request('GET', `/api/tenant/${w.tenantId}/${kind}?${PAGE}`, { token: w.tokens.sysadmin })).statusCode,
      ).toBe(200);
    }
  });

  it('/api/customer/{id}/users|admins: only the owning tenant admin', async () => {
    for (const kind of ['users', 'admins']) {
      for (const who of ['sysadmin', 'customer', 'customerB', 'other'] as Who[]) {
        expectForbidden(
          await t.request('GET', `/api/customer/${w.customers.A}/${kind}?${PAGE}`, { token: w.tokens[who] }),
        );
      }
      expect(
        (await t.request('GET', `/api/customer/${w.customers.A}/${kind}?${PAGE}`, { token: w.tokens.tenant }))
          .statusCode,
      ).toBe(200);
    }
  });
});

describe('activation and credentials endpoints by role', () => {
  it('outsiders get 403 for activationLink, sendActivationMail and userCredentialsEnabled; nothing changes', async () => {
    const sent = t.mail.sent.length;
    for (const who of outsiders) {
      expectForbidden(await t.request('GET', `/api/user/${victim}/activationLink`, { token: w.tokens[who] }));
      expectForbidden(
        await t.request('POST', '/api/user/sendActivationMail?email=victim@sapo.local', { token: w.tokens[who] }),
      );
      expectForbidden(
        await t.request('POST', `/api/user/${w.users.customerA}/userCredentialsEnabled?userCredentialsEnabled=false`, {
          token: w.tokens[who],
        }),
      );
    }
    expect(t.mail.sent.length).toBe(sent);
    await t.login('customerA@sapo.local', 'customer');
  });

  it('the tenant admin may read the activation link of a customer user, the sysadmin may not', async () => {
    expect((await t.request('GET', `/api/user/${victim}/activationLink`, { token: w.tokens.tenant })).statusCode).toBe(
      200,
    );
    expectForbidden(await t.request('GET', `/api/user/${victim}/activationLink`, { token: w.tokens.sysadmin }));
  });

  it('promote/demote: only the owning tenant admin', async () => {
    for (const who of ['sysadmin', 'other', 'customer', 'customerB'] as Who[]) {
      expectForbidden(await t.request('POST', `/api/user/${victim}/promoteCustomerUser`, { token: w.tokens[who] }));
    }
    expect((await userRow(t, victim))?.authority).toBe('CUSTOMER_USER');
    expectError(
      await t.request('POST', '/api/user/zzz/promoteCustomerUser', { token: w.tokens.tenant }),
      400,
      31,
      /'id'/,
    );
  });
});
