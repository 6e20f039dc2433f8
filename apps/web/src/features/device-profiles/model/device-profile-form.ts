import {
  DEFAULT_MQTT_TOPICS,
  type DeviceProfileAlarm,
  SAMPLE_PROTO_SCHEMAS,
  type CoapDeviceType,
  type DeviceProvisionType,
  type DeviceTransportType,
  type PayloadConfiguration,
  type TransportConfiguration,
  type TransportPayloadType,
} from '@sapo/common';
import { placeByRules } from '../../devices/model/place-error';
import type { DeviceProfile } from '../device-profile-types';
import { alarmProblems, cleanAlarms } from '../alarm-rules/model/alarm-rules-model';
import { isImageDataUrl } from './image-file';
import { publishTopicProblem, topicFilterProblem, type TopicProblem } from './topic-filter';

/** The add/edit dialog's values: flat strings, mapped to ThingsBoard's nested profile on save. */
export interface DeviceProfileForm {
  name: string;
  description: string;
  image: string;
  type: string;
  transportType: DeviceTransportType;
  deviceTelemetryTopic: string;
  deviceAttributesTopic: string;
  deviceDownlinkTopic: string;
  coapDeviceType: CoapDeviceType;
  payloadType: TransportPayloadType;
  deviceTelemetryProtoSchema: string;
  deviceAttributesProtoSchema: string;
  deviceDownlinkProtoSchema: string;
  provisionType: DeviceProvisionType;
  provisionDeviceKey: string;
  provisionDeviceSecret: string;
  /** Alarm rules (reference §8), edited on their own tab. */
  alarms: DeviceProfileAlarm[];
}

export const DEVICE_PROFILE_FORM_FIELDS = [
  'name',
  'description',
  'image',
  'type',
  'transportType',
  'deviceTelemetryTopic',
  'deviceAttributesTopic',
  'deviceDownlinkTopic',
  'coapDeviceType',
  'payloadType',
  'deviceTelemetryProtoSchema',
  'deviceAttributesProtoSchema',
  'deviceDownlinkProtoSchema',
  'provisionType',
  'provisionDeviceKey',
  'provisionDeviceSecret',
  'alarms',
] as const;
export type DeviceProfileField = (typeof DEVICE_PROFILE_FORM_FIELDS)[number];

function payloadOf(configuration: TransportConfiguration | undefined): PayloadConfiguration | undefined {
  if (configuration?.type === 'MQTT') return configuration.transportPayloadTypeConfiguration;
  if (configuration?.type === 'COAP')
    return configuration.coapDeviceTypeConfiguration.transportPayloadTypeConfiguration;
  return undefined;
}

export function deviceProfileFormFrom(profile: DeviceProfile | undefined): DeviceProfileForm {
  const transport = profile?.profileData.transportConfiguration;
  const mqtt = transport?.type === 'MQTT' ? transport : undefined;
  const payload = payloadOf(transport);
  const proto = payload?.transportPayloadType === 'PROTOBUF' ? payload : undefined;
  return {
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    image: isImageDataUrl(profile?.image) ? profile.image : '',
    type: profile?.type ?? 'DEFAULT',
    transportType: profile?.transportType ?? 'DEFAULT',
    deviceTelemetryTopic: mqtt?.deviceTelemetryTopic ?? DEFAULT_MQTT_TOPICS.deviceTelemetryTopic,
    deviceAttributesTopic: mqtt?.deviceAttributesTopic ?? DEFAULT_MQTT_TOPICS.deviceAttributesTopic,
    deviceDownlinkTopic: mqtt?.deviceDownlinkTopic ?? DEFAULT_MQTT_TOPICS.deviceDownlinkTopic,
    coapDeviceType: transport?.type === 'COAP' ? transport.coapDeviceTypeConfiguration.coapDeviceType : 'DEFAULT',
    payloadType: payload?.transportPayloadType ?? 'JSON',
    // The sample schemas are there from the start, so switching to PROTOBUF shows a working example.
    deviceTelemetryProtoSchema: proto?.deviceTelemetryProtoSchema ?? SAMPLE_PROTO_SCHEMAS.telemetry,
    deviceAttributesProtoSchema: proto?.deviceAttributesProtoSchema ?? SAMPLE_PROTO_SCHEMAS.attributes,
    deviceDownlinkProtoSchema: proto?.deviceDownlinkProtoSchema ?? SAMPLE_PROTO_SCHEMAS.downlink,
    provisionType: profile?.provisionType ?? 'DISABLED',
    provisionDeviceKey: profile?.provisionDeviceKey ?? '',
    provisionDeviceSecret: profile?.profileData.provisionConfiguration?.provisionDeviceSecret ?? '',
    alarms: profile?.profileData.alarms ?? [],
  };
}

