import { ErrorCode } from '@sapo/common';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { Caller } from '../auth/caller.ts';
import type { EntityAccess } from '../entities/entity-access.ts';

/** What a device receives: `{"method","params"}` on MQTT (id in the topic), `{"id","method","params"}` over HTTP. */
export interface RpcRequestMsg {
  id: number;
  method: string;
  params: unknown;
}

/** Where requests go: the connected devices (transports/device DeviceSessions). */
export interface RpcTargets {
  /** True when at least one live channel of the device took the request. */
  deliverRpc(deviceId: string, req: RpcRequestMsg): boolean;
}

/** The body of POST /api/plugins/rpc/{oneway|twoway}/{deviceId}. */
export interface RpcCallBody {
  method: string;
  params?: unknown;
  timeout?: number;
}

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;
/** Longer waits are cut to this (a timer cannot exceed 2^31 ms anyway). */
export const MAX_RPC_TIMEOUT_MS = 24 * 3600_000;
export const DEVICE_OFFLINE = 'Device is offline';
export const NO_REPLY = 'Timeout waiting for device reply';

interface PendingRpc {
  deviceId: string;
  msg: RpcRequestMsg;
  oneway: boolean;
  delivered: boolean;
  timer: NodeJS.Timeout;
  resolve(reply: string | undefined): void;
  reject(err: Error): void;
}

const timeoutError = (message: string) => new AppError(ErrorCode.GENERAL, message, 408);
const shuttingDown = () => new AppError(ErrorCode.GENERAL, 'Server is shutting down', 503);

/**
 * Server-side RPC (ThingsBoard 3.2): a request waits for the device until its timeout — an HTTP
 * device picks it up with its next long poll, an MQTT device when it subscribes — so "offline"
 * means nobody took it in time. One-way calls end once delivered, two-way calls with the reply.
 * In memory: requests do not survive a restart, as in ThingsBoard 3.2.
 */
export class RpcService {
  private readonly queues = new Map<string, PendingRpc[]>();
  private readonly seq = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly access: Pick<EntityAccess, 'check'>,
    private readonly audit: AuditService,
    private readonly targets: RpcTargets,
  ) {}

  /** Sends a request; resolves with the device's reply text (two-way) or undefined (one-way). */
  async call(caller: Caller, deviceId: string, body: RpcCallBody, oneway: boolean): Promise<string | undefined> {
    const owner = await this.access.check(caller, { entityType: 'DEVICE', id: deviceId }, 'OPERATE');
    const timeout =
      typeof body.timeout === 'number' && body.timeout > 0
        ? Math.min(Math.floor(body.timeout), MAX_RPC_TIMEOUT_MS)
        : DEFAULT_RPC_TIMEOUT_MS;
    const msg: RpcRequestMsg = { id: this.nextId(owner.id), method: body.method, params: body.params ?? null };
    const actor = {
      tenantId: caller.tenantId,
      customerId: caller.customerId,
      userId: caller.userId,
      email: caller.email,
    };
    const data = { oneWay: oneway, method: msg.method, params: msg.params };
    try {
      const reply = await this.enqueue(owner.id, msg, oneway, timeout);
      void this.audit
        .log({ actor, entityType: 'DEVICE', entityId: owner.id, action: 'RPC_CALL', data })
        .catch(() => {});
      return reply;
    } catch (err) {
      void this.audit
        .log({
          actor,
          entityType: 'DEVICE',
          entityId: owner.id,
          action: 'RPC_CALL',
          data,
          failure: (err as Error).message,
        })
        .catch(() => {});
      throw err;
    }
  }

  /**
   * Trusted call from the rule engine's "rpc call request" node, which has already checked that the
   * device belongs to the chain's tenant. Same queueing and errors as `call`; no audit entry.
   */
  callFromRule(deviceId: string, body: { method: string; params: unknown }, oneway: boolean, timeoutMs: number) {
    const timeout = Math.min(Math.max(Math.floor(timeoutMs), 1), MAX_RPC_TIMEOUT_MS);
    const id = deviceId.toLowerCase();
    return this.enqueue(id, { id: this.nextId(id), method: body.method, params: body.params ?? null }, oneway, timeout);
  }

  /** A device's reply to request `requestId`; false when nothing waits for it (late or unknown). */
  reply(deviceId: string, requestId: number, text: string): boolean {
    const p = this.queues.get(deviceId)?.find((q) => q.msg.id === requestId && !q.oneway && q.delivered);
    if (!p) return false;
    this.finish(p);
    p.resolve(text);
    return true;
  }

  /** A channel of the device started listening: hand it what is waiting, oldest first. */
  deliverPending(deviceId: string): void {
    const queue = this.queues.get(deviceId);
    if (!queue) return;
    for (const p of [...queue]) if (!p.delivered) this.tryDeliver(p);
  }

  /** Calls waiting for a device (delivered or not). */
  pendingCount(deviceId: string): number {
    return this.queues.get(deviceId)?.length ?? 0;
  }

  /** Ends every waiting call and refuses new ones (shutdown). */
  close(): void {
    this.closed = true;
    for (const queue of [...this.queues.values()]) {
      for (const p of [...queue]) {
        this.finish(p);
        p.reject(shuttingDown());
      }
    }
  }

  private enqueue(deviceId: string, msg: RpcRequestMsg, oneway: boolean, timeout: number) {
    if (this.closed) return Promise.reject(shuttingDown());
    return new Promise<string | undefined>((resolve, reject) => {
      const p: PendingRpc = {
        deviceId,
        msg,
        oneway,
        delivered: false,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.finish(p);
          reject(timeoutError(p.delivered ? NO_REPLY : DEVICE_OFFLINE));
        }, timeout),
      };
      let queue = this.queues.get(deviceId);
      if (!queue) {
        queue = [];
        this.queues.set(deviceId, queue);
      }
      queue.push(p);
      this.tryDeliver(p);
    });
  }

  private tryDeliver(p: PendingRpc): void {
    if (!this.targets.deliverRpc(p.deviceId, p.msg)) return;
    p.delivered = true;
    if (p.oneway) {
      this.finish(p);
      p.resolve(undefined);
    }
  }

  private finish(p: PendingRpc): void {
    clearTimeout(p.timer);
    const queue = this.queues.get(p.deviceId);
    if (!queue) return;
    const i = queue.indexOf(p);
    if (i >= 0) queue.splice(i, 1);
    if (queue.length === 0) this.queues.delete(p.deviceId);
  }

  /** Request ids count per device from 0, as ThingsBoard's device actor does. */
  private nextId(deviceId: string): number {
    const id = this.seq.get(deviceId) ?? 0;
    this.seq.set(deviceId, id >= 2 ** 31 - 1 ? 0 : id + 1);
    return id;
  }
}
