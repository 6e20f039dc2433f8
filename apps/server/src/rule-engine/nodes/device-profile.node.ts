// profile.TbDeviceProfileNode: evaluates the device profile's alarm rules for every device message
// (reference §8). Hot path: a device whose profile has no alarm rules costs one Map lookup; with rules,
// state is built once per device and then kept in memory (no database call per message).
import { randomUUID } from 'node:crypto';
import type {
  NodeOutput,
  RuleEngineServices,
  RuleNodeDefinition,
  RuleNodeInit,
  RuleNodeInstance,
  TbMsg,
} from '../rule-engine-types.ts';
import type { TelemetryEvent } from '../../modules/telemetry/telemetry-types.ts';
import { DeviceState } from '../device-profile/device-state.ts';
import { DeviceStateLoader } from '../device-profile/device-state-loader.ts';
import { onProfileInvalidation } from '../device-profile/invalidation.ts';
import { performAlarmAction } from '../device-profile/alarm-actions.ts';
import { msgJson } from '../msg.ts';

/** How often running DURATION rules are re-checked without new data. */
export const DURATION_CHECK_MS = 1000;

const DATA_TYPES = new Set([
  'POST_TELEMETRY_REQUEST',
  'POST_ATTRIBUTES_REQUEST',
  'ATTRIBUTES_UPDATED',
  'ATTRIBUTES_DELETED',
  'ACTIVITY_EVENT',
  'INACTIVITY_EVENT',
]);
const RELOAD_TYPES = new Set(['ENTITY_ASSIGNED', 'ENTITY_UNASSIGNED', 'ENTITY_UPDATED', 'ENTITY_DELETED']);

