import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let tokens: { sysadmin: string; tenant: string; customer: string };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.demoTokens();
});
afterAll(() => t.close());

const sys = (method: string, url: string, body?: unknown) => t.request(method, url, { token: tokens.sysadmin, body });

describe('admin settings', () => {
  it('returns general settings with a base URL', async () => {
    const res = await sys('GET', '/api/admin/settings/general');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: { id: expect.any(String) },
      key: 'general',
      jsonValue: { baseUrl: expect.stringMatching(/^https?:\/\//) },
    });
  });

  it('saves general settings, trimming the trailing slash', async () => {
    const res = await sys('POST', '/api/admin/settings', {
      key: 'general',
      jsonValue: { baseUrl: 'https://iot.example.com//', prohibitDifferentUrl: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().jsonValue.baseUrl).toBe('https://iot.example.com');
    const got = await sys('GET', '/api/admin/settings/general');
    expect(got.json().jsonValue).toMatchObject({ baseUrl: 'https://iot.example.com', prohibitDifferentUrl: true });
  });

  it('rejects a base URL that is not http(s), keeping the stored one', async () => {
    for (const baseUrl of ['ftp://x.io', 'not a url', '', 42, 'http://']) {
      const res = await sys('POST', '/api/admin/settings', { key: 'general', jsonValue: { baseUrl } });
      expect(res.statusCode, String(baseUrl)).toBe(400);
      expect(res.json().errorCode).toBe(31);
    }
    const got = await sys('GET', '/api/admin/settings/general');
    expect(got.json().jsonValue.baseUrl).toBe('https://iot.example.com');
  });

  it('never returns the mail password and keeps it when saved empty', async () => {
    const mail = (await sys('GET', '/api/admin/settings/mail')).json();
    expect(mail.key).toBe('mail');
    expect(mail.jsonValue.password).toBe('');
    const saved = await sys('POST', '/api/admin/settings', {
      key: 'mail',
      jsonValue: { ...mail.jsonValue, smtpHost: 'smtp.example.com', username: 'u', password: 's3cret' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().jsonValue).toMatchObject({ smtpHost: 'smtp.example.com', password: '' });
    expect((await sys('GET', '/api/admin/settings/mail')).json().jsonValue.password).toBe('');

    const again = await sys('POST', '/api/admin/settings', {
      key: 'mail',
      jsonValue: { ...saved.json().jsonValue, smtpPort: '587', password: '' },
    });
    expect(again.statusCode).toBe(200);
    const stored = await t.db.query<{ json_value: { password: string; smtpPort: string } }>(
      "SELECT json_value FROM admin_settings WHERE key = 'mail'",
    );
    expect(stored[0]?.json_value).toMatchObject({ password: 's3cret', smtpPort: '587' });
  });

  it('rejects an unknown key on save and answers 404 reading one', async () => {
    const res = await sys('POST', '/api/admin/settings', { key: 'bogus', jsonValue: { a: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('bogus');
    const get = await sys('GET', '/api/admin/settings/bogus');
    expect(get.statusCode).toBe(404);
    expect(get.json().errorCode).toBe(32);
  });

  it('rejects a jsonValue that is not an object', async () => {
    for (const jsonValue of [null, 'x', [1], 3]) {
      const res = await sys('POST', '/api/admin/settings', { key: 'mail', jsonValue });
      expect(res.statusCode, JSON.stringify(jsonValue)).toBe(400);
    }
  });

  it('does not let securitySettings be saved unvalidated through the generic endpoint', async () => {
    const res = await sys('POST', '/api/admin/settings', {
      key: 'securitySettings',
      jsonValue: { maxFailedLoginAttempts: 'lots', passwordPolicy: { minimumLength: -5 } },
    });
    expect(res.statusCode).toBe(400);
    const sec = await sys('GET', '/api/admin/securitySettings');
    expect(sec.json()).toMatchObject({ maxFailedLoginAttempts: 5, passwordPolicy: { minimumLength: 6 } });
  });
});

describe('security settings', () => {
  it('has sensible defaults', async () => {
    const res = await sys('GET', '/api/admin/securitySettings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ maxFailedLoginAttempts: 5, passwordPolicy: { minimumLength: 6 } });
  });

  it('saves and returns new values', async () => {
    const current = (await sys('GET', '/api/admin/securitySettings')).json();
    const res = await sys('POST', '/api/admin/securitySettings', {
      ...current,
      maxFailedLoginAttempts: 7,
      passwordPolicy: { ...current.passwordPolicy, minimumLength: 8, minimumDigits: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      maxFailedLoginAttempts: 7,
      passwordPolicy: { minimumLength: 8, minimumDigits: 1 },
    });
    expect((await sys('GET', '/api/admin/securitySettings')).json()).toMatchObject({
      maxFailedLoginAttempts: 7,
      passwordPolicy: { minimumLength: 8 },
    });
  });

  it('rejects invalid values and keeps the stored ones', async () => {
    const current = (await sys('GET', '/api/admin/securitySettings')).json();
    const bad = [
      { ...current, passwordPolicy: { ...current.passwordPolicy, minimumLength: -1 } },
      { ...current, maxFailedLoginAttempts: -3 },
      { ...current, maxFailedLoginAttempts: 'x' },
      { ...current, passwordPolicy: { ...current.passwordPolicy, minimumLength: 20, maximumLength: 10 } },
      { maxFailedLoginAttempts: 3 },
    ];
    for (const body of bad) {
      const res = await sys('POST', '/api/admin/securitySettings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorCode).toBe(31);
    }
    const neg = await sys('POST', '/api/admin/securitySettings', bad[0]);
    expect(neg.json().message).toContain('minimumLength');
    expect((await sys('GET', '/api/admin/securitySettings')).json()).toEqual(current);
  });
});

describe('test mail', () => {
  it('reports a delivery failure as 400 "Unable to send mail"', async () => {
    t.mail.fail = 'connection refused';
    try {
      const mail = (await sys('GET', '/api/admin/settings/mail')).json();
      const res = await sys('POST', '/api/admin/settings/testMail', mail);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Unable to send mail: .*connection refused/);
      expect(t.mail.sent).toHaveLength(0);
    } finally {
      t.mail.fail = undefined;
    }
  });

  it('sends a test message to the system administrator', async () => {
    const mail = (await sys('GET', '/api/admin/settings/mail')).json();
    const res = await sys('POST', '/api/admin/settings/testMail', mail);
    expect(res.statusCode).toBe(200);
    expect(t.mail.sent.at(-1)?.to).toBe('sysadmin@sapo.local');
  });
});

describe('updates and permissions', () => {
  it('reports no update available', async () => {
    const res = await sys('GET', '/api/admin/updates');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), updateAvailable: false });
  });

  it('forbids tenant admins and customers every admin endpoint, with no side effect', async () => {
    const before = await t.db.query('SELECT key, json_value FROM admin_settings ORDER BY key');
    const sent = t.mail.sent.length;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/settings/general'],
      ['GET', '/api/admin/settings/mail'],
      ['POST', '/api/admin/settings', { key: 'general', jsonValue: { baseUrl: 'http://evil.example' } }],
      ['GET', '/api/admin/securitySettings'],
      ['POST', '/api/admin/securitySettings', { passwordPolicy: { minimumLength: 1 }, maxFailedLoginAttempts: 0 }],
      ['POST', '/api/admin/settings/testMail', { key: 'mail', jsonValue: {} }],
      ['GET', '/api/admin/updates'],
    ];
    for (const token of [tokens.tenant, tokens.customer]) {
      for (const [method, url, body] of calls) {
        const res = await t.request(method, url, { token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().errorCode).toBe(20);
      }
    }
    expect(await t.db.query('SELECT key, json_value FROM admin_settings ORDER BY key')).toEqual(before);
    expect(t.mail.sent.length).toBe(sent);
  });
});
