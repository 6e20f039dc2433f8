import type { Queryable } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { CustomerRow } from './customer.repository.ts';

/** ThingsBoard's title for the customer that holds a tenant's public entities. */
export const PUBLIC_CUSTOMER_TITLE = 'Public';

/**
 * The tenant's "Public" customer, created on first use (making a device, asset or dashboard public
 * assigns it there). Serialised per tenant with an advisory lock so two concurrent "make public"
 * calls cannot create two.
 */
export async function findOrCreatePublicCustomer(q: Queryable, tenantId: string, now: number): Promise<CustomerRow> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`public-customer:${tenantId}`]);
  const found = await q.query<CustomerRow>('SELECT * FROM customer WHERE tenant_id = $1 AND is_public LIMIT 1', [
    tenantId,
  ]);
  if (found[0]) return found[0];
  const row = await q.query<CustomerRow>(
    `INSERT INTO customer (id, created_time, tenant_id, title, is_public, additional_info)
     VALUES ($1, $2, $3, $4, true, $5) RETURNING *`,
    [newId(), now, tenantId, PUBLIC_CUSTOMER_TITLE, JSON.stringify({ isPublic: true })],
  );
  return row[0]!;
}
