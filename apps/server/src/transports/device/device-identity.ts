import type { Originator } from '../../modules/telemetry/telemetry-types.ts';

/** A device as the transports know it once its credentials checked out. */
export interface DeviceIdentity {
  id: string;
  tenantId: string;
  customerId: string | null;
  name: string;
  /** The device profile's name. */
  type: string;
  deviceProfileId: string;
  /** Built once so the publish path does not allocate it per message. */
  target: Originator;
}

export interface DeviceIdentityRow {
  id: string;
  tenant_id: string;
  customer_id: string | null;
  name: string;
  type: string;
  device_profile_id: string;
}

export function toDeviceIdentity(r: DeviceIdentityRow): DeviceIdentity {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    customerId: r.customer_id,
    name: r.name,
    type: r.type,
    deviceProfileId: r.device_profile_id,
    target: { tenantId: r.tenant_id, entityType: 'DEVICE', id: r.id },
  };
}
