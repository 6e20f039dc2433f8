import type { PageData, PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { queryPage } from '../../lib/paging.ts';

export interface TenantProfileRow {
  id: string;
  created_time: number;
  name: string;
  description: string | null;
  is_default: boolean;
  isolated_tb_core: boolean;
  isolated_tb_rule_engine: boolean;
  profile_data: { configuration: Record<string, unknown> & { type: 'DEFAULT' } };
}

export class TenantProfileRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: string, q: Queryable = this.db): Promise<TenantProfileRow | undefined> {
    return (await q.query<TenantProfileRow>('SELECT * FROM tenant_profile WHERE id = $1', [id]))[0];
  }
  async findDefault(q: Queryable = this.db): Promise<TenantProfileRow | undefined> {
    return (await q.query<TenantProfileRow>('SELECT * FROM tenant_profile WHERE is_default'))[0];
  }
  async findByName(name: string, q: Queryable = this.db): Promise<TenantProfileRow | undefined> {
    return (await q.query<TenantProfileRow>('SELECT * FROM tenant_profile WHERE name = $1', [name]))[0];
  }
  findPage(link: PageLink): Promise<PageData<TenantProfileRow>> {
    return queryPage<TenantProfileRow>(
      this.db,
      {
        from: 'tenant_profile',
        where: [],
        params: [],
        searchColumn: 'name',
        sortColumns: {
          createdTime: 'created_time',
          name: 'name',
          description: 'description',
          isDefault: 'is_default',
          default: 'is_default',
        },
      },
      link,
    );
  }
  async insert(q: Queryable, r: TenantProfileRow): Promise<void> {
    await q.query(
      `INSERT INTO tenant_profile (id, created_time, name, description, is_default, isolated_tb_core, isolated_tb_rule_engine, profile_data)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [
        r.id,
        r.created_time,
        r.name,
        r.description,
        r.is_default,
        r.isolated_tb_core,
        r.isolated_tb_rule_engine,
        JSON.stringify(r.profile_data),
      ],
    );
  }
  async update(q: Queryable, r: TenantProfileRow): Promise<void> {
    await q.query('UPDATE tenant_profile SET name = $2, description = $3, profile_data = $4 WHERE id = $1', [
      r.id,
      r.name,
      r.description,
      JSON.stringify(r.profile_data),
    ]);
  }
  async setDefault(q: Queryable, id: string): Promise<void> {
    await q.query('UPDATE tenant_profile SET is_default = false WHERE is_default AND id <> $1', [id]);
    await q.query('UPDATE tenant_profile SET is_default = true WHERE id = $1', [id]);
  }
  async countTenants(id: string, q: Queryable = this.db): Promise<number> {
    return (
      (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM tenant WHERE tenant_profile_id = $1', [id]))[0]
        ?.n ?? 0
    );
  }
  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM tenant_profile WHERE id = $1', [id]);
  }
}
