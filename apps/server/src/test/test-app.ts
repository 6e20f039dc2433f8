import pg from 'pg';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { connectPostgres, type Db } from '../db/database.ts';
import { startPglite } from '../db/pglite.ts';
import type { AppInstance } from '../http/app-instance.ts';
import type { MailMessage } from '../modules/mail/mail.service.ts';
import type { Logger } from '../lib/logger.ts';
import { testConfig } from './test-config.ts';
import { restoreSeed } from './seed-snapshot.ts';

/** A clock tests can move forward (token expiry, activation link age). */
export class TestClock {
  offset = 0;
  now = () => Date.now() + this.offset;
  advance(ms: number) {
    this.offset += ms;
  }
}

/** Records mail instead of sending it; set `fail` to make delivery fail. */
export class MailRecorder {
  sent: MailMessage[] = [];
  fail: string | undefined;
  async send(_settings: unknown, message: MailMessage) {
    if (this.fail) throw new Error(this.fail);
    this.sent.push(message);
  }
  /** The last link of a kind (activate/resetPassword) mailed to an address. */
  lastToken(to: string, param: 'activateToken' | 'resetToken'): string | undefined {
    const msg = [...this.sent].reverse().find((m) => m.to === to && m.text.includes(param));
    return msg?.text.match(new RegExp(`${param}=([A-Za-z0-9]+)`))?.[1];
  }
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: AppInstance;
  db: Db;
  clock: TestClock;
  mail: MailRecorder;
  request(method: string, url: string, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Signs in and returns the access token (throws on failure). */
  login(email: string, password: string): Promise<string>;
  /** Tokens of the three demo logins. */
  demoTokens(): Promise<{ sysadmin: string; tenant: string; customer: string }>;
  close(): Promise<void>;
}

/** This worker's embedded database while no test file holds it (see seed-snapshot.ts). */
let spare: Db | undefined;
const reuse = process.env.TEST_DB_REUSE !== '0';

/** The spare database put back to the seed, or a new one from the template when there is none. */
async function embeddedDb(file: string): Promise<Db> {
  const taken = spare;
  spare = undefined;
  if (taken) {
    try {
      await restoreSeed(taken);
      return taken;
    } catch {
      await taken.close().catch(() => {}); // whatever a test left behind, a new copy is safe
    }
  }
  return startPglite({ loadDataDir: file, unref: true });
}

async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const tpl = inject('dbTemplate');
  if (tpl.kind === 'pglite') {
    if (!reuse) return { db: await startPglite({ loadDataDir: tpl.file }), drop: async () => {} };
    const real = await embeddedDb(tpl.file);
    // Closing hands it to the next test file of this worker; a second one open at once really closes.
    const db: Db = {
      ...real,
      close: async () => {
        if (spare) await real.close();
        else spare = real;
      },
    };
    return { db, drop: async () => {} };
  }
  const name = `sapo_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: tpl.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl.template}`);
  await admin.end();
  const u = new URL(tpl.url);
  u.pathname = `/${name}`;
  return {
    db: connectPostgres(u.toString(), 4),
    drop: async () => {
      const c = new pg.Client({ connectionString: tpl.url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh database (copy of the seeded template: system data + demo tenant) and an app on it; silent
 * unless a test passes a logger (the fuzz tests keep the errors to explain a 5xx).
 */
export async function createTestApp(overrides: Partial<Config> = {}, opts: { logger?: Logger } = {}): Promise<TestApp> {
  const { db, drop } = await freshDb();
  const clock = new TestClock();
  const mail = new MailRecorder();
  const app = await buildApp({
    db,
    config: testConfig(overrides),
    logger: opts.logger ?? false,
    clock,
    mailTransport: mail,
    checkResponses: true,
  });
  await app.ready();
  const request: TestApp['request'] = (method, url, opts = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...(opts.token ? { 'x-authorization': `Bearer ${opts.token}` } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  const login = async (email: string, password: string) => {
    const res = await request('POST', '/api/auth/login', { body: { username: email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { token: string }).token;
  };
  return {
    app,
    db,
    clock,
    mail,
    request,
    login,
    demoTokens: async () => ({
      sysadmin: await login('sysadmin@sapo.local', 'sysadmin'),
      tenant: await login('tenant@sapo.local', 'tenant'),
      customer: await login('customer@sapo.local', 'customer'),
    }),
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
}
