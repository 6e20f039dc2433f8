import type { Authority, EntityType } from '@sapo/common';

/** The pseudo-types an alias may use (spec 1-client §3.2); they resolve on the server at query time. */
export type AliasEntityType = 'CURRENT_CUSTOMER' | 'CURRENT_TENANT' | 'CURRENT_USER' | 'CURRENT_USER_OWNER';
export type PickableEntityType = EntityType | AliasEntityType;

/** Translation keys of each type's name, singular and plural (literal keys: the locale test reads them). */
export const ENTITY_TYPE_KEYS: Record<PickableEntityType, { one: string; many: string }> = {
  TENANT: { one: 'entity.type-tenant', many: 'entity.type-tenants' },
  TENANT_PROFILE: { one: 'entity.type-tenant-profile', many: 'entity.type-tenant-profiles' },
  CUSTOMER: { one: 'entity.type-customer', many: 'entity.type-customers' },
  USER: { one: 'entity.type-user', many: 'entity.type-users' },
  DASHBOARD: { one: 'entity.type-dashboard', many: 'entity.type-dashboards' },
  ASSET: { one: 'entity.type-asset', many: 'entity.type-assets' },
  DEVICE: { one: 'entity.type-device', many: 'entity.type-devices' },
  DEVICE_PROFILE: { one: 'entity.type-device-profile', many: 'entity.type-device-profiles' },
  ALARM: { one: 'entity.type-alarm', many: 'entity.type-alarms' },
  RULE_CHAIN: { one: 'entity.type-rulechain', many: 'entity.type-rulechains' },
  RULE_NODE: { one: 'entity.type-rulenode', many: 'entity.type-rulenodes' },
  ENTITY_VIEW: { one: 'entity.type-entity-view', many: 'entity.type-entity-views' },
  WIDGETS_BUNDLE: { one: 'entity.type-widgets-bundle', many: 'entity.type-widgets-bundles' },
  WIDGET_TYPE: { one: 'entity.type-widget-type', many: 'entity.type-widget-types' },
  API_USAGE_STATE: { one: 'entity.type-api-usage-state', many: 'entity.type-api-usage-states' },
  CURRENT_CUSTOMER: { one: 'entity.type-current-customer', many: 'entity.type-current-customer' },
  CURRENT_TENANT: { one: 'entity.type-current-tenant', many: 'entity.type-current-tenant' },
  CURRENT_USER: { one: 'entity.type-current-user', many: 'entity.type-current-user' },
  CURRENT_USER_OWNER: { one: 'entity.type-current-user-owner', many: 'entity.type-current-user-owner' },
};

/** Name keys of a type the client may not know (a newer server): the caller shows the raw type then. */
export function entityTypeKeys(type: string): { one: string; many: string } | undefined {
  return (ENTITY_TYPE_KEYS as Partial<Record<string, { one: string; many: string }>>)[type];
}

export interface AllowedTypesOptions {
  /** Offer the CURRENT_* pseudo-types (dashboards' entity aliases). */
  aliases?: boolean;
  /** Keep only these (e.g. an entity view targets a device or an asset). */
  only?: readonly PickableEntityType[];
}

/**
 * Entity types a role may pick (spec 1-client §6 "Allowed entity types"): a system administrator only
 * tenants; tenant roles their entities plus tenant and customers; customer roles their entities plus
 * their customer. Pseudo-types only for aliases.
 */
export function allowedEntityTypes(authority: Authority, options: AllowedTypesOptions = {}): PickableEntityType[] {
  const tenantRole = authority === 'TENANT_ADMIN' || authority === 'TENANT_USER';
  let types: PickableEntityType[];
  if (authority === 'SYS_ADMIN') types = ['TENANT'];
  else if (tenantRole) types = ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'TENANT', 'CUSTOMER', 'USER', 'DASHBOARD'];
  else types = ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'CUSTOMER', 'USER', 'DASHBOARD'];
  if (options.aliases) {
    if (tenantRole) types.push('CURRENT_CUSTOMER', 'CURRENT_TENANT');
    else if (authority !== 'SYS_ADMIN') types.push('CURRENT_CUSTOMER');
    types.push('CURRENT_USER');
    if (authority !== 'SYS_ADMIN') types.push('CURRENT_USER_OWNER');
  }
  const only = options.only;
  return only ? types.filter((type) => only.includes(type)) : types;
}

/** How many matches an entity autocomplete asks for (spec 1-client §2.8). */
export const ENTITY_SEARCH_LIMIT = 50;
