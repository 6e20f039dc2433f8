import type {
  DeviceProfileAlarm,
  DeviceProvisionType,
  DeviceTransportType,
  TransportConfiguration,
} from '@sapo/common';
import type { EntityId } from '../auth/auth-types';

/** GET /api/deviceProfile/{id} (ThingsBoard 3.2 DeviceProfile). */
export interface DeviceProfile {
  id: EntityId;
  createdTime: number;
  tenantId: EntityId;
  name: string;
  description?: string | null;
  /** A data URL (image/png, image/jpeg, …) or null. */
  image?: string | null;
  /** One of the profile types of spec 2-calls §3.7 ('DEFAULT' unless a known device model). */
  type: string;
  transportType: DeviceTransportType;
  provisionType: DeviceProvisionType;
  provisionDeviceKey?: string | null;
  defaultRuleChainId?: EntityId | null;
  defaultQueueName?: string | null;
  default: boolean;
  profileData: DeviceProfileData;
}

export interface DeviceProfileData {
  configuration: { type: 'DEFAULT' };
  transportConfiguration: TransportConfiguration;
  provisionConfiguration?: { type: DeviceProvisionType; provisionDeviceSecret?: string | null } | null;
  /** Alarm rules (reference §8), edited on the profile form's alarm-rules tab. */
  alarms?: DeviceProfileAlarm[] | null;
}

/** GET /api/deviceProfileInfos, /api/deviceProfileInfo/{id|default}. */
export interface DeviceProfileInfo {
  id: EntityId;
  name: string;
  type?: string;
  transportType?: DeviceTransportType;
  image?: string | null;
}
