import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditRows, whoAmI } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (token: string, currentPassword: string, newPassword = 'Another123') =>
  t.request('POST', '/api/auth/changePassword', { token, body: { currentPassword, newPassword } });
const login = (username: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { username, password } });
const MISMATCH = { status: 400, errorCode: 31, message: "Current password doesn't match!" };

describe('wrong current passwords count like failed logins', () => {
  it('the sixth wrong guess locks the account: same 400 answer, the session ends, the user is mailed', async () => {
    const email = 'customerA@sapo.local';
    const token = await t.login(email, 'customer');
    for (let i = 1; i <= 6; i++) {
      const res = await change(token, `guess-${i}`);
      expect(res.statusCode, `guess ${i}`).toBe(400);
      expect(res.json()).toMatchObject(MISMATCH);
    }
    // A stolen session cannot keep guessing: it is over, and the right password no longer signs in.
    expect(await whoAmI(t, token)).toBe(401);
    expect((await login(email, 'customer')).json()).toMatchObject({
      errorCode: 10,
      message: 'Invalid username or password',
    });
    expect(await auditRows(t, 'LOCKOUT', email)).toHaveLength(1);
    await vi.waitFor(() => expect(t.mail.lastToken(email, 'resetToken')).toBeDefined());
  });

  it('guesses through changePassword and sign-in share one counter', async () => {
    const email = 'customerB@sapo.local';
    const token = await t.login(email, 'customer');
    for (let i = 0; i < 3; i++) expect((await login(email, 'bad')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await change(token, 'bad')).json()).toMatchObject(MISMATCH);
    expect(await whoAmI(t, token)).toBe(401);
    expect((await login(email, 'customer')).statusCode).toBe(401);
  });

  it('while sign-in guesses keep the account locked, one wrong current password ends the sessions', async () => {
    const email = 'customer@sapo.local';
    const token = await t.login(email, 'customer');
    for (let i = 0; i < 6; i++) expect((await login(email, 'bad')).statusCode).toBe(401);
    expect(await whoAmI(t, token)).toBe(200); // a sign-in lockout leaves the owner's session alone
    expect((await change(token, 'bad')).json()).toMatchObject(MISMATCH);
    expect(await whoAmI(t, token)).toBe(401);
  });

  it('the right current password still works after a few wrong ones, and resets the count', async () => {
    const email = 'customerC@sapo.local';
    const token = await t.login(email, 'customer');
    for (let i = 0; i < 4; i++) await change(token, 'bad');
    const ok = await change(token, 'customer', 'Changed123');
    expect(ok.statusCode, ok.body).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, 'bad')).statusCode).toBe(401);
    expect((await login(email, 'Changed123')).statusCode).toBe(200);
  });
});
