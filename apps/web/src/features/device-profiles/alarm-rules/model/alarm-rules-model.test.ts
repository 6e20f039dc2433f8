import type { AlarmRule, DeviceProfileAlarm } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import {
  alarmProblems,
  cleanAlarms,
  conditionSummary,
  isAlarmRuleValid,
  isDeviceProfileAlarmValid,
  keyFilterProblem,
  msToTimeInput,
  newAlarm,
  newKeyFilter,
  newRule,
  orderedCreateRules,
  rangeParts,
  scheduleSummary,
  timeInputToMs,
  twelveHour,
  unusedSeverities,
  withValueType,
} from './alarm-rules-model';

const HOUR = 3_600_000;

function ruleWith(key: string, op: string, value: number): AlarmRule {
  const filter = newKeyFilter('NUMERIC');
  return {
    ...newRule(),
    condition: {
      condition: [
        {
          ...filter,
          key: { type: 'TIME_SERIES', key },
          predicate: { type: 'NUMERIC', operation: op as 'GREATER', value: { defaultValue: value } },
        },
      ],
      spec: { type: 'SIMPLE' },
    },
  };
}

describe('alarm rule validation (spec 2-calls §5)', () => {
  it('a rule needs a non-empty condition list', () => {
    expect(isAlarmRuleValid(newRule())).toBe(false);
    expect(isAlarmRuleValid(ruleWith('temperature', 'GREATER', 25))).toBe(true);
    expect(isAlarmRuleValid(null)).toBe(false);
  });

  it('a profile alarm needs id, type, a valid create rule and a valid clear rule when present', () => {
    const alarm: DeviceProfileAlarm = { ...newAlarm('a1'), alarmType: 'High Temperature' };
    expect(isDeviceProfileAlarmValid(alarm)).toBe(false); // the new create rule has no condition yet
    alarm.createRules = { MAJOR: ruleWith('temperature', 'GREATER', 25) };
    expect(isDeviceProfileAlarmValid(alarm)).toBe(true);
    expect(isDeviceProfileAlarmValid({ ...alarm, id: '' })).toBe(false);
    expect(isDeviceProfileAlarmValid({ ...alarm, alarmType: '  ' })).toBe(false);
    expect(isDeviceProfileAlarmValid({ ...alarm, clearRule: newRule() })).toBe(false);
    expect(isDeviceProfileAlarmValid({ ...alarm, clearRule: ruleWith('temperature', 'LESS', 20) })).toBe(true);
    expect(isDeviceProfileAlarmValid({ ...alarm, createRules: {} })).toBe(false);
  });

  it('names the problems of an alarm by field, including duplicate types', () => {
    const a: DeviceProfileAlarm = { ...newAlarm('a'), alarmType: 'Hot', createRules: { CRITICAL: newRule() } };
    const b: DeviceProfileAlarm = {
      ...newAlarm('b'),
      alarmType: 'Hot',
      createRules: { MAJOR: ruleWith('t', 'GREATER', 1) },
    };
    expect(alarmProblems(a, [a, b])).toEqual({
      alarmType: 'device-profile.alarm-type-unique',
      'create.CRITICAL': 'device-profile.condition-required',
    });
    expect(alarmProblems({ ...b, alarmType: 'Other' }, [a, b])).toEqual({});
  });

  it('a key filter needs a key name and a complete dynamic source', () => {
    const filter = newKeyFilter();
    expect(keyFilterProblem(filter)).toBe('filter.key-name-required');
    const named = { ...filter, key: { type: 'TIME_SERIES' as const, key: 'temperature' } };
    expect(keyFilterProblem(named)).toBeNull();
    expect(
      keyFilterProblem({
        ...named,
        predicate: {
          type: 'NUMERIC',
          operation: 'GREATER',
          value: { defaultValue: 25, dynamicValue: { sourceType: 'CURRENT_DEVICE', sourceAttribute: '' } },
        },
      }),
    ).toBe('filter.dynamic-source-attribute-required');
  });

  it('changing the value type resets the predicate to a fitting one', () => {
    const changed = withValueType(newKeyFilter('NUMERIC'), 'STRING');
    expect(changed.predicate).toMatchObject({ type: 'STRING', operation: 'EQUAL', value: { defaultValue: '' } });
    expect(withValueType(changed, 'BOOLEAN').predicate).toMatchObject({
      type: 'BOOLEAN',
      value: { defaultValue: false },
    });
  });
});

