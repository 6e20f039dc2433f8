import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HOUR, customerId, userId, loginPair, refreshStatus, whoAmI } from './auth-test-helpers.ts';

let t: TestApp;
let tenant: string;
let custA: string;
beforeAll(async () => {
  t = await createTestApp();
  const sys = await t.login('sysadmin@sapo.local', 'sysadmin');
  const res = await t.request('POST', '/api/admin/settings', {
    token: sys,
    body: { key: 'general', jsonValue: { baseUrl: 'https://iot.example.com' } },
  });
  expect(res.statusCode, res.body).toBe(200);
  tenant = await t.login('tenant@sapo.local', 'tenant');
  custA = await customerId(t, 'Customer A');
});
afterAll(() => t.close());

const createUser = (email: string, send: boolean) =>
  t.request('POST', `/api/user?sendActivationMail=${send}`, {
    token: tenant,
    headers: { host: 'evil.example.org' },
    body: { email, authority: 'CUSTOMER_USER', customerId: { entityType: 'CUSTOMER', id: custA } },
  });
const activate = (activateToken: string, password: string) =>
  t.request('POST', '/api/noauth/activate', { body: { activateToken, password } });
const tokens = new Map<string, string>();
/** GET /api/user/{id}/activationLink: text/plain, built from the configured base URL. */
async function linkToken(id: string): Promise<string> {
  const link = await t.request('GET', `/api/user/${id}/activationLink`, {
    token: tenant,
    headers: { host: 'evil.example.org' },
  });
  expect(link.statusCode, link.body).toBe(200);
  expect(link.headers['content-type']).toMatch(/^text\/plain/);
  expect(link.body).toMatch(/^https:\/\/iot\.example\.com\/api\/noauth\/activate\?activateToken=[A-Za-z0-9]{30}$/);
  const token = link.body.split('=')[1]!;
  const rows = await t.db.query<{ email: string }>('SELECT email FROM tb_user WHERE id = $1', [id]);
  tokens.set(rows[0]!.email, token);
  return token;
}
const reset = (resetToken: string, password: string) =>
  t.request('POST', '/api/noauth/resetPassword', { body: { resetToken, password } });

