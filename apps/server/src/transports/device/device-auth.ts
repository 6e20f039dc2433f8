import { timingSafeEqual } from 'node:crypto';
import { storable } from '@sapo/common';
import type { Clock } from '../../lib/clock.ts';
import { mqttBasicCredentialsId } from '../../modules/devices/device-credentials-format.ts';
import type { CredentialsWithDevice, DeviceAuthRepository } from './device-auth.repository.ts';
import { type DeviceIdentity, toDeviceIdentity } from './device-identity.ts';

/** How long a lookup (found or not) is reused; credential changes take effect within this time. */
export const DEVICE_AUTH_CACHE_TTL_MS = 5_000;
const MAX_CACHE_ENTRIES = 50_000;

interface CacheEntry {
  device: DeviceIdentity | null;
  expires: number;
}

interface BasicCredentials {
  clientId?: string | null;
  userName?: string | null;
  password?: string | null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** ThingsBoard's check of MQTT basic credentials: every field that is set must match. */
function basicMatches(row: CredentialsWithDevice, clientId: string, userName: string, password: string): boolean {
  if (row.credentials_type !== 'MQTT_BASIC' || !row.credentials_value) return false;
  let stored: BasicCredentials;
  try {
    stored = JSON.parse(row.credentials_value) as BasicCredentials;
  } catch {
    return false;
  }
  if (stored.clientId && stored.clientId !== clientId) return false;
  if (stored.userName && stored.userName !== userName) return false;
  if (stored.password && !sameText(stored.password, password)) return false;
  return true;
}

/**
 * Finds the device behind an access token or MQTT basic credentials (HTTP and MQTT transports).
 * Results, including misses, are cached for a few seconds so a burst of requests or reconnects costs
 * one query per credential: a changed or deleted credential stops working within the TTL, and
 * already-connected MQTT sessions keep the identity they connected with.
 */
export class DeviceAuth {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly repo: DeviceAuthRepository,
    private readonly clock: Clock,
    private readonly ttlMs = DEVICE_AUTH_CACHE_TTL_MS,
  ) {}

  // A credential PostgreSQL cannot hold (NUL, a lone surrogate) matches no stored one: it is not looked
  // up, which would fail the query (an MQTT device was told "server unavailable" instead of "not authorized").
  byAccessToken(token: string): Promise<DeviceIdentity | null> {
    if (!token || !storable(token)) return Promise.resolve(null);
    return this.cached(`t\0${token}`, async () => {
      const row = await this.repo.findByCredentialsId(token);
      return row?.credentials_type === 'ACCESS_TOKEN' ? toDeviceIdentity(row) : null;
    });
  }

  /** MQTT_BASIC: tried as client id + user name, then client id alone, then user name alone. */
  byMqttBasic(clientId: string, userName: string, password: string): Promise<DeviceIdentity | null> {
    return this.cached(`b\0${clientId}\0${userName}\0${password}`, async () => {
      const ids = new Set<string>();
      if (clientId && userName) ids.add(mqttBasicCredentialsId(clientId, userName));
      if (clientId) ids.add(mqttBasicCredentialsId(clientId, null));
      if (userName) ids.add(mqttBasicCredentialsId(null, userName));
      for (const id of ids) {
        if (!storable(id)) continue;
        const row = await this.repo.findByCredentialsId(id);
        if (row && basicMatches(row, clientId, userName, password)) return toDeviceIdentity(row);
      }
      return null;
    });
  }

  /** Forgets every cached lookup (tests; a credentials change that must apply at once). */
  clear(): void {
    this.cache.clear();
  }

  private async cached(key: string, load: () => Promise<DeviceIdentity | null>): Promise<DeviceIdentity | null> {
    const now = this.clock.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) return hit.device;
    const device = await load();
    if (this.cache.size >= MAX_CACHE_ENTRIES) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.delete(key);
    this.cache.set(key, { device, expires: now + this.ttlMs });
    return device;
  }
}
