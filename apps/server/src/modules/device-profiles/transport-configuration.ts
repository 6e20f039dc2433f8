import {
  COAP_DEVICE_TYPES,
  type CoapDeviceType,
  DEFAULT_MQTT_TOPICS,
  defaultPayloadConfiguration,
  defaultTransportConfiguration,
  type DeviceTransportType,
  type PayloadConfiguration,
  SAMPLE_PROTO_SCHEMAS,
  type TransportConfiguration,
} from '@sapo/common';
import { checkProtoSchema } from './proto-schema-check.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_SCHEMA = 64 * 1024;

/**
 * An MQTT topic filter as the profile stores it: levels split by '/', '+' a whole level, '#' only
 * as the whole last level, no NUL, at most 255 characters.
 */
export function checkTopicFilter(topic: string, what: string): string | undefined {
  if (topic.length > 255) return `${what} is too long (255 characters at most)`;
  const levels = topic.split('/');
  for (const [i, level] of levels.entries()) {
    if (level.includes('#') && (level !== '#' || i !== levels.length - 1)) {
      return `${what} '${topic}' is not a valid MQTT topic filter: '#' must be the whole last level`;
    }
    if (level.includes('+') && level !== '+') {
      return `${what} '${topic}' is not a valid MQTT topic filter: '+' must be a whole level`;
    }
  }
  return undefined;
}

function normalizePayload(input: unknown): PayloadConfiguration | string {
  if (input === undefined || input === null) return defaultPayloadConfiguration();
  if (!isObj(input)) return 'transportPayloadTypeConfiguration must be an object';
  const type = input.transportPayloadType ?? 'JSON';
  if (type === 'JSON') return { transportPayloadType: 'JSON' };
  if (type !== 'PROTOBUF') return `Unsupported transport payload type '${String(type)}': use JSON or PROTOBUF`;
  const schemas = [
    ['deviceTelemetryProtoSchema', 'telemetry proto schema', SAMPLE_PROTO_SCHEMAS.telemetry],
    ['deviceAttributesProtoSchema', 'attributes proto schema', SAMPLE_PROTO_SCHEMAS.attributes],
    ['deviceDownlinkProtoSchema', 'downlink proto schema', SAMPLE_PROTO_SCHEMAS.downlink],
  ] as const;
  const out: Record<string, string> = {};
  for (const [key, name, sample] of schemas) {
    const value = input[key];
    // A missing schema gets the sample, so switching to PROTOBUF always yields a working profile.
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      out[key] = sample;
      continue;
    }
    if (typeof value !== 'string') return `${key} must be a string`;
    if (value.length > MAX_SCHEMA) return `The ${name} is too long (64 KB at most)`;
    const err = checkProtoSchema(value, name);
    if (err) return err;
    out[key] = value;
  }
  return {
    transportPayloadType: 'PROTOBUF',
    deviceTelemetryProtoSchema: out.deviceTelemetryProtoSchema!,
    deviceAttributesProtoSchema: out.deviceAttributesProtoSchema!,
    deviceDownlinkProtoSchema: out.deviceDownlinkProtoSchema!,
  };
}

function topic(input: Obj, key: keyof typeof DEFAULT_MQTT_TOPICS, what: string): string | { error: string } {
  const value = input[key];
  if (value === undefined || value === null) return DEFAULT_MQTT_TOPICS[key];
  if (typeof value !== 'string' || value.trim() === '') return { error: `${what} should be specified!` };
  const err = checkTopicFilter(value.trim(), what);
  return err ? { error: err } : value.trim();
}

/**
 * The stored transport configuration for a profile of `transportType`: the client's, checked and
 * reduced to the known fields, or the spec's default when none was sent.
 */
export function normalizeTransportConfiguration(
  transportType: DeviceTransportType,
  input: unknown,
): TransportConfiguration | string {
  if (input === undefined || input === null) return defaultTransportConfiguration(transportType);
  if (!isObj(input)) return 'transportConfiguration must be an object';
  const type = input.type ?? transportType;
  if (type !== transportType) {
    return `Transport configuration type '${String(type)}' doesn't match the transport type '${transportType}'`;
  }
  if (transportType === 'DEFAULT') return { type: 'DEFAULT' };
  if (transportType === 'MQTT') {
    const telemetry = topic(input, 'deviceTelemetryTopic', 'Telemetry topic filter');
    if (typeof telemetry !== 'string') return telemetry.error;
    const attributes = topic(input, 'deviceAttributesTopic', 'Attributes topic filter');
    if (typeof attributes !== 'string') return attributes.error;
    const downlink = topic(input, 'deviceDownlinkTopic', 'Downlink topic');
    if (typeof downlink !== 'string') return downlink.error;
    if (downlink.includes('+') || downlink.includes('#')) return 'Downlink topic cannot contain wildcards';
    if (telemetry === attributes) return 'Telemetry and attributes topic filters must differ';
    const payload = normalizePayload(input.transportPayloadTypeConfiguration);
    if (typeof payload === 'string') return payload;
    return {
      type: 'MQTT',
      deviceTelemetryTopic: telemetry,
      deviceAttributesTopic: attributes,
      deviceDownlinkTopic: downlink,
      transportPayloadTypeConfiguration: payload,
    };
  }
  const coap = input.coapDeviceTypeConfiguration ?? {};
  if (!isObj(coap)) return 'coapDeviceTypeConfiguration must be an object';
  const coapType = coap.coapDeviceType ?? 'DEFAULT';
  if (!COAP_DEVICE_TYPES.includes(coapType as CoapDeviceType)) {
    return `Unsupported CoAP device type '${String(coapType)}': use DEFAULT or EFENTO`;
  }
  const payload = normalizePayload(coap.transportPayloadTypeConfiguration);
  if (typeof payload === 'string') return payload;
  return {
    type: 'COAP',
    coapDeviceTypeConfiguration: {
      coapDeviceType: coapType as CoapDeviceType,
      transportPayloadTypeConfiguration: payload,
    },
  };
}
