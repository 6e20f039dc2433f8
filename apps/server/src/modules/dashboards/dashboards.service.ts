// Dashboards of a tenant (spec 2-calls §7 "Dashboards"): save, read, lists, delete. Assignment to
// customers and home dashboards have their own services; all share the access rules here.
import { NULL_UUID, type PageLink } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { mapPage } from '../../lib/paging.ts';
import { type Caller, isCustomerRole, requireAuthority } from '../auth/caller.ts';
import type { ActionType, AuditService } from '../audit-logs/audit.service.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import { READERS } from '../entities/owned-entity.service.ts';
import { deleteEntityAttributes, deleteEntityRelations } from '../relations/relation-cleanup.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import type { DashboardInfoRow, DashboardRepository } from './dashboard.repository.ts';
import type { Dashboard } from '@sapo/common';
import { type DashboardInput, toDashboard, toDashboardInfo } from './dashboard-wire.ts';

export type FullDashboardRow = DashboardInfoRow & { configuration: unknown };

/** Most bytes of a dashboard's configuration: big enough for hundreds of widgets, small enough to stay fast. */
export const MAX_CONFIGURATION_BYTES = 5 * 1024 * 1024;

export class DashboardsService {
  constructor(
    private readonly db: Db,
    readonly repo: DashboardRepository,
    private readonly customers: CustomerRepository,
    private readonly limits: TenantLimits,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * A dashboard the caller may read: its tenant's, for customer roles only when assigned to their
   * customer; the system administrator reads any (ThingsBoard gives it READ on dashboards).
   * Another tenant's dashboard is a 403, as ThingsBoard looks dashboards up by id only.
   */
  async readable(caller: Caller, id: string, q: Queryable = this.db, allowSysAdmin = false): Promise<FullDashboardRow> {
    if (allowSysAdmin) requireAuthority(caller, 'SYS_ADMIN', ...READERS);
    else requireAuthority(caller, ...READERS);
    const row = await this.repo.findById(id, q);
    if (!row) throw notFound();
    if (caller.authority === 'SYS_ADMIN') return row;
    if (row.tenant_id !== caller.tenantId) throw forbidden();
    if (isCustomerRole(caller) && !(row.assigned ?? []).some((c) => c.customer_id === caller.customerId)) {
      throw forbidden();
    }
    return row;
  }

  /** A dashboard the tenant administrator changes (save, delete, assign). */
  async managed(caller: Caller, id: string, q: Queryable = this.db): Promise<FullDashboardRow> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const row = await this.repo.findById(id, q);
    if (!row) throw notFound();
    if (row.tenant_id !== caller.tenantId) throw forbidden();
    return row;
  }

  /** The customer of the caller's tenant named in a path (404 unknown, 403 another tenant's or customer's). */
  async customerOf(caller: Caller, customerId: string, q: Queryable = this.db) {
    const customer = await this.customers.findById(customerId, q);
    if (!customer) throw notFound();
    if (customer.tenant_id !== caller.tenantId) throw forbidden();
    if (isCustomerRole(caller) && caller.customerId !== customerId) throw forbidden();
    return customer;
  }

  log(caller: Caller, row: { id: string; title: string }, action: ActionType, q: Queryable, data?: unknown) {
    return this.audit.log(
      { actor: caller, entityType: 'DASHBOARD', entityId: row.id, entityName: row.title, action, data },
      q,
    );
  }

  async get(caller: Caller, id: string): Promise<Dashboard> {
    return toDashboard(await this.readable(caller, id));
  }

  async getInfo(caller: Caller, id: string) {
    return toDashboardInfo(await this.readable(caller, id, this.db, true));
  }

  async listTenant(caller: Caller, link: PageLink) {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER');
    return mapPage(await this.repo.findPage({ tenantId: caller.tenantId }, link), toDashboardInfo);
  }

  /** The system administrator's view of one tenant's dashboards. */
  async listOfTenant(caller: Caller, tenantId: string, link: PageLink) {
    requireAuthority(caller, 'SYS_ADMIN');
    return mapPage(await this.repo.findPage({ tenantId }, link), toDashboardInfo);
  }

  async listCustomer(caller: Caller, customerId: string, link: PageLink) {
    requireAuthority(caller, ...READERS);
    await this.customerOf(caller, customerId);
    return mapPage(await this.repo.findPage({ tenantId: caller.tenantId, customerId }, link), toDashboardInfo);
  }

  /** Creates or updates; assignedCustomers in the body are ignored (assignment has its own calls). */
  async save(caller: Caller, input: DashboardInput): Promise<Dashboard> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const title = input.title?.trim();
    if (!title) throw badRequest('Dashboard title should be specified!');
    if (input.configuration !== undefined && input.configuration !== null) {
      if (typeof input.configuration !== 'object' || Array.isArray(input.configuration)) {
        throw badRequest('Dashboard configuration should be a JSON object!');
      }
      if (JSON.stringify(input.configuration).length > MAX_CONFIGURATION_BYTES) {
        throw badRequest(`Dashboard configuration is too big: at most ${MAX_CONFIGURATION_BYTES / 1024 / 1024} MB.`);
      }
    }
    const id = await this.db.tx(async (q) => {
      const existingId = input.id?.id;
      if (existingId && existingId !== NULL_UUID) {
        const current = await this.managed(caller, existingId, q);
        const configuration = input.configuration === undefined ? current.configuration : input.configuration;
        await this.repo.update(q, { ...current, title, configuration });
        await this.log(caller, { id: current.id, title }, 'UPDATED', q);
        return current.id;
      }
      await this.limits.check(q, caller.tenantId, 'maxDashboards', () => this.repo.count(caller.tenantId, q));
      const row = {
        id: newId(),
        created_time: this.clock.now(),
        tenant_id: caller.tenantId,
        title,
        configuration: input.configuration ?? null,
      };
      await this.repo.insert(q, row);
      await this.log(caller, row, 'ADDED', q);
      return row.id;
    });
    return toDashboard((await this.repo.findById(id))!);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    await this.db.tx(async (q) => {
      const row = await this.managed(caller, id, q);
      await deleteEntityRelations(q, 'DASHBOARD', row.id);
      await deleteEntityAttributes(q, 'DASHBOARD', row.id);
      await this.repo.delete(q, row.id);
      await this.log(caller, row, 'DELETED', q);
    });
  }
}
