import { NULL_UUID, type Authority } from '@sapo/common';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Assigning devices, assets and entity views to customers (ThingsBoard 3.2 calls, spec 2-calls §7):
 * assign POST /api/customer/{customerId}/{entity}/{id}, unassign DELETE /api/customer/{entity}/{id},
 * make public POST /api/customer/public/{entity}/{id}. Only tenant administrators may do any of it.
 */
export type AssignableEntityType = 'DEVICE' | 'ASSET' | 'ENTITY_VIEW';

/** What the actions need of a row: its id, name and current owner (DeviceInfo, AssetInfo, EntityViewInfo). */
export interface AssignableEntity {
  id: { entityType: string; id: string };
  name: string;
  customerId?: { entityType: string; id: string } | null;
  customerIsPublic?: boolean;
  customerTitle?: string | null;
}

const PATH_SEGMENT: Record<AssignableEntityType, string> = {
  DEVICE: 'device',
  ASSET: 'asset',
  ENTITY_VIEW: 'entityView',
};

export const assignPath = (type: AssignableEntityType, customerId: string, id: string) =>
  `/api/customer/${customerId}/${PATH_SEGMENT[type]}/${id}`;
export const unassignPath = (type: AssignableEntityType, id: string) => `/api/customer/${PATH_SEGMENT[type]}/${id}`;
export const makePublicPath = (type: AssignableEntityType, id: string) =>
  `/api/customer/public/${PATH_SEGMENT[type]}/${id}`;

/** Root query keys of each entity's lists and details: refreshed after an assignment changes. */
export const ENTITY_QUERY_ROOTS: Record<AssignableEntityType, readonly string[]> = {
  DEVICE: queryKeys.devices.all,
  ASSET: queryKeys.assets.all,
  ENTITY_VIEW: queryKeys.entityViews.all,
};

/** "3 devices", "1 asset": the count phrases (i18next plurals) per entity type. */
export const ENTITY_COUNT_KEY: Record<AssignableEntityType, string> = {
  DEVICE: 'assignment.device-count',
  ASSET: 'assignment.asset-count',
  ENTITY_VIEW: 'assignment.entity-view-count',
};

export function isAssigned(entity: AssignableEntity): boolean {
  const id = entity.customerId?.id;
  return Boolean(id) && id !== NULL_UUID;
}

export function isPublic(entity: AssignableEntity): boolean {
  return isAssigned(entity) && entity.customerIsPublic === true;
}

/** Assigned to a real customer (not the tenant's Public one). */
export function isAssignedToCustomer(entity: AssignableEntity): boolean {
  return isAssigned(entity) && !isPublic(entity);
}

export const canAssign = (authority: Authority | undefined) => authority === 'TENANT_ADMIN';

/** The rows a bulk action applies to; the others are left alone (and not counted as failures). */
export function applicable(entities: readonly AssignableEntity[], action: 'assign' | 'unassign' | 'makePublic') {
  switch (action) {
    case 'assign':
      return [...entities];
    case 'unassign':
      return entities.filter(isAssigned);
    case 'makePublic':
      // A customer's rows stay theirs: making them public would silently take them away.
      return entities.filter((entity) => !isAssigned(entity));
  }
}
