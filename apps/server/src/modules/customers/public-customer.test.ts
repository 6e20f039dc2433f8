import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findOrCreatePublicCustomer } from './public-customer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the tenant's Public customer", () => {
  it('is created once and reused, even by concurrent callers', async () => {
    const [tenant] = await t.db.query<{ id: string }>("SELECT id FROM tenant WHERE title = 'Tenant'");
    const ids = await Promise.all(
      [1, 2, 3].map(() => t.db.tx((q) => findOrCreatePublicCustomer(q, tenant!.id, 1000)).then((c) => c.id)),
    );
    expect(new Set(ids).size).toBe(1);
    const rows = await t.db.query<{ title: string }>('SELECT title FROM customer WHERE tenant_id = $1 AND is_public', [
      tenant!.id,
    ]);
    expect(rows).toEqual([{ title: 'Public' }]);
  });
});
