// Server-side checks of device-profile alarm rules (spec 2-calls §5, reference §8): a profile whose
// rules the engine could not evaluate is refused with a message naming the rule, not stored.
import {
  ALARM_SEVERITY_LIST,
  CONDITION_KEY_TYPES,
  KEY_VALUE_TYPES,
  PREDICATE_OPERATIONS,
  TIME_UNITS,
} from '@sapo/common';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

// The lists live in @sapo/common, shared with the web editor.
const KEY_TYPES: readonly string[] = CONDITION_KEY_TYPES;
const VALUE_TYPES: readonly string[] = KEY_VALUE_TYPES;
const PREDICATE_OPS: Record<string, readonly string[]> = PREDICATE_OPERATIONS;
const DAY_MS = 86_400_000;

function checkPredicate(p: unknown, where: string): string | undefined {
  if (!isObj(p) || typeof p.type !== 'string' || !PREDICATE_OPS[p.type])
    return `${where}: predicate type must be one of STRING, NUMERIC, BOOLEAN, COMPLEX`;
  if (!PREDICATE_OPS[p.type]!.includes(String(p.operation)))
    return `${where}: unsupported ${p.type} operation '${String(p.operation)}'`;
  if (p.type === 'COMPLEX') {
    if (!Array.isArray(p.predicates) || !p.predicates.length) return `${where}: a complex predicate needs predicates`;
    for (const inner of p.predicates) {
      const problem = checkPredicate(inner, where);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!isObj(p.value)) return `${where}: predicate value should be specified`;
  const dynamic = p.value.dynamicValue;
  if (dynamic !== undefined && dynamic !== null) {
    if (!isObj(dynamic)) return `${where}: dynamic value must be an object`;
    if (dynamic.sourceType && !text(dynamic.sourceAttribute))
      return `${where}: dynamic value source attribute should be specified`;
  }
  if (p.type === 'NUMERIC' && p.value.defaultValue != null && typeof p.value.defaultValue !== 'number')
    return `${where}: numeric value must be a number`;
  return undefined;
}

function checkSchedule(s: unknown, where: string): string | undefined {
  if (s === undefined || s === null) return undefined;
  if (!isObj(s)) return `${where}: schedule must be an object`;
  const inDay = (v: unknown) => typeof v === 'number' && v >= 0 && v <= DAY_MS;
  const zoneOk = (z: unknown) => {
    if (!text(z)) return false;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: String(z) });
      return true;
    } catch {
      return false;
    }
  };
  if (s.type === 'ANY_TIME') return undefined;
  if (s.type === 'SPECIFIC_TIME') {
    if (!zoneOk(s.timezone)) return `${where}: schedule timezone '${String(s.timezone)}' is not valid`;
    if (
      !Array.isArray(s.daysOfWeek) ||
      !s.daysOfWeek.length ||
      s.daysOfWeek.some((d) => ![1, 2, 3, 4, 5, 6, 7].includes(d as number))
    )
      return `${where}: schedule days of week must be numbers 1 (Monday) to 7 (Sunday)`;
    if (!inDay(s.startsOn) || !inDay(s.endsOn)) return `${where}: schedule times must be milliseconds from midnight`;
    return undefined;
  }
  if (s.type === 'CUSTOM') {
    if (!zoneOk(s.timezone)) return `${where}: schedule timezone '${String(s.timezone)}' is not valid`;
    if (!Array.isArray(s.items)) return `${where}: custom schedule items should be specified`;
    for (const item of s.items) {
      if (!isObj(item) || ![1, 2, 3, 4, 5, 6, 7].includes(item.dayOfWeek as number))
        return `${where}: custom schedule items need a day of week 1 to 7`;
      if (item.enabled && (!inDay(item.startsOn) || !inDay(item.endsOn)))
        return `${where}: schedule times must be milliseconds from midnight`;
    }
    return undefined;
  }
  return `${where}: schedule type must be ANY_TIME, SPECIFIC_TIME or CUSTOM`;
}

function checkRule(rule: unknown, where: string): string | undefined {
  if (
    !isObj(rule) ||
    !isObj(rule.condition) ||
    !Array.isArray(rule.condition.condition) ||
    !rule.condition.condition.length
  )
    return `${where}: alarm rule condition should be specified`;
  for (const [i, filter] of rule.condition.condition.entries()) {
    const at = `${where}, key filter ${i + 1}`;
    if (!isObj(filter) || !isObj(filter.key) || !KEY_TYPES.includes(String(filter.key.type)))
      return `${at}: key type must be one of ${KEY_TYPES.join(', ')}`;
    if (filter.key.type !== 'CONSTANT' && !text(filter.key.key)) return `${at}: key name should be specified`;
    if (!VALUE_TYPES.includes(String(filter.valueType)))
      return `${at}: value type must be one of ${VALUE_TYPES.join(', ')}`;
    const problem = checkPredicate(filter.predicate, at);
    if (problem) return problem;
  }
  const spec = rule.condition.spec;
  if (spec !== undefined && spec !== null) {
    if (!isObj(spec)) return `${where}: condition spec must be an object`;
    if (spec.type === 'DURATION') {
      if (!(TIME_UNITS as readonly string[]).includes(String(spec.unit)))
        return `${where}: duration unit must be one of ${TIME_UNITS.join(', ')}`;
      if (typeof spec.value !== 'number' || !(spec.value > 0))
        return `${where}: duration value must be a positive number`;
    } else if (spec.type === 'REPEATING') {
      if (typeof spec.count !== 'number' || !Number.isInteger(spec.count) || spec.count < 1)
        return `${where}: repeating count must be a positive whole number`;
    } else if (spec.type !== 'SIMPLE') return `${where}: condition type must be SIMPLE, DURATION or REPEATING`;
  }
  return checkSchedule(rule.schedule, where);
}

/** The first problem of a profile's `alarms` list as a person-readable message, or undefined. */
export function checkAlarmRules(alarms: unknown): string | undefined {
  if (alarms === undefined || alarms === null) return undefined;
  if (!Array.isArray(alarms)) return 'profileData.alarms must be a list';
  const types = new Set<string>();
  for (const alarm of alarms) {
    const type = isObj(alarm) ? text(alarm.alarmType) : null;
    if (!type) return 'Alarm rule type should be specified!';
    if (types.has(type)) return `Can't create device profile with the same alarm rule types: "${type}"!`;
    types.add(type);
  }
  for (const alarm of alarms) {
    const a = alarm as Obj;
    const type = text(a.alarmType)!;
    if (!text(a.id)) return `Alarm rule "${type}": id should be specified`;
    if (!isObj(a.createRules) || !Object.keys(a.createRules).length)
      return `Alarm rule "${type}": at least one create alarm rule should be specified`;
    for (const [severity, rule] of Object.entries(a.createRules)) {
      if (!(ALARM_SEVERITY_LIST as readonly string[]).includes(severity))
        return `Alarm rule "${type}": unknown severity '${severity}'`;
      const problem = checkRule(rule, `Alarm rule "${type}", ${severity} condition`);
      if (problem) return problem;
    }
    if (a.clearRule !== undefined && a.clearRule !== null) {
      const problem = checkRule(a.clearRule, `Alarm rule "${type}", clear condition`);
      if (problem) return problem;
    }
    if (
      a.propagateRelationTypes != null &&
      !(Array.isArray(a.propagateRelationTypes) && a.propagateRelationTypes.every((t) => typeof t === 'string'))
    )
      return `Alarm rule "${type}": propagate relation types must be a list of names`;
  }
  return undefined;
}
