import type { PageData, PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { queryPage } from '../../lib/paging.ts';

export const CONTACT_COLUMNS = ['country', 'state', 'city', 'address', 'address2', 'zip', 'phone', 'email'] as const;
export type Contact = Record<(typeof CONTACT_COLUMNS)[number], string | null>;

export interface TenantRow extends Contact {
  id: string;
  created_time: number;
  title: string;
  region: string;
  tenant_profile_id: string;
  additional_info: unknown;
  tenant_profile_name?: string;
}

const SORT = {
  createdTime: 't.created_time',
  title: 't.title',
  name: 't.title',
  email: 't.email',
  country: 't.country',
  city: 't.city',
  tenantProfileName: 'p.name',
};

export class TenantRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: string, q: Queryable = this.db): Promise<TenantRow | undefined> {
    const rows = await q.query<TenantRow>(
      'SELECT t.*, p.name AS tenant_profile_name FROM tenant t JOIN tenant_profile p ON p.id = t.tenant_profile_id WHERE t.id = $1',
      [id],
    );
    return rows[0];
  }

  findPage(link: PageLink): Promise<PageData<TenantRow>> {
    return queryPage<TenantRow>(
      this.db,
      {
        select: 't.*, p.name AS tenant_profile_name',
        from: 'tenant t JOIN tenant_profile p ON p.id = t.tenant_profile_id',
        where: [],
        params: [],
        searchColumn: 't.title',
        sortColumns: SORT,
      },
      link,
    );
  }

  async insert(q: Queryable, r: TenantRow): Promise<void> {
    await q.query(
      `INSERT INTO tenant (id, created_time, title, region, tenant_profile_id, ${CONTACT_COLUMNS.join(', ')}, additional_info)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
      [
        r.id,
        r.created_time,
        r.title,
        r.region,
        r.tenant_profile_id,
        ...CONTACT_COLUMNS.map((c) => r[c]),
        JSON.stringify(r.additional_info ?? null),
      ],
    );
  }

  async update(q: Queryable, r: TenantRow): Promise<void> {
    await q.query(
      `UPDATE tenant SET title = $2, tenant_profile_id = $3, ${CONTACT_COLUMNS.map((c, i) => `${c} = $${i + 4}`).join(', ')},
         additional_info = $12 WHERE id = $1`,
      [
        r.id,
        r.title,
        r.tenant_profile_id,
        ...CONTACT_COLUMNS.map((c) => r[c]),
        JSON.stringify(r.additional_info ?? null),
      ],
    );
  }

  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM tenant WHERE id = $1', [id]);
  }
}
