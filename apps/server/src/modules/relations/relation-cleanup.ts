import type { Queryable } from '../../db/database.ts';
import { ENTITY_TABLES } from '../entities/entity-tables.ts';

/**
 * Deleting an entity removes every relation from or to it (reference §2), in the caller's
 * transaction so the entity and its relations go together.
 */
export async function deleteEntityRelations(q: Queryable, entityType: string, entityId: string): Promise<void> {
  await q.query('DELETE FROM relation WHERE (from_id = $1 AND from_type = $2) OR (to_id = $1 AND to_type = $2)', [
    entityId,
    entityType,
  ]);
  // The alarms it raised go too, and it stops listing alarms propagated to it (0008-alarms.sql).
  await q.query('DELETE FROM alarm WHERE originator_id = $1 AND originator_type = $2', [entityId, entityType]);
  await q.query('DELETE FROM alarm_propagation WHERE entity_id = $1 AND entity_type = $2', [entityId, entityType]);
}

/** Deleting an entity also removes its attributes. */
export async function deleteEntityAttributes(q: Queryable, entityType: string, entityId: string): Promise<void> {
  await q.query('DELETE FROM attribute_kv WHERE entity_id = $1 AND entity_type = $2', [entityId, entityType]);
}

/**
 * Deleting a tenant cascades its rows through foreign keys, but relations and attributes have none:
 * remove those of the tenant and of every entity it owns (tables later issues add included).
 */
export async function deleteTenantEntityData(q: Queryable, tenantId: string): Promise<void> {
  const owned = Object.entries(ENTITY_TABLES).filter(([, spec]) => spec.tenantColumn === 'tenant_id');
  const present = new Set(
    (
      await q.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND column_name = 'tenant_id' AND table_name = ANY($1::text[])`,
        [owned.map(([, spec]) => spec.table)],
      )
    ).map((row) => row.table_name),
  );
  for (const [type, spec] of owned) {
    if (!present.has(spec.table)) continue;
    // Table names come from the constant map above, never from input.
    const ids = `SELECT id FROM ${spec.table} WHERE tenant_id = $1`;
    await q.query(
      `DELETE FROM relation WHERE (from_type = $2 AND from_id IN (${ids})) OR (to_type = $2 AND to_id IN (${ids}))`,
      [tenantId, type],
    );
    await q.query(`DELETE FROM attribute_kv WHERE entity_type = $2 AND entity_id IN (${ids})`, [tenantId, type]);
  }
  await deleteEntityRelations(q, 'TENANT', tenantId);
  await deleteEntityAttributes(q, 'TENANT', tenantId);
}
