import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditRows, loginPair, refreshStatus, whoAmI } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const refresh = (refreshToken: string) => t.request('POST', '/api/auth/token', { body: { refreshToken } });

describe('access tokens', () => {
  it('GET /api/auth/user returns the signed-in user', async () => {
    const { token } = await loginPair(t, 'tenant@sapo.local', 'tenant');
    const res = await t.request('GET', '/api/auth/user', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'tenant@sapo.local', authority: 'TENANT_ADMIN' });
  });

  it('accepts the standard Authorization header too', async () => {
    const { token } = await loginPair(t, 'tenant@sapo.local', 'tenant');
    const res = await t.request('GET', '/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await t.request('GET', '/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, errorCode: 10 });
  });

  it('answers 401 / code 10 to a garbage token', async () => {
    const res = await t.request('GET', '/api/auth/user', { token: 'not.a.jwt' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 10, message: 'Invalid username or password' });
  });

  it('rejects an unsigned (alg none) copy of a real token', async () => {
    const { token } = await loginPair(t, 'tenant@sapo.local', 'tenant');
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`;
    const res = await t.request('GET', '/api/auth/user', { token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe(10);
  });

  it('rejects a token whose claims were edited (privilege escalation attempt)', async () => {
    const { token } = await loginPair(t, 'customer@sapo.local', 'customer');
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${b64({ ...claims, scopes: ['SYS_ADMIN'] })}.${s}`;
    const res = await t.request('GET', '/api/tenants?pageSize=10&page=0', { token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe(10);
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refreshToken } = await loginPair(t, 'tenant@sapo.local', 'tenant');
    expect(await whoAmI(t, refreshToken)).toBe(401);
  });

  it('refuses an access token used as a refresh token', async () => {
    const { token } = await loginPair(t, 'tenant@sapo.local', 'tenant');
    expect(await refreshStatus(t, token)).toBe(401);
  });
});

describe('POST /api/auth/token (refresh rotation)', () => {
  it('returns a new working pair', async () => {
    const first = await loginPair(t, 'customer@sapo.local', 'customer');
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(await whoAmI(t, next.token)).toBe(200);
    expect(await refreshStatus(t, next.refreshToken)).toBe(200);
  });

  it('reusing an old refresh token is refused and ends that sign-in, not the others', async () => {
    const other = await loginPair(t, 'customer@sapo.local', 'customer');
    const first = await loginPair(t, 'customer@sapo.local', 'customer');
    const second = (await refresh(first.refreshToken)).json();
    expect(await whoAmI(t, second.token)).toBe(200);

    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errorCode).toBe(10);

    expect(await whoAmI(t, second.token)).toBe(401);
    expect(await refreshStatus(t, second.refreshToken)).toBe(401);
    expect(await whoAmI(t, other.token)).toBe(200);
    expect(await refreshStatus(t, other.refreshToken)).toBe(200);
  });

  it('refuses a refresh for a user disabled since', async () => {
    const pair = await loginPair(t, 'customerB@sapo.local', 'customer');
    await t.db.query(
      "UPDATE user_credentials SET enabled = false WHERE user_id = (SELECT id FROM tb_user WHERE email = 'customerB@sapo.local')",
    );
    const res = await refresh(pair.refreshToken);
    expect(res.statusCode).toBe(401);
    await t.db.query(
      "UPDATE user_credentials SET enabled = true WHERE user_id = (SELECT id FROM tb_user WHERE email = 'customerB@sapo.local')",
    );
  });

  it('answers a garbage refresh token with 401', async () => {
    expect(await refreshStatus(t, 'garbage')).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends that sign-in (access and refresh) and writes an audit LOGOUT row', async () => {
    const other = await loginPair(t, 'customerA@sapo.local', 'customer');
    const pair = await loginPair(t, 'customerA@sapo.local', 'customer');
    const res = await t.request('POST', '/api/auth/logout', { token: pair.token });
    expect(res.statusCode).toBe(200);
    expect(await whoAmI(t, pair.token)).toBe(401);
    expect(await refreshStatus(t, pair.refreshToken)).toBe(401);
    expect(await whoAmI(t, other.token)).toBe(200);
    const rows = await auditRows(t, 'LOGOUT', 'customerA@sapo.local');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action_status).toBe('SUCCESS');
  });

  it('needs a token', async () => {
    expect((await t.request('POST', '/api/auth/logout')).statusCode).toBe(401);
  });
});

describe('token expiry (runs last: it moves the clock)', () => {
  it('an access token older than 9000 s answers 401 / code 11, and the refresh token still renews', async () => {
    const pair = await loginPair(t, 'tenant@sapo.local', 'tenant');
    t.clock.advance(8_990_000);
    expect(await whoAmI(t, pair.token)).toBe(200);
    t.clock.advance(20_000);
    const res = await t.request('GET', '/api/auth/user', { token: pair.token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, errorCode: 11, message: 'Token has expired' });
    const renewed = await refresh(pair.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect(await whoAmI(t, renewed.json().token)).toBe(200);
  });

  it('a refresh token older than a week is refused', async () => {
    const pair = await loginPair(t, 'tenant@sapo.local', 'tenant');
    t.clock.advance(604_801_000);
    const res = await refresh(pair.refreshToken);
    expect(res.statusCode).toBe(401);
  });
});
