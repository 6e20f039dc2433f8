// One device's alarm-rule state in a device-profile node: the latest values its rules read and the
// state machine of every alarm definition (reference §8). Pure apart from the values it is given.
import type { AlarmSeverity, DeviceProfileAlarm } from '../../modules/alarms/model/alarm-rule-types.ts';
import { ALARM_SEVERITIES } from '../../modules/alarms/model/alarm-rule-types.ts';
import type { DynamicSourceLookup, Primitive } from '../../modules/alarms/model/alarm-predicate.ts';
import {
  alarmClearedExternally,
  evaluateAlarm,
  newAlarmState,
  type AlarmAction,
  type AlarmState,
  type DataSnapshot,
} from '../../modules/alarms/model/alarm-rule-state.ts';
import type { CompiledProfile } from './profile-rules.ts';
import { dict } from '@sapo/common';

/** Attribute values of customers and tenants, shared by all devices of a node. */
export type OwnerValues = Map<string, Map<string, Primitive>>;

export function toPrimitive(v: unknown): Primitive | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

const rank = (s: AlarmSeverity): number => ALARM_SEVERITIES.length - ALARM_SEVERITIES.indexOf(s);

export interface PendingAction {
  def: DeviceProfileAlarm;
  action: Exclude<AlarmAction, { kind: 'NONE' }>;
}

export class DeviceState {
  readonly snapshot: DataSnapshot = { timeseries: dict(), attributes: dict(), entityFields: dict() };
  readonly alarmStates = new Map<string, AlarmState>();
  /** Serialises this device's messages: alarm effects depend on the order of events. */
  queue: Promise<unknown> = Promise.resolve();
  /** The profile changed: rebuild from the database on the next message. */
  stale = false;
  private readonly lookup: DynamicSourceLookup;

  constructor(
    readonly deviceId: string,
    readonly tenantId: string,
    readonly customerId: string | null,
    readonly profile: CompiledProfile,
    owners: OwnerValues,
  ) {
    this.lookup = (source, attribute) => {
      if (source === 'DEVICE') return this.snapshot.attributes[attribute];
      const id = source === 'CUSTOMER' ? this.customerId : this.tenantId;
      return id ? owners.get(id)?.get(attribute) : undefined;
    };
  }

  get hasRules(): boolean {
    return this.profile.alarms.length > 0;
  }

  /** Keeps the tracked keys of a time-series payload (others are not needed by any rule). */
  applyTelemetry(values: Record<string, unknown>): void {
    for (const k in values) {
      if (!this.profile.tsKeys.has(k)) continue;
      const v = toPrimitive(values[k]);
      if (v !== undefined) this.snapshot.timeseries[k] = v;
    }
  }

  applyAttributes(values: Record<string, unknown>): void {
    for (const k in values) {
      if (!this.profile.attrKeys.has(k)) continue;
      const v = toPrimitive(values[k]);
      if (v === undefined) Reflect.deleteProperty(this.snapshot.attributes, k);
      else this.snapshot.attributes[k] = v;
    }
  }

  removeAttributes(keys: readonly string[]): void {
    for (const k of keys) Reflect.deleteProperty(this.snapshot.attributes, k);
  }

  /** The alarm of this type was cleared or deleted outside this node (`startTs` picks that very alarm). */
  alarmCleared(alarmType: string, startTs?: number): void {
    for (const def of this.profile.alarms) {
      const st = this.alarmStates.get(def.id);
      if (def.alarmType !== alarmType || !st?.current) continue;
      if (startTs !== undefined && st.current.startTs !== startTs) continue;
      this.alarmStates.set(def.id, alarmClearedExternally(st));
    }
  }

  /**
   * Runs every definition for an event. A timer check (`timerOnly`) reports only what the passing of
   * time can change: a new alarm, a severity change, a clear.
   */
  evaluate(ts: number, timerOnly = false): PendingAction[] {
    const out: PendingAction[] = [];
    for (const def of this.profile.alarms) {
      const prev = this.alarmStates.get(def.id) ?? newAlarmState();
      const { state, action } = evaluateAlarm(def, prev, {
        ts,
        snapshot: this.snapshot,
        lookup: this.lookup,
        timerOnly,
      });
      this.alarmStates.set(def.id, state);
      if (action.kind === 'NONE') continue;
      if (timerOnly && action.kind === 'UPDATE' && !action.severityUpdated) continue;
      out.push({ def, action });
    }
    return out;
  }

  /** Whether a running DURATION rule could still change something as time passes. */
  needsTick(): boolean {
    if (!this.profile.hasDuration) return false;
    for (const def of this.profile.alarms) {
      const st = this.alarmStates.get(def.id);
      if (!st) continue;
      for (const severity of ALARM_SEVERITIES) {
        const rule = def.createRules?.[severity];
        if (rule?.condition?.spec?.type !== 'DURATION' || !st.rules[severity]?.lastEventTs) continue;
        if (!st.current || rank(st.current.severity) < rank(severity)) return true;
      }
      if (def.clearRule?.condition?.spec?.type === 'DURATION' && st.rules.CLEAR?.lastEventTs && st.current) return true;
    }
    return false;
  }
}
