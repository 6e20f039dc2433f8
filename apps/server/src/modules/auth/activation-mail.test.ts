import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerId } from './auth-test-helpers.ts';
import { scaled } from '../../test/timeouts.ts';

// Each case gets its own app: if user creation hangs (see `answers`), it cannot stall the other case.
let t: TestApp;
let tenant: string;
let stuck = false;
beforeEach(async () => {
  t = await createTestApp();
  const sys = await t.login('sysadmin@sapo.local', 'sysadmin');
  await t.request('POST', '/api/admin/settings', {
    token: sys,
    body: { key: 'general', jsonValue: { baseUrl: 'https://iot.example.com' } },
  });
  tenant = await t.login('tenant@sapo.local', 'tenant');
  stuck = false;
});
afterEach(async () => {
  // A request stuck on the database would also stall closing: don't wait for it.
  if (!stuck) await t.close();
});

/** Fails fast instead of hanging when the server never answers. */
async function answers<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stuck = true;
      reject(new Error(`${what} did not answer within 10 s (request deadlocked?)`));
    }, scaled(10_000));
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const createWithMail = async (email: string) =>
  answers(
    t.request('POST', '/api/user?sendActivationMail=true', {
      token: tenant,
      headers: { host: 'evil.example.org' },
      body: {
        email,
        authority: 'CUSTOMER_USER',
        customerId: { entityType: 'CUSTOMER', id: await customerId(t, 'Customer A') },
      },
    }),
    'POST /api/user?sendActivationMail=true',
  );

describe('POST /api/user?sendActivationMail=true', () => {
  it(
    'mails an activation link built from the configured base URL, not the Host header, and the link activates',
    async () => {
      const res = await createWithMail('mailed@example.com');
      expect(res.statusCode, res.body).toBe(200);
      const msg = t.mail.sent.find((m) => m.to === 'mailed@example.com');
      expect(msg).toBeDefined();
      expect(msg!.text).toMatch(/https:\/\/iot\.example\.com\/api\/noauth\/activate\?activateToken=[A-Za-z0-9]{30}/);
      expect(`${msg!.text}${msg!.html ?? ''}`).not.toContain('evil.example.org');
      const token = t.mail.lastToken('mailed@example.com', 'activateToken')!;
      const act = await t.request('POST', '/api/noauth/activate', {
        body: { activateToken: token, password: 'Mailed123' },
      });
      expect(act.statusCode).toBe(200);
    },
    scaled(20_000),
  );

  it(
    'when the mail cannot be sent, answers Unable to send mail and leaves no user behind',
    async () => {
      t.mail.fail = 'SMTP connection refused';
      const res = await createWithMail('nomail@example.com');
      t.mail.fail = undefined;
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json().message).toMatch(/^Unable to send mail/);
      expect(res.json().message).toContain('SMTP connection refused');
      expect(await t.db.query("SELECT 1 FROM tb_user WHERE email = 'nomail@example.com'")).toHaveLength(0);
      // …so the address is free for a second try.
      expect((await createWithMail('nomail@example.com')).statusCode).toBe(200);
    },
    scaled(20_000),
  );
});
