import { describe, expect, it } from 'vitest';
import type { AlarmConditionFilter, AlarmRule, DeviceProfileAlarm } from './alarm-rule-types.ts';
import type { DynamicSourceLookup } from './alarm-predicate.ts';
import {
  alarmClearedExternally,
  evaluateAlarm,
  evaluateRule,
  newAlarmState,
  substituteDetails,
  type AlarmEvent,
  type AlarmState,
} from './alarm-rule-state.ts';

const lookup: DynamicSourceLookup = () => undefined;
const tempAbove = (n: number): AlarmConditionFilter => ({
  key: { type: 'TIME_SERIES', key: 'temperature' },
  valueType: 'NUMERIC',
  predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: n } },
});
const ev = (ts: number, temperature?: number, timerOnly = false): AlarmEvent => ({
  ts,
  lookup,
  timerOnly,
  snapshot: {
    timeseries: temperature === undefined ? {} : { temperature },
    attributes: { flag: true },
    entityFields: { name: 'Dev 1' },
  },
});
const rule = (
  filters: AlarmConditionFilter[],
  spec?: AlarmRule['condition']['spec'],
  alarmDetails?: string,
): AlarmRule => ({
  condition: { condition: filters, spec: spec ?? { type: 'SIMPLE' } },
  schedule: { type: 'ANY_TIME' },
  alarmDetails,
});

describe('rule state machines', () => {
  it('SIMPLE is true exactly while the condition holds', () => {
    const r = rule([tempAbove(25)]);
    expect(evaluateRule(r, undefined, ev(1, 30)).result).toBe(true);
    expect(evaluateRule(r, undefined, ev(1, 20)).result).toBe(false);
    expect(evaluateRule(r, undefined, ev(1)).result).toBe(false); // missing value
  });

  it('DURATION accumulates time between matching events and needs to exceed it; false resets', () => {
    const r = rule([tempAbove(25)], { type: 'DURATION', unit: 'SECONDS', value: 10 });
    let s = evaluateRule(r, undefined, ev(1000, 30));
    expect(s.result).toBe(false);
    s = evaluateRule(r, s.state, ev(11_000, 30)); // exactly 10 s: not exceeded
    expect(s.result).toBe(false);
    expect(s.state.duration).toBe(10_000);
    s = evaluateRule(r, s.state, ev(11_001, 30, true)); // timer check
    expect(s.result).toBe(true);
    s = evaluateRule(r, s.state, ev(12_000, 20));
    expect(s.result).toBe(false);
    expect(s.state).toEqual({ lastEventTs: 0, duration: 0, eventCount: 0 });
    s = evaluateRule(r, s.state, ev(13_000, 30));
    expect(s.result).toBe(false);
  });

  it('REPEATING counts matching events; timer checks do not count; false resets', () => {
    const r = rule([tempAbove(25)], { type: 'REPEATING', count: 3 });
    let s = evaluateRule(r, undefined, ev(1, 30));
    s = evaluateRule(r, s.state, ev(2, 30));
    s = evaluateRule(r, s.state, ev(3, 30, true));
    expect(s.result).toBe(false);
    s = evaluateRule(r, s.state, ev(4, 30));
    expect(s.result).toBe(true);
    s = evaluateRule(r, s.state, ev(5, 10));
    s = evaluateRule(r, s.state, ev(6, 30));
    expect(s.result).toBe(false);
    expect(s.state.eventCount).toBe(1);
  });

  it('an inactive schedule makes the rule false', () => {
    const r: AlarmRule = {
      ...rule([tempAbove(25)]),
      schedule: { type: 'SPECIFIC_TIME', timezone: 'UTC', daysOfWeek: [1], startsOn: 0, endsOn: 3_600_000 },
    };
    expect(evaluateRule(r, undefined, ev(Date.UTC(2024, 0, 1, 0, 30), 30)).result).toBe(true);
    expect(evaluateRule(r, undefined, ev(Date.UTC(2024, 0, 1, 2), 30)).result).toBe(false);
  });

  it('all filters are ANDed, including CONSTANT, ATTRIBUTE and ENTITY_FIELD keys', () => {
    const filters: AlarmConditionFilter[] = [
      tempAbove(25),
      {
        key: { type: 'ATTRIBUTE', key: 'flag' },
        valueType: 'BOOLEAN',
        predicate: { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: true } },
      },
      {
        key: { type: 'ENTITY_FIELD', key: 'name' },
        valueType: 'STRING',
        predicate: { type: 'STRING', operation: 'STARTS_WITH', value: { defaultValue: 'dev' }, ignoreCase: true },
      },
      {
        key: { type: 'CONSTANT', key: 'c' },
        valueType: 'NUMERIC',
        value: '7',
        predicate: { type: 'NUMERIC', operation: 'EQUAL', value: { defaultValue: 7 } },
      },
    ];
    expect(evaluateRule(rule(filters), undefined, ev(1, 30)).result).toBe(true);
    expect(evaluateRule(rule([...filters, tempAbove(40)]), undefined, ev(1, 30)).result).toBe(false);
    expect(evaluateRule(rule([]), undefined, ev(1, 30)).result).toBe(false);
  });
});

