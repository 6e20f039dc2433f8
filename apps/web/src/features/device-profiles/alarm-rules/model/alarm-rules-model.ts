// Pure logic of the device-profile alarm-rules editor (spec 2-calls §3.7, §5; reference §8).
import {
  ALARM_SEVERITY_LIST,
  CONDITION_KEY_TYPES as KEY_TYPE_LIST,
  KEY_VALUE_TYPES,
  PREDICATE_OPERATIONS,
  TIME_UNITS as TIME_UNIT_LIST,
  type AlarmConditionFilter,
  type AlarmConditionKeyType,
  type AlarmConditionSpec,
  type AlarmRule,
  type AlarmSchedule,
  type AlarmSeverity,
  type DeviceProfileAlarm,
  type EntityKeyValueType,
  type KeyFilterPredicate,
  type TimeUnit,
} from '@sapo/common';

// The lists come from @sapo/common, which the server checks profiles against.
export const CONDITION_KEY_TYPES: readonly AlarmConditionKeyType[] = KEY_TYPE_LIST;
export const VALUE_TYPES: readonly EntityKeyValueType[] = KEY_VALUE_TYPES;
export const SPEC_TYPES = ['SIMPLE', 'DURATION', 'REPEATING'] as const;
/** The editor offers no milliseconds (the server accepts them from API clients). */
export const TIME_UNITS: readonly TimeUnit[] = TIME_UNIT_LIST.filter((u) => u !== 'MILLISECONDS');
export const SCHEDULE_TYPES = ['ANY_TIME', 'SPECIFIC_TIME', 'CUSTOM'] as const;
export const DYNAMIC_SOURCES = ['CURRENT_DEVICE', 'CURRENT_CUSTOMER', 'CURRENT_TENANT'] as const;
/** Monday = 1 … Sunday = 7, as ThingsBoard stores them. */
export const DAYS_OF_WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

/** Operations a simple predicate offers for a value type (DATE_TIME compares like numbers). */
export function operationsFor(valueType: EntityKeyValueType): readonly string[] {
  switch (valueType) {
    case 'STRING':
      return PREDICATE_OPERATIONS.STRING;
    case 'BOOLEAN':
      return PREDICATE_OPERATIONS.BOOLEAN;
    default:
      return PREDICATE_OPERATIONS.NUMERIC;
  }
}

const OPERATION_SIGNS: Record<string, string> = {
  EQUAL: '=',
  NOT_EQUAL: '≠',
  GREATER: '>',
  LESS: '<',
  GREATER_OR_EQUAL: '≥',
  LESS_OR_EQUAL: '≤',
  STARTS_WITH: 'starts with',
  ENDS_WITH: 'ends with',
  CONTAINS: 'contains',
  NOT_CONTAINS: 'does not contain',
};

const predicateType = (valueType: EntityKeyValueType): 'STRING' | 'NUMERIC' | 'BOOLEAN' =>
  valueType === 'STRING' ? 'STRING' : valueType === 'BOOLEAN' ? 'BOOLEAN' : 'NUMERIC';

function emptyValue(valueType: EntityKeyValueType): string | number | boolean {
  if (valueType === 'STRING') return '';
  if (valueType === 'BOOLEAN') return false;
  return 0;
}

/** A new key filter: a numeric time-series value compared with `>`. */
export function newKeyFilter(valueType: EntityKeyValueType = 'NUMERIC'): AlarmConditionFilter {
  return {
    key: { type: 'TIME_SERIES', key: '' },
    valueType,
    predicate: simplePredicate(valueType, operationsFor(valueType)[valueType === 'NUMERIC' ? 2 : 0] ?? 'EQUAL'),
  };
}

/** A simple predicate of the value type's kind with an empty default value. */
export function simplePredicate(valueType: EntityKeyValueType, operation: string): KeyFilterPredicate {
  const type = predicateType(valueType);
  const value = { defaultValue: emptyValue(valueType), userValue: null, dynamicValue: null };
  if (type === 'STRING') return { type, operation, value, ignoreCase: false } as KeyFilterPredicate;
  return { type, operation, value } as KeyFilterPredicate;
}

/** Changing the value type resets the predicate to that type (an old operand would not fit). */
export function withValueType(filter: AlarmConditionFilter, valueType: EntityKeyValueType): AlarmConditionFilter {
  return {
    ...filter,
    valueType,
    predicate: simplePredicate(valueType, operationsFor(valueType)[0] ?? 'EQUAL'),
    ...(filter.key.type === 'CONSTANT' ? { value: emptyValue(valueType) } : {}),
  };
}

export function newRule(): AlarmRule {
  return { condition: { condition: [], spec: { type: 'SIMPLE' } }, schedule: null, alarmDetails: null };
}

