/**
 * Entity data query wire types (reference §7, spec 2-calls §3.3/§3.4): what
 * `/api/entitiesQuery/find|count|find/keys` and the WebSocket `entityDataCmds` accept and return.
 * Shapes follow ThingsBoard 3.2 `org.thingsboard.server.common.data.query`.
 */
import type { EntityId, EntityType } from './ids.ts';

export const ENTITY_KEY_TYPES = [
  'ATTRIBUTE',
  'CLIENT_ATTRIBUTE',
  'SHARED_ATTRIBUTE',
  'SERVER_ATTRIBUTE',
  'TIME_SERIES',
  'ENTITY_FIELD',
  'ALARM_FIELD',
  'CONSTANT',
  'COUNT',
] as const;
export type EntityKeyType = (typeof ENTITY_KEY_TYPES)[number];

export interface EntityKey {
  type: EntityKeyType;
  key: string;
}

export const ENTITY_KEY_VALUE_TYPES = ['STRING', 'NUMERIC', 'BOOLEAN', 'DATE_TIME'] as const;
export type EntityKeyValueType = (typeof ENTITY_KEY_VALUE_TYPES)[number];

export type EntitySearchDirection = 'FROM' | 'TO';

// ---- entity filters (spec 2-calls §3.4) ----

export const ENTITY_FILTER_TYPES = [
  'singleEntity',
  'entityList',
  'entityName',
  'entityType',
  'stateEntity',
  'assetType',
  'deviceType',
  'entityViewType',
  'apiUsageState',
  'relationsQuery',
  'assetSearchQuery',
  'deviceSearchQuery',
  'entityViewSearchQuery',
] as const;
export type EntityFilterType = (typeof ENTITY_FILTER_TYPES)[number];

/** Alias fields a filter may carry when it comes from a dashboard's entity alias. */
interface StateAliasFields {
  /** Use the dashboard state's entity (sent as `defaultStateEntity`) instead of `rootEntity`. */
  rootStateEntity?: boolean;
  stateEntityParamName?: string | null;
  defaultStateEntity?: EntityId | null;
}

export interface SingleEntityFilter {
  type: 'singleEntity';
  singleEntity: EntityId;
}
export interface EntityListFilter {
  type: 'entityList';
  entityType: EntityType;
  entityList: string[];
}
export interface EntityNameFilter {
  type: 'entityName';
  entityType: EntityType;
  /** Case-insensitive prefix. */
  entityNameFilter: string;
}
export interface EntityTypeFilter {
  type: 'entityType';
  entityType: EntityType;
}
/** A dashboard-state alias; resolved by the client, on the server the `singleEntity` or `defaultStateEntity`. */
export interface StateEntityFilter extends StateAliasFields {
  type: 'stateEntity';
  singleEntity?: EntityId | null;
}
export interface AssetTypeFilter {
  type: 'assetType';
  assetType: string;
  assetNameFilter?: string | null;
}
export interface DeviceTypeFilter {
  type: 'deviceType';
  deviceType: string;
  deviceNameFilter?: string | null;
}
export interface EntityViewTypeFilter {
  type: 'entityViewType';
  entityViewType: string;
  entityViewNameFilter?: string | null;
}
export interface ApiUsageStateFilter {
  type: 'apiUsageState';
  customerId?: EntityId | null;
}

export interface RelationEntityTypeFilter {
  relationType?: string | null;
  /** Empty or missing: any type. */
  entityTypes?: EntityType[] | null;
}
interface RelationWalk extends StateAliasFields {
  rootEntity?: EntityId | null;
  direction: EntitySearchDirection;
  /** ≤ 0 or missing: unlimited (capped by the server). */
  maxLevel?: number | null;
  fetchLastLevelOnly?: boolean | null;
}
export interface RelationsQueryFilter extends RelationWalk {
  type: 'relationsQuery';
  filters?: RelationEntityTypeFilter[] | null;
}
export interface AssetSearchQueryFilter extends RelationWalk {
  type: 'assetSearchQuery';
  relationType?: string | null;
  assetTypes?: string[] | null;
}
export interface DeviceSearchQueryFilter extends RelationWalk {
  type: 'deviceSearchQuery';
  relationType?: string | null;
  deviceTypes?: string[] | null;
}
export interface EntityViewSearchQueryFilter extends RelationWalk {
  type: 'entityViewSearchQuery';
  relationType?: string | null;
  entityViewTypes?: string[] | null;
}

