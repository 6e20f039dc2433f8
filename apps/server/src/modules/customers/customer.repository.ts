import type { PageData, PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { queryPage } from '../../lib/paging.ts';
import { CONTACT_COLUMNS, type Contact } from '../tenants/tenant.repository.ts';

export interface CustomerRow extends Contact {
  id: string;
  created_time: number;
  tenant_id: string;
  title: string;
  is_public: boolean;
  additional_info: unknown;
}

const SORT = {
  createdTime: 'created_time',
  title: 'title',
  name: 'title',
  email: 'email',
  country: 'country',
  city: 'city',
  phone: 'phone',
};

export class CustomerRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: string, q: Queryable = this.db): Promise<CustomerRow | undefined> {
    return (await q.query<CustomerRow>('SELECT * FROM customer WHERE id = $1', [id]))[0];
  }
  async findByTitle(tenantId: string, title: string, q: Queryable = this.db): Promise<CustomerRow | undefined> {
    return (
      await q.query<CustomerRow>('SELECT * FROM customer WHERE tenant_id = $1 AND title = $2', [tenantId, title])
    )[0];
  }
  findPage(tenantId: string, link: PageLink): Promise<PageData<CustomerRow>> {
    return queryPage<CustomerRow>(
      this.db,
      { from: 'customer', where: ['tenant_id = $1'], params: [tenantId], searchColumn: 'title', sortColumns: SORT },
      link,
    );
  }
  async countByTenant(tenantId: string, q: Queryable = this.db): Promise<number> {
    return (
      (
        await q.query<{ n: number }>('SELECT count(*)::int AS n FROM customer WHERE tenant_id = $1 AND NOT is_public', [
          tenantId,
        ])
      )[0]?.n ?? 0
    );
  }
  async insert(q: Queryable, r: CustomerRow): Promise<void> {
    await q.query(
      `INSERT INTO customer (id, created_time, tenant_id, title, is_public, ${CONTACT_COLUMNS.join(', ')}, additional_info)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
      [
        r.id,
        r.created_time,
        r.tenant_id,
        r.title,
        r.is_public,
        ...CONTACT_COLUMNS.map((c) => r[c]),
        JSON.stringify(r.additional_info ?? null),
      ],
    );
  }
  async update(q: Queryable, r: CustomerRow): Promise<void> {
    await q.query(
      `UPDATE customer SET title = $2, ${CONTACT_COLUMNS.map((c, i) => `${c} = $${i + 3}`).join(', ')}, additional_info = $11 WHERE id = $1`,
      [r.id, r.title, ...CONTACT_COLUMNS.map((c) => r[c]), JSON.stringify(r.additional_info ?? null)],
    );
  }
  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM customer WHERE id = $1', [id]);
  }
}
