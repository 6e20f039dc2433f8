import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditRows, loginPair, setEnabled, userId, whoAmI } from './auth-test-helpers.ts';

const MINUTE = 60_000;
const SYSADMIN = 'sysadmin@sapo.local';

let t: TestApp;
let sys: string;
beforeAll(async () => {
  t = await createTestApp();
  sys = await t.login(SYSADMIN, 'sysadmin');
  const res = await t.request('POST', '/api/admin/settings', {
    token: sys,
    body: { key: 'general', jsonValue: { baseUrl: 'https://iot.example.com' } },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { username, password }, headers: { host: 'evil.example.org' } });

/** What a login answer shows an outsider: status and body without the timestamp. */
async function outsideView(username: string, password: string) {
  const res = await login(username, password);
  const { timestamp, ...body } = res.json() as Record<string, unknown>;
  expect(typeof timestamp).toBe('string');
  return { status: res.statusCode, body };
}

const INVALID = { status: 401, body: { status: 401, errorCode: 10, message: 'Invalid username or password' } };

/** Six wrong passwords: with the default maxFailedLoginAttempts (5) the sixth locks. */
async function lockOut(email: string) {
  for (let i = 1; i <= 6; i++) expect(await outsideView(email, `wrong-${i}`), `attempt ${i}`).toEqual(INVALID);
}

async function saveSecurity(extra: Record<string, unknown>) {
  const current = (await t.request('GET', '/api/admin/securitySettings', { token: sys })).json();
  const res = await t.request('POST', '/api/admin/securitySettings', { token: sys, body: { ...current, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('lockout answers like an unknown account', () => {
  it('the locking attempt, later wrong and even right passwords all answer exactly as for an unknown account', async () => {
    const email = 'customerA@sapo.local';
    const unknownWrong = await outsideView('nobody@sapo.local', 'whatever');
    expect(unknownWrong).toEqual(INVALID);
    await lockOut(email);
    expect(await outsideView(email, 'wrong-again')).toEqual(unknownWrong);
    expect(await outsideView(email, 'customer')).toEqual(unknownWrong);
    expect(await auditRows(t, 'LOCKOUT', email)).toHaveLength(1);
  });

  it('a locked account costs the same bcrypt comparison as an unknown one (no timing tell)', async () => {
    const email = 'customerA@sapo.local'; // locked by the test above
    const verify = vi.spyOn(t.app.services.passwords, 'verify');
    try {
      await login(email, 'wrong');
      await login('nobody@sapo.local', 'wrong');
      expect(verify).toHaveBeenCalledTimes(2);
      // Both compare against a real bcrypt hash: the user's, or the dummy one for unknown accounts.
      for (const call of verify.mock.calls) expect(call[1] ?? 'dummy').toMatch(/^(\$2[aby]\$|dummy)/);
    } finally {
      verify.mockRestore();
    }
  });
});

describe('the system administrator cannot be locked out for good', () => {
  it('the lock expires after userLockoutDurationMinutes (default 15)', async () => {
    const settings = (await t.request('GET', '/api/admin/securitySettings', { token: sys })).json();
    expect(settings.userLockoutDurationMinutes).toBe(15);
    const session = await loginPair(t, SYSADMIN, 'sysadmin');
    await lockOut(SYSADMIN);
    expect(await outsideView(SYSADMIN, 'sysadmin')).toEqual(INVALID);
    // An anonymous attacker does not sign out the administrator who is already working.
    expect(await whoAmI(t, session.token)).toBe(200);
    t.clock.advance(14 * MINUTE);
    expect((await login(SYSADMIN, 'sysadmin')).statusCode).toBe(401);
    t.clock.advance(MINUTE + 1000);
    expect((await login(SYSADMIN, 'sysadmin')).statusCode).toBe(200);
  });

  it('after the lock expires the count starts again: one wrong password does not lock again', async () => {
    await lockOut(SYSADMIN);
    t.clock.advance(16 * MINUTE);
    expect(await outsideView(SYSADMIN, 'wrong')).toEqual(INVALID);
    expect((await login(SYSADMIN, 'sysadmin')).statusCode).toBe(200);
  });

  it('locking mails the user a reset link built from the base URL (not Host); the link unlocks at once', async () => {
    const before = t.mail.sent.length;
    await lockOut(SYSADMIN);
    await vi.waitFor(() => expect(t.mail.sent.length).toBeGreaterThan(before));
    const mail = t.mail.sent.slice(before).find((m) => m.to === SYSADMIN)!;
    expect(mail.subject).toMatch(/locked/i);
    expect(mail.text).toMatch(/https:\/\/iot\.example\.com\/api\/noauth\/resetPassword\?resetToken=[A-Za-z0-9]{30}/);
    expect(mail.text).not.toContain('evil.example.org');
    const token = t.mail.lastToken(SYSADMIN, 'resetToken')!;
    const reset = await t.request('POST', '/api/noauth/resetPassword', {
      body: { resetToken: token, password: 'Unlocked123' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(SYSADMIN, 'Unlocked123')).statusCode).toBe(200);
    // Put the demo password back for the tests below.
    const change = await t.request('POST', '/api/auth/changePassword', {
      token: reset.json().token,
      body: { currentPassword: 'Unlocked123', newPassword: 'sysadmin' },
    });
    expect(change.statusCode, change.body).toBe(200);
    sys = change.json().token;
  });
});

describe('lockout notification and unlocking', () => {
  it('mails userLockoutNotificationEmail when an account locks', async () => {
    await saveSecurity({ userLockoutNotificationEmail: 'security@example.com' });
    const before = t.mail.sent.length;
    await lockOut('customerB@sapo.local');
    await vi.waitFor(() =>
      expect(t.mail.sent.some((m, i) => i >= before && m.to === 'security@example.com')).toBe(true),
    );
    const notice = t.mail.sent.slice(before).find((m) => m.to === 'security@example.com')!;
    expect(notice.text).toContain('customerB@sapo.local');
    await saveSecurity({ userLockoutNotificationEmail: null });
  });

  it('the users API shows the lock, and userCredentialsEnabled=true lifts it and clears the count', async () => {
    const tenant = await t.login('tenant@sapo.local', 'tenant');
    const id = await userId(t, 'customerB@sapo.local'); // locked by the test above
    const shown = (await t.request('GET', `/api/user/${id}`, { token: tenant })).json();
    expect(shown.additionalInfo).toMatchObject({ userCredentialsEnabled: false, failedLoginAttempts: 6 });
    expect(shown.additionalInfo.lockedUntilTs).toBeGreaterThan(t.clock.now());
    await setEnabled(t, tenant, id, true);
    const after = (await t.request('GET', `/api/user/${id}`, { token: tenant })).json();
    expect(after.additionalInfo).toMatchObject({ userCredentialsEnabled: true, failedLoginAttempts: 0 });
    expect(after.additionalInfo.lockedUntilTs).toBeUndefined();
    expect((await login('customerB@sapo.local', 'customer')).statusCode).toBe(200);
  });

  it('a failing mail server changes nothing in the answer', async () => {
    t.mail.fail = 'SMTP down';
    try {
      await lockOut('customerC@sapo.local');
      expect(await outsideView('customerC@sapo.local', 'customer')).toEqual(INVALID);
    } finally {
      t.mail.fail = undefined;
    }
  });
});

describe('userLockoutDurationMinutes', () => {
  it('is saved and used; 0 (a lock for good), non-integers and a bad notification address are refused', async () => {
    for (const bad of [0, -1, 1.5, 'x', 100_000]) {
      const current = (await t.request('GET', '/api/admin/securitySettings', { token: sys })).json();
      const res = await t.request('POST', '/api/admin/securitySettings', {
        token: sys,
        body: { ...current, userLockoutDurationMinutes: bad },
      });
      expect(res.statusCode, `${bad}`).toBe(400);
      expect(res.json().message).toMatch(/userLockoutDurationMinutes/);
    }
    const current = (await t.request('GET', '/api/admin/securitySettings', { token: sys })).json();
    const typo = await t.request('POST', '/api/admin/securitySettings', {
      token: sys,
      body: { ...current, userLockoutNotificationEmail: 'security@' },
    });
    expect(typo.json()).toMatchObject({ status: 400, message: "Invalid email address format 'security@'!" });
    expect((await saveSecurity({ userLockoutDurationMinutes: 2 })).userLockoutDurationMinutes).toBe(2);
    const email = 'customer@sapo.local';
    await lockOut(email);
    t.clock.advance(2 * MINUTE + 1000);
    expect((await login(email, 'customer')).statusCode).toBe(200);
  });
});
