// Client-side RPC through the rule engine: the device's request becomes TO_SERVER_RPC_REQUEST, and an
// 'rpc call reply' node answers it through services.replyToDeviceRpc(deviceId, requestId, body).
import type { ClientRpcRequest } from '../transports/device/client-rpc.ts';
import type { DeviceIdentity } from '../transports/device/device-identity.ts';
import type { DeviceMessages } from './device-messages.ts';

interface Pending {
  resolve(reply: unknown): void;
}

function parseReply(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export class ClientRpcBridge {
  private readonly pending = new Map<string, Pending>();
  private seq = 0;

  constructor(private readonly messages: DeviceMessages) {}

  /**
   * The reply a rule node sent while the message was processed; when the chain finished without
   * replying (the default root chain only logs), the device gets an error at once instead of waiting.
   */
  readonly handle = (device: DeviceIdentity, request: ClientRpcRequest): Promise<unknown> => {
    this.seq = (this.seq % 2_000_000_000) + 1;
    const requestId = this.seq;
    const key = `${device.id}:${requestId}`;
    return new Promise<unknown>((resolve) => {
      this.pending.set(key, { resolve });
      const unanswered = (why: string) => {
        if (!this.pending.delete(key)) return;
        resolve({ error: `Client-side RPC '${request.method}' was not handled: ${why}` });
      };
      this.messages.rpcRequest(device, requestId, request.method, request.params).then(
        () => unanswered('no rule node replied to it'),
        (err: unknown) => unanswered((err as Error).message || 'the rule engine failed'),
      );
    });
  };

  /** services.replyToDeviceRpc: resolves the waiting request (a late or unknown reply is dropped). */
  reply(deviceId: string, requestId: number, body: string): void {
    const key = `${deviceId}:${requestId}`;
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    p.resolve(parseReply(body));
  }
}
