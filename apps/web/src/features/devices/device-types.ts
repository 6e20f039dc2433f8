import type { Device as WireDevice, DeviceInfo as WireDeviceInfo, DeviceCredentialsType } from '@sapo/common';
import type { EntityId } from '../auth/auth-types';

/** additionalInfo keys the screens use; any other key a client stored is kept as it is. */
export interface DeviceAdditionalInfo {
  gateway?: boolean;
  /** Gateways only: the gateway's activity marks its devices active (ThingsBoard's flag). */
  overwriteActivityTime?: boolean;
  description?: string;
  [key: string]: unknown;
}

/** GET /api/device/{id}: the wire shape from @sapo/common, with the additionalInfo keys the screens read. */
export type Device = Omit<WireDevice, 'additionalInfo'> & { additionalInfo: DeviceAdditionalInfo | null };

/** GET /api/tenant/deviceInfos, /api/device/info/{id}. */
export type DeviceInfo = Omit<WireDeviceInfo, 'additionalInfo'> & { additionalInfo: DeviceAdditionalInfo | null };

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
