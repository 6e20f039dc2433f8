import {
  DEVICE_PROVISION_TYPES,
  DEVICE_TRANSPORT_TYPES,
  type DeviceProvisionType,
  type DeviceTransportType,
  isDeviceProfileType,
} from '@sapo/common';
import { normalizeTransportConfiguration } from './transport-configuration.ts';
import { checkAlarmRules } from './alarm-rules-check.ts';

/** The POST /api/deviceProfile body (reference §2.1 DeviceProfile); server-owned fields are ignored. */
export interface DeviceProfileInput {
  id?: { id: string } | null;
  name?: string | null;
  description?: string | null;
  image?: string | null;
  type?: string | null;
  transportType?: string | null;
  provisionType?: string | null;
  provisionDeviceKey?: string | null;
  defaultRuleChainId?: { id: string } | null;
  defaultQueueName?: string | null;
  profileData?: {
    configuration?: unknown;
    transportConfiguration?: unknown;
    provisionConfiguration?: unknown;
    alarms?: unknown;
  } | null;
}

/** What the service stores, after the checks. */
export interface CleanDeviceProfile {
  name: string;
  description: string | null;
  image: string | null;
  type: string;
  transport_type: DeviceTransportType;
  provision_type: DeviceProvisionType;
  provision_device_key: string | null;
  default_rule_chain_id: string | null;
  default_queue_name: string | null;
  profile_data: Record<string, unknown>;
}

/** Profile images are data URLs of an image; big ones belong on a file server, not in every list call. */
export const MAX_IMAGE_CHARS = 1024 * 1024;
const IMAGE_RE =
  /^data:image\/(png|jpeg|jpg|gif|webp|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/]+={0,2}$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Checks a profile body and turns it into stored columns; a string is the 400 message. */
export function cleanDeviceProfile(input: DeviceProfileInput): CleanDeviceProfile | string {
  const name = text(input.name);
  if (!name) return 'Device profile name should be specified!';
  const type = text(input.type) ?? 'DEFAULT';
  if (!isDeviceProfileType(type)) return `Unsupported device profile type '${type}'`;
  const transportType = text(input.transportType) ?? 'DEFAULT';
  if (!DEVICE_TRANSPORT_TYPES.includes(transportType as DeviceTransportType)) {
    return `Unsupported transport type '${transportType}': use ${DEVICE_TRANSPORT_TYPES.join(', ')}`;
  }
  const data = input.profileData ?? {};
  const transport = normalizeTransportConfiguration(transportType as DeviceTransportType, data.transportConfiguration);
  if (typeof transport === 'string') return transport;

  const provisionIn = isObj(data.provisionConfiguration) ? data.provisionConfiguration : {};
  const provisionType = text(input.provisionType) ?? text(provisionIn.type) ?? 'DISABLED';
  if (!DEVICE_PROVISION_TYPES.includes(provisionType as DeviceProvisionType)) {
    return `Unsupported provision type '${provisionType}': use ${DEVICE_PROVISION_TYPES.join(', ')}`;
  }
  let key: string | null = null;
  let secret: string | null = null;
  if (provisionType !== 'DISABLED') {
    // ThingsBoard's client sends the key both at the top level and inside the configuration.
    key = text(input.provisionDeviceKey) ?? text(provisionIn.provisionDeviceKey);
    secret = text(provisionIn.provisionDeviceSecret);
    if (!key) return 'Provision device key should be specified!';
    if (!secret) return 'Provision device secret should be specified!';
    if (key.length > 255 || secret.length > 255) return 'Provision device key and secret are 255 characters at most';
  }

  const image = text(input.image);
  if (image !== null) {
    if (image.length > MAX_IMAGE_CHARS) return 'Device profile image is too large: 1 MB at most';
    if (!IMAGE_RE.test(image)) return 'Device profile image must be an image data URL (data:image/…;base64,…)';
  }
  const alarmError = checkAlarmRules(data.alarms);
  if (alarmError) return alarmError;
  const queue = text(input.defaultQueueName);
  if (queue !== null && queue.length > 255) return 'Default queue name is 255 characters at most';

  return {
    name,
    description: typeof input.description === 'string' ? input.description : null,
    image,
    type,
    transport_type: transportType as DeviceTransportType,
    provision_type: provisionType as DeviceProvisionType,
    provision_device_key: key,
    default_rule_chain_id: input.defaultRuleChainId?.id ?? null,
    default_queue_name: queue,
    profile_data: {
      configuration: isObj(data.configuration) ? data.configuration : { type: 'DEFAULT' },
      transportConfiguration: transport,
      provisionConfiguration: { type: provisionType, provisionDeviceSecret: secret },
      // Stored as sent: the rule-engine issue evaluates them.
      alarms: data.alarms ?? null,
    },
  };
}
