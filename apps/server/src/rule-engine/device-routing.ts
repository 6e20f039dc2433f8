// Which chain a device's messages go to (its profile's default rule chain, else root) and the device's
// name/type for message metadata: cached in memory, invalidated by entity events, so a message costs
// two map lookups and a device one query the first time it is seen.
import type { Queryable } from '../db/database.ts';

export interface DeviceInfo {
  name: string;
  type: string;
  customerId: string | null;
  profileId: string;
}

interface Row {
  name: string;
  type: string;
  customer_id: string | null;
  device_profile_id: string;
  default_rule_chain_id: string | null;
}

const MAX_DEVICES = 100_000;

export class DeviceRouting {
  private readonly devices = new Map<string, DeviceInfo>();
  /** Profile id → its default rule chain id (null: root). */
  private readonly profiles = new Map<string, string | null>();

  constructor(private readonly db: Queryable) {}

  /** What a transport already knows from the credentials check: spares the query. */
  prime(device: { id: string; name: string; type: string; customerId: string | null; deviceProfileId: string }): void {
    if (this.devices.has(device.id)) return;
    this.remember(device.id, {
      name: device.name,
      type: device.type,
      customerId: device.customerId,
      profileId: device.deviceProfileId,
    });
  }

  chainOf(tenantId: string, deviceId: string): string | null | Promise<string | null> {
    const dev = this.devices.get(deviceId);
    if (dev) {
      const chain = this.profiles.get(dev.profileId);
      if (chain !== undefined) return chain;
    }
    return this.load(tenantId, deviceId).then((row) => (row ? row.default_rule_chain_id : null));
  }

  info(tenantId: string, deviceId: string): DeviceInfo | Promise<DeviceInfo | null> {
    const dev = this.devices.get(deviceId);
    if (dev) return dev;
    return this.load(tenantId, deviceId).then(() => this.devices.get(deviceId) ?? null);
  }

  forgetDevice(deviceId: string): void {
    this.devices.delete(deviceId);
  }

  forgetProfile(profileId: string): void {
    this.profiles.delete(profileId);
  }

  private async load(tenantId: string, deviceId: string): Promise<Row | null> {
    const rows = await this.db.query<Row>(
      `SELECT d.name, d.type, d.customer_id, d.device_profile_id, p.default_rule_chain_id
       FROM device d JOIN device_profile p ON p.id = d.device_profile_id
       WHERE d.id = $1 AND d.tenant_id = $2`,
      [deviceId, tenantId],
    );
    const row = rows[0];
    if (!row) return null;
    this.remember(deviceId, {
      name: row.name,
      type: row.type,
      customerId: row.customer_id,
      profileId: row.device_profile_id,
    });
    this.profiles.set(row.device_profile_id, row.default_rule_chain_id);
    return row;
  }

  private remember(deviceId: string, info: DeviceInfo): void {
    if (this.devices.size >= MAX_DEVICES) {
      const oldest = this.devices.keys().next();
      if (!oldest.done) this.devices.delete(oldest.value);
    }
    this.devices.set(deviceId, info);
  }
}
