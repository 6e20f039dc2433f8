import { SAMPLE_PROTO_SCHEMAS } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import type { DeviceProfile } from '../device-profile-types';
import {
  deviceProfileFormFrom,
  deviceProfilePayload,
  generateSecret,
  hasPayloadType,
  placeDeviceProfileError,
  validateDeviceProfileForm,
  type DeviceProfileForm,
} from './device-profile-form';
import { formatFileSize, imageFileProblem, isImageDataUrl } from './image-file';
import { publishTopicProblem, topicFilterProblem } from './topic-filter';

const blank = (patch: Partial<DeviceProfileForm> = {}): DeviceProfileForm => ({
  ...deviceProfileFormFrom(undefined),
  name: 'Thermostats',
  ...patch,
});

const stored: DeviceProfile = {
  id: { entityType: 'DEVICE_PROFILE', id: 'p1' },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 't1' },
  name: 'thermostat',
  description: 'Old',
  image: null,
  type: 'DEFAULT',
  transportType: 'MQTT',
  provisionType: 'ALLOW_CREATE_NEW_DEVICES',
  provisionDeviceKey: 'key1',
  defaultRuleChainId: { entityType: 'RULE_CHAIN', id: 'r1' },
  defaultQueueName: 'HighPriority',
  default: true,
  profileData: {
    configuration: { type: 'DEFAULT' },
    transportConfiguration: {
      type: 'MQTT',
      deviceTelemetryTopic: 'sensors/+/telemetry',
      deviceAttributesTopic: 'sensors/attributes',
      deviceDownlinkTopic: 'sensors/down',
      transportPayloadTypeConfiguration: {
        transportPayloadType: 'PROTOBUF',
        deviceTelemetryProtoSchema: 'T',
        deviceAttributesProtoSchema: 'A',
        deviceDownlinkProtoSchema: 'D',
      },
    },
    provisionConfiguration: { type: 'ALLOW_CREATE_NEW_DEVICES', provisionDeviceSecret: 'secret1' },
    alarms: [
      {
        id: 'a1',
        alarmType: 'High Temperature',
        createRules: {
          MAJOR: {
            condition: {
              condition: [
                {
                  key: { type: 'TIME_SERIES', key: 'temperature' },
                  valueType: 'NUMERIC',
                  predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: 25 } },
                },
              ],
              spec: { type: 'SIMPLE' },
            },
          },
        },
        clearRule: null,
        propagate: false,
        propagateRelationTypes: null,
      },
    ],
  },
};

