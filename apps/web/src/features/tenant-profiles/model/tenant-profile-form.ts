import type { TenantProfile } from '../tenant-profile-types';

/** Spec 2-calls §3.7 limits, grouped as the form shows them; every one is an integer ≥ 0, 0 = unlimited. */
export const LIMIT_GROUPS = [
  { id: 'entities', keys: ['maxDevices', 'maxAssets', 'maxCustomers', 'maxUsers', 'maxDashboards', 'maxRuleChains'] },
  {
    id: 'processing',
    keys: [
      'maxTransportMessages',
      'maxTransportDataPoints',
      'maxREExecutions',
      'maxJSExecutions',
      'maxRuleNodeExecutionsPerMessage',
    ],
  },
  { id: 'notifications', keys: ['maxEmails', 'maxSms'] },
  { id: 'storage', keys: ['maxDPStorageDays', 'defaultStorageTtlDays'] },
] as const;

export type LimitKey = (typeof LIMIT_GROUPS)[number]['keys'][number];
export const LIMIT_KEYS: readonly LimitKey[] = LIMIT_GROUPS.flatMap((group) => group.keys);

export interface TenantProfileForm {
  name: string;
  description: string;
  isolatedTbCore: boolean;
  isolatedTbRuleEngine: boolean;
  /** As typed, so a half-typed value is never lost; parsed on save. */
  limits: Record<LimitKey, string>;
}

export const TENANT_PROFILE_FORM_FIELDS = ['name', 'description', ...LIMIT_KEYS] as const;

export type LimitError = 'tenant-profile.limit-invalid';
export type TenantProfileFormErrors = Partial<
  Record<'name', 'tenant-profile.name-required'> & Record<LimitKey, LimitError>
>;

/** A limit as typed: blank means 0 (unlimited); otherwise digits only, within a safe integer. */
export function parseLimit(text: string): number | undefined {
  const value = text.trim();
  if (value === '') return 0;
  if (!/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

function limitText(value: unknown): string {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : '0';
}

export function tenantProfileFormFrom(profile: TenantProfile | undefined): TenantProfileForm {
  const configuration = profile?.profileData?.configuration ?? {};
  return {
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    isolatedTbCore: profile?.isolatedTbCore ?? false,
    isolatedTbRuleEngine: profile?.isolatedTbRuleEngine ?? false,
    limits: Object.fromEntries(LIMIT_KEYS.map((key) => [key, limitText(configuration[key])])) as Record<
      LimitKey,
      string
    >,
  };
}

export function validateTenantProfileForm(form: TenantProfileForm): TenantProfileFormErrors {
  const errors: TenantProfileFormErrors = {};
  if (!form.name.trim()) errors.name = 'tenant-profile.name-required';
  for (const key of LIMIT_KEYS)
    if (parseLimit(form.limits[key]) === undefined) errors[key] = 'tenant-profile.limit-invalid';
  return errors;
}

/**
 * POST /api/tenantProfile body: the loaded profile with the form merged in. Configuration keys the
 * form does not edit (rate limits, warn threshold, …) go back unchanged. Call only for a valid form.
 */
export function tenantProfilePayload(form: TenantProfileForm, original: TenantProfile | undefined) {
  const configuration: Record<string, unknown> = { type: 'DEFAULT', ...(original?.profileData?.configuration ?? {}) };
  for (const key of LIMIT_KEYS) configuration[key] = parseLimit(form.limits[key]) ?? 0;
  const description = form.description.trim();
  return {
    ...(original ?? {}),
    name: form.name.trim(),
    description: description === '' ? null : description,
    isolatedTbCore: form.isolatedTbCore,
    isolatedTbRuleEngine: form.isolatedTbRuleEngine,
    profileData: { ...(original?.profileData ?? {}), configuration },
  };
}

/** The limits that are set (non-zero), for the details panel and the table. */
export function setLimits(profile: TenantProfile): { key: LimitKey; value: number }[] {
  const configuration = profile.profileData?.configuration ?? {};
  return LIMIT_KEYS.flatMap((key) => {
    const value = configuration[key];
    return typeof value === 'number' && value > 0 ? [{ key, value }] : [];
  });
}
