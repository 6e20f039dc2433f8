// Which customers see a dashboard (spec 2-calls §7): assign/unassign one, make public/private (the
// tenant's Public customer), and replace/add/remove a list of customers. Each call returns the dashboard.
import { isUuid } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { Caller } from '../auth/caller.ts';
import { findOrCreatePublicCustomer } from '../customers/public-customer.ts';
import type { Dashboard } from '@sapo/common';
import { toDashboard } from './dashboard-wire.ts';
import type { DashboardsService, FullDashboardRow } from './dashboards.service.ts';

export type CustomersUpdate = 'set' | 'add' | 'remove';

/** Most customer ids one list call takes. */
const MAX_CUSTOMER_IDS = 1000;

export class DashboardAssignmentService {
  constructor(
    private readonly db: Db,
    private readonly dashboards: DashboardsService,
    private readonly clock: Clock,
  ) {}

  async assign(caller: Caller, customerId: string, dashboardId: string): Promise<Dashboard> {
    return this.change(caller, dashboardId, async (q, row) => {
      const customer = await this.dashboards.customerOf(caller, customerId, q);
      return [...current(row), customer.id];
    });
  }

  async unassign(caller: Caller, customerId: string, dashboardId: string): Promise<Dashboard> {
    return this.change(caller, dashboardId, async (q, row) => {
      await this.dashboards.customerOf(caller, customerId, q);
      return current(row).filter((id) => id !== customerId);
    });
  }

  /** Assigns the dashboard to the tenant's Public customer (created on first use). */
  async makePublic(caller: Caller, dashboardId: string): Promise<Dashboard> {
    return this.change(caller, dashboardId, async (q, row) => {
      const pub = await findOrCreatePublicCustomer(q, caller.tenantId, this.clock.now());
      return [...current(row), pub.id];
    });
  }

  async makePrivate(caller: Caller, dashboardId: string): Promise<Dashboard> {
    return this.change(caller, dashboardId, async (_q, row) =>
      (row.assigned ?? []).filter((c) => !c.is_public).map((c) => c.customer_id),
    );
  }

  /** `POST /api/dashboard/{id}/customers[/add|/remove]` with a JSON array of customer ids. */
  async updateCustomers(caller: Caller, dashboardId: string, ids: unknown, mode: CustomersUpdate): Promise<Dashboard> {
    const wanted = parseCustomerIds(ids);
    return this.change(caller, dashboardId, async (q, row) => {
      for (const id of wanted) await this.dashboards.customerOf(caller, id, q);
      const now = current(row);
      if (mode === 'set') return wanted;
      if (mode === 'add') return [...now, ...wanted];
      return now.filter((id) => !wanted.includes(id));
    });
  }

  /**
   * Loads the dashboard (tenant administrator only), asks `next` for the new set of customers, then
   * writes the difference and audits each assignment and unassignment, in one transaction.
   */
  private async change(
    caller: Caller,
    dashboardId: string,
    next: (q: Queryable, row: FullDashboardRow) => Promise<string[]>,
  ): Promise<Dashboard> {
    await this.db.tx(async (q) => {
      const row = await this.dashboards.managed(caller, dashboardId, q);
      const before = new Set(current(row));
      const after = new Set(await next(q, row));
      const added = [...after].filter((id) => !before.has(id));
      const removed = [...before].filter((id) => !after.has(id));
      await this.dashboards.repo.assign(q, row.id, added);
      await this.dashboards.repo.unassign(q, row.id, removed);
      for (const id of added) {
        await this.dashboards.log(caller, row, 'ASSIGNED_TO_CUSTOMER', q, { assignedCustomerId: id });
      }
      for (const id of removed) {
        await this.dashboards.log(caller, row, 'UNASSIGNED_FROM_CUSTOMER', q, { unassignedCustomerId: id });
      }
    });
    return toDashboard((await this.dashboards.repo.findById(dashboardId))!);
  }
}

function current(row: FullDashboardRow): string[] {
  return (row.assigned ?? []).map((c) => c.customer_id);
}

function parseCustomerIds(ids: unknown): string[] {
  if (!Array.isArray(ids)) throw badRequest('A JSON array of customer ids is expected!');
  if (ids.length > MAX_CUSTOMER_IDS) throw badRequest(`At most ${MAX_CUSTOMER_IDS} customer ids at once`);
  const bad = ids.find((id) => typeof id !== 'string' || !isUuid(id));
  if (bad !== undefined) throw badRequest(`Invalid customer id: ${JSON.stringify(bad)}`);
  return [...new Set((ids as string[]).map((id) => id.toLowerCase()))];
}