describe('device profile form', () => {
  it('starts a new profile with the default MQTT topics and the sample schemas', () => {
    const form = deviceProfileFormFrom(undefined);
    expect(form).toMatchObject({
      transportType: 'DEFAULT',
      deviceTelemetryTopic: 'v1/devices/me/telemetry',
      deviceAttributesTopic: 'v1/devices/me/attributes',
      deviceDownlinkTopic: 'v1/devices/me/downlink',
      payloadType: 'JSON',
      provisionType: 'DISABLED',
      deviceTelemetryProtoSchema: SAMPLE_PROTO_SCHEMAS.telemetry,
    });
  });

  it('reads a stored MQTT/PROTOBUF profile back into the form', () => {
    expect(deviceProfileFormFrom(stored)).toMatchObject({
      name: 'thermostat',
      transportType: 'MQTT',
      deviceTelemetryTopic: 'sensors/+/telemetry',
      payloadType: 'PROTOBUF',
      deviceTelemetryProtoSchema: 'T',
      provisionDeviceKey: 'key1',
      provisionDeviceSecret: 'secret1',
    });
  });

  it('keeps what the form does not edit when saving an edit', () => {
    const body = deviceProfilePayload({ ...deviceProfileFormFrom(stored), description: ' New ' }, stored);
    expect(body).toMatchObject({
      id: stored.id,
      default: true,
      defaultRuleChainId: stored.defaultRuleChainId,
      defaultQueueName: 'HighPriority',
      description: 'New',
    });
    expect(body.profileData.alarms).toEqual(stored.profileData.alarms);
    expect(body.profileData.transportConfiguration).toEqual(stored.profileData.transportConfiguration);
  });

  it('sends the provision key and secret only when provisioning is on', () => {
    const on = deviceProfilePayload(
      blank({ provisionType: 'CHECK_PRE_PROVISIONED_DEVICES', provisionDeviceKey: ' k ', provisionDeviceSecret: 's' }),
      undefined,
    );
    expect(on.provisionDeviceKey).toBe('k');
    expect(on.profileData.provisionConfiguration).toEqual({
      type: 'CHECK_PRE_PROVISIONED_DEVICES',
      provisionDeviceSecret: 's',
    });
    const off = deviceProfilePayload(blank({ provisionDeviceKey: 'k', provisionDeviceSecret: 's' }), undefined);
    expect(off.provisionDeviceKey).toBeNull();
    expect(off.profileData.provisionConfiguration).toEqual({ type: 'DISABLED', provisionDeviceSecret: null });
    expect(off.default).toBe(false);
  });

  it('maps each transport to its configuration', () => {
    expect(deviceProfilePayload(blank(), undefined).profileData.transportConfiguration).toEqual({ type: 'DEFAULT' });
    const mqtt = deviceProfilePayload(blank({ transportType: 'MQTT' }), undefined).profileData.transportConfiguration;
    expect(mqtt).toEqual({
      type: 'MQTT',
      deviceTelemetryTopic: 'v1/devices/me/telemetry',
      deviceAttributesTopic: 'v1/devices/me/attributes',
      deviceDownlinkTopic: 'v1/devices/me/downlink',
      transportPayloadTypeConfiguration: { transportPayloadType: 'JSON' },
    });
    const coap = deviceProfilePayload(blank({ transportType: 'COAP', payloadType: 'PROTOBUF' }), undefined);
    expect(coap.profileData.transportConfiguration).toMatchObject({
      type: 'COAP',
      coapDeviceTypeConfiguration: {
        coapDeviceType: 'DEFAULT',
        transportPayloadTypeConfiguration: { transportPayloadType: 'PROTOBUF' },
      },
    });
    // Efento devices speak their own protocol: no payload choice.
    const efento = deviceProfilePayload(
      blank({ transportType: 'COAP', coapDeviceType: 'EFENTO', payloadType: 'PROTOBUF' }),
      undefined,
    );
    expect(efento.profileData.transportConfiguration).toMatchObject({
      coapDeviceTypeConfiguration: { transportPayloadTypeConfiguration: { transportPayloadType: 'JSON' } },
    });
    expect(hasPayloadType({ transportType: 'COAP', coapDeviceType: 'EFENTO' })).toBe(false);
    expect(hasPayloadType({ transportType: 'DEFAULT', coapDeviceType: 'DEFAULT' })).toBe(false);
  });

  it('requires a name, valid topics, schemas and provisioning secrets where they apply', () => {
    expect(validateDeviceProfileForm(blank())).toEqual({});
    expect(validateDeviceProfileForm(blank({ name: '  ' }))).toEqual({ name: 'device-profile.name-required' });
    // Topics are only checked for MQTT profiles.
    expect(validateDeviceProfileForm(blank({ deviceTelemetryTopic: '' }))).toEqual({});
    expect(
      validateDeviceProfileForm(
        blank({
          transportType: 'MQTT',
          deviceTelemetryTopic: 'a/b+/c',
          deviceAttributesTopic: 'a/#/c',
          deviceDownlinkTopic: 'down/+',
        }),
      ),
    ).toEqual({
      deviceTelemetryTopic: 'device-profile.not-valid-single-character',
      deviceAttributesTopic: 'device-profile.not-valid-multi-character',
      deviceDownlinkTopic: 'device-profile.downlink-topic-no-wildcards',
    });
    expect(
      validateDeviceProfileForm(
        blank({ transportType: 'MQTT', payloadType: 'PROTOBUF', deviceTelemetryProtoSchema: ' ' }),
      ),
    ).toEqual({ deviceTelemetryProtoSchema: 'device-profile.telemetry-proto-schema-required' });
    expect(validateDeviceProfileForm(blank({ provisionType: 'ALLOW_CREATE_NEW_DEVICES' }))).toEqual({
      provisionDeviceKey: 'device-profile.provision-device-key-required',
      provisionDeviceSecret: 'device-profile.provision-device-secret-required',
    });
  });

  it('generates 20-character keys from letters and digits', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[a-z0-9]{20}$/);
    expect(generateSecret()).not.toBe(secret);
    // Bytes past the last whole alphabet cycle (252…255) are skipped, not folded onto 'a'…'d'.
    const fixed = generateSecret(3, () => new Uint8Array([255, 0, 1, 36, 253]));
    expect(fixed).toBe('aba');
  });
});

