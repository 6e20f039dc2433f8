import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';

export interface Pair {
  token: string;
  refreshToken: string;
}

/** Decodes a JWT part (0 = header, 1 = claims) without verifying it. */
export function decode(jwt: string, part = 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[part]!, 'base64url').toString()) as Record<string, unknown>;
}

/** Signs in and returns the whole pair. */
export async function loginPair(t: TestApp, username: string, password: string): Promise<Pair> {
  const res = await t.request('POST', '/api/auth/login', { body: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Pair;
}

/** Status of GET /api/auth/user with a token. */
export async function whoAmI(t: TestApp, token: string): Promise<number> {
  return (await t.request('GET', '/api/auth/user', { token })).statusCode;
}

/** Status of a refresh with a refresh token. */
export async function refreshStatus(t: TestApp, refreshToken: string): Promise<number> {
  return (await t.request('POST', '/api/auth/token', { body: { refreshToken } })).statusCode;
}

export interface AuditRow {
  action_type: string;
  action_status: string;
  entity_id: string;
  user_name: string | null;
  action_data: Record<string, unknown> | null;
}

export async function auditRows(t: TestApp, action: string, entityName: string): Promise<AuditRow[]> {
  return t.db.query<AuditRow>(
    'SELECT action_type, action_status, entity_id, user_name, action_data FROM audit_log WHERE action_type = $1 AND entity_name = $2',
    [action, entityName],
  );
}

export async function userId(t: TestApp, email: string): Promise<string> {
  const rows = await t.db.query<{ id: string }>('SELECT id FROM tb_user WHERE email = $1', [email]);
  return rows[0]!.id;
}

export async function customerId(t: TestApp, title: string): Promise<string> {
  const rows = await t.db.query<{ id: string }>('SELECT id FROM customer WHERE title = $1', [title]);
  return rows[0]!.id;
}

/** Saves security settings as the system administrator (defaults merged with the overrides). */
export async function setSecurity(
  t: TestApp,
  sysadmin: string,
  policy: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const res = await t.request('POST', '/api/admin/securitySettings', {
    token: sysadmin,
    body: { passwordPolicy: { minimumLength: 6, ...policy }, maxFailedLoginAttempts: 5, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function setEnabled(t: TestApp, adminToken: string, id: string, enabled: boolean): Promise<void> {
  const res = await t.request('POST', `/api/user/${id}/userCredentialsEnabled?userCredentialsEnabled=${enabled}`, {
    token: adminToken,
  });
  expect(res.statusCode, res.body).toBe(200);
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
