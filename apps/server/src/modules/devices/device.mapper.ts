import { type Device, type DeviceInfo, NULL_UUID } from '@sapo/common';
import type { DeviceCredentialsRow } from './device-credentials.repository.ts';
import type { DeviceInfoRow, DeviceRow } from './device.repository.ts';

/** Device as on the wire (reference §2.1); an unassigned device shows the NULL_UUID customer. */
export function toDevice(r: DeviceRow): Device {
  return {
    id: { entityType: 'DEVICE' as const, id: r.id },
    createdTime: r.created_time,
    tenantId: { entityType: 'TENANT' as const, id: r.tenant_id },
    customerId: { entityType: 'CUSTOMER' as const, id: r.customer_id ?? NULL_UUID },
    name: r.name,
    type: r.type,
    label: r.label,
    deviceProfileId: { entityType: 'DEVICE_PROFILE' as const, id: r.device_profile_id },
    deviceData: r.device_data,
    additionalInfo: r.additional_info ?? null,
  };
}
export type DeviceDto = Device;

export const toDeviceInfo = (r: DeviceInfoRow): DeviceInfo => ({
  ...toDevice(r),
  customerTitle: r.customer_title,
  customerIsPublic: r.customer_is_public,
  deviceProfileName: r.type,
});

export const toDeviceCredentials = (r: DeviceCredentialsRow) => ({
  id: { id: r.id },
  createdTime: r.created_time,
  deviceId: { entityType: 'DEVICE' as const, id: r.device_id },
  credentialsType: r.credentials_type,
  credentialsId: r.credentials_id,
  credentialsValue: r.credentials_value,
});

/** Every device's data: no device-level configuration; the transport follows the profile. */
export const deviceData = (transportType: string) => ({
  configuration: { type: 'DEFAULT' },
  transportConfiguration: { type: transportType },
});

/** additionalInfo as given (any JSON), minus keys that could pollute prototypes when read back. */
export function cleanAdditionalInfo(info: unknown): unknown {
  if (!info || typeof info !== 'object' || Array.isArray(info)) return info ?? null;
  return Object.fromEntries(
    Object.entries(info).filter(([k]) => k !== '__proto__' && k !== 'constructor' && k !== 'prototype'),
  );
}
