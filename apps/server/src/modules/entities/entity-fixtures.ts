import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { NULL_UUID } from '@sapo/common';
import type { TestApp } from '../../test/test-app.ts';
import type { Caller } from '../auth/caller.ts';
import { createUser, setupWorld, type World } from '../users/users-fixtures.ts';

/** The users-fixtures world plus a tenant user and a customer admin (of Customer A). */
export interface EntityWorld extends World {
  tokens: World['tokens'] & { tenantUser: string; customerAdmin: string };
}

export type Who = keyof EntityWorld['tokens'];

export async function setupEntityWorld(t: TestApp): Promise<EntityWorld> {
  const w = await setupWorld(t);
  await createUser(t, w.tokens.tenant, { email: 'tuser@sapo.local', authority: 'TENANT_USER' });
  const adminId = await createUser(t, w.tokens.tenant, {
    email: 'cadmin@sapo.local',
    authority: 'CUSTOMER_USER',
    customerId: { entityType: 'CUSTOMER', id: w.customers.A },
  });
  const promoted = await t.request('POST', `/api/user/${adminId}/promoteCustomerUser`, { token: w.tokens.tenant });
  if (promoted.statusCode !== 200) throw new Error(`promote: ${promoted.statusCode} ${promoted.body}`);
  return {
    ...w,
    tokens: {
      ...w.tokens,
      tenantUser: await t.login('tuser@sapo.local', 'Secret123!'),
      customerAdmin: await t.login('cadmin@sapo.local', 'Secret123!'),
    },
  };
}

/** Fails the test with the response body unless the call answered 200; returns the JSON (if any). */
export async function ok(res: Promise<LightMyRequestResponse> | LightMyRequestResponse) {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  return r.body ? r.json() : undefined;
}

export async function createAsset(t: TestApp, token: string, body: Record<string, unknown>) {
  return ok(t.request('POST', '/api/asset', { token, body: { type: 'building', ...body } }));
}

/** A device row written directly (the devices API belongs to another module). */
export async function insertDevice(t: TestApp, tenantId: string, name: string, customerId: string | null = null) {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO device (id, created_time, tenant_id, customer_id, device_profile_id, name, type, device_data)
     SELECT $1, $2, $3, $4, p.id, $5, p.name, '{}'::jsonb FROM device_profile p WHERE p.tenant_id = $3 AND p.is_default`,
    [id, Date.now(), tenantId, customerId, name],
  );
  return id;
}

/** A Caller for service-level tests, read from the user row. */
export async function callerOf(t: TestApp, email: string): Promise<Caller> {
  const rows = await t.db.query<{
    id: string;
    authority: Caller['authority'];
    tenant_id: string | null;
    customer_id: string | null;
  }>('SELECT id, authority, tenant_id, customer_id FROM tb_user WHERE email = $1', [email]);
  const u = rows[0]!;
  return {
    userId: u.id,
    email,
    authority: u.authority,
    tenantId: u.tenant_id ?? NULL_UUID,
    customerId: u.customer_id ?? NULL_UUID,
    isPublic: false,
    sessionId: NULL_UUID,
  };
}

export const PAGE = 'pageSize=100&page=0';
export const ref = (entityType: string, id: string) => ({ entityType, id });

/** The audit actions of an entity, sorted (rows written within one millisecond have no order). */
export async function auditActions(t: TestApp, entityId: string): Promise<string[]> {
  const rows = await t.db.query<{ action_type: string }>('SELECT action_type FROM audit_log WHERE entity_id = $1', [
    entityId,
  ]);
  return rows.map((r) => r.action_type).sort();
}
