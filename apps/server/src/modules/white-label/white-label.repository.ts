import type { Queryable } from '../../db/database.ts';

/** What is stored besides the domain (which has its own column for the unique index). */
export interface LoginWhiteLabelSettings {
  title: string | null;
  icon: string | null;
  logo: string | null;
  height: number | null;
  intro: string | null;
  background: string | null;
  color: string | null;
}

export interface LoginWhiteLabelRow {
  tenant_id: string;
  domain_name: string | null;
  settings: Partial<LoginWhiteLabelSettings>;
  updated_time: number;
}

export class WhiteLabelRepository {
  constructor(private readonly db: Queryable) {}

  async findLoginByTenant(tenantId: string, q: Queryable = this.db): Promise<LoginWhiteLabelRow | undefined> {
    const rows = await q.query<LoginWhiteLabelRow>('SELECT * FROM login_white_label WHERE tenant_id = $1', [tenantId]);
    return rows[0];
  }

  async findLoginByDomain(domain: string, q: Queryable = this.db): Promise<LoginWhiteLabelRow | undefined> {
    const rows = await q.query<LoginWhiteLabelRow>('SELECT * FROM login_white_label WHERE domain_name = $1', [domain]);
    return rows[0];
  }

  async upsertLogin(q: Queryable, row: LoginWhiteLabelRow): Promise<void> {
    await q.query(
      `INSERT INTO login_white_label (tenant_id, domain_name, settings, updated_time) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id) DO UPDATE SET domain_name = $2, settings = $3, updated_time = $4`,
      [row.tenant_id, row.domain_name, JSON.stringify(row.settings), row.updated_time],
    );
  }

  async deleteLogin(tenantId: string, q: Queryable = this.db): Promise<void> {
    await q.query('DELETE FROM login_white_label WHERE tenant_id = $1', [tenantId]);
  }
}
