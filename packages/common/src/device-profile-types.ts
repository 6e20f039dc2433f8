// Device profile definitions (spec 2-calls §3.7): profile types, transports, payload types,
// provisioning, credentials and claim outcomes, and the default transport configurations.

/**
 * Profile types: DEFAULT plus the device models the product knows. None of them carries a profile or
 * device configuration form; the type is a label the UI offers and the server accepts. Models that
 * also exist behind a ChirpStack LoRaWAN network server have a `_CHIRPSTACK` variant.
 */
export const DEVICE_PROFILE_TYPES = [
  { type: 'DEFAULT', name: 'Default' },
  { type: 'LRS10701', name: 'LRS10701 LoRa indoor air quality sensor' },
  { type: 'LRS10701_CHIRPSTACK', name: 'LRS10701 LoRa indoor air quality sensor (ChirpStack)' },
  { type: 'LRS20100', name: 'LRS20100 LoRa temperature and humidity sensor' },
  { type: 'LRS20100_CHIRPSTACK', name: 'LRS20100 LoRa temperature and humidity sensor (ChirpStack)' },
  { type: 'LRS20310', name: 'LRS20310 LoRa water leak sensor' },
  { type: 'LRS20310_CHIRPSTACK', name: 'LRS20310 LoRa water leak sensor (ChirpStack)' },
  { type: 'LRS20600', name: 'LRS20600 LoRa door and window sensor' },
  { type: 'LRS20600_CHIRPSTACK', name: 'LRS20600 LoRa door and window sensor (ChirpStack)' },
  { type: 'SEN_TH', name: 'SEN LoRa temperature and humidity sensor' },
  { type: 'SEN_TH_CHIRPSTACK', name: 'SEN LoRa temperature and humidity sensor (ChirpStack)' },
  { type: 'SEN_PIR', name: 'SEN LoRa motion sensor' },
  { type: 'SEN_PIR_CHIRPSTACK', name: 'SEN LoRa motion sensor (ChirpStack)' },
  { type: 'NANO_S', name: 'nano S' },
  { type: 'NANO_S_CHIRPSTACK', name: 'nano S (ChirpStack)' },
  { type: 'NANO_S_PLUS', name: 'nano S+' },
  { type: 'NANO_S_PLUS_CHIRPSTACK', name: 'nano S+ (ChirpStack)' },
  { type: 'I_SENSOR', name: 'i sensor' },
  { type: 'I_SENSOR_CHIRPSTACK', name: 'i sensor (ChirpStack)' },
  { type: 'BOAT_METER_READER', name: 'BOAT meter reader' },
  { type: 'BOAT_METER_READER_CHIRPSTACK', name: 'BOAT meter reader (ChirpStack)' },
  { type: 'BOAT_OIL_LEVEL', name: 'BOAT oil level sensor' },
  { type: 'BOAT_OIL_LEVEL_CHIRPSTACK', name: 'BOAT oil level sensor (ChirpStack)' },
  { type: 'BOAT_POWER_METER', name: 'BOAT power meter' },
  { type: 'BOAT_POWER_METER_CHIRPSTACK', name: 'BOAT power meter (ChirpStack)' },
  { type: 'BOAT_THERMAL', name: 'BOAT thermal sensor' },
  { type: 'BOAT_THERMAL_CHIRPSTACK', name: 'BOAT thermal sensor (ChirpStack)' },
  { type: 'NETVOX_R718H', name: 'Netvox R718H pulse counter' },
  { type: 'NETVOX_R718H_CHIRPSTACK', name: 'Netvox R718H pulse counter (ChirpStack)' },
  { type: 'NETVOX_R718N3', name: 'Netvox R718N3 three-phase current meter' },
  { type: 'NETVOX_R718N3_CHIRPSTACK', name: 'Netvox R718N3 three-phase current meter (ChirpStack)' },
  { type: 'NETVOX_R718WB', name: 'Netvox R718WB water leak sensor' },
  { type: 'NETVOX_R718WB_CHIRPSTACK', name: 'Netvox R718WB water leak sensor (ChirpStack)' },
  { type: 'MILESIGHT_VS121', name: 'Milesight VS121 occupancy sensor' },
  { type: 'MILESIGHT_VS133', name: 'Milesight VS133 people counter' },
  { type: 'MILESIGHT_VS351', name: 'Milesight VS351 people counter' },
  { type: 'MILESIGHT_EM310', name: 'Milesight EM310 distance sensor' },
  { type: 'MILESIGHT_EM310_CHIRPSTACK', name: 'Milesight EM310 distance sensor (ChirpStack)' },
  { type: 'MILESIGHT_EM300_SLD', name: 'Milesight EM300-SLD leak sensor' },
  { type: 'MILESIGHT_EM300_SLD_CHIRPSTACK', name: 'Milesight EM300-SLD leak sensor (ChirpStack)' },
  { type: 'NETWORK_CAMERA', name: 'Network camera' },
  { type: 'DRAGINO_D04', name: 'Dragino D04' },
  { type: 'DRAGINO_D04_CHIRPSTACK', name: 'Dragino D04 (ChirpStack)' },
  { type: 'LORIOT', name: 'LORIOT' },
] as const;
export type DeviceProfileType = (typeof DEVICE_PROFILE_TYPES)[number]['type'];
const PROFILE_TYPE_SET: ReadonlySet<string> = new Set(DEVICE_PROFILE_TYPES.map((t) => t.type));
export const isDeviceProfileType = (value: string): value is DeviceProfileType => PROFILE_TYPE_SET.has(value);

