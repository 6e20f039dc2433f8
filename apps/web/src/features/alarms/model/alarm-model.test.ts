import { describe, expect, it } from 'vitest';
import {
  canAcknowledge,
  canClear,
  normalizeCounters,
  prettyDetails,
  severityColor,
  severityLabelKey,
  statusLabelKey,
} from './alarm-display';
import { alarmMessageEffect, applyAlarmUpdates, mergeSourcePages, sourceRequest, type AlarmRow } from './alarm-live';
import {
  buildAlarmDataQuery,
  countersPath,
  DEFAULT_ALARM_FILTER,
  DEFAULT_ALARM_PAGE,
  entityAlarmsPath,
  needsDataQuery,
  scopeEntityFilters,
  statusList,
  timeRange,
} from './alarm-query';

const NOW = 1_700_000_000_000;

function alarm(id: string, createdTime: number, extra: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id: { entityType: 'ALARM', id },
    createdTime,
    tenantId: { entityType: 'TENANT', id: 't' },
    type: 'High Temperature',
    name: 'High Temperature',
    originator: { entityType: 'DEVICE', id: 'd1' },
    originatorName: 'Thermostat',
    severity: 'CRITICAL',
    status: 'ACTIVE_UNACK',
    startTs: createdTime,
    endTs: createdTime,
    ackTs: 0,
    clearTs: 0,
    details: {},
    propagate: false,
    propagateRelationTypes: null,
    ...extra,
  } as AlarmRow;
}

const page = (rows: AlarmRow[], total = rows.length) => ({
  data: rows,
  totalElements: total,
  totalPages: 1,
  hasNext: false,
});

