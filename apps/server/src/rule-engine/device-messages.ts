// Device traffic as rule-engine messages (reference §6): one POST_TELEMETRY_REQUEST per distinct ts,
// POST_ATTRIBUTES_REQUEST, and connectivity events; metadata deviceName, deviceType, ts as ThingsBoard.
import { dict, type KvEntry, type TelemetryRecord } from '@sapo/common';
import type { DeviceStateSnapshot } from '../modules/device-state/device-state.service.ts';
import type { DeviceIdentity } from '../transports/device/device-identity.ts';
import type { DeviceRouting } from './device-routing.ts';
import { attachParsed, newMsg } from './msg.ts';
import type { TbMsg } from './rule-engine-types.ts';

export interface MsgSubmitter {
  submit(tenantId: string, msg: TbMsg): Promise<void>;
}

export type DeviceStateEventType = 'CONNECT_EVENT' | 'DISCONNECT_EVENT' | 'ACTIVITY_EVENT' | 'INACTIVITY_EVENT';

function kvObject(values: readonly KvEntry[]): Record<string, unknown> {
  const o = dict<unknown>();
  for (const v of values) o[v.key] = v.value;
  return o;
}

export class DeviceMessages {
  constructor(
    private readonly engine: MsgSubmitter,
    private readonly routing: DeviceRouting,
    private readonly clock: { now(): number },
  ) {}

  /** Resolves once every message was processed (stored, when the chain stores). */
  telemetry(device: DeviceIdentity, records: readonly TelemetryRecord[]): Promise<void> {
    this.prime(device);
    if (records.length === 1) return this.submitTelemetry(device, records[0]!.ts, records[0]!.values);
    const byTs = new Map<number, KvEntry[]>();
    for (const r of records) {
      const list = byTs.get(r.ts);
      if (list) list.push(...r.values);
      else byTs.set(r.ts, [...r.values]);
    }
    const all: Promise<void>[] = [];
    for (const [ts, values] of byTs) all.push(this.submitTelemetry(device, ts, values));
    return Promise.all(all).then(() => undefined);
  }

  attributes(device: DeviceIdentity, entries: readonly KvEntry[]): Promise<void> {
    this.prime(device);
    const now = this.clock.now();
    const json = kvObject(entries);
    const msg = newMsg(
      'POST_ATTRIBUTES_REQUEST',
      { entityType: 'DEVICE', id: device.id },
      this.meta(device, now),
      JSON.stringify(json),
      now,
      device.customerId ?? undefined,
    );
    return this.engine.submit(device.tenantId, attachParsed(msg, json, entries));
  }

  /** A device's own RPC request; `requestId` is how the 'rpc call reply' node finds the caller. */
  rpcRequest(device: DeviceIdentity, requestId: number, method: string, params: unknown): Promise<void> {
    this.prime(device);
    const now = this.clock.now();
    const meta = this.meta(device, now);
    meta.requestId = String(requestId);
    const json = { method, params };
    const msg = newMsg(
      'TO_SERVER_RPC_REQUEST',
      { entityType: 'DEVICE', id: device.id },
      meta,
      JSON.stringify(json),
      now,
      device.customerId ?? undefined,
    );
    return this.engine.submit(device.tenantId, attachParsed(msg, json));
  }

  /** Connect/disconnect/activity/inactivity of a device (from the device state service). */
  async stateEvent(
    type: DeviceStateEventType,
    device: { id: string; tenantId: string },
    state: DeviceStateSnapshot,
  ): Promise<void> {
    const info = await this.routing.info(device.tenantId, device.id);
    if (!info) return; // deleted meanwhile
    const now = this.clock.now();
    const data = {
      active: state.active,
      lastConnectTime: state.lastConnectTime,
      lastActivityTime: state.lastActivityTime,
      lastDisconnectTime: state.lastDisconnectTime,
      lastInactivityAlarmTime: state.inactivityAlarmTime,
      inactivityTimeout: state.inactivityTimeout,
    };
    const meta = { deviceName: info.name, deviceType: info.type, ts: String(now) };
    const msg = newMsg(
      type,
      { entityType: 'DEVICE', id: device.id },
      meta,
      JSON.stringify(data),
      now,
      info.customerId ?? undefined,
    );
    await this.engine.submit(device.tenantId, attachParsed(msg, data));
  }

  private submitTelemetry(device: DeviceIdentity, ts: number, values: readonly KvEntry[]): Promise<void> {
    const json = kvObject(values);
    const msg = newMsg(
      'POST_TELEMETRY_REQUEST',
      { entityType: 'DEVICE', id: device.id },
      this.meta(device, ts),
      JSON.stringify(json),
      this.clock.now(),
      device.customerId ?? undefined,
    );
    return this.engine.submit(device.tenantId, attachParsed(msg, json, values));
  }

  private meta(device: DeviceIdentity, ts: number): Record<string, string> {
    return { deviceName: device.name, deviceType: device.type, ts: String(ts) };
  }

  private prime(device: DeviceIdentity): void {
    this.routing.prime(device);
  }
}
