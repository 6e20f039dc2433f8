// Device-profile alarm rule wire shapes (reference §8, spec 2-calls §3.7), ThingsBoard 3.2.2 layout.
import type { EntityKeyValueType, KeyFilterPredicate } from '@sapo/common';

export const ALARM_SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING', 'INDETERMINATE'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

export type AlarmConditionKeyType = 'ATTRIBUTE' | 'TIME_SERIES' | 'ENTITY_FIELD' | 'CONSTANT';
export interface AlarmConditionFilter {
  key: { type: AlarmConditionKeyType; key: string };
  valueType: EntityKeyValueType;
  /** Only used by CONSTANT keys: the constant operand, parsed per valueType. */
  value?: unknown;
  predicate: KeyFilterPredicate;
}

export type TimeUnit = 'MILLISECONDS' | 'SECONDS' | 'MINUTES' | 'HOURS' | 'DAYS';
export type AlarmConditionSpec =
  { type: 'SIMPLE' } | { type: 'DURATION'; unit: TimeUnit; value: number } | { type: 'REPEATING'; count: number };

export interface CustomScheduleItem {
  enabled: boolean;
  dayOfWeek: number;
  startsOn: number;
  endsOn: number;
}
export type AlarmSchedule =
  | { type: 'ANY_TIME' }
  | { type: 'SPECIFIC_TIME'; timezone: string; daysOfWeek: number[]; startsOn: number; endsOn: number }
  | { type: 'CUSTOM'; timezone: string; items: CustomScheduleItem[] };

export interface AlarmRule {
  condition: { condition: AlarmConditionFilter[]; spec?: AlarmConditionSpec | null };
  schedule?: AlarmSchedule | null;
  alarmDetails?: string | null;
}

export interface DeviceProfileAlarm {
  id: string;
  alarmType: string;
  createRules: Partial<Record<AlarmSeverity, AlarmRule>>;
  clearRule?: AlarmRule | null;
  propagate?: boolean;
  propagateRelationTypes?: string[] | null;
}

const UNIT_MS: Record<TimeUnit, number> = {
  MILLISECONDS: 1,
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};
export const unitToMillis = (unit: TimeUnit, value: number): number => (UNIT_MS[unit] ?? 1000) * value;
