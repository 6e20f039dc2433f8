import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (sql: string, params: unknown[]) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n;

describe('deleting a customer or a user', () => {
  it("removes the customer's and its users' relations and attributes", async () => {
    const { tenant } = await t.demoTokens();
    const created = await t.request('POST', '/api/customer', { token: tenant, body: { title: 'Doomed customer' } });
    expect(created.statusCode, created.body).toBe(200);
    const customerId = created.json<{ id: { id: string } }>().id.id;
    const user = await t.request('POST', '/api/user?sendActivationMail=false', {
      token: tenant,
      body: {
        email: 'doomed@sapo.local',
        authority: 'CUSTOMER_USER',
        customerId: { entityType: 'CUSTOMER', id: customerId },
      },
    });
    const userId = user.json<{ id: { id: string } }>().id.id;
    const [tenantRow] = await t.db.query<{ id: string }>("SELECT id FROM tenant WHERE title = 'Tenant'");
    // The tenant "Contains" the customer, the customer "Manages" its user; both carry an attribute.
    await t.db.query(
      `INSERT INTO relation (from_id, from_type, to_id, to_type, relation_type) VALUES
       ($1, 'TENANT', $2, 'CUSTOMER', 'Contains'), ($2, 'CUSTOMER', $3, 'USER', 'Manages')`,
      [tenantRow!.id, customerId, userId],
    );
    await t.db.query(
      `INSERT INTO attribute_kv (entity_type, entity_id, attribute_type, attribute_key, long_v, last_update_ts) VALUES
       ('CUSTOMER', $1, 'SERVER_SCOPE', 'dashboard_energy_enable', 1, 0), ('USER', $2, 'SERVER_SCOPE', 'x', 1, 0)`,
      [customerId, userId],
    );

    const deleted = await t.request('DELETE', `/api/customer/${customerId}`, { token: tenant });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await count('relation WHERE from_id = ANY($1::uuid[]) OR to_id = ANY($1::uuid[])', [[customerId, userId]]),
    ).toBe(0);
    expect(await count('attribute_kv WHERE entity_id = ANY($1::uuid[])', [[customerId, userId]])).toBe(0);
  });
});