// One shared parse per message (msgJson): Save Timeseries reads the same view. Read-only here.
const parse = (msg: TbMsg): unknown => {
  try {
    return msgJson(msg);
  } catch {
    return null;
  }
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Telemetry payload forms: `{k:v}`, `{ts, values}`, or an array of either; sorted by ts. */
function telemetryRecords(data: unknown, ts: number): { ts: number; values: Record<string, unknown> }[] {
  const items = Array.isArray(data) ? data : [data];
  const out: { ts: number; values: Record<string, unknown> }[] = [];
  for (const it of items) {
    if (!isObject(it)) continue;
    if (isObject(it.values) && it.ts !== undefined) out.push({ ts: Number(it.ts) || ts, values: it.values });
    else out.push({ ts, values: it });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

class DeviceProfileNode implements RuleNodeInstance {
  private readonly states = new Map<string, DeviceState>();
  private readonly loading = new Map<string, Promise<DeviceState | null>>();
  private readonly ticking = new Set<DeviceState>();
  private readonly loader: DeviceStateLoader;
  private readonly services: RuleEngineServices;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly unsubscribe: (() => void)[] = [];
  private tickRunning = false;

  constructor(private readonly init: RuleNodeInit) {
    this.services = init.services;
    this.loader = new DeviceStateLoader(init.services, init.tenantId, new Map());
    this.timer = setInterval(() => void this.tick(), DURATION_CHECK_MS);
    this.timer.unref?.();
    this.unsubscribe.push(
      onProfileInvalidation((e) => {
        if (e.tenantId !== init.tenantId) return;
        if (e.kind === 'device') return this.forget(e.deviceId);
        this.loader.forgetProfile(e.profileId);
        for (const st of this.states.values()) if (st.profile.profileId === e.profileId) st.stale = true;
      }),
    );
    const bus = init.services.attributeStore?.bus;
    if (bus) this.unsubscribe.push(bus.subscribe((ev) => this.onBus(ev)));
  }

  onMsg(msg: TbMsg): Promise<NodeOutput[] | NodeOutput> | NodeOutput {
    const success: NodeOutput = { relation: 'Success', msg };
    if (msg.originator.entityType !== 'DEVICE') return success;
    const id = msg.originator.id.toLowerCase();
    const st = this.states.get(id);
    if (st && !st.stale && !st.hasRules) return success; // the common case: no alarm rules
    if (RELOAD_TYPES.has(msg.type)) {
      this.forget(id);
      return success;
    }
    if (msg.type === 'ALARM_CLEAR') {
      const data = parse(msg);
      const alarm = isObject(data) && isObject(data.alarm) ? data.alarm : data; // audit form {alarm} or the alarm
      if (st && isObject(alarm) && typeof alarm.type === 'string') {
        st.alarmCleared(alarm.type, typeof alarm.startTs === 'number' ? alarm.startTs : undefined);
      }
      return success;
    }
    if (!DATA_TYPES.has(msg.type)) return success;
    return this.process(id, msg, success);
  }

  private async process(id: string, msg: TbMsg, success: NodeOutput): Promise<NodeOutput[]> {
    const st = await this.stateOf(id);
    if (!st?.hasRules) return [success];
    const run = st.queue.then(() => this.apply(st, msg));
    st.queue = run.catch(() => undefined);
    return [...(await run), success];
  }

  private async stateOf(id: string): Promise<DeviceState | null> {
    const cur = this.states.get(id);
    if (cur && !cur.stale) return cur;
    let p = this.loading.get(id);
    if (!p) {
      p = this.loader.load(id, cur).finally(() => this.loading.delete(id));
      this.loading.set(id, p);
      p.then(
        (st) => {
          if (cur) this.ticking.delete(cur);
          if (st) this.states.set(id, st);
          else this.states.delete(id);
        },
        () => undefined,
      );
    }
    return p;
  }

  private async apply(st: DeviceState, msg: TbMsg): Promise<NodeOutput[]> {
    const data = parse(msg);
    const ts = Number(msg.metaData.ts) || msg.ts;
    const outputs: NodeOutput[] = [];
    const evaluate = async (at: number) => {
      for (const pending of st.evaluate(at)) {
        const out = await performAlarmAction(this.services, st, pending, at, msg);
        if (out) outputs.push(out);
      }
    };
    if (msg.type === 'POST_TELEMETRY_REQUEST') {
      for (const rec of telemetryRecords(data, ts)) {
        st.applyTelemetry(rec.values);
        await evaluate(rec.ts);
      }
    } else {
      // Only a change to a key the rules read is a new event: re-evaluating on, say, the activity event
      // that follows a device's first message would count a REPEATING condition twice.
      let touched: string[] = [];
      if (msg.type === 'ATTRIBUTES_DELETED') {
        touched = isObject(data) && Array.isArray(data.attributes) ? data.attributes.map(String) : [];
        st.removeAttributes(touched);
      } else if (isObject(data)) {
        touched = Object.keys(data);
        st.applyAttributes(data);
      }
      if (touched.some((key) => st.profile.attrKeys.has(key))) await evaluate(ts);
    }
    this.trackTick(st);
    return outputs;
  }

  private trackTick(st: DeviceState): void {
    if (st.needsTick() && this.states.get(st.deviceId) === st) this.ticking.add(st);
    else this.ticking.delete(st);
  }

  /** Re-checks running DURATION rules so an alarm is raised even when the device sends nothing more. */
  private async tick(): Promise<void> {
    if (this.tickRunning || this.ticking.size === 0) return;
    this.tickRunning = true;
    try {
      for (const st of [...this.ticking]) {
        const run = st.queue.then(async () => {
          const now = this.services.clock.now();
          const cause = this.timerCause(st, now);
          for (const pending of st.evaluate(now, true)) {
            const out = await performAlarmAction(this.services, st, pending, now, cause);
            if (out) this.init.emit(out);
          }
          this.trackTick(st);
        });
        st.queue = run.catch((err: unknown) => {
          this.services.logger?.warn?.({ err, deviceId: st.deviceId }, 'device profile duration check failed');
        });
        await st.queue;
      }
    } finally {
      this.tickRunning = false;
    }
  }

  private timerCause(st: DeviceState, now: number): TbMsg {
    const f = st.snapshot.entityFields;
    return {
      id: randomUUID(),
      ts: now,
      type: 'ALARM',
      originator: { entityType: 'DEVICE', id: st.deviceId },
      ...(st.customerId ? { customerId: st.customerId } : {}),
      metaData: { deviceName: String(f.name ?? ''), deviceType: String(f.type ?? ''), ts: String(now) },
      dataType: 'JSON',
      data: '{}',
      ruleChainId: this.init.ruleChainId,
      ruleNodeId: this.init.nodeId,
    };
  }

  private onBus(ev: TelemetryEvent): void {
    if (ev.kind === 'alarm') {
      // Cleared or deleted by a user or another node: the next matching event raises a new alarm.
      if ((ev.action === 'CLEAR' || ev.action === 'DELETED') && ev.tenantId === this.init.tenantId) {
        this.states.get(ev.entityId.toLowerCase())?.alarmCleared(ev.alarm.type, ev.alarm.startTs);
      }
      return;
    }
    if (ev.kind !== 'attributes' && ev.kind !== 'attributes-deleted') return;
    if (ev.tenantId !== this.init.tenantId) return;
    const st = this.states.get(ev.entityId);
    if (ev.kind === 'attributes') {
      if (st) st.applyAttributes(Object.fromEntries(ev.entries.map((e) => [e.key, e.value])));
      else for (const e of ev.entries) this.loader.ownerAttributeChanged(ev.entityId, e.key, e.value);
    } else if (st) st.removeAttributes(ev.keys);
    else for (const k of ev.keys) this.loader.ownerAttributeChanged(ev.entityId, k, undefined);
  }

  private forget(deviceId: string): void {
    const st = this.states.get(deviceId);
    if (st) this.ticking.delete(st);
    this.states.delete(deviceId);
  }

  destroy(): void {
    clearInterval(this.timer);
    for (const u of this.unsubscribe) u();
    this.states.clear();
    this.ticking.clear();
  }
}

export const deviceProfileNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.profile.TbDeviceProfileNode',
  type: 'ACTION',
  name: 'device profile',
  description: 'Process device messages based on device profile settings',
  details:
    'Create and clear alarms based on alarm rules defined in device profile. Messages with an alarm effect go out as ALARM ' +
    'messages on "Alarm Created", "Alarm Updated", "Alarm Severity Updated" or "Alarm Cleared"; every incoming message ' +
    'continues on "Success".',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Alarm Created', 'Alarm Updated', 'Alarm Severity Updated', 'Alarm Cleared', 'Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { persistAlarmRulesState: false, fetchAlarmRulesStateOnStart: false },
  configurationFields: [
    {
      key: 'persistAlarmRulesState',
      label: 'Persist state of alarm rules',
      kind: 'boolean',
      helpText: 'Accepted for compatibility; rule state is kept in memory and active alarms are re-read on first use.',
    },
    {
      key: 'fetchAlarmRulesStateOnStart',
      label: 'Fetch state of alarm rules',
      kind: 'boolean',
      helpText: 'Accepted for compatibility; state is fetched lazily per device.',
    },
  ],
  create: (init) => new DeviceProfileNode(init),
};
