import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerRef, setupWorld, type World } from './users-fixtures.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
});
afterAll(() => t.close());

async function create(email: string, password?: string) {
  const query = password ? `sendActivationMail=false&password=${password}` : 'sendActivationMail=false';
  const res = await t.request('POST', `/api/user?${query}`, {
    token: w.tokens.tenant,
    body: { email, authority: 'CUSTOMER_USER', customerId: customerRef(w.customers.A) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: { id: string }; additionalInfo: Record<string, unknown> }>();
}

describe('activation state', () => {
  it('tells an account that was never activated from one that was (additionalInfo.userActivated)', async () => {
    expect((await create('pending@sapo.local')).additionalInfo).toMatchObject({
      userActivated: false,
      userCredentialsEnabled: false,
    });
    expect((await create('ready@sapo.local', 'Secret123!')).additionalInfo).toMatchObject({
      userActivated: true,
      userCredentialsEnabled: true,
    });
  });

  it('the flag is server-owned: a client cannot set it', async () => {
    const user = await create('forged@sapo.local');
    const res = await t.request('POST', '/api/user', {
      token: w.tokens.tenant,
      body: { ...user, additionalInfo: { ...user.additionalInfo, userActivated: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ additionalInfo: Record<string, unknown> }>().additionalInfo.userActivated).toBe(false);
  });

  it('an administrator enabling a never-activated account does not strand it: the activation link still works', async () => {
    const user = await create('enabled-early@sapo.local');
    const enable = await t.request(
      'POST',
      `/api/user/${user.id.id}/userCredentialsEnabled?userCredentialsEnabled=true`,
      {
        token: w.tokens.tenant,
      },
    );
    expect(enable.statusCode, enable.body).toBe(200);
    const link = await t.request('GET', `/api/user/${user.id.id}/activationLink`, { token: w.tokens.tenant });
    expect(link.statusCode, link.body).toBe(200);
    const activateToken = new URL(link.body).searchParams.get('activateToken');
    const activated = await t.request('POST', '/api/noauth/activate?sendActivationMail=false', {
      body: { activateToken, password: 'Secret123!' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await t.login('enabled-early@sapo.local', 'Secret123!');
    // Once the owner has set a password, there is nothing left to activate.
    const again = await t.request('GET', `/api/user/${user.id.id}/activationLink`, { token: w.tokens.tenant });
    expect(again.statusCode).toBe(400);
  });
});
