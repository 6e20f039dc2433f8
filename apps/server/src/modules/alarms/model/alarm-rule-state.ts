// Per-rule state machines (SIMPLE / DURATION / REPEATING) and per-alarm evaluation (reference §8).
// All state is plain JSON so it can be persisted and restored.
import {
  ALARM_SEVERITIES,
  unitToMillis,
  type AlarmConditionFilter,
  type AlarmRule,
  type AlarmSeverity,
  type DeviceProfileAlarm,
} from './alarm-rule-types.ts';
import { coerce, evaluatePredicate, type DynamicSourceLookup, type Primitive } from './alarm-predicate.ts';
import { isScheduleActive } from './alarm-schedule.ts';

/** Latest known data of the device, by key type. */
export interface DataSnapshot {
  timeseries: Record<string, Primitive>;
  attributes: Record<string, Primitive>;
  entityFields: Record<string, Primitive>;
}

export interface AlarmEvent {
  ts: number;
  snapshot: DataSnapshot;
  lookup: DynamicSourceLookup;
  /** A periodic re-check without new data: DURATION accumulates, REPEATING does not count. */
  timerOnly?: boolean;
}

export interface RuleState {
  lastEventTs: number;
  duration: number;
  eventCount: number;
}
export interface AlarmState {
  rules: Partial<Record<AlarmSeverity | 'CLEAR', RuleState>>;
  /** The uncleared alarm this definition raised, if any. */
  current: { severity: AlarmSeverity; startTs: number } | null;
}

export type AlarmAction =
  | { kind: 'NONE' }
  | { kind: 'CREATE'; severity: AlarmSeverity; details: string }
  | { kind: 'UPDATE'; severity: AlarmSeverity; severityUpdated: boolean; details: string }
  | { kind: 'CLEAR'; details: string };

export const newAlarmState = (): AlarmState => ({ rules: {}, current: null });
export const newRuleState = (): RuleState => ({ lastEventTs: 0, duration: 0, eventCount: 0 });

const rank = (s: AlarmSeverity): number => ALARM_SEVERITIES.length - ALARM_SEVERITIES.indexOf(s);

function filterValue(f: AlarmConditionFilter, snap: DataSnapshot): Primitive | null {
  const raw =
    f.key.type === 'TIME_SERIES'
      ? snap.timeseries[f.key.key]
      : f.key.type === 'ATTRIBUTE'
        ? snap.attributes[f.key.key]
        : f.key.type === 'ENTITY_FIELD'
          ? snap.entityFields[f.key.key]
          : f.key.type === 'CONSTANT'
            ? f.value
            : undefined;
  return coerce(raw, f.valueType);
}

/** All filters ANDed; an empty list or a missing value is false. */
export function evaluateCondition(
  filters: AlarmConditionFilter[],
  snap: DataSnapshot,
  lookup: DynamicSourceLookup,
): boolean {
  if (!filters || filters.length === 0) return false;
  return filters.every((f) => evaluatePredicate(f.predicate, filterValue(f, snap), lookup));
}

/** Advances one rule's state for an event; returns the new state and whether the rule is TRUE. */
export function evaluateRule(
  rule: AlarmRule,
  prev: RuleState | undefined,
  event: AlarmEvent,
): { state: RuleState; result: boolean } {
  const matched =
    isScheduleActive(rule.schedule, event.ts) &&
    evaluateCondition(rule.condition?.condition ?? [], event.snapshot, event.lookup);
  if (!matched) return { state: newRuleState(), result: false };
  const state = { ...(prev ?? newRuleState()) };
  const spec = rule.condition.spec ?? { type: 'SIMPLE' };
  switch (spec.type) {
    case 'DURATION': {
      if (state.lastEventTs > 0 && event.ts > state.lastEventTs) state.duration += event.ts - state.lastEventTs;
      state.lastEventTs = event.ts;
      return { state, result: state.duration > unitToMillis(spec.unit, spec.value) };
    }
    case 'REPEATING': {
      if (!event.timerOnly) state.eventCount += 1;
      state.lastEventTs = event.ts;
      return { state, result: state.eventCount >= spec.count };
    }
    default:
      state.lastEventTs = event.ts;
      return { state, result: true };
  }
}

/** Replaces `${key}` with the latest value (time series, then attributes, then entity fields); unknown keys stay. */
export function substituteDetails(template: string | null | undefined, snap: DataSnapshot): string {
  if (!template) return '';
  return template.replace(/\$\{([^}]+)\}/g, (whole, key: string) => {
    const k = key.trim();
    const v = snap.timeseries[k] ?? snap.attributes[k] ?? snap.entityFields[k];
    return v === undefined || v === null ? whole : String(v);
  });
}

/**
 * Evaluates one device-profile alarm definition for an event. Create rules are checked from CRITICAL down and the
 * first TRUE wins (a FALSE one resets its state); with no create result, a TRUE clear rule clears the active alarm.
 * Returns the next state (the input is not mutated) and the action to take.
 */
export function evaluateAlarm(
  def: DeviceProfileAlarm,
  state: AlarmState,
  event: AlarmEvent,
): { state: AlarmState; action: AlarmAction } {
  const next: AlarmState = { rules: { ...state.rules }, current: state.current ? { ...state.current } : null };
  let winner: AlarmSeverity | null = null;
  for (const severity of ALARM_SEVERITIES) {
    const rule = def.createRules?.[severity];
    if (!rule) continue;
    if (winner) continue; // lower rules are not evaluated once one is TRUE
    const r = evaluateRule(rule, next.rules[severity], event);
    next.rules[severity] = r.state;
    if (r.result) winner = severity;
  }
  if (winner) {
    const details = substituteDetails(def.createRules[winner]?.alarmDetails, event.snapshot);
    if (!next.current) {
      next.current = { severity: winner, startTs: event.ts };
      return { state: next, action: { kind: 'CREATE', severity: winner, details } };
    }
    if (rank(winner) >= rank(next.current.severity)) {
      const severityUpdated = winner !== next.current.severity;
      next.current.severity = winner;
      return { state: next, action: { kind: 'UPDATE', severity: winner, severityUpdated, details } };
    }
    return { state: next, action: { kind: 'NONE' } };
  }
  if (def.clearRule) {
    const r = evaluateRule(def.clearRule, next.rules.CLEAR, event);
    next.rules.CLEAR = r.state;
    if (r.result && next.current) {
      next.current = null;
      next.rules.CLEAR = newRuleState();
      return {
        state: next,
        action: { kind: 'CLEAR', details: substituteDetails(def.clearRule.alarmDetails, event.snapshot) },
      };
    }
  }
  return { state: next, action: { kind: 'NONE' } };
}

/** The alarm was cleared or deleted from outside (user, clear-alarm node): forget it. */
export function alarmClearedExternally(state: AlarmState): AlarmState {
  return { rules: { ...state.rules }, current: null };
}
