import { dict, type KvEntry, type TelemetryRecord } from '@sapo/common';
import type { Clock } from '../../lib/clock.ts';
import type { DeviceClaimService } from '../../modules/devices/device-claim.service.ts';
import type { DeviceStateService } from '../../modules/device-state/device-state.service.ts';
import type { RpcService } from '../../modules/rpc/rpc.service.ts';
import type { AttributeStore } from '../../modules/telemetry/attribute-store.ts';
import type { TelemetryStore } from '../../modules/telemetry/telemetry-store.ts';
import type { AttributeKvEntry } from '../../modules/telemetry/telemetry-types.ts';
import { type ClientRpcHandler, type ClientRpcRequest, defaultClientRpcHandler } from './client-rpc.ts';
import type { DeviceIdentity } from './device-identity.ts';

export interface DeviceApiDeps {
  telemetry: TelemetryStore;
  attributeStore: AttributeStore;
  deviceClaims: DeviceClaimService;
  deviceState: DeviceStateService;
  rpc: RpcService;
  clock: Clock;
}

function toObject(entries: readonly AttributeKvEntry[]): Record<string, unknown> {
  const out = dict<unknown>();
  for (const e of entries) out[e.key] = e.value;
  return out;
}

/** Where device data goes when the rule engine runs (issue 6); without one it is stored directly. */
export interface DeviceMessageSink {
  /** Resolves once processed — and stored, when the chain stores it. */
  telemetry(device: DeviceIdentity, records: readonly TelemetryRecord[]): Promise<void>;
  attributes(device: DeviceIdentity, entries: readonly KvEntry[]): Promise<void>;
}

/** What a device may do, whatever transport it uses (reference §6); the transports only parse and reply. */
export class DeviceApiService {
  private clientRpcHandler: ClientRpcHandler = defaultClientRpcHandler;
  private sink: DeviceMessageSink | null = null;

  constructor(private readonly d: DeviceApiDeps) {}

  now(): number {
    return this.d.clock.now();
  }

  activity(device: DeviceIdentity): void {
    this.d.deviceState.onActivity(device);
  }

  /** Resolves once committed (HTTP 200 and MQTT PUBACK wait for it). */
  saveTelemetry(device: DeviceIdentity, records: readonly TelemetryRecord[]): Promise<void> {
    if (this.sink) return this.sink.telemetry(device, records);
    return this.d.telemetry.saveTimeseries(device.target, records);
  }

  async saveClientAttributes(device: DeviceIdentity, entries: readonly KvEntry[]): Promise<void> {
    if (this.sink) return this.sink.attributes(device, entries);
    await this.d.attributeStore.save(device.target, 'CLIENT_SCOPE', entries);
  }

  /** Device telemetry and client attributes go through the rule engine from now on. */
  setMessageSink(sink: DeviceMessageSink): void {
    this.sink = sink;
  }

  /**
   * `{"client":{…},"shared":{…}}`, a section left out when empty. As in ThingsBoard, a request
   * naming no keys at all returns every client and shared attribute.
   */
  async attributes(device: DeviceIdentity, clientKeys: string[] | null, sharedKeys: string[] | null) {
    const all = !clientKeys && !sharedKeys;
    const store = this.d.attributeStore;
    const [client, shared] = await Promise.all([
      all || clientKeys ? store.find(device.id, 'CLIENT_SCOPE', clientKeys ?? undefined) : [],
      all || sharedKeys ? store.find(device.id, 'SHARED_SCOPE', sharedKeys ?? undefined) : [],
    ]);
    const out: { client?: Record<string, unknown>; shared?: Record<string, unknown> } = {};
    if (client.length) out.client = toObject(client);
    if (shared.length) out.shared = toObject(shared);
    return out;
  }

  /** Announces that the device may be claimed with `secretKey` for `durationMs` (reference §2.2). */
  claim(device: DeviceIdentity, secretKey: string | null, durationMs: number | undefined): Promise<void> {
    return this.d.deviceClaims.registerClaimingInfo(device.tenantId, device.id, secretKey, durationMs);
  }

  /** A device's reply to a server-side RPC request. */
  rpcReply(device: DeviceIdentity, requestId: number, text: string): void {
    this.d.rpc.reply(device.id, requestId, text);
  }

  setClientRpcHandler(handler: ClientRpcHandler): void {
    this.clientRpcHandler = handler;
  }

  /** The reply to a device's own RPC request; a failing handler becomes `{"error":…}`. */
  async clientRpc(device: DeviceIdentity, request: ClientRpcRequest): Promise<unknown> {
    try {
      return await this.clientRpcHandler(device, request);
    } catch (err) {
      return { error: (err as Error).message || 'Client-side RPC failed' };
    }
  }
}
