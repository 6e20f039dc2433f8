import type { PageData, PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { queryPage } from '../../lib/paging.ts';

/** Columns every customer-assignable entity table (asset, entity_view) has. */
export interface OwnedRow {
  id: string;
  created_time: number;
  tenant_id: string;
  customer_id: string | null;
  name: string;
  type: string;
  additional_info: unknown;
  /** Present on rows read with their customer (infos). */
  customer_title?: string | null;
  customer_is_public?: boolean;
}

export interface OwnedListFilter {
  tenantId: string;
  customerId?: string;
  type?: string;
}

/** A unique-index violation (e.g. a name taken by a concurrent save). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return typeof e === 'object' && e !== null && e.code === '23505' && e.constraint === constraint;
}

/**
 * SQL shared by tables whose rows belong to a tenant and may be assigned to one of its customers.
 * Reads join the customer so lists can show and sort by its title.
 */
export class OwnedEntityRepository<Row extends OwnedRow> {
  private readonly withCustomer: string;

  constructor(
    protected readonly db: Queryable,
    readonly table: string,
    private readonly sortColumns: Record<string, string>,
  ) {
    this.withCustomer = `(SELECT e.*, c.title AS customer_title, COALESCE(c.is_public, false) AS customer_is_public
      FROM ${table} e LEFT JOIN customer c ON c.id = e.customer_id) x`;
  }

  async findById(id: string, q: Queryable = this.db): Promise<Row | undefined> {
    return (await q.query<Row>(`SELECT * FROM ${this.table} WHERE id = $1`, [id]))[0];
  }

  async findInfoById(id: string, q: Queryable = this.db): Promise<Row | undefined> {
    return (await q.query<Row>(`SELECT * FROM ${this.withCustomer} WHERE id = $1`, [id]))[0];
  }

  async findByName(tenantId: string, name: string, q: Queryable = this.db): Promise<Row | undefined> {
    return (await q.query<Row>(`SELECT * FROM ${this.table} WHERE tenant_id = $1 AND name = $2`, [tenantId, name]))[0];
  }

  /** Rows of the tenant (and customer, when given) among the ids, in name order. */
  findByIds(tenantId: string, customerId: string | undefined, ids: string[], q: Queryable = this.db) {
    const params: unknown[] = [tenantId, ids];
    let sql = `SELECT * FROM ${this.table} WHERE tenant_id = $1 AND id = ANY($2::uuid[])`;
    if (customerId) {
      params.push(customerId);
      sql += ' AND customer_id = $3';
    }
    return q.query<Row>(`${sql} ORDER BY name`, params);
  }

  findPage(filter: OwnedListFilter, link: PageLink): Promise<PageData<Row>> {
    const where = ['tenant_id = $1'];
    const params: unknown[] = [filter.tenantId];
    if (filter.customerId) {
      params.push(filter.customerId);
      where.push(`customer_id = $${params.length}`);
    }
    if (filter.type) {
      params.push(filter.type);
      where.push(`type = $${params.length}`);
    }
    return queryPage<Row>(
      this.db,
      { from: this.withCustomer, where, params, searchColumn: 'name', sortColumns: this.sortColumns },
      link,
    );
  }

  async types(tenantId: string): Promise<string[]> {
    const rows = await this.db.query<{ type: string }>(
      `SELECT DISTINCT type FROM ${this.table} WHERE tenant_id = $1 ORDER BY type`,
      [tenantId],
    );
    return rows.map((r) => r.type);
  }

  async countByTenant(tenantId: string, q: Queryable = this.db): Promise<number> {
    const rows = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${this.table} WHERE tenant_id = $1`, [
      tenantId,
    ]);
    return rows[0]?.n ?? 0;
  }

  async setCustomer(q: Queryable, id: string, customerId: string | null): Promise<void> {
    await q.query(`UPDATE ${this.table} SET customer_id = $2 WHERE id = $1`, [id, customerId]);
  }

  async delete(q: Queryable, id: string): Promise<void> {
    await q.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
  }
}
