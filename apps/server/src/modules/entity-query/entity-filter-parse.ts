import { ENTITY_FILTER_TYPES, isUuid, type EntityFilter } from '@sapo/common';
import { badRequest } from '../../lib/app-error.ts';
import { entityIdOf, entityType, fail, list, obj, oneOf, optBool, optString, type Obj } from './parse-helpers.ts';

const MAX_LIST = 1000;

function optEntityId(v: unknown, path: string) {
  return v === undefined || v === null ? null : entityIdOf(v, path);
}

function optLevel(v: unknown, path: string): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(path, 'must be an integer');
  return v;
}

function requiredString(v: unknown, path: string): string {
  const s = optString(v, path);
  if (s === null) fail(path, 'is required');
  return s;
}

function stringList(v: unknown, path: string): string[] {
  return list(v, path, MAX_LIST).map((x, i) => requiredString(x, `${path}[${i}]`));
}

/** The fields every relation-walking filter shares. */
function walk(f: Obj, path: string) {
  return {
    rootEntity: optEntityId(f.rootEntity, `${path}.rootEntity`),
    rootStateEntity: optBool(f.rootStateEntity, `${path}.rootStateEntity`),
    defaultStateEntity: optEntityId(f.defaultStateEntity, `${path}.defaultStateEntity`),
    direction: oneOf(f.direction, ['FROM', 'TO'] as const, `${path}.direction`),
    maxLevel: optLevel(f.maxLevel, `${path}.maxLevel`),
    fetchLastLevelOnly: optBool(f.fetchLastLevelOnly, `${path}.fetchLastLevelOnly`),
  };
}

/** Checks an entity filter of any type of spec 2-calls §3.4; ids come back lower-cased. */
export function parseFilter(raw: unknown): EntityFilter {
  const path = 'entityFilter';
  const f = obj(raw, path);
  if (typeof f.type !== 'string' || !(ENTITY_FILTER_TYPES as readonly string[]).includes(f.type)) {
    throw badRequest(`Unsupported entity filter type '${String(f.type)}'! Allowed: ${ENTITY_FILTER_TYPES.join(', ')}`);
  }
  const type = f.type as EntityFilter['type'];
  const at = (k: string) => `${path}.${k}`;
  switch (type) {
    case 'singleEntity':
      return { type, singleEntity: entityIdOf(f.singleEntity, at('singleEntity')) };
    case 'entityList':
      return {
        type,
        entityType: entityType(f.entityType, at('entityType')),
        entityList: list(f.entityList, at('entityList'), MAX_LIST).map((id, i) => {
          if (typeof id !== 'string' || !isUuid(id)) fail(`${at('entityList')}[${i}]`, 'must be a UUID');
          return id.toLowerCase();
        }),
      };
    case 'entityName':
      return {
        type,
        entityType: entityType(f.entityType, at('entityType')),
        entityNameFilter: optString(f.entityNameFilter, at('entityNameFilter')) ?? '',
      };
    case 'entityType':
      return { type, entityType: entityType(f.entityType, at('entityType')) };
    case 'stateEntity':
      return {
        type,
        singleEntity: optEntityId(f.singleEntity, at('singleEntity')),
        defaultStateEntity: optEntityId(f.defaultStateEntity, at('defaultStateEntity')),
        stateEntityParamName: optString(f.stateEntityParamName, at('stateEntityParamName')),
      };
    case 'assetType':
      return {
        type,
        assetType: requiredString(f.assetType, at('assetType')),
        assetNameFilter: optString(f.assetNameFilter, at('assetNameFilter')),
      };
    case 'deviceType':
      return {
        type,
        deviceType: requiredString(f.deviceType, at('deviceType')),
        deviceNameFilter: optString(f.deviceNameFilter, at('deviceNameFilter')),
      };
    case 'entityViewType':
      return {
        type,
        entityViewType: requiredString(f.entityViewType, at('entityViewType')),
        entityViewNameFilter: optString(f.entityViewNameFilter, at('entityViewNameFilter')),
      };
    case 'apiUsageState':
      return { type, customerId: optEntityId(f.customerId, at('customerId')) };
    case 'relationsQuery':
      return {
        type,
        ...walk(f, path),
        filters: list(f.filters, at('filters'), 50).map((x, i) => {
          const p = `${at('filters')}[${i}]`;
          const o = obj(x, p);
          return {
            relationType: optString(o.relationType, `${p}.relationType`),
            entityTypes: list(o.entityTypes, `${p}.entityTypes`, 50).map((t, j) =>
              entityType(t, `${p}.entityTypes[${j}]`),
            ),
          };
        }),
      };
    case 'assetSearchQuery':
      return {
        type,
        ...walk(f, path),
        relationType: optString(f.relationType, at('relationType')),
        assetTypes: stringList(f.assetTypes, at('assetTypes')),
      };
    case 'deviceSearchQuery':
      return {
        type,
        ...walk(f, path),
        relationType: optString(f.relationType, at('relationType')),
        deviceTypes: stringList(f.deviceTypes, at('deviceTypes')),
      };
    case 'entityViewSearchQuery':
      return {
        type,
        ...walk(f, path),
        relationType: optString(f.relationType, at('relationType')),
        entityViewTypes: stringList(f.entityViewTypes, at('entityViewTypes')),
      };
  }
}
