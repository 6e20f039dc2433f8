import type { DeviceCredentialsType } from '@sapo/common';

/** Translation keys of the credentials types (written out for the key check). */
export const CREDENTIALS_TYPE_LABEL: Record<DeviceCredentialsType, string> = {
  ACCESS_TOKEN: 'device.credentials-type-access-token',
  X509_CERTIFICATE: 'device.credentials-type-x509',
  MQTT_BASIC: 'device.credentials-type-mqtt-basic',
};

export const CREDENTIALS_TYPE_HINT: Record<DeviceCredentialsType, string> = {
  ACCESS_TOKEN: 'device.credentials-type-access-token-hint',
  X509_CERTIFICATE: 'device.credentials-type-x509-hint',
  MQTT_BASIC: 'device.credentials-type-mqtt-basic-hint',
};
