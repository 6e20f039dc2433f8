import type { DeviceIdentity } from './device-identity.ts';

/** A device's own RPC request (`v1/devices/me/rpc/request/{id}`, `POST /api/v1/{token}/rpc`). */
export interface ClientRpcRequest {
  method: string;
  params: unknown;
}

/**
 * Answers client-side RPC; the reply is sent back to the device as JSON. The rule engine (issue 6)
 * plugs in here with `deviceApi.setClientRpcHandler(…)`.
 */
export type ClientRpcHandler = (device: DeviceIdentity, request: ClientRpcRequest) => Promise<unknown>;

/** Until a rule chain handles them, devices get a clear error instead of waiting for a timeout. */
export const defaultClientRpcHandler: ClientRpcHandler = async (_device, request) => ({
  error: `Client-side RPC '${request.method}' was not handled: no rule chain processes device RPC requests yet`,
});
