import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerId, userId } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionsOf = async (email: string) => {
  const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth_session WHERE user_id = $1', [
    await userId(t, email),
  ]);
  return rows[0]!.n;
};

/** Status and message of each answer, counted: {"200": 1, "400 Invalid reset token!": 7}. */
function tally(results: { statusCode: number; json: () => { message?: string } }[]) {
  const out: Record<string, number> = {};
  for (const r of results) {
    const key = r.statusCode === 200 ? '200' : `${r.statusCode} ${r.json().message}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

describe('one-time tokens are consumed atomically', () => {
  it('a reset token used 8 times in parallel succeeds once; the others get Invalid reset token!', async () => {
    const email = 'customerA@sapo.local';
    expect((await t.request('POST', '/api/noauth/resetPasswordByEmail', { body: { email } })).statusCode).toBe(200);
    const resetToken = t.mail.lastToken(email, 'resetToken')!;
    const before = await sessionsOf(email);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request('POST', '/api/noauth/resetPassword', { body: { resetToken, password: `Parallel${i}x` } }),
      ),
    );
    expect(tally(results)).toEqual({ '200': 1, '400 Invalid reset token!': 7 });
    expect(await sessionsOf(email)).toBe(before + 1);
    // The password that won is the one that signs in.
    const winner = results.findIndex((r) => r.statusCode === 200);
    const ok = await t.request('POST', '/api/auth/login', {
      body: { username: email, password: `Parallel${winner}x` },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('an activation token used 8 times in parallel activates once; the others are told the token is unknown', async () => {
    const tenant = await t.login('tenant@sapo.local', 'tenant');
    const created = await t.request('POST', '/api/user?sendActivationMail=false', {
      token: tenant,
      body: {
        email: 'race@example.com',
        authority: 'CUSTOMER_USER',
        customerId: { entityType: 'CUSTOMER', id: await customerId(t, 'Customer A') },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const link = await t.request('GET', `/api/user/${created.json().id.id}/activationLink`, { token: tenant });
    const activateToken = link.body.split('=')[1]!;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request('POST', '/api/noauth/activate?sendActivationMail=false', {
          body: { activateToken, password: `Parallel${i}x` },
        }),
      ),
    );
    expect(tally(results)).toEqual({
      '200': 1,
      [`400 Unable to find user credentials by activateToken [${activateToken}]`]: 7,
    });
    expect(await sessionsOf('race@example.com')).toBe(1);
  });
});
