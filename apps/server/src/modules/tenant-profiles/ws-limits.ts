import { NULL_UUID } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import {
  WS_LIMIT_DEFAULTS,
  WS_UPDATES_RATE_LIMIT_DEFAULT,
  type TenantProfileConfiguration,
  type WsLimitKey,
} from './tenant-profile-data.ts';

/** The WebSocket limits of one tenant's profile (0 = unlimited; a null rate limit = unlimited). */
export type WsLimits = Record<WsLimitKey, number> & { wsUpdatesPerSessionRateLimit: string | null };

/**
 * Reads the WebSocket limits of a tenant's profile. A key the stored profile lacks (one saved before
 * these limits existed) takes its default, so every installation gets them without a migration.
 */
export class WsLimitsService {
  constructor(private readonly db: Queryable) {}

  async forTenant(tenantId: string): Promise<WsLimits> {
    const rows =
      tenantId === NULL_UUID
        ? []
        : await this.db.query<{ cfg: Partial<TenantProfileConfiguration> | null }>(
            `SELECT p.profile_data -> 'configuration' AS cfg
             FROM tenant t JOIN tenant_profile p ON p.id = t.tenant_profile_id WHERE t.id = $1`,
            [tenantId],
          );
    return wsLimitsOf(rows[0]?.cfg ?? {});
  }
}

export function wsLimitsOf(cfg: Partial<TenantProfileConfiguration>): WsLimits {
  const limits = { ...WS_LIMIT_DEFAULTS } as Record<WsLimitKey, number>;
  for (const k of Object.keys(WS_LIMIT_DEFAULTS) as WsLimitKey[]) {
    const v = cfg[k];
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) limits[k] = v;
  }
  const rate = cfg.wsUpdatesPerSessionRateLimit;
  return {
    ...limits,
    wsUpdatesPerSessionRateLimit: rate === undefined ? WS_UPDATES_RATE_LIMIT_DEFAULT : rate || null,
  };
}