describe('severities', () => {
  it('lists create rules most severe first and offers the unused severities', () => {
    const alarm: DeviceProfileAlarm = {
      ...newAlarm('x'),
      createRules: { WARNING: newRule(), CRITICAL: newRule() },
    };
    expect(orderedCreateRules(alarm).map(([s]) => s)).toEqual(['CRITICAL', 'WARNING']);
    expect(unusedSeverities(alarm)).toEqual(['MAJOR', 'MINOR', 'INDETERMINATE']);
  });
});

describe('summaries', () => {
  it('reads a condition as text, with dynamic sources', () => {
    const rule = ruleWith('temperature', 'GREATER', 25);
    expect(conditionSummary(rule)).toBe('temperature > 25');
    const first = rule.condition.condition[0]!;
    rule.condition.condition.push({
      ...first,
      key: { type: 'ATTRIBUTE', key: 'humidity' },
      predicate: {
        type: 'NUMERIC',
        operation: 'LESS_OR_EQUAL',
        value: {
          defaultValue: 0,
          dynamicValue: { sourceType: 'CURRENT_TENANT', sourceAttribute: 'maxHum', inherit: true },
        },
      },
    });
    expect(conditionSummary(rule)).toBe('temperature > 25 and humidity ≤ tenant.maxHum (inherit)');
  });

  it('shows times on a 12-hour clock and overnight ranges in two parts', () => {
    expect(twelveHour(0)).toBe('12:00 AM');
    expect(twelveHour(12 * HOUR)).toBe('12:00 PM');
    expect(twelveHour(18.5 * HOUR)).toBe('6:30 PM');
    expect(rangeParts(9 * HOUR, 17 * HOUR)).toEqual(['9:00 AM – 5:00 PM']);
    expect(rangeParts(22 * HOUR, 6 * HOUR)).toEqual(['10:00 PM – 12:00 AM', '12:00 AM – 6:00 AM']);
  });

  it('summarises specific-time and custom schedules', () => {
    expect(scheduleSummary(null)).toEqual([]);
    expect(
      scheduleSummary({
        type: 'SPECIFIC_TIME',
        timezone: 'UTC',
        daysOfWeek: [2, 1],
        startsOn: 22 * HOUR,
        endsOn: 6 * HOUR,
      }),
    ).toEqual(['Mon, Tue: 10:00 PM – 12:00 AM, 12:00 AM – 6:00 AM (UTC)']);
    expect(
      scheduleSummary({
        type: 'CUSTOM',
        timezone: 'Asia/Taipei',
        items: [
          { enabled: true, dayOfWeek: 6, startsOn: 8 * HOUR, endsOn: 12 * HOUR },
          { enabled: false, dayOfWeek: 7, startsOn: 0, endsOn: 0 },
        ],
      }),
    ).toEqual(['Sat: 8:00 AM – 12:00 PM (Asia/Taipei)']);
  });

  it('converts between time inputs and milliseconds from midnight', () => {
    expect(msToTimeInput(22 * HOUR + 15 * 60_000)).toBe('22:15');
    expect(timeInputToMs('06:30')).toBe(6.5 * HOUR);
  });
});

describe('saving', () => {
  it('trims types, drops relation types unless propagating, and sends null for no alarms', () => {
    expect(cleanAlarms([])).toBeNull();
    const [saved] = cleanAlarms([
      { ...newAlarm('a'), alarmType: ' Hot ', propagate: false, propagateRelationTypes: ['Contains'] },
    ])!;
    expect(saved).toMatchObject({ alarmType: 'Hot', propagateRelationTypes: null });
  });
});
