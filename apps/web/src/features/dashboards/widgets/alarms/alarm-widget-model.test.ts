import { describe, expect, it } from 'vitest';
import type { AliasResolution } from '../../model/entity-alias';
import {
  ACTIVE_KEY_FILTER,
  COUNT_PAGE,
  alarmSortOf,
  alarmSourceAliasId,
  alarmWindow,
  countFromMessage,
  healthCount,
  healthCountQueries,
  healthStateOf,
  nearestPageSize,
  searchStatusOf,
  severitiesOf,
  sourceFilters,
  sumCounts,
  widgetAlarmQuery,
} from './alarm-widget-model';

const devices = { type: 'deviceType', deviceType: 'thermometer', deviceNameFilter: '' };
const resolved = (filter: AliasResolution['filter'], error?: AliasResolution['error']): AliasResolution => ({
  filter,
  resolveMultiple: true,
  dependsOnState: false,
  ...(error ? { error } : {}),
});

describe('alarm source', () => {
  it('reads the alias of alarmSource, else of the first datasource', () => {
    expect(alarmSourceAliasId({ alarmSource: { type: 'entity', entityAliasId: 'a1' } })).toBe('a1');
    expect(alarmSourceAliasId({ datasources: [{ type: 'entity', entityAliasId: 'a2' }] })).toBe('a2');
    expect(alarmSourceAliasId({ alarmSource: { type: 'function' } })).toBeNull();
  });

  it('turns the alias into entity filters, or its error', () => {
    const aliases = {
      a1: resolved(devices as unknown as AliasResolution['filter']),
      a2: resolved(null, 'alias.error-no-state-entity'),
    };
    expect(sourceFilters('a1', aliases)).toEqual({ filters: [devices], error: null });
    expect(sourceFilters('a2', aliases).error).toBe('alias.error-no-state-entity');
    expect(sourceFilters('zz', aliases).error).toBe('datasource.error-alias-not-found');
    // No alias: every device and asset the caller sees.
    expect(sourceFilters(null, aliases).filters.map((f) => f.entityType)).toEqual(['DEVICE', 'ASSET']);
  });

  it('accepts ThingsBoard and product statuses and known severities only', () => {
    expect(searchStatusOf('ACTIVE')).toBe('ACTIVE');
    expect(searchStatusOf('INPROGRESS')).toBe('INPROGRESS');
    expect(searchStatusOf('nonsense', 'ACTIVE')).toBe('ACTIVE');
    expect(severitiesOf(['MAJOR', 'HUGE', 3])).toEqual(['MAJOR']);
  });
});

describe('alarm queries', () => {
  it('builds the alarm data query with status, types, severities and window', () => {
    const query = widgetAlarmQuery(
      devices,
      { status: 'ACTIVE', severities: ['CRITICAL'], types: ['Water Leak'], textSearch: ' leak ', startTs: 100 },
      { page: 2, pageSize: 20, sortProperty: 'originatorName', sortOrder: 'ASC' },
      1000,
    );
    expect(query.entityFilter).toEqual(devices);
    expect(query.pageLink).toMatchObject({
      page: 2,
      pageSize: 20,
      textSearch: 'leak',
      statusList: ['ACTIVE'],
      typeList: ['Water Leak'],
      severityList: ['CRITICAL'],
      startTs: 100,
      sortOrder: { key: { type: 'ALARM_FIELD', key: 'originator' }, direction: 'ASC' },
    });
  });

  it('sends no status for ANY and no bounds (all time) without a window', () => {
    const query = widgetAlarmQuery(
      devices,
      { status: 'ANY', severities: [], types: [], textSearch: '' },
      COUNT_PAGE,
      5,
    );
    expect(query.pageLink).toMatchObject({ statusList: [], timeWindow: 0, pageSize: 1 });
    expect(query.pageLink).not.toHaveProperty('startTs');
  });

  it('moves a realtime start in steps and keeps a fixed window as it is', () => {
    const day = 86_400_000;
    const first = alarmWindow({ realtime: true, startTs: 0, endTs: 0, timewindowMs: day }, 10 * day + 1000);
    const later = alarmWindow({ realtime: true, startTs: 0, endTs: 0, timewindowMs: day }, 10 * day + 2000);
    expect(first).toEqual(later);
    expect(first.endTs).toBeUndefined();
    expect(first.startTs).toBeLessThanOrEqual(9 * day + 1000);
    expect(alarmWindow({ realtime: false, startTs: 5, endTs: 9, timewindowMs: 4 }, 100)).toEqual({
      startTs: 5,
      endTs: 9,
    });
  });

  it('reads sort orders and snaps page sizes', () => {
    expect(alarmSortOf('-createdTime')).toEqual({ sortProperty: 'createdTime', sortOrder: 'DESC' });
    expect(alarmSortOf('originator')).toEqual({ sortProperty: 'originatorName', sortOrder: 'ASC' });
    expect(alarmSortOf('whatever')).toEqual({ sortProperty: 'createdTime', sortOrder: 'DESC' });
    expect(nearestPageSize(25, [10, 20, 30])).toBe(20);
    expect(nearestPageSize(1000, [10, 20, 30])).toBe(30);
  });
});

describe('counts', () => {
  it('reads counts from COUNT_DATA and ALARM_DATA messages', () => {
    expect(countFromMessage('entities', { count: 4 })).toBe(4);
    expect(countFromMessage('entities', { count: -1 })).toBeNull();
    expect(countFromMessage('alarms', { data: { data: [], totalElements: 7 } })).toBe(7);
    expect(countFromMessage('alarms', { data: null, update: [] })).toBeNull();
  });

  it('sums the sources once all answered', () => {
    expect(sumCounts([3, 4])).toBe(7);
    expect(sumCounts([3, null])).toBeNull();
    expect(sumCounts([])).toBeNull();
  });

  it('counts inactive devices as all minus active, per profile', () => {
    const queries = healthCountQueries(devices, ['a', 'b']);
    expect(queries.all).toHaveLength(2);
    expect(queries.active[1]?.keyFilters).toEqual([
      expect.objectContaining({ key: { type: 'ENTITY_FIELD', key: 'type' } }),
      ACTIVE_KEY_FILTER,
    ]);
    expect(healthCountQueries(devices, []).all[0]).toEqual({ entityFilter: devices, keyFilters: [] });
    expect(healthCount('inactive', 10, 7)).toEqual({ value: 3, total: 10 });
    expect(healthCount('active', 10, 7)).toEqual({ value: 7, total: 10 });
    expect(healthCount('all', 10, 7)).toEqual({ value: 10, total: 10 });
    expect(healthCount('inactive', 10, null).value).toBeNull();
    expect(healthStateOf('bogus')).toBe('inactive');
  });
});
