import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  DAY,
  auditRows,
  customerId,
  decode,
  loginPair,
  setEnabled,
  setSecurity,
  userId,
  whoAmI,
} from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: unknown, password: unknown) =>
  t.request('POST', '/api/auth/login', { body: { username, password } });

describe('POST /api/auth/login: success', () => {
  it('issues an HS512 access token with ThingsBoard claims', async () => {
    const { token } = await loginPair(t, 'customer@sapo.local', 'customer');
    expect(decode(token, 0)).toMatchObject({ alg: 'HS512' });
    const c = decode(token);
    const tenantRows = await t.db.query<{ tenant_id: string }>('SELECT tenant_id FROM customer WHERE title = $1', [
      'Customer A',
    ]);
    expect(c).toMatchObject({
      sub: 'customer@sapo.local',
      scopes: ['CUSTOMER_USER'],
      userId: await userId(t, 'customer@sapo.local'),
      tenantId: tenantRows[0]!.tenant_id,
      customerId: await customerId(t, 'Customer A'),
      enabled: true,
      isPublic: false,
      iss: 'thingsboard.io',
    });
    expect((c.exp as number) - (c.iat as number)).toBe(9000);
  });

  it('gives the system administrator NULL tenant and customer ids', async () => {
    const c = decode((await loginPair(t, 'sysadmin@sapo.local', 'sysadmin')).token);
    expect(c).toMatchObject({ scopes: ['SYS_ADMIN'], tenantId: NULL_UUID, customerId: NULL_UUID });
  });

  it('issues a one-week refresh token with REFRESH_TOKEN scope and a jti', async () => {
    const { refreshToken } = await loginPair(t, 'tenant@sapo.local', 'tenant');
    expect(decode(refreshToken, 0)).toMatchObject({ alg: 'HS512' });
    const c = decode(refreshToken);
    expect(c).toMatchObject({
      sub: 'tenant@sapo.local',
      scopes: ['REFRESH_TOKEN'],
      isPublic: false,
      iss: 'thingsboard.io',
    });
    expect(c.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect((c.exp as number) - (c.iat as number)).toBe(604800);
    const again = decode((await loginPair(t, 'tenant@sapo.local', 'tenant')).refreshToken);
    expect(again.jti).not.toBe(c.jti);
  });
});

describe('POST /api/auth/login: failures', () => {
  it('rejects a wrong password with 401 / code 10', async () => {
    const res = await login('tenant@sapo.local', 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, errorCode: 10, message: 'Invalid username or password' });
    expect(typeof res.json().timestamp).toBe('string');
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const res = await login('nobody@sapo.local', 'whatever');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 10, message: 'Invalid username or password' });
  });

  it('is case-sensitive on the login name', async () => {
    const res = await login('TENANT@sapo.local', 'tenant');
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['', 'tenant'],
    ['tenant@sapo.local', ''],
    [null, null],
  ])('answers blank fields (%j, %j) with Authentication failed', async (username, password) => {
    const res = await login(username, password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 10, message: 'Authentication failed' });
  });

  it('refuses a user disabled by the tenant administrator, and lets them back in when re-enabled', async () => {
    const tenant = await t.login('tenant@sapo.local', 'tenant');
    const id = await userId(t, 'customerB@sapo.local');
    const before = await loginPair(t, 'customerB@sapo.local', 'customer');
    await setEnabled(t, tenant, id, false);
    const res = await login('customerB@sapo.local', 'customer');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 10, message: 'User account is not active' });
    expect(await whoAmI(t, before.token)).toBe(401);
    await setEnabled(t, tenant, id, true);
    expect((await login('customerB@sapo.local', 'customer')).statusCode).toBe(200);
  });
});