describe('alarm display', () => {
  it('colours CRITICAL red, MAJOR orange and INDETERMINATE green', () => {
    expect(severityColor('CRITICAL')).toBe('#d32f2f');
    expect(severityColor('MAJOR')).toBe('#ef6c00');
    expect(severityColor('INDETERMINATE')).toBe('#2e7d32');
    expect(severityColor('UNKNOWN')).toBe('#757575');
  });

  it('names translation keys after ThingsBoard', () => {
    expect(severityLabelKey('MAJOR')).toBe('alarm.severity-major');
    expect(statusLabelKey('CLEARED_ACK')).toBe('alarm.display-status.CLEARED_ACK');
  });

  it('offers acknowledge until acknowledged and clear until cleared', () => {
    expect(canAcknowledge('ACTIVE_UNACK')).toBe(true);
    expect(canAcknowledge('CLEARED_UNACK')).toBe(true);
    expect(canAcknowledge('ACTIVE_ACK')).toBe(false);
    expect(canClear('ACTIVE_ACK')).toBe(true);
    expect(canClear('CLEARED_UNACK')).toBe(false);
  });

  it('fills missing counters with 0', () => {
    expect(normalizeCounters({ TOTAL: 3, NEW: '2', UNREAD: -1 })).toEqual({
      TOTAL: 3,
      NEW: 2,
      INPROGRESS: 0,
      CLOSED: 0,
      UNREAD: 0,
    });
    expect(normalizeCounters(null).TOTAL).toBe(0);
  });

  it('pretty-prints details given as an object or a JSON string', () => {
    expect(prettyDetails({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyDetails('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyDetails('plain')).toBe('plain');
    expect(prettyDetails(null)).toBe('');
  });
});

describe('alarm queries', () => {
  it('maps the time windows to ranges ending now', () => {
    expect(timeRange({ ...DEFAULT_ALARM_FILTER, window: 'hour' }, NOW)).toEqual({
      startTs: NOW - 3_600_000,
      endTs: NOW,
    });
    expect(timeRange({ ...DEFAULT_ALARM_FILTER, window: 'week' }, NOW).startTs).toBe(NOW - 7 * 86_400_000);
    expect(timeRange(DEFAULT_ALARM_FILTER, NOW)).toEqual({});
    expect(timeRange({ ...DEFAULT_ALARM_FILTER, window: 'custom', customStart: 5 }, NOW)).toEqual({ startTs: 5 });
  });

  it('sends the search status as the query status list (ANY: no filter)', () => {
    expect(statusList('ANY')).toEqual([]);
    expect(statusList('NEW')).toEqual(['NEW']);
    expect(statusList('CLOSED')).toEqual(['CLOSED']);
  });

  it('builds an AlarmDataQuery with filters, sort and window', () => {
    const filter = {
      ...DEFAULT_ALARM_FILTER,
      status: 'NEW' as const,
      severities: ['CRITICAL' as const],
      typeText: ' High ',
      window: 'day' as const,
    };
    const query = buildAlarmDataQuery(
      { type: 'entityType', entityType: 'DEVICE' },
      filter,
      { ...DEFAULT_ALARM_PAGE, sortProperty: 'originatorName', sortOrder: 'ASC' },
      NOW,
    );
    expect(query.entityFilter).toEqual({ type: 'entityType', entityType: 'DEVICE' });
    expect(query.pageLink).toMatchObject({
      page: 0,
      pageSize: 10,
      textSearch: 'High',
      statusList: ['NEW'],
      severityList: ['CRITICAL'],
      startTs: NOW - 86_400_000,
      endTs: NOW,
      sortOrder: { key: { type: 'ALARM_FIELD', key: 'originator' }, direction: 'ASC' },
    });
    expect(query.alarmFields).toHaveLength(5);
  });

  it('asks for all time when there is no window', () => {
    const query = buildAlarmDataQuery(
      { type: 'entityType', entityType: 'ASSET' },
      DEFAULT_ALARM_FILTER,
      DEFAULT_ALARM_PAGE,
      NOW,
    );
    expect(query.pageLink).toMatchObject({ timeWindow: 0, textSearch: null });
    expect(query.pageLink).not.toHaveProperty('startTs');
  });

  it('builds the entity alarms path with the search status and originator names', () => {
    const path = entityAlarmsPath(
      { entityType: 'DEVICE', id: 'd1' },
      { ...DEFAULT_ALARM_FILTER, status: 'UNREAD', window: 'hour' },
      DEFAULT_ALARM_PAGE,
      NOW,
    );
    expect(path).toBe(
      `/api/alarm/DEVICE/d1?searchStatus=UNREAD&pageSize=10&page=0&sortProperty=createdTime&sortOrder=DESC&fetchOriginator=true&startTime=${NOW - 3_600_000}&endTime=${NOW}`,
    );
    expect(needsDataQuery(DEFAULT_ALARM_FILTER)).toBe(false);
    expect(needsDataQuery({ ...DEFAULT_ALARM_FILTER, severities: ['MAJOR'] })).toBe(true);
  });

  it('covers devices and assets for the center and one entity for a tab', () => {
    expect(scopeEntityFilters({ kind: 'all' }).map((f) => f.entityType)).toEqual(['DEVICE', 'ASSET']);
    expect(scopeEntityFilters({ kind: 'entity', entityType: 'ASSET', id: 'a' })).toEqual([
      { type: 'singleEntity', singleEntity: { entityType: 'ASSET', id: 'a' } },
    ]);
    expect(countersPath({ kind: 'all' })).toBe('/api/alarms/counters');
    expect(countersPath({ kind: 'entity', entityType: 'DEVICE', id: 'd' })).toBe('/api/alarm/counters/DEVICE/d');
  });
});

describe('live alarm pages', () => {
  it('merges device and asset pages into the page asked for, newest first', () => {
    const request = { ...DEFAULT_ALARM_PAGE, page: 1, pageSize: 2 };
    expect(sourceRequest(request, 2)).toMatchObject({ page: 0, pageSize: 4 });
    expect(sourceRequest(request, 1)).toBe(request);
    const devices = page([alarm('d5', 50), alarm('d3', 30), alarm('d1', 10)], 3);
    const assets = page([alarm('a4', 40), alarm('a2', 20)], 2);
    const merged = mergeSourcePages([devices, assets], request);
    expect(merged.data.map((row) => row.id.id)).toEqual(['d3', 'a2']);
    expect(merged).toMatchObject({ totalElements: 5, totalPages: 3, hasNext: true });
  });

  it('sorts text columns ascending when asked', () => {
    const merged = mergeSourcePages([page([alarm('1', 1, { type: 'b' })]), page([alarm('2', 2, { type: 'a' })])], {
      ...DEFAULT_ALARM_PAGE,
      sortProperty: 'type',
      sortOrder: 'ASC',
    });
    expect(merged.data.map((row) => row.type)).toEqual(['a', 'b']);
  });

  it('sorts severity by rank like the server', () => {
    const merged = mergeSourcePages(
      [
        page([alarm('1', 1, { severity: 'WARNING' }), alarm('2', 2, { severity: 'MAJOR' })]),
        page([alarm('3', 3, { severity: 'CRITICAL' })]),
      ],
      { ...DEFAULT_ALARM_PAGE, sortProperty: 'severity', sortOrder: 'DESC' },
    );
    expect(merged.data.map((row) => row.severity)).toEqual(['CRITICAL', 'MAJOR', 'WARNING']);
  });

  it('updates a shown alarm in place and keeps fields the update leaves out', () => {
    const shown = page([alarm('x', 1), alarm('y', 2)]);
    const { page: next, missing } = applyAlarmUpdates(shown, [
      alarm('x', 1, { status: 'ACTIVE_ACK', ackTs: 9, originatorName: null }),
    ]);
    expect(missing).toBe(false);
    expect(next.data[0]).toMatchObject({ status: 'ACTIVE_ACK', ackTs: 9, originatorName: 'Thermostat' });
    expect(next.data[1]).toBe(shown.data[1]);
  });

  it('asks for a refetch when an update names an alarm not shown (a new one)', () => {
    expect(applyAlarmUpdates(page([alarm('x', 1)]), [alarm('new', 5)]).missing).toBe(true);
  });

  it('reads ALARM_DATA messages: errors, first page, later pages and updates', () => {
    expect(alarmMessageEffect({ errorCode: 2, errorMsg: 'Bad request' }, true)).toEqual({
      kind: 'error',
      message: 'Bad request',
    });
    expect(alarmMessageEffect({ errorCode: 0, data: page([]), update: null }, true)).toEqual({ kind: 'none' });
    expect(alarmMessageEffect({ errorCode: 0, data: page([]), update: null }, false)).toEqual({ kind: 'refresh' });
    const effect = alarmMessageEffect({ errorCode: 0, data: null, update: [alarm('x', 1), { bad: true }] }, false);
    expect(effect.kind).toBe('update');
    expect(effect.kind === 'update' && effect.alarms.map((a) => a.id.id)).toEqual(['x']);
  });
});
