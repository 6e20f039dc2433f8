// Construction of the dashboard services (wired once in services.ts).
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import { DashboardAssignmentService } from './dashboard-assignment.service.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { DashboardsService } from './dashboards.service.ts';
import { HomeDashboardService } from './home-dashboard.service.ts';

export function createDashboardServices(d: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  customers: CustomerRepository;
  limits: TenantLimits;
}) {
  const dashboards = new DashboardsService(
    d.db,
    new DashboardRepository(d.db),
    d.customers,
    d.limits,
    d.audit,
    d.clock,
  );
  return {
    dashboards,
    dashboardAssignment: new DashboardAssignmentService(d.db, dashboards, d.clock),
    homeDashboards: new HomeDashboardService(d.db, dashboards),
  };
}
