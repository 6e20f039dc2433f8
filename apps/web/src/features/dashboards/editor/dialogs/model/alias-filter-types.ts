// Which alias filter types and entity types the alias dialog offers a role (spec 1-client §6 "Allowed
// entity types for aliases", 2-calls §3.4). Labels are literal keys so the locale check can read them.
import { ENTITY_FILTER_TYPES, type Authority, type EntityFilterType } from '@sapo/common';
import {
  allowedEntityTypes,
  type PickableEntityType,
} from '../../../../../components/entity-autocomplete/entity-types';
import { ALIAS_ENTITY_TYPES } from '../../../model/entity-alias';

export type AliasFilterType = EntityFilterType;
export const ALIAS_FILTER_TYPES: readonly AliasFilterType[] = ENTITY_FILTER_TYPES;

export const FILTER_TYPE_KEYS: Record<AliasFilterType, string> = {
  singleEntity: 'alias.filter-type-single-entity',
  entityList: 'alias.filter-type-entity-list',
  entityName: 'alias.filter-type-entity-name',
  entityType: 'alias.filter-type-entity-type',
  stateEntity: 'alias.filter-type-state-entity',
  assetType: 'alias.filter-type-asset-type',
  deviceType: 'alias.filter-type-device-type',
  entityViewType: 'alias.filter-type-entity-view-type',
  apiUsageState: 'alias.filter-type-api-usage-state',
  relationsQuery: 'alias.filter-type-relations-query',
  assetSearchQuery: 'alias.filter-type-asset-search-query',
  deviceSearchQuery: 'alias.filter-type-device-search-query',
  entityViewSearchQuery: 'alias.filter-type-entity-view-search-query',
};

/** Filters that always name one entity: "resolve as multiple entities" means nothing for them. */
export const SINGLE_ENTITY_FILTERS: readonly AliasFilterType[] = ['singleEntity', 'stateEntity'];

export type SubtypeFilter = 'assetType' | 'deviceType' | 'entityViewType';
export type SearchQueryFilter = 'assetSearchQuery' | 'deviceSearchQuery' | 'entityViewSearchQuery';
export type SubtypeEntity = 'ASSET' | 'DEVICE' | 'ENTITY_VIEW';

/** The entity type a subtype filter or search query is about, and where its stored fields live. */
export const SUBTYPE_FILTERS: Record<SubtypeFilter, { entityType: SubtypeEntity; nameField: string }> = {
  assetType: { entityType: 'ASSET', nameField: 'assetNameFilter' },
  deviceType: { entityType: 'DEVICE', nameField: 'deviceNameFilter' },
  entityViewType: { entityType: 'ENTITY_VIEW', nameField: 'entityViewNameFilter' },
};
export const SEARCH_QUERIES: Record<SearchQueryFilter, { entityType: SubtypeEntity; typesField: string }> = {
  assetSearchQuery: { entityType: 'ASSET', typesField: 'assetTypes' },
  deviceSearchQuery: { entityType: 'DEVICE', typesField: 'deviceTypes' },
  entityViewSearchQuery: { entityType: 'ENTITY_VIEW', typesField: 'entityViewTypes' },
};

export const isSubtypeFilter = (t: string): t is SubtypeFilter => t in SUBTYPE_FILTERS;
export const isSearchQuery = (t: string): t is SearchQueryFilter => t in SEARCH_QUERIES;
/** Filters that walk relations from a root entity. */
export const isQueryFilter = (t: string): t is SearchQueryFilter | 'relationsQuery' =>
  t === 'relationsQuery' || isSearchQuery(t);

export const isPseudoType = (t: string): boolean => (ALIAS_ENTITY_TYPES as readonly string[]).includes(t);

/** Entity types the role may write in an alias, with the CURRENT_* pseudo-types or without. */
export function aliasEntityTypes(authority: Authority, pseudo: boolean): PickableEntityType[] {
  const types = allowedEntityTypes(authority, { aliases: true });
  return pseudo ? types : types.filter((t) => !isPseudoType(t));
}

/** Which filter's entity-type field accepts pseudo-types (the resolver's rules in model/entity-alias). */
export function filterTakesPseudoTypes(type: AliasFilterType): boolean {
  return type === 'singleEntity' || type === 'entityList';
}

/**
 * Filter types a role can use: those about devices, assets or entity views only when the role may
 * pick that type; the API usage state only for roles that own one (not the system administrator).
 */
export function aliasFilterTypes(authority: Authority): AliasFilterType[] {
  const allowed = aliasEntityTypes(authority, true) as string[];
  return ALIAS_FILTER_TYPES.filter((type) => {
    if (isSubtypeFilter(type)) return allowed.includes(SUBTYPE_FILTERS[type].entityType);
    if (isSearchQuery(type)) return allowed.includes(SEARCH_QUERIES[type].entityType);
    if (type === 'apiUsageState') return allowed.includes('CURRENT_USER_OWNER');
    return true;
  });
}
