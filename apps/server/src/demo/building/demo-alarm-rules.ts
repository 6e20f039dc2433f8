import type { AlarmConditionFilter, AlarmRule, AlarmSeverity, DeviceProfileAlarm } from '@sapo/common';

/**
 * Alarm rules of the demo profiles (spec 1-client §3.5 known alarm types), evaluated by the rule
 * engine's device-profile node like any tenant's: the simulator's faults raise them and clear them.
 */

const num = (
  key: string,
  operation: 'GREATER' | 'LESS' | 'GREATER_OR_EQUAL' | 'LESS_OR_EQUAL',
  defaultValue: number,
  attribute?: string,
): AlarmConditionFilter => ({
  key: { type: 'TIME_SERIES', key },
  valueType: 'NUMERIC',
  predicate: {
    type: 'NUMERIC',
    operation,
    value: {
      defaultValue,
      ...(attribute ? { dynamicValue: { sourceType: 'CURRENT_DEVICE' as const, sourceAttribute: attribute } } : {}),
    },
  },
});
const bool = (key: string, type: 'TIME_SERIES' | 'ATTRIBUTE', value: boolean): AlarmConditionFilter => ({
  key: { type, key },
  valueType: 'BOOLEAN',
  predicate: { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: value } },
});
const rule = (...condition: AlarmConditionFilter[]): AlarmRule => ({
  condition: { condition, spec: { type: 'SIMPLE' } },
});
const alarm = (
  alarmType: string,
  severity: AlarmSeverity,
  create: AlarmConditionFilter[],
  clear: AlarmConditionFilter[],
): DeviceProfileAlarm => ({
  id: alarmType.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  alarmType,
  createRules: { [severity]: rule(...create) },
  clearRule: rule(...clear),
  propagate: true,
  propagateRelationTypes: ['Contains'],
});

const PHASES = ['A', 'B', 'C'] as const;
/** 220 V ± 10 %; a dead phase (0 V, a generator on standby) is no under-voltage. */
const V_HIGH = 242;
const V_LOW = 198;

const offline = alarm(
  'Device Offline',
  'MAJOR',
  [bool('active', 'ATTRIBUTE', false)],
  [bool('active', 'ATTRIBUTE', true)],
);
const lowBattery = alarm('Low Battery', 'MINOR', [num('bat', 'LESS', 20)], [num('bat', 'GREATER_OR_EQUAL', 25)]);

const overCurrent = PHASES.map((p) => {
  const key = `current_${p.toLowerCase()}`;
  return alarm(
    `Over Current Phase ${p}`,
    'CRITICAL',
    [num(key, 'GREATER', 400, 'ratedCurrent')],
    [num(key, 'LESS_OR_EQUAL', 400, 'ratedCurrent')],
  );
});
const voltage = PHASES.flatMap((p) => {
  const key = `voltage_${p.toLowerCase()}`;
  return [
    alarm(`Over Voltage Phase ${p}`, 'MAJOR', [num(key, 'GREATER', V_HIGH)], [num(key, 'LESS_OR_EQUAL', V_HIGH)]),
    alarm(
      `Under Voltage Phase ${p}`,
      'MAJOR',
      [num(key, 'LESS', V_LOW), num(key, 'GREATER', 50)],
      [num(key, 'GREATER_OR_EQUAL', V_LOW)],
    ),
  ];
});

/** Alarm rules by demo profile name. */
export const DEMO_PROFILE_ALARMS: Readonly<Record<string, DeviceProfileAlarm[]>> = {
  'Switchboard Incomer': [...overCurrent, ...voltage, offline],
  'Switchboard Feeder': [...overCurrent, ...voltage, offline],
  'Energy Meter': [offline],
  'Water Meter': [offline],
  'People Counter': [offline],
  'Air Quality Sensor': [
    alarm('High CO2', 'MAJOR', [num('co2_value', 'GREATER', 1000)], [num('co2_value', 'LESS_OR_EQUAL', 900)]),
    lowBattery,
    offline,
  ],
  'Leak Sensor': [
    alarm('Water Leak', 'CRITICAL', [bool('leak', 'TIME_SERIES', true)], [bool('leak', 'TIME_SERIES', false)]),
    lowBattery,
    offline,
  ],
};
