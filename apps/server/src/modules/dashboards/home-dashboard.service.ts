// Home dashboards (spec 2-calls §7): the dashboard a user lands on, chosen in the user's, else the
// customer's (customer roles) or the tenant's (tenant roles) additionalInfo.homeDashboardId; and the
// tenant administrator's home settings (/api/tenant/dashboard/home/info).
import { isUuid, NULL_UUID } from '@sapo/common';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { badRequest } from '../../lib/app-error.ts';
import { type Caller, isCustomerRole, isTenantRole, requireAuthority } from '../auth/caller.ts';
import { toDashboard } from './dashboard-wire.ts';
import type { DashboardsService } from './dashboards.service.ts';

export interface HomeDashboardInfo {
  dashboardId: { entityType: 'DASHBOARD'; id: string } | null;
  hideDashboardToolbar: boolean;
}

interface HomeSetting {
  dashboardId: string;
  hideToolbar: boolean;
}

/** The home setting in an additionalInfo object, when it names a dashboard. */
function homeOf(info: unknown): HomeSetting | undefined {
  if (!info || typeof info !== 'object') return undefined;
  const o = info as Record<string, unknown>;
  const id = o.homeDashboardId;
  if (typeof id !== 'string' || !isUuid(id) || id === NULL_UUID) return undefined;
  // ThingsBoard hides the toolbar unless told otherwise.
  return { dashboardId: id.toLowerCase(), hideToolbar: o.homeDashboardHideToolbar !== false };
}

export class HomeDashboardService {
  constructor(
    private readonly db: Db,
    private readonly dashboards: DashboardsService,
  ) {}

  /** The caller's home dashboard with `hideDashboardToolbar`, or null when none is set or readable. */
  async home(caller: Caller) {
    const setting = await this.homeSetting(caller);
    if (!setting) return null;
    try {
      const row = await this.dashboards.readable(caller, setting.dashboardId);
      return { ...toDashboard(row), hideDashboardToolbar: setting.hideToolbar };
    } catch (err) {
      // A deleted or no longer shared dashboard means "no home dashboard", not an error.
      if (err instanceof AppError && (err.status === 404 || err.status === 403)) return null;
      throw err;
    }
  }

  private async homeSetting(caller: Caller): Promise<HomeSetting | undefined> {
    const [user] = await this.db.query<{ additional_info: unknown }>(
      'SELECT additional_info FROM tb_user WHERE id = $1',
      [caller.userId],
    );
    const own = homeOf(user?.additional_info);
    if (own) return own;
    if (isCustomerRole(caller)) {
      const [c] = await this.db.query<{ additional_info: unknown }>(
        'SELECT additional_info FROM customer WHERE id = $1',
        [caller.customerId],
      );
      return homeOf(c?.additional_info);
    }
    if (isTenantRole(caller)) return this.tenantSetting(caller.tenantId);
    return undefined;
  }

  private async tenantSetting(tenantId: string): Promise<HomeSetting | undefined> {
    const [t] = await this.db.query<{ additional_info: unknown }>('SELECT additional_info FROM tenant WHERE id = $1', [
      tenantId,
    ]);
    return homeOf(t?.additional_info);
  }

  /** The tenant's home dashboard setting, or null when none is set. */
  async tenantHomeInfo(caller: Caller): Promise<HomeDashboardInfo | null> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const s = await this.tenantSetting(caller.tenantId);
    return s
      ? { dashboardId: { entityType: 'DASHBOARD', id: s.dashboardId }, hideDashboardToolbar: s.hideToolbar }
      : null;
  }

  /** Sets (or with a null dashboardId clears) the tenant's home dashboard; it must be the tenant's own. */
  async setTenantHomeInfo(
    caller: Caller,
    body: { dashboardId?: { id?: string } | null; hideDashboardToolbar?: boolean | null },
  ): Promise<HomeDashboardInfo | null> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const id = body.dashboardId?.id ?? null;
    if (id !== null && !isUuid(id)) throw badRequest(`Invalid dashboard id: ${JSON.stringify(id)}`);
    if (id !== null) await this.dashboards.managed(caller, id.toLowerCase());
    const patch = {
      homeDashboardId: id === null ? null : id.toLowerCase(),
      homeDashboardHideToolbar: body.hideDashboardToolbar !== false,
    };
    await this.db.query(
      `UPDATE tenant SET additional_info =
         (CASE WHEN jsonb_typeof(additional_info) = 'object' THEN additional_info ELSE '{}'::jsonb END) || $2::jsonb
       WHERE id = $1`,
      [caller.tenantId, JSON.stringify(patch)],
    );
    return this.tenantHomeInfo(caller);
  }
}
