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

export type TenantProfileConfiguration = { type: 'DEFAULT'; warnThreshold?: number } & Partial<
  Record<(typeof TENANT_PROFILE_NUMBER_LIMITS)[number], number>
> &
  Partial<Record<(typeof TENANT_PROFILE_RATE_LIMITS)[number], string | null>>;

export function defaultTenantProfileConfiguration(): TenantProfileConfiguration {
  const cfg: TenantProfileConfiguration = { type: 'DEFAULT' };
  for (const k of TENANT_PROFILE_NUMBER_LIMITS) cfg[k] = 0;
  cfg.warnThreshold = 0;
  return cfg;
}

/** Keeps known keys only; a bad value is reported by name. Returns an error message or the clean config. */
export function normalizeConfiguration(input: unknown): TenantProfileConfiguration | string {
  const src = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const cfg = defaultTenantProfileConfiguration();
  for (const k of TENANT_PROFILE_NUMBER_LIMITS) {
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
    if (typeof v !== 'string' || !/^\d+:\d+(,\d+:\d+)*$/.test(v)) {
      return `Tenant profile '${k}' should look like 'capacity:seconds[,capacity:seconds]'!`;
    }
    cfg[k] = v;
  }
  return cfg;
}