describe('lockout after maxFailedLoginAttempts (default 5)', () => {
  it('locks on the 6th wrong attempt, refuses the right password, audits, and unlocks on re-enable', async () => {
    const email = 'customerC@sapo.local';
    const session = await loginPair(t, email, 'customer');
    for (let i = 1; i <= 6; i++) {
      const res = await login(email, `wrong-${i}`);
      expect(res.statusCode, `attempt ${i}`).toBe(401);
      // Never "locked": that would tell a guesser the account exists (lockout.test.ts has the details).
      expect(res.json().message, `attempt ${i}`).toBe('Invalid username or password');
    }

    const right = await login(email, 'customer');
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ errorCode: 10, message: 'Invalid username or password' });
    // The guesser had no session; the owner's goes on.
    expect(await whoAmI(t, session.token)).toBe(200);

    const lockouts = await auditRows(t, 'LOCKOUT', email);
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]!.entity_id).toBe(await userId(t, email));

    const tenant = await t.login('tenant@sapo.local', 'tenant');
    await setEnabled(t, tenant, await userId(t, email), true);
    expect((await login(email, 'customer')).statusCode).toBe(200);
    // The failure counter starts again: one wrong attempt is not a lockout.
    expect((await login(email, 'wrong')).json().message).toBe('Invalid username or password');
    expect((await login(email, 'customer')).statusCode).toBe(200);
  });

  it('a successful login resets the failure counter', async () => {
    const email = 'customerA@sapo.local';
    for (let i = 0; i < 4; i++) await login(email, 'bad');
    expect((await login(email, 'customer')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, 'bad')).json().message).toBe('Invalid username or password');
    expect((await login(email, 'customer')).statusCode).toBe(200);
  });
});

describe('per-IP login rate limit', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ loginRateLimitPerMinute: 3 });
  });
  afterAll(() => r.close());

  it('answers the 4th login within a minute with 429 / code 33', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await r.request('POST', '/api/auth/login', {
        body: { username: 'tenant@sapo.local', password: i === 0 ? 'tenant' : 'bad' },
      });
      expect(res.statusCode).not.toBe(429);
    }
    const res = await r.request('POST', '/api/auth/login', {
      body: { username: 'tenant@sapo.local', password: 'tenant' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 429, errorCode: 33 });
    expect(typeof res.json().message).toBe('string');
  });
});

describe('password expiry', () => {
  let e: TestApp;
  beforeAll(async () => {
    e = await createTestApp();
  });
  afterAll(() => e.close());

  it('answers 401 / code 15 with a reset token that sets a new password', async () => {
    const sys = await e.login('sysadmin@sapo.local', 'sysadmin');
    await setSecurity(e, sys, { passwordExpirationPeriodDays: 1 });
    expect(
      (await e.request('POST', '/api/auth/login', { body: { username: 'tenant@sapo.local', password: 'tenant' } }))
        .statusCode,
    ).toBe(200);
    e.clock.advance(2 * DAY);

    const res = await e.request('POST', '/api/auth/login', {
      body: { username: 'tenant@sapo.local', password: 'tenant' },
    });
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body).toMatchObject({ status: 401, errorCode: 15, message: 'User password expired!' });
    expect(body.resetToken).toMatch(/^[A-Za-z0-9]{30}$/);

    const wrong = await e.request('POST', '/api/auth/login', {
      body: { username: 'tenant@sapo.local', password: 'nope' },
    });
    expect(wrong.json()).toMatchObject({ errorCode: 10, message: 'Invalid username or password' });
    expect(wrong.json().resetToken).toBeUndefined();

    const reset = await e.request('POST', '/api/noauth/resetPassword', {
      body: { resetToken: body.resetToken, password: 'Renewed123' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await whoAmI(e, reset.json().token)).toBe(200);
    expect(
      (await e.request('POST', '/api/auth/login', { body: { username: 'tenant@sapo.local', password: 'Renewed123' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await e.request('POST', '/api/auth/login', { body: { username: 'tenant@sapo.local', password: 'tenant' } }))
        .statusCode,
    ).toBe(401);
  });
});
