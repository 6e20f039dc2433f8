import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('deleting a tenant', () => {
  it('removes the relations and attributes of the tenant and of everything it owned, and nobody else’s', async () => {
    const { sysadmin } = await t.demoTokens();
    const created = await t.request('POST', '/api/tenant', { token: sysadmin, body: { title: 'Short-lived' } });
    expect(created.statusCode, created.body).toBe(200);
    const tenantId = created.json<{ id: { id: string } }>().id.id;
    const [customer] = await t.db.query<{ id: string }>(
      `INSERT INTO customer (id, created_time, tenant_id, title) VALUES (gen_random_uuid(), 0, $1, 'Its customer') RETURNING id`,
      [tenantId],
    );
    const [other] = await t.db.query<{ id: string }>("SELECT id FROM customer WHERE title = 'Customer A'");
    await t.db.query(
      `INSERT INTO relation (from_id, from_type, to_id, to_type, relation_type) VALUES
       ($1, 'TENANT', $2, 'CUSTOMER', 'Contains'), ($3, 'CUSTOMER', $2, 'CUSTOMER', 'Manages')`,
      [tenantId, customer!.id, other!.id],
    );
    await t.db.query(
      `INSERT INTO attribute_kv (entity_type, entity_id, attribute_type, attribute_key, long_v, last_update_ts) VALUES
       ('TENANT', $1, 'SERVER_SCOPE', 'dashboard_bms_enable', 1, 0), ('CUSTOMER', $2, 'SERVER_SCOPE', 'k', 1, 0),
       ('CUSTOMER', $3, 'SERVER_SCOPE', 'keep-me', 1, 0)`,
      [tenantId, customer!.id, other!.id],
    );

    const deleted = await t.request('DELETE', `/api/tenant/${tenantId}`, { token: sysadmin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM relation WHERE $1 IN (from_id, to_id) OR $2 IN (from_id, to_id)',
      [tenantId, customer!.id],
    );
    expect(left[0]?.n).toBe(0);
    const attrs = await t.db.query<{ attribute_key: string }>(
      'SELECT attribute_key FROM attribute_kv WHERE entity_id = ANY($1::uuid[])',
      [[tenantId, customer!.id, other!.id]],
    );
    expect(attrs.map((a) => a.attribute_key)).toEqual(['keep-me']);
  });
});
