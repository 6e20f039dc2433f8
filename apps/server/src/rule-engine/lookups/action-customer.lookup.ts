// Trusted SQL for the assign / unassign nodes: customers by title, and setting an entity's customer.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

/** Entity types the nodes can (un)assign, and their tables (no dashboards in this server). */
export const ASSIGNABLE_TABLES: Record<string, string> = {
  DEVICE: 'device',
  ASSET: 'asset',
  ENTITY_VIEW: 'entity_view',
};

export async function findCustomerIdByTitle(db: Queryable, tenantId: string, title: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>(`SELECT id FROM customer WHERE tenant_id = $1 AND title = $2`, [
    tenantId,
    title,
  ]);
  return rows[0]?.id ?? null;
}

/** Creates the customer unless one with the title exists (a concurrent create wins quietly). */
export async function findOrCreateCustomer(
  db: Queryable,
  tenantId: string,
  title: string,
  now: number,
): Promise<string> {
  await db.query(
    `INSERT INTO customer (id, created_time, tenant_id, title) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, title) DO NOTHING`,
    [randomUUID(), now, tenantId, title],
  );
  const id = await findCustomerIdByTitle(db, tenantId, title);
  if (!id) throw new Error(`Unable to create customer '${title}'`);
  return id;
}

/** Sets (or clears with null) the entity's customer; false when the entity does not exist. */
export async function setEntityCustomer(
  db: Queryable,
  tenantId: string,
  entityType: string,
  id: string,
  customerId: string | null,
): Promise<boolean> {
  const table = ASSIGNABLE_TABLES[entityType];
  if (!table) return false;
  const rows = await db.query(`UPDATE ${table} SET customer_id = $1 WHERE id = $2 AND tenant_id = $3 RETURNING id`, [
    customerId,
    id,
    tenantId,
  ]);
  return rows.length > 0;
}
