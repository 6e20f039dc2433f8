import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditRows, customerId, loginPair, refreshStatus, setSecurity, whoAmI } from './auth-test-helpers.ts';

let t: TestApp;
let sysadmin: string;
beforeAll(async () => {
  t = await createTestApp();
  sysadmin = await t.login('sysadmin@sapo.local', 'sysadmin');
});
afterAll(() => t.close());

const change = (token: string, currentPassword: string, newPassword: string) =>
  t.request('POST', '/api/auth/changePassword', { token, body: { currentPassword, newPassword } });
const loginStatus = async (username: string, password: string) =>
  (await t.request('POST', '/api/auth/login', { body: { username, password } })).statusCode;

describe('GET /api/noauth/userPasswordPolicy', () => {
  it('answers without authentication with the default policy', async () => {
    const res = await t.request('GET', '/api/noauth/userPasswordPolicy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ minimumLength: 6 });
  });

  it('reflects what the system administrator saved', async () => {
    await setSecurity(t, sysadmin, { minimumLength: 8, minimumDigits: 1 });
    const res = await t.request('GET', '/api/noauth/userPasswordPolicy');
    expect(res.json()).toMatchObject({ minimumLength: 8, minimumDigits: 1 });
    await setSecurity(t, sysadmin, {});
  });
});

describe('POST /api/auth/changePassword', () => {
  it('refuses a wrong current password', async () => {
    const token = await t.login('customerA@sapo.local', 'customer');
    const res = await change(token, 'not-it', 'Another123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: "Current password doesn't match!" });
    expect(await loginStatus('customerA@sapo.local', 'customer')).toBe(200);
  });

  it('refuses the same password', async () => {
    const token = await t.login('customerA@sapo.local', 'customer');
    const res = await change(token, 'customer', 'customer');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('New password should be different from existing!');
  });

  it('refuses a password that breaks the policy, naming the rule', async () => {
    const token = await t.login('customerA@sapo.local', 'customer');
    const short = await change(token, 'customer', 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('6 or more characters');

    await setSecurity(t, sysadmin, { minimumUppercaseLetters: 1, minimumDigits: 2 });
    const weak = await change(token, 'customer', 'lowercase-only');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('uppercase');
    expect(weak.json().message).toContain('2 or more digit');
    await setSecurity(t, sysadmin, {});
    expect(await loginStatus('customerA@sapo.local', 'customer')).toBe(200);
  });

  it('refuses a password longer than bcrypt can hash (72 bytes)', async () => {
    const token = await t.login('customerA@sapo.local', 'customer');
    const res = await change(token, 'customer', 'x'.repeat(73));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('no more than 72');
  });

  it('changes it: new pair works, other sign-ins end, only the new password logs in, audited', async () => {
    const email = 'customerB@sapo.local';
    const other = await loginPair(t, email, 'customer');
    const mine = await loginPair(t, email, 'customer');
    const res = await change(mine.token, 'customer', 'Changed123');
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json();
    expect(await whoAmI(t, fresh.token)).toBe(200);
    expect(await refreshStatus(t, fresh.refreshToken)).toBe(200);

    expect(await whoAmI(t, other.token)).toBe(401);
    expect(await refreshStatus(t, other.refreshToken)).toBe(401);

    expect(await loginStatus(email, 'customer')).toBe(401);
    expect(await loginStatus(email, 'Changed123')).toBe(200);

    const rows = await auditRows(t, 'CREDENTIALS_UPDATED', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action_status).toBe('SUCCESS');
  });

  it('a public (anonymous) sign-in cannot change passwords', async () => {
    await t.db.query("UPDATE customer SET is_public = true WHERE title = 'Customer C'");
    const id = await customerId(t, 'Customer C');
    const pub = await t.request('POST', '/api/auth/login/public', { body: { publicId: id } });
    expect(pub.statusCode).toBe(200);
    const res = await change(pub.json().token, 'x', 'Whatever123');
    expect(res.statusCode).toBe(403);
  });
});

describe('password reuse (passwordReuseFrequencyDays)', () => {
  it('refuses a password used within the period, with ThingsBoard wording', async () => {
    await setSecurity(t, sysadmin, { passwordReuseFrequencyDays: 3 });
    const email = 'customer@sapo.local';
    let token = (await change(await t.login(email, 'customer'), 'customer', 'Second123')).json().token as string;
    token = (await change(token, 'Second123', 'Third123')).json().token;

    const back = await change(token, 'Third123', 'customer');
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('Password was already used for the last 3 days');
    const back2 = await change(token, 'Third123', 'Second123');
    expect(back2.json().message).toBe('Password was already used for the last 3 days');

    t.clock.advance(4 * 86_400_000);
    token = await t.login(email, 'Third123');
    const later = await change(token, 'Third123', 'customer');
    expect(later.statusCode, later.body).toBe(200);
    sysadmin = await t.login('sysadmin@sapo.local', 'sysadmin');
    await setSecurity(t, sysadmin, {});
  });

  it('without a reuse period, an older password may come back', async () => {
    const email = 'customerA@sapo.local';
    const token = (await change(await t.login(email, 'customer'), 'customer', 'Interim123')).json().token as string;
    const res = await change(token, 'Interim123', 'customer');
    expect(res.statusCode).toBe(200);
  });
});
