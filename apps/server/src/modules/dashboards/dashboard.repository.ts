import type { PageData, PageLink } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import { queryPage } from '../../lib/paging.ts';

export interface DashboardRow {
  id: string;
  created_time: number;
  tenant_id: string;
  title: string;
  configuration?: unknown;
}

/** A customer a dashboard is assigned to, with what DashboardInfo shows of it. */
export interface AssignedCustomerRow {
  customer_id: string;
  title: string;
  is_public: boolean;
}

export interface DashboardInfoRow extends DashboardRow {
  assigned: AssignedCustomerRow[] | null;
  list_config: Record<string, unknown> | null;
}

// Assigned customers as one JSON array per dashboard, ordered so responses are stable.
const ASSIGNED = `(SELECT json_agg(json_build_object('customer_id', c.id, 'title', c.title, 'is_public', c.is_public)
   ORDER BY c.title, c.id)
   FROM dashboard_customer dc JOIN customer c ON c.id = dc.customer_id WHERE dc.dashboard_id = d.id) AS assigned`;
// The configuration keys the menu and dashboard pickers read from lists (spec 1-client §3: reactDashboard,
// hideInSelectPanel, description); the rest of a configuration can be large and stays out of lists.
const LIST_CONFIG = `jsonb_strip_nulls(jsonb_build_object('reactDashboard', d.configuration -> 'reactDashboard',
   'hideInSelectPanel', d.configuration -> 'hideInSelectPanel', 'description', d.configuration -> 'description')) AS list_config`;
const INFO_COLUMNS = `d.id, d.created_time, d.tenant_id, d.title, ${ASSIGNED}, ${LIST_CONFIG}`;

const SORT = { createdTime: 'd.created_time', title: 'lower(d.title)' };

export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async findById(
    id: string,
    q: Queryable = this.db,
  ): Promise<(DashboardInfoRow & { configuration: unknown }) | undefined> {
    const rows = await q.query<DashboardInfoRow & { configuration: unknown }>(
      `SELECT ${INFO_COLUMNS}, d.configuration FROM dashboard d WHERE d.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** Dashboards of a tenant, optionally only those assigned to one customer. */
  findPage(filter: { tenantId: string; customerId?: string }, link: PageLink): Promise<PageData<DashboardInfoRow>> {
    const where = ['d.tenant_id = $1'];
    const params: unknown[] = [filter.tenantId];
    if (filter.customerId) {
      params.push(filter.customerId);
      where.push(`EXISTS (SELECT 1 FROM dashboard_customer x WHERE x.dashboard_id = d.id AND x.customer_id = $2)`);
    }
    return queryPage<DashboardInfoRow>(
      this.db,
      { from: 'dashboard d', select: INFO_COLUMNS, where, params, searchColumn: 'd.title', sortColumns: SORT },
      link,
    );
  }

  async count(tenantId: string, q: Queryable = this.db): Promise<number> {
    const rows = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM dashboard WHERE tenant_id = $1', [
      tenantId,
    ]);
    return rows[0]?.n ?? 0;
  }

  async insert(q: Queryable, r: Required<DashboardRow>): Promise<void> {
    await q.query(
      'INSERT INTO dashboard (id, created_time, tenant_id, title, configuration) VALUES ($1, $2, $3, $4, $5)',
      [r.id, r.created_time, r.tenant_id, r.title, JSON.stringify(r.configuration ?? null)],
    );
  }

  async update(q: Queryable, r: Required<DashboardRow>): Promise<void> {
    await q.query('UPDATE dashboard SET title = $2, configuration = $3 WHERE id = $1', [
      r.id,
      r.title,
      JSON.stringify(r.configuration ?? null),
    ]);
  }

  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM dashboard WHERE id = $1', [id]);
  }

  /** Customer ids the dashboard is assigned to. */
  async assignedIds(q: Queryable, dashboardId: string): Promise<string[]> {
    const rows = await q.query<{ customer_id: string }>(
      'SELECT customer_id FROM dashboard_customer WHERE dashboard_id = $1',
      [dashboardId],
    );
    return rows.map((r) => r.customer_id);
  }

  async assign(q: Queryable, dashboardId: string, customerIds: readonly string[]): Promise<void> {
    if (!customerIds.length) return;
    await q.query(
      `INSERT INTO dashboard_customer (dashboard_id, customer_id)
       SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
      [dashboardId, customerIds],
    );
  }

  async unassign(q: Queryable, dashboardId: string, customerIds: readonly string[]): Promise<void> {
    if (!customerIds.length) return;
    await q.query('DELETE FROM dashboard_customer WHERE dashboard_id = $1 AND customer_id = ANY($2::uuid[])', [
      dashboardId,
      customerIds,
    ]);
  }
}
