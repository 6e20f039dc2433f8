import type { DeviceCredentialsType } from '@sapo/common';
import type { EntityId } from '../auth/auth-types';

/** additionalInfo keys the screens use; any other key a client stored is kept as it is. */
export interface DeviceAdditionalInfo {
  gateway?: boolean;
  /** Gateways only: the gateway's activity marks its devices active (ThingsBoard's flag). */
  overwriteActivityTime?: boolean;
  description?: string;
  [key: string]: unknown;
}

/** GET /api/device/{id} (ThingsBoard 3.2 Device); `type` is the device profile's name. */
export interface Device {
  id: EntityId;
  createdTime: number;
  tenantId: EntityId;
  /** NULL_UUID while unassigned. */
  customerId: EntityId;
  name: string;
  type: string;
  label: string | null;
  deviceProfileId: EntityId;
  deviceData?: unknown;
  additionalInfo: DeviceAdditionalInfo | null;
}

/** GET /api/tenant/deviceInfos, /api/device/info/{id}. */
export interface DeviceInfo extends Device {
  customerTitle: string | null;
  customerIsPublic: boolean;
  deviceProfileName: string;
}

/** GET /api/device/{id}/credentials. X.509 values come back as the certificate's base64 body. */
export interface DeviceCredentials {
  id: { id: string };
  createdTime?: number;
  deviceId: EntityId;
  credentialsType: DeviceCredentialsType;
  credentialsId: string;
  credentialsValue: string | null;
}

export const isGateway = (device: Pick<Device, 'additionalInfo'>) => device.additionalInfo?.gateway === true;

export function deviceDescription(device: Pick<Device, 'additionalInfo'>): string {
  const description = device.additionalInfo?.description;
  return typeof description === 'string' ? description : '';
}
