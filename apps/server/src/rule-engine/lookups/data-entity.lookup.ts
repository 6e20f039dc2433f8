// SQL the enrichment and change-originator nodes need: an entity's row (fields), its customer and,
// for alarms, the alarm's originator. Every read is limited to the chain's tenant.
import type { Db } from '../../db/database.ts';
import { EntitySchema } from '../../modules/entities/entity-tables.ts';
import type { EntityRef } from '../rule-engine-types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID.test(s);

// One schema probe per database: tables such as alarm or rule_chain may arrive with later migrations.
const schemas = new WeakMap<Db, EntitySchema>();
function schemaOf(db: Db): EntitySchema {
  let s = schemas.get(db);
  if (!s) {
    s = new EntitySchema(db);
    schemas.set(db, s);
  }
  return s;
}

export interface EntityRow {
  /** The display name (title for tenants/customers, email for users). */
  name: string;
  /** Column values by column name. */
  columns: Record<string, unknown>;
}

/** The entity's row when it exists in the tenant; null otherwise (or for types without a table). */
export async function findEntityRow(db: Db, tenantId: string, ref: EntityRef): Promise<EntityRow | null> {
  if (!isUuid(ref.id)) return null;
  const spec = await schemaOf(db).table(ref.entityType);
  if (!spec || !spec.tenantColumn) return null;
  const rows = await db.query<Record<string, unknown>>(
    `SELECT * FROM ${spec.table} WHERE id = $1 AND ${spec.tenantColumn} = $2`,
    [ref.id, tenantId],
  );
  const row = rows[0];
  if (!row) return null;
  return { name: String(row[spec.nameColumn] ?? ''), columns: row };
}

/** The customer an entity belongs to (a customer is its own); null when unassigned or unknown. */
export async function findCustomerOf(db: Db, tenantId: string, ref: EntityRef): Promise<string | null> {
  if (!isUuid(ref.id)) return null;
  const spec = await schemaOf(db).table(ref.entityType);
  if (!spec || !spec.tenantColumn || !spec.customerColumn) return null;
  const rows = await db.query<{ c: string | null }>(
    `SELECT ${spec.customerColumn} AS c FROM ${spec.table} WHERE id = $1 AND ${spec.tenantColumn} = $2`,
    [ref.id, tenantId],
  );
  return rows[0]?.c ?? null;
}

/** True when the entity exists in the tenant. */
export async function entityExists(db: Db, tenantId: string, ref: EntityRef): Promise<boolean> {
  return (await findEntityRow(db, tenantId, ref)) !== null;
}

/** The originator of an alarm of the tenant; null when there is no such alarm (or no alarm table yet). */
export async function findAlarmOriginator(db: Db, tenantId: string, alarmId: string): Promise<EntityRef | null> {
  if (!isUuid(alarmId)) return null;
  const spec = await schemaOf(db).table('ALARM');
  if (!spec) return null;
  const rows = await db.query<{ originator_id: string; originator_type: string }>(
    'SELECT originator_id, originator_type FROM alarm WHERE id = $1 AND tenant_id = $2',
    [alarmId, tenantId],
  );
  const r = rows[0];
  return r ? { entityType: r.originator_type, id: r.originator_id } : null;
}
