import type { DeviceCredentialsType } from '@sapo/common';
import type { DeviceCredentials } from '../device-types';
import { ACCESS_TOKEN_MESSAGES, accessTokenProblem } from './access-token';
import { placeByRules } from './place-error';

/** The 'Manage credentials' dialog: one field set per credentials type. */
export interface CredentialsForm {
  credentialsType: DeviceCredentialsType;
  accessToken: string;
  clientId: string;
  userName: string;
  password: string;
  certificate: string;
}

export const CREDENTIALS_FIELDS = [
  'credentialsType',
  'accessToken',
  'clientId',
  'userName',
  'password',
  'certificate',
] as const;
export type CredentialsField = (typeof CREDENTIALS_FIELDS)[number];

export const MAX_MQTT_FIELD = 255;

export interface MqttBasic {
  clientId: string | null;
  userName: string | null;
  password: string | null;
}

/** MQTT_BASIC values are a JSON string {clientId, userName, password}; anything else reads as empty. */
export function parseMqttBasic(value: string | null | undefined): MqttBasic {
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    if (parsed && typeof parsed === 'object') {
      const read = (key: string) => {
        const v = (parsed as Record<string, unknown>)[key];
        return typeof v === 'string' ? v : null;
      };
      return { clientId: read('clientId'), userName: read('userName'), password: read('password') };
    }
  } catch {
    // not JSON: nothing to show
  }
  return { clientId: null, userName: null, password: null };
}

/** The certificate as PEM: the server keeps the bare base64 body; armour and 64-column lines return. */
export function toPem(value: string | null | undefined): string {
  const body = (value ?? '').replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!body) return '';
  const lines = body.match(/.{1,64}/g) ?? [];
  return ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----'].join('\n');
}

export function credentialsFormFrom(credentials: DeviceCredentials | undefined): CredentialsForm {
  const type = credentials?.credentialsType ?? 'ACCESS_TOKEN';
  const mqtt = type === 'MQTT_BASIC' ? parseMqttBasic(credentials?.credentialsValue) : undefined;
  return {
    credentialsType: type,
    accessToken: type === 'ACCESS_TOKEN' ? (credentials?.credentialsId ?? '') : '',
    clientId: mqtt?.clientId ?? '',
    userName: mqtt?.userName ?? '',
    password: mqtt?.password ?? '',
    certificate: type === 'X509_CERTIFICATE' ? toPem(credentials?.credentialsValue) : '',
  };
}

const PEM_BODY = /^[A-Za-z0-9+/]+={0,2}$/;

export function validateCredentialsForm(form: CredentialsForm): Partial<Record<CredentialsField, string>> {
  const errors: Partial<Record<CredentialsField, string>> = {};
  switch (form.credentialsType) {
    case 'ACCESS_TOKEN': {
      const problem = accessTokenProblem(form.accessToken);
      if (problem) errors.accessToken = ACCESS_TOKEN_MESSAGES[problem];
      break;
    }
    case 'MQTT_BASIC':
      if (!form.clientId && !form.userName) errors.clientId = 'device.client-id-or-user-name-necessary';
      if (form.password && !form.userName) errors.userName = 'device.user-name-required-with-password';
      for (const field of ['clientId', 'userName', 'password'] as const) {
        if (form[field].length > MAX_MQTT_FIELD) errors[field] = 'device.mqtt-field-too-long';
      }
      break;
    case 'X509_CERTIFICATE': {
      const body = form.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
      if (!body) errors.certificate = 'device.certificate-required';
      else if (!PEM_BODY.test(body)) errors.certificate = 'device.certificate-invalid';
      break;
    }
  }
  return errors;
}

/** POST /api/device/credentials body: the stored record's ids with the new type and values. */
export function credentialsPayload(form: CredentialsForm, original: DeviceCredentials) {
  const base = { id: original.id, deviceId: original.deviceId, credentialsType: form.credentialsType };
  switch (form.credentialsType) {
    case 'ACCESS_TOKEN':
      return { ...base, credentialsId: form.accessToken, credentialsValue: null };
    case 'MQTT_BASIC':
      return {
        ...base,
        credentialsId: null,
        credentialsValue: JSON.stringify({
          clientId: form.clientId || null,
          userName: form.userName || null,
          password: form.password || null,
        }),
      };
    case 'X509_CERTIFICATE':
      return { ...base, credentialsId: null, credentialsValue: form.certificate.trim() };
  }
}

/** Where the server's 400 about credentials belongs (its messages name the part in words). */
export function placeCredentialsError(form: Pick<CredentialsForm, 'credentialsType'>) {
  const taken: CredentialsField =
    form.credentialsType === 'ACCESS_TOKEN'
      ? 'accessToken'
      : form.credentialsType === 'MQTT_BASIC'
        ? 'clientId'
        : 'certificate';
  return placeByRules<CredentialsField>([
    [/already assigned|credentials id/i, taken],
    [/access token/i, 'accessToken'],
    [/clientId|client id/i, 'clientId'],
    [/userName|user name/i, 'userName'],
    [/password/i, 'password'],
    [/x509|certificate/i, 'certificate'],
    [/credentials type/i, 'credentialsType'],
  ]);
}
