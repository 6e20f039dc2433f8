import type { Queryable } from '../../db/database.ts';
import { forbidden } from '../../lib/app-error.ts';

const ENTITY_NAMES: Record<string, string> = {
  maxUsers: 'Users',
  maxCustomers: 'Customers',
  maxDevices: 'Devices',
  maxAssets: 'Assets',
  maxDashboards: 'Dashboards',
  maxRuleChains: 'Rule chains',
};

/** Enforces the tenant profile's entity limits (0 = unlimited) before a create. */
export class TenantLimits {
  async check(
    q: Queryable,
    tenantId: string,
    key: keyof typeof ENTITY_NAMES,
    count: () => Promise<number>,
  ): Promise<void> {
    const rows = await q.query<{ limit: number | null }>(
      `SELECT (p.profile_data -> 'configuration' ->> $2)::bigint AS limit
       FROM tenant t JOIN tenant_profile p ON p.id = t.tenant_profile_id WHERE t.id = $1`,
      [tenantId, key],
    );
    const limit = Number(rows[0]?.limit ?? 0);
    if (limit > 0 && (await count()) >= limit) {
      throw forbidden(
        `${ENTITY_NAMES[key]} limit reached: the tenant profile allows ${limit}. Ask your system administrator to raise '${key}'.`,
      );
    }
  }
}
