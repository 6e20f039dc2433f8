import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('returns a token pair for the demo tenant administrator', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      body: { username: 'tenant@sapo.local', password: 'tenant' },
    });
    expect(res.statusCode).toBe(200);
    const { token, refreshToken } = res.json();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      sub: 'tenant@sapo.local',
      scopes: ['TENANT_ADMIN'],
      iss: 'thingsboard.io',
      isPublic: false,
    });
    expect(claims.exp - claims.iat).toBe(9000);
    expect(typeof refreshToken).toBe('string');
  });

  it('rejects a wrong password with ThingsBoard error body', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      body: { username: 'tenant@sapo.local', password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, errorCode: 10, message: 'Invalid username or password' });
  });
});