export function newAlarm(id: string = crypto.randomUUID()): DeviceProfileAlarm {
  return {
    id,
    alarmType: '',
    createRules: { CRITICAL: newRule() },
    clearRule: null,
    propagate: false,
    propagateRelationTypes: null,
  };
}

/** The severities not used yet by an alarm's create rules, most severe first. */
export function unusedSeverities(alarm: DeviceProfileAlarm): AlarmSeverity[] {
  return ALARM_SEVERITY_LIST.filter((s) => !alarm.createRules[s]);
}

/** The create rules in severity order (most severe first). */
export function orderedCreateRules(alarm: DeviceProfileAlarm): [AlarmSeverity, AlarmRule][] {
  return ALARM_SEVERITY_LIST.flatMap((s) => {
    const rule = alarm.createRules[s];
    return rule ? [[s, rule] as [AlarmSeverity, AlarmRule]] : [];
  });
}

// ---- validation (spec 2-calls §5) ----

/** Flag `alarmRule`: a rule is valid only when its condition list is non-empty. */
export const isAlarmRuleValid = (rule: AlarmRule | null | undefined): boolean =>
  Boolean(rule && Array.isArray(rule.condition?.condition) && rule.condition.condition.length > 0);

/**
 * Flag `deviceProfileAlarm`: id and alarmType set, at least one create rule with a non-empty condition,
 * and a present clear rule with a non-empty condition too.
 */
export function isDeviceProfileAlarmValid(alarm: DeviceProfileAlarm): boolean {
  if (!alarm.id || !alarm.alarmType?.trim()) return false;
  const rules = Object.values(alarm.createRules ?? {});
  if (!rules.length || !rules.some((rule) => isAlarmRuleValid(rule))) return false;
  if (alarm.clearRule && !isAlarmRuleValid(alarm.clearRule)) return false;
  return true;
}

/** A key filter's problem as a translation key, or null. */
export function keyFilterProblem(filter: AlarmConditionFilter): string | null {
  if (filter.key.type !== 'CONSTANT' && !filter.key.key.trim()) return 'filter.key-name-required';
  const value = filter.predicate.type === 'COMPLEX' ? null : filter.predicate.value;
  if (value?.dynamicValue?.sourceType && !value.dynamicValue.sourceAttribute?.trim())
    return 'filter.dynamic-source-attribute-required';
  if (filter.valueType === 'NUMERIC' || filter.valueType === 'DATE_TIME') {
    if (value && typeof value.defaultValue !== 'number') return 'filter.value-must-be-number';
  }
  return null;
}

