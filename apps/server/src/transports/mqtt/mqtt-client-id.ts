import { randomUUID } from 'node:crypto';

/**
 * The id aedes registers a connection under. aedes closes an older connection with the same id
 * (MQTT's session takeover) and keys persistent sessions by it, but a client id is chosen by the
 * device and proves nothing. Prefixing the authenticated device's id keeps the takeover and the
 * stored session within one device: the same device replaces its own stale session, another
 * device (of any tenant) with the same client id gets a session of its own.
 */
export function deviceClientId(deviceId: string, clientId: string): string {
  return `${deviceId}/${clientId}`;
}

/** Provisioning connections are anonymous: each gets a session no other connection can take over. */
export function provisionClientId(): string {
  return `provision/${randomUUID()}`;
}