describe('MQTT topics', () => {
  it('accepts wildcards only where MQTT allows them in a filter', () => {
    expect(topicFilterProblem('v1/devices/me/telemetry')).toBeUndefined();
    expect(topicFilterProblem('+/devices/#')).toBeUndefined();
    expect(topicFilterProblem('#')).toBeUndefined();
    expect(topicFilterProblem('a/+b')).toBe('single-level');
    expect(topicFilterProblem('a/#/b')).toBe('multi-level');
    expect(topicFilterProblem('a/b#')).toBe('multi-level');
    expect(topicFilterProblem(' ')).toBe('required');
  });

  it('refuses any wildcard in the downlink topic', () => {
    expect(publishTopicProblem('v1/devices/me/downlink')).toBeUndefined();
    expect(publishTopicProblem('v1/+/x')).toBe('wildcard');
    expect(publishTopicProblem('')).toBe('required');
  });
});

describe('profile image', () => {
  it('formats sizes with the spec units and decimals', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(256 * 1024)).toBe('256 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(Number.NaN)).toBe('?');
  });

  it('takes images up to the limit and data URLs only', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(imageFileProblem({ type: 'text/plain', size: 10 })).toBe('not-image');
    expect(imageFileProblem({ type: 'image/png', size: 600 * 1024 })).toBe('too-large');
    expect(isImageDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isImageDataUrl('data:image/svg+xml;charset=utf-8;base64,PHN2Zz4=')).toBe(true);
    expect(isImageDataUrl('https://example.com/a.png')).toBe(false);
    expect(isImageDataUrl('data:text/html;base64,PGI+')).toBe(false);
  });
});

describe('server messages', () => {
  it('land on the field they are about', () => {
    const cases: [string, string | undefined][] = [
      ['Device profile name should be specified!', 'name'],
      ['Device profile with such name already exists!', 'name'],
      [
        "Telemetry topic filter 'a/b+' is not a valid MQTT topic filter: '+' must be a whole level",
        'deviceTelemetryTopic',
      ],
      ['Telemetry and attributes topic filters must differ', 'deviceAttributesTopic'],
      ['Downlink topic cannot contain wildcards', 'deviceDownlinkTopic'],
      [
        "[Transport Configuration] invalid attributes proto schema provided! Schema options don't support!",
        'deviceAttributesProtoSchema',
      ],
      ['Provision device secret should be specified!', 'provisionDeviceSecret'],
      ['Provision device key should be specified!', 'provisionDeviceKey'],
      ['Device profile image is too large: 1 MB at most', 'image'],
      ["Can't change device profile transport type because devices referenced it!", 'transportType'],
      ["Can't change device profile type because devices referenced it!", 'type'],
      ['Something else went wrong', undefined],
    ];
    for (const [message, field] of cases) expect([message, placeDeviceProfileError(message)]).toEqual([message, field]);
  });

  it('refuses the same topic for telemetry and attributes', () => {
    expect(
      validateDeviceProfileForm(blank({ transportType: 'MQTT', deviceAttributesTopic: 'v1/devices/me/telemetry' })),
    ).toEqual({ deviceAttributesTopic: 'device-profile.topics-must-differ' });
  });
});
