import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/test-app.ts';

/** Shared set-up for the users/customers API tests: demo ids, a second tenant, more logins. */
export interface World {
  tokens: { sysadmin: string; tenant: string; customer: string; customerB: string; other: string };
  tenantId: string;
  otherTenantId: string;
  customers: { A: string; B: string; C: string };
  /** A customer of the other tenant. */
  otherCustomerId: string;
  users: { tenant: string; customer: string; customerA: string; customerB: string; other: string; sysadmin: string };
}

export const PAGE = 'pageSize=100&page=0';

export function expectError(res: LightMyRequestResponse, status: number, errorCode: number, message?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ status, errorCode });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

export const expectForbidden = (res: LightMyRequestResponse) =>
  expectError(res, 403, 20, "You don't have permission to perform this operation!");
export const expectNotFound = (res: LightMyRequestResponse) =>
  expectError(res, 404, 32, "Requested item wasn't found!");

async function ok(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json();
}

/** Creates the "Other" tenant with an admin (other@sapo.local / Secret123!) and a customer, and collects demo ids. */
export async function setupWorld(t: TestApp): Promise<World> {
  const base = await t.demoTokens();
  const tenant = await ok(t.request('GET', '/api/auth/user', { token: base.tenant }));
  const customer = await ok(t.request('GET', '/api/auth/user', { token: base.customer }));
  const sysadmin = await ok(t.request('GET', '/api/auth/user', { token: base.sysadmin }));
  const page = await ok(t.request('GET', `/api/customers?${PAGE}`, { token: base.tenant }));
  const byTitle = Object.fromEntries(page.data.map((c: { title: string; id: { id: string } }) => [c.title, c.id.id]));
  const otherTenant = await ok(t.request('POST', '/api/tenant', { token: base.sysadmin, body: { title: 'Other' } }));
  const otherUser = await ok(
    t.request('POST', '/api/user?sendActivationMail=false&password=Secret123!', {
      token: base.sysadmin,
      body: {
        email: 'other@sapo.local',
        authority: 'TENANT_ADMIN',
        tenantId: { entityType: 'TENANT', id: otherTenant.id.id },
      },
    }),
  );
  const other = await t.login('other@sapo.local', 'Secret123!');
  const otherCustomer = await ok(
    t.request('POST', '/api/customer', { token: other, body: { title: 'Other Customer' } }),
  );
  const customerB = await t.login('customerB@sapo.local', 'customer');
  const userIds = await t.db.query<{ id: string; email: string }>('SELECT id, email FROM tb_user');
  const uid = (email: string) => userIds.find((u) => u.email === email)!.id;
  return {
    tokens: { ...base, customerB, other },
    tenantId: tenant.tenantId.id,
    otherTenantId: otherTenant.id.id,
    customers: { A: byTitle['Customer A'], B: byTitle['Customer B'], C: byTitle['Customer C'] },
    otherCustomerId: otherCustomer.id.id,
    users: {
      tenant: tenant.id.id,
      customer: customer.id.id,
      customerA: uid('customerA@sapo.local'),
      customerB: uid('customerB@sapo.local'),
      other: otherUser.id.id,
      sysadmin: sysadmin.id.id,
    },
  };
}

/** Creates an active user with password Secret123! and returns its id. */
export async function createUser(t: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.request('POST', '/api/user?sendActivationMail=false&password=Secret123!', { token, body });
  if (res.statusCode !== 200) throw new Error(`create user: ${res.statusCode} ${res.body}`);
  return res.json().id.id;
}

export const customerRef = (id: string) => ({ entityType: 'CUSTOMER', id });
export const tenantRef = (id: string) => ({ entityType: 'TENANT', id });

export async function auditRows(t: TestApp, entityId: string) {
  return t.db.query<{ action_type: string; user_name: string; entity_type: string; entity_name: string | null }>(
    'SELECT action_type, user_name, entity_type, entity_name FROM audit_log WHERE entity_id = $1 ORDER BY created_time',
    [entityId],
  );
}

export async function customerTitle(t: TestApp, id: string): Promise<string | undefined> {
  return (await t.db.query<{ title: string }>('SELECT title FROM customer WHERE id = $1', [id]))[0]?.title;
}

export async function userRow(t: TestApp, id: string) {
  return (
    await t.db.query<{
      email: string;
      authority: string;
      customer_id: string | null;
      tenant_id: string | null;
      first_name: string | null;
    }>('SELECT email, authority, customer_id, tenant_id, first_name FROM tb_user WHERE id = $1', [id])
  )[0];
}
