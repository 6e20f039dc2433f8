// Test fixtures for the nodes that read the database: a real app, the demo tenant and its entities.
// (Imported by *.node.test.ts only.)
import { randomUUID } from 'node:crypto';
import type { KvEntry } from '@sapo/common';
import { toKvEntry } from '@sapo/common';
import type { TestApp } from '../../test/test-app.ts';
import type { AttributeScope } from '../../modules/telemetry/telemetry-types.ts';
import type { EntityRef, RuleEngineServices } from '../rule-engine-types.ts';
import { fakeServices } from './data-node-test-kit.ts';

export interface DemoWorld {
  tenantId: string;
  customerId: string;
  /** A tenant with nothing in it (for cross-tenant checks). */
  otherTenantId: string;
  services: RuleEngineServices;
}

export async function demoWorld(t: TestApp): Promise<DemoWorld> {
  const [u] = await t.db.query<{ tenant_id: string; customer_id: string }>(
    "SELECT tenant_id, customer_id FROM tb_user WHERE email = 'customer@sapo.local'",
  );
  const otherTenantId = randomUUID();
  await t.db.query(
    `INSERT INTO tenant (id, created_time, title, tenant_profile_id)
     SELECT $1, 0, 'Other tenant', id FROM tenant_profile WHERE is_default`,
    [otherTenantId],
  );
  const s = t.app.services;
  const services = fakeServices({
    db: t.db,
    clock: { now: t.clock.now },
    telemetry: s.telemetry,
    attributeStore: s.attributeStore,
  });
  return { tenantId: u!.tenant_id, customerId: u!.customer_id, otherTenantId, services };
}

export async function addDevice(t: TestApp, tenantId: string, name: string, customerId: string | null = null) {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO device (id, created_time, tenant_id, customer_id, device_profile_id, name, type, label, device_data)
     SELECT $1, 1234, $2, $3, p.id, $4, 'thermostat', 'Label of ' || $4, '{}'::jsonb
     FROM device_profile p WHERE p.is_default ORDER BY (p.tenant_id = $2) DESC LIMIT 1`,
    [id, tenantId, customerId, name],
  );
  return { entityType: 'DEVICE', id } satisfies EntityRef;
}

export async function addAsset(t: TestApp, tenantId: string, name: string) {
  const id = randomUUID();
  await t.db.query(`INSERT INTO asset (id, created_time, tenant_id, name, type) VALUES ($1, 0, $2, $3, 'building')`, [
    id,
    tenantId,
    name,
  ]);
  return { entityType: 'ASSET', id } satisfies EntityRef;
}

export async function relate(t: TestApp, from: EntityRef, to: EntityRef, type = 'Contains') {
  await t.db.query(
    `INSERT INTO relation (from_id, from_type, to_id, to_type, relation_type_group, relation_type)
     VALUES ($1, $2, $3, $4, 'COMMON', $5)`,
    [from.id, from.entityType, to.id, to.entityType, type],
  );
}

const entries = (values: Record<string, unknown>): KvEntry[] =>
  Object.entries(values).map(([k, v]) => toKvEntry(k, v)!);

export async function saveAttrs(
  t: TestApp,
  tenantId: string,
  ref: EntityRef,
  scope: AttributeScope,
  values: Record<string, unknown>,
) {
  await t.app.services.attributeStore.save({ tenantId, ...ref }, scope, entries(values));
}

export async function saveTs(
  t: TestApp,
  tenantId: string,
  ref: EntityRef,
  ts: number,
  values: Record<string, unknown>,
) {
  await t.app.services.telemetry.saveTimeseries({ tenantId, ...ref }, [{ ts, values: entries(values) }]);
}
