import { dict } from '@sapo/common';
import type { Bus } from '../../modules/telemetry/bus.ts';
import type { TelemetryEvent } from '../../modules/telemetry/telemetry-types.ts';
import type { RpcRequestMsg, RpcTargets } from '../../modules/rpc/rpc.service.ts';

/** A live link to a device: an MQTT session or an HTTP long poll. */
export interface DeviceChannel {
  /** A shared-attribute change (`{"k":v}` or `{"deleted":[…]}`); channels not listening ignore it. */
  attributesUpdate(payload: Record<string, unknown>): void;
  /** A server-side RPC request; true when this channel passed it to the device. */
  rpcRequest(req: RpcRequestMsg): boolean;
}

/**
 * The devices connected to this server and how to reach them. Shared-attribute changes come from
 * the bus (whoever wrote them), so REST writes reach MQTT sessions and HTTP long polls alike.
 */
export class DeviceSessions implements RpcTargets {
  private readonly channels = new Map<string, Set<DeviceChannel>>();
  private rpcReadyListener: ((deviceId: string) => void) | undefined;
  private readonly unsubscribe: () => void;

  constructor(bus: Bus) {
    this.unsubscribe = bus.subscribe((e) => this.onEvent(e));
  }

  /** Registers a channel; returns its removal. */
  add(deviceId: string, channel: DeviceChannel): () => void {
    let set = this.channels.get(deviceId);
    if (!set) {
      set = new Set();
      this.channels.set(deviceId, set);
    }
    set.add(channel);
    return () => {
      const current = this.channels.get(deviceId);
      if (!current) return;
      current.delete(channel);
      if (current.size === 0) this.channels.delete(deviceId);
    };
  }

  isConnected(deviceId: string): boolean {
    return this.channels.has(deviceId);
  }

  deliverRpc(deviceId: string, req: RpcRequestMsg): boolean {
    const set = this.channels.get(deviceId);
    if (!set) return false;
    let delivered = false;
    // A copy: an HTTP long poll removes itself when it answers.
    for (const ch of [...set]) delivered = ch.rpcRequest(req) || delivered;
    return delivered;
  }

  /** A channel started listening for RPC requests: queued ones can go now. */
  rpcReady(deviceId: string): void {
    this.rpcReadyListener?.(deviceId);
  }

  onRpcReady(listener: (deviceId: string) => void): void {
    this.rpcReadyListener = listener;
  }

  close(): void {
    this.unsubscribe();
    this.channels.clear();
  }

  private onEvent(e: TelemetryEvent): void {
    if (e.kind !== 'attributes' && e.kind !== 'attributes-deleted') return;
    if (e.scope !== 'SHARED_SCOPE' || e.entityType !== 'DEVICE') return;
    const set = this.channels.get(e.entityId);
    if (!set) return;
    let payload: Record<string, unknown>;
    if (e.kind === 'attributes') {
      payload = dict();
      for (const entry of e.entries) payload[entry.key] = entry.value;
    } else {
      payload = { deleted: e.keys };
    }
    for (const ch of [...set]) ch.attributesUpdate(payload);
  }
}