/** Problems of one alarm by field path (translation keys); empty when it may be saved. */
export function alarmProblems(alarm: DeviceProfileAlarm, all: readonly DeviceProfileAlarm[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const type = alarm.alarmType.trim();
  if (!type) problems.alarmType = 'device-profile.alarm-type-required';
  else if (all.some((other) => other !== alarm && other.alarmType.trim() === type))
    problems.alarmType = 'device-profile.alarm-type-unique';
  for (const [severity, rule] of orderedCreateRules(alarm)) {
    if (!isAlarmRuleValid(rule)) problems[`create.${severity}`] = 'device-profile.condition-required';
    else if (rule.condition.condition.some((f) => keyFilterProblem(f)))
      problems[`create.${severity}`] = 'device-profile.condition-invalid';
  }
  if (!Object.keys(alarm.createRules).length) problems.createRules = 'device-profile.create-alarm-rule-required';
  if (alarm.clearRule) {
    if (!isAlarmRuleValid(alarm.clearRule)) problems.clear = 'device-profile.condition-required';
    else if (alarm.clearRule.condition.condition.some((f) => keyFilterProblem(f)))
      problems.clear = 'device-profile.condition-invalid';
  }
  return problems;
}

// ---- display ----

function operandText(
  filter: AlarmConditionFilter,
  predicate: Exclude<KeyFilterPredicate, { type: 'COMPLEX' }>,
): string {
  const dynamic = predicate.value.dynamicValue;
  if (dynamic?.sourceType && dynamic.sourceAttribute) {
    const source = dynamic.sourceType.replace('CURRENT_', '').toLowerCase();
    return `${source}.${dynamic.sourceAttribute}${dynamic.inherit ? ' (inherit)' : ''}`;
  }
  const value = predicate.value.defaultValue;
  return filter.valueType === 'STRING' ? `'${String(value ?? '')}'` : String(value ?? '');
}

function predicateText(filter: AlarmConditionFilter, predicate: KeyFilterPredicate, name: string): string {
  if (predicate.type === 'COMPLEX') {
    const parts = predicate.predicates.map((p) => predicateText(filter, p, name));
    return `(${parts.join(predicate.operation === 'AND' ? ' and ' : ' or ')})`;
  }
  return `${name} ${OPERATION_SIGNS[predicate.operation] ?? predicate.operation} ${operandText(filter, predicate)}`;
}

/** A one-line reading of a condition, e.g. `temperature > 25 and humidity < 40`. */
export function conditionSummary(rule: AlarmRule): string {
  const name = (f: AlarmConditionFilter) => (f.key.type === 'CONSTANT' ? String(f.value ?? '') : f.key.key);
  return rule.condition.condition.map((f) => predicateText(f, f.predicate, name(f))).join(' and ');
}

/** The spec part of the summary: '', 'for 5 minutes', '3 times in a row'. */
export function specSummary(
  spec: AlarmConditionSpec | null | undefined,
): { key: string; params?: Record<string, unknown> } | null {
  if (!spec || spec.type === 'SIMPLE') return null;
  if (spec.type === 'DURATION')
    return { key: 'device-profile.condition-during', params: { value: spec.value, unit: spec.unit.toLowerCase() } };
  return { key: 'device-profile.condition-repeat-times', params: { count: spec.count } };
}

const MS_PER_MINUTE = 60_000;

/** Milliseconds from midnight → "HH:mm" (the time input's value). */
export function msToTimeInput(ms: number): string {
  const minutes = Math.floor((((ms % 86_400_000) + 86_400_000) % 86_400_000) / MS_PER_MINUTE);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "HH:mm" → milliseconds from midnight (schedule time zero is 1970-01-01 midnight). */
export function timeInputToMs(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return ((h ?? 0) * 60 + (m ?? 0)) * MS_PER_MINUTE;
}

/** Milliseconds from midnight on a 12-hour clock: '12:00 AM', '6:30 PM'. */
export function twelveHour(ms: number): string {
  const minutes = Math.floor(ms / MS_PER_MINUTE) % (24 * 60);
  const h24 = Math.floor(minutes / 60);
  const suffix = h24 < 12 ? 'AM' : 'PM';
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
}

/**
 * A time range on a 12-hour clock; an overnight range (start after end) is shown as two parts,
 * the evening one and the morning one (spec 2-calls §3.7).
 */
export function rangeParts(startsOn: number, endsOn: number): string[] {
  if (startsOn === 0 && endsOn === 0) return [`${twelveHour(0)} – ${twelveHour(0)}`];
  if (startsOn <= endsOn) return [`${twelveHour(startsOn)} – ${twelveHour(endsOn)}`];
  return [`${twelveHour(startsOn)} – ${twelveHour(0)}`, `${twelveHour(0)} – ${twelveHour(endsOn)}`];
}

const DAY_SHORT = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Lines describing a schedule, e.g. ['Mon, Tue: 10:00 PM – 12:00 AM, 12:00 AM – 6:00 AM (Europe/Kyiv)']. */
export function scheduleSummary(schedule: AlarmSchedule | null | undefined): string[] {
  if (!schedule || schedule.type === 'ANY_TIME') return [];
  if (schedule.type === 'SPECIFIC_TIME') {
    const days = [...schedule.daysOfWeek]
      .sort()
      .map((d) => DAY_SHORT[d])
      .join(', ');
    return [`${days}: ${rangeParts(schedule.startsOn, schedule.endsOn).join(', ')} (${schedule.timezone})`];
  }
  return schedule.items
    .filter((item) => item.enabled)
    .map(
      (item) =>
        `${DAY_SHORT[item.dayOfWeek]}: ${rangeParts(item.startsOn, item.endsOn).join(', ')} (${schedule.timezone})`,
    );
}

export function defaultSchedule(type: (typeof SCHEDULE_TYPES)[number], timezone: string): AlarmSchedule | null {
  if (type === 'ANY_TIME') return null;
  if (type === 'SPECIFIC_TIME') return { type, timezone, daysOfWeek: [...DAYS_OF_WEEK], startsOn: 0, endsOn: 0 };
  return {
    type,
    timezone,
    items: DAYS_OF_WEEK.map((dayOfWeek) => ({ enabled: true, dayOfWeek, startsOn: 0, endsOn: 0 })),
  };
}

/** Alarms as saved: trimmed types, empty relation-type lists as null. */
export function cleanAlarms(alarms: readonly DeviceProfileAlarm[]): DeviceProfileAlarm[] | null {
  if (!alarms.length) return null;
  return alarms.map((alarm) => ({
    ...alarm,
    alarmType: alarm.alarmType.trim(),
    propagateRelationTypes:
      alarm.propagate && alarm.propagateRelationTypes?.length ? alarm.propagateRelationTypes : null,
  }));
}
