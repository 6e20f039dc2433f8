// Device-profile alarm rule shapes live in @sapo/common (the web's alarm-rules editor uses them too).
import { ALARM_SEVERITY_LIST, type TimeUnit } from '@sapo/common';

export type {
  AlarmConditionFilter,
  AlarmConditionKeyType,
  AlarmConditionSpec,
  AlarmRule,
  AlarmSchedule,
  AlarmSeverity,
  CustomScheduleItem,
  DeviceProfileAlarm,
  TimeUnit,
} from '@sapo/common';

/** Most severe first: create rules are checked in this order. */
export const ALARM_SEVERITIES = ALARM_SEVERITY_LIST;

const UNIT_MS: Record<TimeUnit, number> = {
  MILLISECONDS: 1,
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};
export const unitToMillis = (unit: TimeUnit, value: number): number => (UNIT_MS[unit] ?? 1000) * value;
