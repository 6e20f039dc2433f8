/** Limits of a tenant profile (spec 2-calls §3.7); every one defaults to 0 = unlimited. */
export const TENANT_PROFILE_NUMBER_LIMITS = [
  'maxDevices',
  'maxAssets',
  'maxCustomers',
  'maxUsers',
  'maxDashboards',
  'maxRuleChains',
  'maxTransportMessages',
  'maxTransportDataPoints',
  'maxREExecutions',
  'maxJSExecutions',
  'maxDPStorageDays',
  'maxRuleNodeExecutionsPerMessage',
  'maxEmails',
  'maxSms',
  'maxCreatedAlarms',
  'defaultStorageTtlDays',
  'alarmsTtlDays',
  'rpcTtlDays',
] as const;

export const TENANT_PROFILE_RATE_LIMITS = [
  'transportTenantMsgRateLimit',
  'transportTenantTelemetryMsgRateLimit',
  'transportTenantTelemetryDataPointsRateLimit',
  'transportDeviceMsgRateLimit',
  'transportDeviceTelemetryMsgRateLimit',
  'transportDeviceTelemetryDataPointsRateLimit',
  'tenantServerRestLimitsConfiguration',
  'customerServerRestLimitsConfiguration',
] as const;

/**
 * ThingsBoard's WebSocket limits (reference security §2.2), 0 = unlimited. Unlike the limits above
 * they ship non-zero (issue 18, defect 7): sized for a person with a few tabs of large dashboards
 * open (a dashboard of tens of widgets holds about a hundred subscriptions), while a tenant cannot
 * hold enough subscriptions to slow everyone's ingestion. The Public customer is one "public user"
 * for all anonymous visitors of the tenant's public dashboards, hence its larger share.
 */
export const WS_LIMIT_DEFAULTS = {
  maxWsSessionsPerTenant: 500,
  maxWsSessionsPerCustomer: 100,
  maxWsSessionsPerRegularUser: 10,
  maxWsSessionsPerPublicUser: 100,
  maxWsSubscriptionsPerTenant: 10_000,
  maxWsSubscriptionsPerCustomer: 5_000,
  maxWsSubscriptionsPerRegularUser: 1_000,
  maxWsSubscriptionsPerPublicUser: 5_000,
  wsMsgQueueLimitPerSession: 1_000,
} as const;
export type WsLimitKey = keyof typeof WS_LIMIT_DEFAULTS;
const WS_LIMIT_KEYS = Object.keys(WS_LIMIT_DEFAULTS) as WsLimitKey[];

/** Updates one WebSocket session may receive ('capacity:seconds,…'; ThingsBoard's rate-limit syntax). */
export const WS_UPDATES_RATE_LIMIT_DEFAULT = '2000:1,90000:60';

export type TenantProfileConfiguration = { type: 'DEFAULT'; warnThreshold?: number } & Partial<
  Record<(typeof TENANT_PROFILE_NUMBER_LIMITS)[number] | WsLimitKey, number>
> &
  Partial<Record<(typeof TENANT_PROFILE_RATE_LIMITS)[number] | 'wsUpdatesPerSessionRateLimit', string | null>>;

export function defaultTenantProfileConfiguration(): TenantProfileConfiguration {
  const cfg: TenantProfileConfiguration = { type: 'DEFAULT' };
  for (const k of TENANT_PROFILE_NUMBER_LIMITS) cfg[k] = 0;
  Object.assign(cfg, WS_LIMIT_DEFAULTS);
  cfg.wsUpdatesPerSessionRateLimit = WS_UPDATES_RATE_LIMIT_DEFAULT;
  cfg.warnThreshold = 0;
  return cfg;
}

const RATE_LIMIT = /^\d+:\d+(,\d+:\d+)*$/;

/** Keeps known keys only; a bad value is reported by name. Returns an error message or the clean config. */
export function normalizeConfiguration(input: unknown): TenantProfileConfiguration | string {
  const src = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const cfg = defaultTenantProfileConfiguration();
  for (const k of [...TENANT_PROFILE_NUMBER_LIMITS, ...WS_LIMIT_KEYS]) {
    const v = src[k];
    if (v === undefined || v === null) continue;
    // Capped so SQL can cast it to bigint when the limit is enforced.
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
      return `Tenant profile '${k}' should be a non-negative integer!`;
    cfg[k] = v;
  }
  if (src.warnThreshold !== undefined && src.warnThreshold !== null) {
    const w = src.warnThreshold;
    if (typeof w !== 'number' || w < 0 || w > 1) return "Tenant profile 'warnThreshold' should be between 0 and 1!";
    cfg.warnThreshold = w;
  }
  for (const k of TENANT_PROFILE_RATE_LIMITS) {
    const v = src[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || !RATE_LIMIT.test(v)) return rateLimitMessage(k);
    cfg[k] = v;
  }
  // Left out: the default; empty (or null): unlimited, as ThingsBoard reads an empty rate limit.
  const ws = src.wsUpdatesPerSessionRateLimit;
  if (ws === null || ws === '') cfg.wsUpdatesPerSessionRateLimit = null;
  else if (ws !== undefined) {
    if (typeof ws !== 'string' || !RATE_LIMIT.test(ws)) return rateLimitMessage('wsUpdatesPerSessionRateLimit');
    cfg.wsUpdatesPerSessionRateLimit = ws;
  }
  return cfg;
}

const rateLimitMessage = (k: string) => `Tenant profile '${k}' should look like 'capacity:seconds[,capacity:seconds]'!`;