/** Whether the payload type (and its schemas) applies: MQTT, and CoAP devices of the default kind. */
export function hasPayloadType(form: Pick<DeviceProfileForm, 'transportType' | 'coapDeviceType'>): boolean {
  return form.transportType === 'MQTT' || (form.transportType === 'COAP' && form.coapDeviceType === 'DEFAULT');
}

const TOPIC_MESSAGES: Record<TopicProblem, string> = {
  required: 'device-profile.topic-required',
  'single-level': 'device-profile.not-valid-single-character',
  'multi-level': 'device-profile.not-valid-multi-character',
  wildcard: 'device-profile.downlink-topic-no-wildcards',
};

/** Client checks: translation keys by field; empty when the form may be sent. */
export function validateDeviceProfileForm(form: DeviceProfileForm): Partial<Record<DeviceProfileField, string>> {
  const errors: Partial<Record<DeviceProfileField, string>> = {};
  if (!form.name.trim()) errors.name = 'device-profile.name-required';
  if (form.transportType === 'MQTT') {
    const telemetry = topicFilterProblem(form.deviceTelemetryTopic);
    const attributes = topicFilterProblem(form.deviceAttributesTopic);
    const downlink = publishTopicProblem(form.deviceDownlinkTopic);
    if (telemetry) errors.deviceTelemetryTopic = TOPIC_MESSAGES[telemetry];
    if (attributes) errors.deviceAttributesTopic = TOPIC_MESSAGES[attributes];
    if (downlink) errors.deviceDownlinkTopic = TOPIC_MESSAGES[downlink];
    if (!telemetry && !attributes && form.deviceTelemetryTopic.trim() === form.deviceAttributesTopic.trim())
      errors.deviceAttributesTopic = 'device-profile.topics-must-differ';
  }
  if (hasPayloadType(form) && form.payloadType === 'PROTOBUF') {
    if (!form.deviceTelemetryProtoSchema.trim())
      errors.deviceTelemetryProtoSchema = 'device-profile.telemetry-proto-schema-required';
    if (!form.deviceAttributesProtoSchema.trim())
      errors.deviceAttributesProtoSchema = 'device-profile.attributes-proto-schema-required';
    if (!form.deviceDownlinkProtoSchema.trim())
      errors.deviceDownlinkProtoSchema = 'device-profile.downlink-proto-schema-required';
  }
  if (form.provisionType !== 'DISABLED') {
    if (!form.provisionDeviceKey.trim()) errors.provisionDeviceKey = 'device-profile.provision-device-key-required';
    if (!form.provisionDeviceSecret.trim())
      errors.provisionDeviceSecret = 'device-profile.provision-device-secret-required';
  }
  if (form.alarms.some((alarm) => Object.keys(alarmProblems(alarm, form.alarms)).length))
    errors.alarms = 'device-profile.alarm-rules-invalid';
  return errors;
}