export const DEVICE_TRANSPORT_TYPES = ['DEFAULT', 'MQTT', 'COAP'] as const;
export type DeviceTransportType = (typeof DEVICE_TRANSPORT_TYPES)[number];

export const TRANSPORT_PAYLOAD_TYPES = ['JSON', 'PROTOBUF'] as const;
export type TransportPayloadType = (typeof TRANSPORT_PAYLOAD_TYPES)[number];

export const COAP_DEVICE_TYPES = ['DEFAULT', 'EFENTO'] as const;
export type CoapDeviceType = (typeof COAP_DEVICE_TYPES)[number];

export const DEVICE_PROVISION_TYPES = [
  'DISABLED',
  'ALLOW_CREATE_NEW_DEVICES',
  'CHECK_PRE_PROVISIONED_DEVICES',
] as const;
export type DeviceProvisionType = (typeof DEVICE_PROVISION_TYPES)[number];

export const DEVICE_CREDENTIALS_TYPES = ['ACCESS_TOKEN', 'X509_CERTIFICATE', 'MQTT_BASIC'] as const;
export type DeviceCredentialsType = (typeof DEVICE_CREDENTIALS_TYPES)[number];

export const CLAIM_RESULTS = ['SUCCESS', 'FAILURE', 'CLAIMED'] as const;
export type ClaimResult = (typeof CLAIM_RESULTS)[number];

/** Generated access tokens are this long (ThingsBoard: 20 random letters and digits). */
export const ACCESS_TOKEN_LENGTH = 20;

export const DEFAULT_MQTT_TOPICS = {
  deviceTelemetryTopic: 'v1/devices/me/telemetry',
  deviceAttributesTopic: 'v1/devices/me/attributes',
  deviceDownlinkTopic: 'v1/devices/me/downlink',
} as const;

/** Sample protobuf schemas offered when a profile switches its payload to PROTOBUF. */
export const SAMPLE_PROTO_SCHEMAS = {
  telemetry: `syntax = "proto3";
package telemetry;

// Sample telemetry message: edit the fields to match what the device sends.
message SensorReading {
  optional double temperature = 1;
  optional double humidity = 2;
  optional int32 batteryLevel = 3;
  Status status = 4;

  message Status {
    optional bool online = 1;
    optional string firmware = 2;
  }
}
`,
  attributes: `syntax = "proto3";
package attributes;

// Sample client attributes message.
message DeviceAttributes {
  optional string firmwareVersion = 1;
  optional string serialNumber = 2;
  optional int32 reportingIntervalSec = 3;
}
`,
  downlink: `syntax = "proto3";
package downlink;

// Sample message the server sends down to the device.
message DownlinkCommand {
  optional string method = 1;
  optional string params = 2;
  optional int32 requestId = 3;
}
`,
} as const;

export interface ProtoPayloadConfiguration {
  transportPayloadType: 'PROTOBUF';
  deviceTelemetryProtoSchema: string;
  deviceAttributesProtoSchema: string;
  deviceDownlinkProtoSchema: string;
}
export type PayloadConfiguration = { transportPayloadType: 'JSON' } | ProtoPayloadConfiguration;

export function defaultPayloadConfiguration(type: TransportPayloadType = 'JSON'): PayloadConfiguration {
  if (type === 'JSON') return { transportPayloadType: 'JSON' };
  return {
    transportPayloadType: 'PROTOBUF',
    deviceTelemetryProtoSchema: SAMPLE_PROTO_SCHEMAS.telemetry,
    deviceAttributesProtoSchema: SAMPLE_PROTO_SCHEMAS.attributes,
    deviceDownlinkProtoSchema: SAMPLE_PROTO_SCHEMAS.downlink,
  };
}

export interface MqttTransportConfiguration {
  type: 'MQTT';
  deviceTelemetryTopic: string;
  deviceAttributesTopic: string;
  deviceDownlinkTopic: string;
  transportPayloadTypeConfiguration: PayloadConfiguration;
}
export interface CoapTransportConfiguration {
  type: 'COAP';
  coapDeviceTypeConfiguration: {
    coapDeviceType: CoapDeviceType;
    transportPayloadTypeConfiguration: PayloadConfiguration;
  };
}
export type TransportConfiguration = { type: 'DEFAULT' } | MqttTransportConfiguration | CoapTransportConfiguration;

/** The configuration a new profile of this transport starts with (spec 2-calls §3.7). */
export function defaultTransportConfiguration(type: DeviceTransportType): TransportConfiguration {
  switch (type) {
    case 'MQTT':
      return { type: 'MQTT', ...DEFAULT_MQTT_TOPICS, transportPayloadTypeConfiguration: defaultPayloadConfiguration() };
    case 'COAP':
      return {
        type: 'COAP',
        coapDeviceTypeConfiguration: {
          coapDeviceType: 'DEFAULT',
          transportPayloadTypeConfiguration: defaultPayloadConfiguration(),
        },
      };
    default:
      return { type: 'DEFAULT' };
  }
}