export type EntityFilter =
  | SingleEntityFilter
  | EntityListFilter
  | EntityNameFilter
  | EntityTypeFilter
  | StateEntityFilter
  | AssetTypeFilter
  | DeviceTypeFilter
  | EntityViewTypeFilter
  | ApiUsageStateFilter
  | RelationsQueryFilter
  | AssetSearchQueryFilter
  | DeviceSearchQueryFilter
  | EntityViewSearchQueryFilter;

// ---- key filters (spec 2-calls §3.3) ----

export type DynamicValueSourceType = 'CURRENT_TENANT' | 'CURRENT_CUSTOMER' | 'CURRENT_USER' | 'CURRENT_DEVICE';

export interface DynamicValue {
  sourceType: DynamicValueSourceType;
  sourceAttribute: string;
  /** Not found on the source → look on its owners (customer → tenant). */
  inherit?: boolean;
}

/** The operand of a predicate: `userValue` (when set) overrides `defaultValue`; a found dynamic value overrides both. */
export interface FilterPredicateValue<T> {
  defaultValue: T;
  userValue?: T | null;
  dynamicValue?: DynamicValue | null;
}

export type StringOperation = 'EQUAL' | 'NOT_EQUAL' | 'STARTS_WITH' | 'ENDS_WITH' | 'CONTAINS' | 'NOT_CONTAINS';
export type NumericOperation = 'EQUAL' | 'NOT_EQUAL' | 'GREATER' | 'LESS' | 'GREATER_OR_EQUAL' | 'LESS_OR_EQUAL';
export type BooleanOperation = 'EQUAL' | 'NOT_EQUAL';
export type ComplexOperation = 'AND' | 'OR';

export interface StringFilterPredicate {
  type: 'STRING';
  operation: StringOperation;
  value: FilterPredicateValue<string>;
  ignoreCase?: boolean;
}
export interface NumericFilterPredicate {
  type: 'NUMERIC';
  operation: NumericOperation;
  value: FilterPredicateValue<number>;
}
export interface BooleanFilterPredicate {
  type: 'BOOLEAN';
  operation: BooleanOperation;
  value: FilterPredicateValue<boolean>;
}
export interface ComplexFilterPredicate {
  type: 'COMPLEX';
  operation: ComplexOperation;
  predicates: KeyFilterPredicate[];
}
export type KeyFilterPredicate =
  StringFilterPredicate | NumericFilterPredicate | BooleanFilterPredicate | ComplexFilterPredicate;

export interface KeyFilter {
  key: EntityKey;
  valueType: EntityKeyValueType;
  predicate: KeyFilterPredicate;
}

// ---- queries and results ----

export interface EntityDataSortOrder {
  key: EntityKey;
  direction: 'ASC' | 'DESC';
}

export interface EntityDataPageLink {
  pageSize: number;
  page: number;
  textSearch?: string | null;
  sortOrder?: EntityDataSortOrder | null;
  dynamic?: boolean;
}

export interface EntityCountQuery {
  entityFilter: EntityFilter;
  keyFilters?: KeyFilter[] | null;
}

export interface EntityDataQuery extends EntityCountQuery {
  pageLink: EntityDataPageLink;
  entityFields?: EntityKey[] | null;
  latestValues?: EntityKey[] | null;
}

export interface TsValue {
  ts: number;
  value: string;
}

export interface EntityData {
  entityId: EntityId;
  /** Per key type, per key: the value as a string; missing values are `{ts: 0, value: ""}`. */
  latest: Partial<Record<EntityKeyType, Record<string, TsValue>>>;
  /** Filled by WebSocket subscriptions; empty in REST answers. */
  timeseries: Record<string, TsValue[]>;
}

export interface EntityKeysResult {
  timeseries: string[];
  attribute: string[];
}
