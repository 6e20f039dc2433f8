import type { CoapDeviceType, DeviceProvisionType, DeviceTransportType, TransportPayloadType } from '@sapo/common';

/** Translation keys of the profile's enumerations, written out so the key check sees each one. */
export const TRANSPORT_LABEL: Record<DeviceTransportType, string> = {
  DEFAULT: 'device-profile.transport-type-default',
  MQTT: 'device-profile.transport-type-mqtt',
  COAP: 'device-profile.transport-type-coap',
};

export const TRANSPORT_HINT: Record<DeviceTransportType, string> = {
  DEFAULT: 'device-profile.transport-type-default-hint',
  MQTT: 'device-profile.transport-type-mqtt-hint',
  COAP: 'device-profile.transport-type-coap-hint',
};

export const PROVISION_LABEL: Record<DeviceProvisionType, string> = {
  DISABLED: 'device-profile.provision-strategy-disabled',
  ALLOW_CREATE_NEW_DEVICES: 'device-profile.provision-strategy-created-new',
  CHECK_PRE_PROVISIONED_DEVICES: 'device-profile.provision-strategy-check-pre-provisioned',
};

export const PROVISION_HINT: Record<DeviceProvisionType, string> = {
  DISABLED: 'device-profile.provision-strategy-disabled-hint',
  ALLOW_CREATE_NEW_DEVICES: 'device-profile.provision-strategy-created-new-hint',
  CHECK_PRE_PROVISIONED_DEVICES: 'device-profile.provision-strategy-check-pre-provisioned-hint',
};

export const PAYLOAD_LABEL: Record<TransportPayloadType, string> = {
  JSON: 'device-profile.payload-type-json',
  PROTOBUF: 'device-profile.payload-type-protobuf',
};

export const COAP_TYPE_LABEL: Record<CoapDeviceType, string> = {
  DEFAULT: 'device-profile.coap-device-type-default',
  EFENTO: 'device-profile.coap-device-type-efento',
};
