// What a widget asks the server for one of its datasources (1-client §3.7, 2-calls §3.3): the entity
// data query of an entity datasource, the count query of an entityCount one, nothing for functions.
import type { EntityCountQuery, EntityDataQuery, EntityDataSortOrder, EntityKey, KeyFilter } from '@sapo/common';
import type { DataKey } from './data-key';
import type { AliasResolution } from './entity-alias';

export const DATASOURCE_TYPES = ['function', 'entity', 'entityCount'] as const;
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];

/** Widget types of spec 1-client §3.7; they decide where time-series keys go. */
export type WidgetKind = 'timeseries' | 'latest' | 'rpc' | 'alarm' | 'static' | 'alarmCounter' | 'deviceHealthCounter';

/** A datasource as a ThingsBoard 3.2 widget stores it; unknown fields are kept. */
export interface Datasource {
  type: DatasourceType | (string & {});
  name?: string;
  entityAliasId?: string | null;
  dataKeys?: DataKey[];
  [field: string]: unknown;
}

/** Page size of an alias that resolves to several entities (ThingsBoard's predefined 1024). */
export const MULTIPLE_ENTITIES_PAGE_SIZE = 1024;
/** The entity fields every entity query asks for, whatever the keys (names and labels in widgets). */
export const DEFAULT_ENTITY_FIELDS: readonly string[] = ['name', 'label', 'type', 'additionalInfo'];
/** Newest entities first, as the default page link (2-calls §3.1). */
export const DEFAULT_SORT_ORDER: EntityDataSortOrder = {
  key: { type: 'ENTITY_FIELD', key: 'createdTime' },
  direction: 'DESC',
};

export const DATASOURCE_ERRORS = {
  noAlias: 'datasource.error-alias-not-found',
  unsupported: 'datasource.error-unsupported-type',
} as const;
/** A datasource's keys by where their values come from. */
export interface SplitKeys {
  /** ENTITY_FIELD keys: the defaults, then the entityField data keys. */
  entityFields: EntityKey[];
  /** Latest values: attributes, and time series unless the widget subscribes to their history. */
  latestValues: EntityKey[];
  /** TIME_SERIES keys of a timeseries widget: values over the time window (history subscription). */
  timeseries: EntityKey[];
  /** Computed in the browser, not queried. */
  functions: DataKey[];
  /** Read by alarm queries, not entity queries. */
  alarm: DataKey[];
  /** Filled with the count of an entityCount datasource. */
  count: DataKey[];
}

function addKey(list: EntityKey[], key: EntityKey): void {
  if (!list.some((k) => k.type === key.type && k.key === key.key)) list.push(key);
}

/** Sorts a datasource's keys by source (duplicates dropped, order kept). */
export function splitDataKeys(
  dataKeys: readonly DataKey[] | null | undefined,
  widget: WidgetKind = 'latest',
): SplitKeys {
  const out: SplitKeys = { entityFields: [], latestValues: [], timeseries: [], functions: [], alarm: [], count: [] };
  for (const key of DEFAULT_ENTITY_FIELDS) addKey(out.entityFields, { type: 'ENTITY_FIELD', key });
  for (const dk of dataKeys ?? []) {
    if (typeof dk.name !== 'string' || dk.name === '') continue;
    switch (dk.type) {
      case 'entityField':
        addKey(out.entityFields, { type: 'ENTITY_FIELD', key: dk.name });
        break;
      case 'attribute':
        addKey(out.latestValues, { type: 'ATTRIBUTE', key: dk.name });
        break;
      case 'timeseries':
        addKey(widget === 'timeseries' ? out.timeseries : out.latestValues, { type: 'TIME_SERIES', key: dk.name });
        break;
      case 'function':
        out.functions.push(dk);
        break;
      case 'alarm':
        out.alarm.push(dk);
        break;
      case 'count':
        out.count.push(dk);
        break;
    }
  }
  return out;
}

export interface DatasourceQueryOptions {
  widget?: WidgetKind;
  /** For aliases resolving to several entities (tables page through them); default 1024. */
  pageSize?: number;
  page?: number;
  textSearch?: string | null;
  sortOrder?: EntityDataSortOrder | null;
  /** From the dashboard's filters (`filterId`), already resolved by the caller. */
  keyFilters?: KeyFilter[] | null;
}

export type DatasourcePlan =
  /** Values are generated in the browser. */
  | { kind: 'function'; keys: DataKey[] }
  | { kind: 'entity'; query: EntityDataQuery; keys: SplitKeys; dependsOnState: boolean }
  | { kind: 'count'; query: EntityCountQuery; keys: DataKey[]; dependsOnState: boolean }
  /** Nothing to ask: the widget shows the error (or "No data"). */
  | { kind: 'error'; error: string };

/**
 * The query of one datasource, given the dashboard's resolved aliases (`resolveAliases`). An alias of
 * one entity (`resolveMultiple` false) asks for a page of one, as ThingsBoard does.
 */
export function buildDatasourceQuery(
  datasource: Datasource,
  aliases: Readonly<Record<string, AliasResolution>>,
  options: DatasourceQueryOptions = {},
): DatasourcePlan {
  const dataKeys = Array.isArray(datasource.dataKeys) ? datasource.dataKeys : [];
  if (datasource.type === 'function') return { kind: 'function', keys: dataKeys.filter((k) => k.type === 'function') };
  if (datasource.type !== 'entity' && datasource.type !== 'entityCount') {
    return { kind: 'error', error: DATASOURCE_ERRORS.unsupported };
  }
  const aliasId = datasource.entityAliasId;
  const alias = aliasId ? aliases[aliasId] : undefined;
  if (!alias) return { kind: 'error', error: DATASOURCE_ERRORS.noAlias };
  if (!alias.filter) return { kind: 'error', error: alias.error ?? DATASOURCE_ERRORS.noAlias };
  const keyFilters = options.keyFilters?.length ? options.keyFilters : [];
  const { dependsOnState } = alias;

  if (datasource.type === 'entityCount') {
    const keys = dataKeys.filter((k) => k.type === 'count');
    return { kind: 'count', query: { entityFilter: alias.filter, keyFilters }, keys, dependsOnState };
  }
  const keys = splitDataKeys(dataKeys, options.widget);
  const pageSize = alias.resolveMultiple ? positiveInt(options.pageSize, MULTIPLE_ENTITIES_PAGE_SIZE) : 1;
  const query: EntityDataQuery = {
    entityFilter: alias.filter,
    keyFilters,
    pageLink: {
      pageSize,
      page: alias.resolveMultiple ? nonNegativeInt(options.page) : 0,
      textSearch: options.textSearch ? options.textSearch : null,
      sortOrder: options.sortOrder ?? DEFAULT_SORT_ORDER,
    },
    entityFields: keys.entityFields,
    latestValues: keys.latestValues,
  };
  return { kind: 'entity', query, keys, dependsOnState };
}

function positiveInt(v: number | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback;
}
function nonNegativeInt(v: number | undefined): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}