describe('evaluateAlarm', () => {
  const def: DeviceProfileAlarm = {
    id: 'high',
    alarmType: 'High Temperature',
    createRules: {
      MAJOR: rule([tempAbove(25)], undefined, 'Major: ${temperature} on ${name}'),
      CRITICAL: rule([tempAbove(40)], undefined, 'Critical: ${temperature}'),
      WARNING: rule([tempAbove(20)], undefined, 'Warn ${unknown}'),
    },
    clearRule: rule(
      [
        {
          key: { type: 'TIME_SERIES', key: 'temperature' },
          valueType: 'NUMERIC',
          predicate: { type: 'NUMERIC', operation: 'LESS', value: { defaultValue: 18 } },
        },
      ],
      undefined,
      'Cleared at ${temperature}',
    ),
  };
  const run = (state: AlarmState, e: AlarmEvent) => evaluateAlarm(def, state, e);

  it('creates with the most severe true rule, updates on higher-or-equal, ignores lower, clears', () => {
    const s0 = newAlarmState();
    let r = run(s0, ev(1, 22));
    expect(r.action).toEqual({ kind: 'CREATE', severity: 'WARNING', details: 'Warn ${unknown}' });
    expect(s0.current).toBeNull(); // input not mutated
    r = run(r.state, ev(2, 45));
    expect(r.action).toEqual({ kind: 'UPDATE', severity: 'CRITICAL', severityUpdated: true, details: 'Critical: 45' });
    r = run(r.state, ev(3, 41));
    expect(r.action).toMatchObject({ kind: 'UPDATE', severity: 'CRITICAL', severityUpdated: false });
    r = run(r.state, ev(4, 30));
    expect(r.action).toEqual({ kind: 'NONE' });
    expect(r.state.current?.severity).toBe('CRITICAL');
    r = run(r.state, ev(5, 19));
    expect(r.action).toEqual({ kind: 'NONE' });
    r = run(r.state, ev(6, 10));
    expect(r.action).toEqual({ kind: 'CLEAR', details: 'Cleared at 10' });
    expect(r.state.current).toBeNull();
    r = run(r.state, ev(7, 10));
    expect(r.action).toEqual({ kind: 'NONE' });
    r = run(r.state, ev(8, 30));
    expect(r.action).toEqual({ kind: 'CREATE', severity: 'MAJOR', details: 'Major: 30 on Dev 1' });
  });

  it('state round-trips through JSON and external clears are forgotten', () => {
    let r = run(newAlarmState(), ev(1, 30));
    const restored = JSON.parse(JSON.stringify(r.state)) as AlarmState;
    r = run(restored, ev(2, 30));
    expect(r.action.kind).toBe('UPDATE');
    r = run(alarmClearedExternally(r.state), ev(3, 30));
    expect(r.action.kind).toBe('CREATE');
  });

  it('DURATION create rule raises only after the duration', () => {
    const d: DeviceProfileAlarm = {
      id: 'd',
      alarmType: 'Hot for a while',
      createRules: { MAJOR: rule([tempAbove(25)], { type: 'DURATION', unit: 'MINUTES', value: 1 }) },
    };
    let r = evaluateAlarm(d, newAlarmState(), ev(0 + 1, 30));
    r = evaluateAlarm(d, r.state, ev(30_001, 30));
    expect(r.action.kind).toBe('NONE');
    r = evaluateAlarm(d, r.state, ev(60_002, 30));
    expect(r.action).toMatchObject({ kind: 'CREATE', severity: 'MAJOR' });
  });

  it('substituteDetails prefers time series, then attributes, then entity fields', () => {
    const snap = { timeseries: { a: 1 }, attributes: { a: 2, b: 'x' }, entityFields: { c: 'n' } };
    expect(substituteDetails('${a} ${b} ${c} ${d}', snap)).toBe('1 x n ${d}');
    expect(substituteDetails(null, snap)).toBe('');
  });
});
