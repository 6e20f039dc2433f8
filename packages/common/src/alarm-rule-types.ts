// Device-profile alarm rule wire shapes (reference §8, spec 2-calls §3.7), ThingsBoard 3.2.2 layout.
import type { AlarmSeverity } from './alarm-types.ts';
import type { EntityKeyValueType, KeyFilterPredicate } from './entity-query-types.ts';
import type { TIME_UNITS } from './rule-lists.ts';

export type AlarmConditionKeyType = 'ATTRIBUTE' | 'TIME_SERIES' | 'ENTITY_FIELD' | 'CONSTANT';
export interface AlarmConditionFilter {
  key: { type: AlarmConditionKeyType; key: string };
  valueType: EntityKeyValueType;
  /** Only used by CONSTANT keys: the constant operand, parsed per valueType. */
  value?: unknown;
  predicate: KeyFilterPredicate;
}

export type TimeUnit = (typeof TIME_UNITS)[number];
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
