/** ThingsBoard's "no entity" id: unassigned customer, system-level tenant, sysadmin's owner ids. */
export const NULL_UUID = '13814000-1dd2-11b2-8080-808080808080';

export const ENTITY_TYPES = [
  'TENANT',
  'TENANT_PROFILE',
  'CUSTOMER',
  'USER',
  'DASHBOARD',
  'ASSET',
  'DEVICE',
  'DEVICE_PROFILE',
  'ALARM',
  'RULE_CHAIN',
  'RULE_NODE',
  'ENTITY_VIEW',
  'WIDGETS_BUNDLE',
  'WIDGET_TYPE',
  'API_USAGE_STATE',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface EntityId<T extends EntityType = EntityType> {
  entityType: T;
  id: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

export function entityId<T extends EntityType>(entityType: T, id: string): EntityId<T> {
  return { entityType, id };
}
