import type { PageData, PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { queryPage } from '../../lib/paging.ts';

export interface DeviceRow {
  id: string;
  created_time: number;
  tenant_id: string;
  customer_id: string | null;
  device_profile_id: string;
  name: string;
  /** The profile's name. */
  type: string;
  label: string | null;
  device_data: unknown;
  additional_info: unknown;
  claim_secret_key: string | null;
  claim_expiration_time: number | null;
}

/** A device with what its info carries: the customer's title and public flag (the profile name is `type`). */
export interface DeviceInfoRow extends DeviceRow {
  customer_title: string | null;
  customer_is_public: boolean;
}

export interface DeviceListFilter {
  tenantId: string;
  customerId?: string;
  type?: string;
  deviceProfileId?: string;
}

const SORT = {
  createdTime: 'created_time',
  name: 'name',
  label: 'label',
  type: 'type',
  deviceProfileName: 'type',
  customerTitle: 'customer_title',
  customerIsPublic: 'customer_is_public',
};

// The customer join is a flattened subquery: the planner still uses the device indexes for the
// filters, the prefix search and the sort, and joins only the rows of the page.
const WITH_CUSTOMER = `(SELECT d.*, c.title AS customer_title, COALESCE(c.is_public, false) AS customer_is_public
  FROM device d LEFT JOIN customer c ON c.id = d.customer_id) x`;

export class DeviceRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: string, q: Queryable = this.db): Promise<DeviceRow | undefined> {
    return (await q.query<DeviceRow>('SELECT * FROM device WHERE id = $1', [id]))[0];
  }

  /** Locks the row for the rest of the transaction (claiming, credentials changes). */
  async lockById(q: Queryable, id: string): Promise<DeviceRow | undefined> {
    return (await q.query<DeviceRow>('SELECT * FROM device WHERE id = $1 FOR UPDATE', [id]))[0];
  }

  async findInfoById(id: string, q: Queryable = this.db): Promise<DeviceInfoRow | undefined> {
    return (await q.query<DeviceInfoRow>(`SELECT * FROM ${WITH_CUSTOMER} WHERE id = $1`, [id]))[0];
  }

  async findByName(tenantId: string, name: string, q: Queryable = this.db): Promise<DeviceRow | undefined> {
    return (await q.query<DeviceRow>('SELECT * FROM device WHERE tenant_id = $1 AND name = $2', [tenantId, name]))[0];
  }

  /** Devices of the tenant (and customer, when given) among the ids, in name order. */
  findByIds(tenantId: string, customerId: string | undefined, ids: readonly string[], q: Queryable = this.db) {
    const params: unknown[] = [tenantId, ids];
    let sql = 'SELECT * FROM device WHERE tenant_id = $1 AND id = ANY($2::uuid[])';
    if (customerId) {
      params.push(customerId);
      sql += ' AND customer_id = $3';
    }
    return q.query<DeviceRow>(`${sql} ORDER BY name`, params);
  }

  findPage(filter: DeviceListFilter, link: PageLink): Promise<PageData<DeviceInfoRow>> {
    const where = ['tenant_id = $1'];
    const params: unknown[] = [filter.tenantId];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(`${sql} = $${params.length}`);
    };
    if (filter.customerId) add('customer_id', filter.customerId);
    if (filter.type) add('type', filter.type);
    if (filter.deviceProfileId) add('device_profile_id', filter.deviceProfileId);
    return queryPage<DeviceInfoRow>(
      this.db,
      { from: WITH_CUSTOMER, where, params, searchColumn: 'name', sortColumns: SORT },
      link,
    );
  }

  async types(tenantId: string): Promise<string[]> {
    const rows = await this.db.query<{ type: string }>(
      'SELECT DISTINCT type FROM device WHERE tenant_id = $1 ORDER BY type',
      [tenantId],
    );
    return rows.map((r) => r.type);
  }

  async countByTenant(tenantId: string, q: Queryable = this.db): Promise<number> {
    const rows = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM device WHERE tenant_id = $1', [tenantId]);
    return rows[0]?.n ?? 0;
  }

  async insert(q: Queryable, r: DeviceRow): Promise<void> {
    await q.query(
      `INSERT INTO device (id, created_time, tenant_id, customer_id, device_profile_id, name, type, label,
         device_data, additional_info)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [
        r.id,
        r.created_time,
        r.tenant_id,
        r.customer_id,
        r.device_profile_id,
        r.name,
        r.type,
        r.label,
        JSON.stringify(r.device_data),
        JSON.stringify(r.additional_info ?? null),
      ],
    );
  }

  async update(q: Queryable, r: DeviceRow): Promise<void> {
    await q.query(
      `UPDATE device SET device_profile_id = $2, name = $3, type = $4, label = $5, device_data = $6,
         additional_info = $7 WHERE id = $1`,
      [
        r.id,
        r.device_profile_id,
        r.name,
        r.type,
        r.label,
        JSON.stringify(r.device_data),
        JSON.stringify(r.additional_info ?? null),
      ],
    );
  }

  async setCustomer(q: Queryable, id: string, customerId: string | null): Promise<void> {
    await q.query('UPDATE device SET customer_id = $2 WHERE id = $1', [id, customerId]);
  }

  async setClaim(q: Queryable, id: string, secretKey: string | null, expirationTime: number | null): Promise<void> {
    await q.query('UPDATE device SET claim_secret_key = $2, claim_expiration_time = $3 WHERE id = $1', [
      id,
      secretKey,
      expirationTime,
    ]);
  }

  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM device WHERE id = $1', [id]); // its credentials go too (ON DELETE CASCADE)
  }
}
