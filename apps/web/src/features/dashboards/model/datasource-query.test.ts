import type { EntityFilter, KeyFilter } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import { createDataKey, type DataKey, type DataKeyType } from './data-key';
import {
  DATASOURCE_ERRORS,
  DEFAULT_SORT_ORDER,
  MULTIPLE_ENTITIES_PAGE_SIZE,
  buildDatasourceQuery,
  splitDataKeys,
  type Datasource,
} from './datasource-query';
import { ALIAS_ERRORS, type AliasResolution } from './entity-alias';

const D = '33333333-3333-4333-8333-333333333333';
const single: EntityFilter = { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: D } };
const many: EntityFilter = { type: 'entityType', entityType: 'DEVICE' };
const ALIASES: Record<string, AliasResolution> = {
  one: { filter: single, resolveMultiple: false, dependsOnState: true },
  all: { filter: many, resolveMultiple: true, dependsOnState: false },
  broken: { filter: null, resolveMultiple: false, dependsOnState: true, error: ALIAS_ERRORS.noStateEntity },
};
const key = (name: string, type: DataKeyType): DataKey => createDataKey(name, type, 0);
const KEYS = [
  key('temperature', 'timeseries'),
  key('active', 'attribute'),
  key('deviceProfileType', 'entityField'),
  key('f(x)', 'function'),
  key('severity', 'alarm'),
  key('count', 'count'),
  key('temperature', 'timeseries'),
  key('name', 'entityField'),
];
const DEFAULT_FIELDS = ['name', 'label', 'type', 'additionalInfo'].map((k) => ({ type: 'ENTITY_FIELD', key: k }));
const entityDs = (entityAliasId: string, dataKeys = KEYS): Datasource => ({ type: 'entity', entityAliasId, dataKeys });

describe('splitting data keys', () => {
  it('sends latest values for latest widgets and time series to the history subscription of timeseries widgets', () => {
    const latest = splitDataKeys(KEYS, 'latest');
    expect(latest.entityFields).toEqual([...DEFAULT_FIELDS, { type: 'ENTITY_FIELD', key: 'deviceProfileType' }]);
    expect(latest.latestValues).toEqual([
      { type: 'TIME_SERIES', key: 'temperature' },
      { type: 'ATTRIBUTE', key: 'active' },
    ]);
    expect(latest.timeseries).toEqual([]);
    expect(latest.functions.map((k) => k.name)).toEqual(['f(x)']);
    expect(latest.alarm.map((k) => k.name)).toEqual(['severity']);
    expect(latest.count.map((k) => k.name)).toEqual(['count']);

    const ts = splitDataKeys(KEYS, 'timeseries');
    expect(ts.latestValues).toEqual([{ type: 'ATTRIBUTE', key: 'active' }]);
    expect(ts.timeseries).toEqual([{ type: 'TIME_SERIES', key: 'temperature' }]);
  });

  it('always asks for name, label and type, even without keys', () => {
    expect(splitDataKeys(undefined).entityFields).toEqual(DEFAULT_FIELDS);
  });
});

describe('datasource queries', () => {
  it('asks for one entity when the alias does not resolve to several', () => {
    const plan = buildDatasourceQuery(entityDs('one'), ALIASES, { pageSize: 50, page: 3, textSearch: 'x' });
    expect(plan.kind).toBe('entity');
    if (plan.kind !== 'entity') return;
    expect(plan.dependsOnState).toBe(true);
    expect(plan.query).toEqual({
      entityFilter: single,
      keyFilters: [],
      pageLink: { pageSize: 1, page: 0, textSearch: 'x', sortOrder: DEFAULT_SORT_ORDER },
      entityFields: [...DEFAULT_FIELDS, { type: 'ENTITY_FIELD', key: 'deviceProfileType' }],
      latestValues: [
        { type: 'TIME_SERIES', key: 'temperature' },
        { type: 'ATTRIBUTE', key: 'active' },
      ],
    });
  });

  const pages: Array<[string, Parameters<typeof buildDatasourceQuery>[2], object]> = [
    [
      'defaults',
      {},
      { pageSize: MULTIPLE_ENTITIES_PAGE_SIZE, page: 0, textSearch: null, sortOrder: DEFAULT_SORT_ORDER },
    ],
    [
      'a table page',
      {
        pageSize: 10,
        page: 2,
        textSearch: 'boil',
        sortOrder: { key: { type: 'ENTITY_FIELD', key: 'name' }, direction: 'ASC' },
      },
      {
        pageSize: 10,
        page: 2,
        textSearch: 'boil',
        sortOrder: { key: { type: 'ENTITY_FIELD', key: 'name' }, direction: 'ASC' },
      },
    ],
    [
      'bad numbers',
      { pageSize: 0, page: -1, textSearch: '' },
      { pageSize: MULTIPLE_ENTITIES_PAGE_SIZE, page: 0, textSearch: null },
    ],
  ];
  for (const [what, options, pageLink] of pages) {
    it(`pages through several entities: ${what}`, () => {
      const plan = buildDatasourceQuery(entityDs('all'), ALIASES, options);
      expect(plan.kind === 'entity' && plan.query.pageLink).toMatchObject(pageLink);
    });
  }

  it('passes key filters and keeps time series out of the latest values of timeseries widgets', () => {
    const keyFilters: KeyFilter[] = [
      {
        key: { type: 'TIME_SERIES', key: 'temperature' },
        valueType: 'NUMERIC',
        predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: 20 } },
      },
    ];
    const plan = buildDatasourceQuery(entityDs('all'), ALIASES, { widget: 'timeseries', keyFilters });
    if (plan.kind !== 'entity') throw new Error(plan.kind);
    expect(plan.query.keyFilters).toEqual(keyFilters);
    expect(plan.query.latestValues).toEqual([{ type: 'ATTRIBUTE', key: 'active' }]);
    expect(plan.keys.timeseries).toEqual([{ type: 'TIME_SERIES', key: 'temperature' }]);
  });

  it('counts entities for an entityCount datasource', () => {
    const plan = buildDatasourceQuery(
      { type: 'entityCount', entityAliasId: 'all', dataKeys: [key('count', 'count')] },
      ALIASES,
    );
    expect(plan).toEqual({
      kind: 'count',
      query: { entityFilter: many, keyFilters: [] },
      keys: [key('count', 'count')],
      dependsOnState: false,
    });
  });

  it('needs no query for a function datasource', () => {
    const plan = buildDatasourceQuery({ type: 'function', dataKeys: [key('f(x)', 'function')] }, ALIASES);
    expect(plan).toEqual({ kind: 'function', keys: [key('f(x)', 'function')] });
  });

  const errors: Array<[string, Datasource, string]> = [
    ['an alias that no longer exists', entityDs('gone'), DATASOURCE_ERRORS.noAlias],
    ['no alias id', { type: 'entity', dataKeys: [] }, DATASOURCE_ERRORS.noAlias],
    ['an alias that resolved to nothing', entityDs('broken'), ALIAS_ERRORS.noStateEntity],
    ['a count over a broken alias', { type: 'entityCount', entityAliasId: 'broken' }, ALIAS_ERRORS.noStateEntity],
    ['an unknown datasource type', { type: 'device', entityAliasId: 'one' }, DATASOURCE_ERRORS.unsupported],
  ];
  for (const [what, ds, error] of errors) {
    it(`reports ${what} instead of querying`, () => {
      expect(buildDatasourceQuery(ds, ALIASES)).toEqual({ kind: 'error', error });
    });
  }
});