describe('activation', () => {
  it('creating a user without mail keeps the user and serves the base-URL link as text (Host ignored)', async () => {
    const res = await createUser('new1@example.com', false);
    expect(res.statusCode, res.body).toBe(200);
    expect(t.mail.sent.some((m) => m.to === 'new1@example.com')).toBe(false);
    const token = await linkToken(res.json().id.id);
    expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
  });

  it('GET with the token redirects (303) to the create-password screen; unknown token → 409', async () => {
    const token = tokens.get('new1@example.com')!;
    const res = await t.request('GET', `/api/noauth/activate?activateToken=${token}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/login/createPassword?activateToken=${token}`);
    const bad = await t.request('GET', '/api/noauth/activate?activateToken=doesNotExist123');
    expect(bad.statusCode).toBe(409);
  });

  it('the user cannot sign in before activation', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      body: { username: 'new1@example.com', password: 'anything' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('POST activates once: returns a working pair, the user can sign in, the token is then dead', async () => {
    const token = tokens.get('new1@example.com')!;
    const weak = await activate(token, 'abc');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('6 or more characters');

    const res = await activate(token, 'Welcome123');
    expect(res.statusCode, res.body).toBe(200);
    expect(await whoAmI(t, res.json().token)).toBe(200);
    await loginPair(t, 'new1@example.com', 'Welcome123');

    const again = await activate(token, 'Other12345');
    expect(again.statusCode).toBe(400);
    expect((await t.request('GET', `/api/noauth/activate?activateToken=${token}`)).statusCode).toBe(409);
    await loginPair(t, 'new1@example.com', 'Welcome123');
  });
});

describe('password reset', () => {
  it('answers identically for a known and an unknown address, and mails only the known one', async () => {
    const before = t.mail.sent.length;
    const known = await t.request('POST', '/api/noauth/resetPasswordByEmail', {
      body: { email: 'customerB@sapo.local' },
    });
    const unknown = await t.request('POST', '/api/noauth/resetPasswordByEmail', {
      body: { email: 'ghost@sapo.local' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(t.mail.sent.slice(before).map((m) => m.to)).toEqual(['customerB@sapo.local']);
    expect(t.mail.sent.at(-1)!.text).toContain('https://iot.example.com/api/noauth/resetPassword?resetToken=');
  });

  it('the mailed link redirects (303) to the reset screen; unknown → 409', async () => {
    const token = t.mail.lastToken('customerB@sapo.local', 'resetToken')!;
    expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
    const res = await t.request('GET', `/api/noauth/resetPassword?resetToken=${token}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/login/resetPassword?resetToken=${token}`);
    expect((await t.request('GET', '/api/noauth/resetPassword?resetToken=nope')).statusCode).toBe(409);
  });

  it('works once, ends older sign-ins, and the old password stops working', async () => {
    const older = await loginPair(t, 'customerB@sapo.local', 'customer');
    const token = t.mail.lastToken('customerB@sapo.local', 'resetToken')!;
    const same = await reset(token, 'customer');
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('New password should be different from existing!');

    const res = await reset(token, 'ResetPass1');
    expect(res.statusCode, res.body).toBe(200);
    expect(await whoAmI(t, res.json().token)).toBe(200);
    expect(await whoAmI(t, older.token)).toBe(401);
    expect(await refreshStatus(t, older.refreshToken)).toBe(401);
    await loginPair(t, 'customerB@sapo.local', 'ResetPass1');
    expect(
      (await t.request('POST', '/api/auth/login', { body: { username: 'customerB@sapo.local', password: 'customer' } }))
        .statusCode,
    ).toBe(401);

    const twice = await reset(token, 'ResetPass2');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Invalid reset token!');
  });

  it('a reset link cannot re-enable an account the administrator disabled', async () => {
    await t.request('POST', '/api/noauth/resetPasswordByEmail', { body: { email: 'customerA@sapo.local' } });
    const token = t.mail.lastToken('customerA@sapo.local', 'resetToken')!;
    const id = await userId(t, 'customerA@sapo.local');
    const dis = await t.request('POST', `/api/user/${id}/userCredentialsEnabled?userCredentialsEnabled=false`, {
      token: tenant,
    });
    expect(dis.statusCode).toBe(200);
    const res = await reset(token, 'Sneaky1234');
    expect(res.statusCode).toBe(400);
    const login = await t.request('POST', '/api/auth/login', {
      body: { username: 'customerA@sapo.local', password: 'Sneaky1234' },
    });
    expect(login.statusCode).toBe(401);
    expect((await t.request('GET', `/api/noauth/resetPassword?resetToken=${token}`)).statusCode).toBe(409);
  });
});

describe('token lifetimes (runs last: moves the clock)', () => {
  it('an activation token older than 24 h is refused (GET 409, POST 400)', async () => {
    const res = await createUser('late@example.com', false);
    expect(res.statusCode).toBe(200);
    const token = await linkToken(res.json().id.id);
    t.clock.advance(25 * HOUR);
    expect((await t.request('GET', `/api/noauth/activate?activateToken=${token}`)).statusCode).toBe(409);
    const post = await activate(token, 'TooLate123');
    expect(post.statusCode).toBe(400);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { username: 'late@example.com', password: 'TooLate123' } }))
        .statusCode,
    ).toBe(401);
  });

  it('a reset token older than 24 h is refused', async () => {
    await t.request('POST', '/api/noauth/resetPasswordByEmail', { body: { email: 'customerC@sapo.local' } });
    const token = t.mail.lastToken('customerC@sapo.local', 'resetToken')!;
    t.clock.advance(25 * HOUR);
    expect((await t.request('GET', `/api/noauth/resetPassword?resetToken=${token}`)).statusCode).toBe(409);
    const res = await reset(token, 'TooLate123');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid reset token!');
    await loginPair(t, 'customerC@sapo.local', 'customer');
  });
});