function payloadConfiguration(form: DeviceProfileForm): PayloadConfiguration {
  if (form.payloadType === 'JSON') return { transportPayloadType: 'JSON' };
  return {
    transportPayloadType: 'PROTOBUF',
    deviceTelemetryProtoSchema: form.deviceTelemetryProtoSchema,
    deviceAttributesProtoSchema: form.deviceAttributesProtoSchema,
    deviceDownlinkProtoSchema: form.deviceDownlinkProtoSchema,
  };
}

export function transportConfiguration(form: DeviceProfileForm): TransportConfiguration {
  switch (form.transportType) {
    case 'MQTT':
      return {
        type: 'MQTT',
        deviceTelemetryTopic: form.deviceTelemetryTopic.trim(),
        deviceAttributesTopic: form.deviceAttributesTopic.trim(),
        deviceDownlinkTopic: form.deviceDownlinkTopic.trim(),
        transportPayloadTypeConfiguration: payloadConfiguration(form),
      };
    case 'COAP':
      return {
        type: 'COAP',
        coapDeviceTypeConfiguration: {
          coapDeviceType: form.coapDeviceType,
          transportPayloadTypeConfiguration: payloadConfiguration(
            form.coapDeviceType === 'DEFAULT' ? form : { ...form, payloadType: 'JSON' },
          ),
        },
      };
    default:
      return { type: 'DEFAULT' };
  }
}

/**
 * POST /api/deviceProfile body. An edit sends the loaded profile back with the form merged in, so what
 * this form does not edit (default flag, rule chain, queue, alarm rules) survives the save.
 */
export function deviceProfilePayload(form: DeviceProfileForm, original: DeviceProfile | undefined) {
  const provisioned = form.provisionType !== 'DISABLED';
  const description = form.description.trim();
  const base = original
    ? {
        id: original.id,
        createdTime: original.createdTime,
        tenantId: original.tenantId,
        default: original.default,
        defaultRuleChainId: original.defaultRuleChainId ?? null,
        defaultQueueName: original.defaultQueueName ?? null,
      }
    : { default: false, defaultRuleChainId: null, defaultQueueName: null };
  return {
    ...base,
    name: form.name.trim(),
    description: description || null,
    image: form.image || null,
    type: form.type || 'DEFAULT',
    transportType: form.transportType,
    provisionType: form.provisionType,
    provisionDeviceKey: provisioned ? form.provisionDeviceKey.trim() : null,
    profileData: {
      configuration: original?.profileData.configuration ?? { type: 'DEFAULT' as const },
      transportConfiguration: transportConfiguration(form),
      provisionConfiguration: {
        type: form.provisionType,
        provisionDeviceSecret: provisioned ? form.provisionDeviceSecret.trim() : null,
      },
      alarms: cleanAlarms(form.alarms),
    },
  };
}

const SECRET_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random provision key or secret (20 lower-case letters and digits, like ThingsBoard's). */
export function generateSecret(length = 20, random: (n: number) => Uint8Array = randomBytes): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 36).
  const limit = 256 - (256 % SECRET_ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const byte of random(length * 2)) {
      if (byte < limit) out += SECRET_ALPHABET[byte % SECRET_ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/** Where the server's 400 about a profile belongs (its messages name fields in words). */
export const placeDeviceProfileError = placeByRules<DeviceProfileField>([
  [/telemetry proto schema/i, 'deviceTelemetryProtoSchema'],
  [/attributes proto schema/i, 'deviceAttributesProtoSchema'],
  [/downlink proto schema/i, 'deviceDownlinkProtoSchema'],
  [/telemetry topic/i, 'deviceTelemetryTopic'],
  [/attributes topic/i, 'deviceAttributesTopic'],
  [/downlink topic/i, 'deviceDownlinkTopic'],
  [/provision device key/i, 'provisionDeviceKey'],
  [/provision device secret/i, 'provisionDeviceSecret'],
  [/alarm/i, 'alarms'],
  [/image/i, 'image'],
  [/coap device type/i, 'coapDeviceType'],
  [/transport type/i, 'transportType'],
  [/profile type/i, 'type'],
  [/name/i, 'name'],
]);
