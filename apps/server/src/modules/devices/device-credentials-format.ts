import { createHash, X509Certificate } from 'node:crypto';
import { ACCESS_TOKEN_LENGTH, DEVICE_CREDENTIALS_TYPES, type DeviceCredentialsType } from '@sapo/common';
import { randomAlnum } from '../../lib/ids.ts';

/** The stored form of a device's credentials: what the transports look devices up by, and the detail. */
export interface FormattedCredentials {
  credentials_type: DeviceCredentialsType;
  credentials_id: string;
  credentials_value: string | null;
}

export const generateAccessToken = (): string => randomAlnum(ACCESS_TOKEN_LENGTH);

const sha3 = (text: string) => createHash('sha3-256').update(text).digest('hex');
const MAX_ACCESS_TOKEN = 32;
const MAX_MQTT_FIELD = 255;
const MAX_CERT_CHARS = 16 * 1024;

/** Tokens travel in HTTP paths (/api/v1/{token}/…) and as MQTT user names. */
export function checkAccessToken(token: string): string | undefined {
  if (token.length < 1 || token.length > MAX_ACCESS_TOKEN) {
    return `Access token length must be from 1 to ${MAX_ACCESS_TOKEN} characters.`;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\s/?#\u0000-\u001f\u007f]/.test(token)) {
    return 'Access token cannot contain spaces, control characters or the characters / ? #';
  }
  return undefined;
}

/**
 * The id under which MQTT basic credentials are found: a hash of the client id and/or user name
 * (the password is checked after the lookup). The MQTT transport computes the same ids.
 */
export function mqttBasicCredentialsId(clientId: string | null, userName: string | null): string {
  if (!clientId) return sha3(userName ?? '');
  if (!userName) return sha3(clientId);
  return sha3(`${clientId}|${userName}`);
}

/** The certificate's base64 body without PEM armour or whitespace; its hash is the lookup id. */
export function trimCertificate(pem: string): string {
  return pem
    .replace(/-----BEGIN CERTIFICATE-----/g, '')
    .replace(/-----END CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
}

export const certificateCredentialsId = (trimmed: string): string => sha3(trimmed);

function mqttBasic(value: string | null | undefined): FormattedCredentials | string {
  const invalid = 'Invalid credentials body for simple mqtt credentials!';
  if (!value) return invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return invalid;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return invalid;
  const fields: Record<string, string | null> = {};
  for (const key of ['clientId', 'userName', 'password'] as const) {
    const v = (parsed as Record<string, unknown>)[key];
    if (v !== undefined && v !== null && typeof v !== 'string') return `MQTT ${key} must be a string`;
    if (typeof v === 'string' && v.length > MAX_MQTT_FIELD) return `MQTT ${key} is too long (255 characters at most)`;
    fields[key] = typeof v === 'string' && v !== '' ? v : null;
  }
  const { clientId = null, userName = null, password = null } = fields;
  if (!clientId && !userName) return 'Both mqtt client id and user name are empty!';
  return {
    credentials_type: 'MQTT_BASIC',
    credentials_id: mqttBasicCredentialsId(clientId, userName),
    credentials_value: JSON.stringify({ clientId, userName, password }),
  };
}

function x509(value: string | null | undefined): FormattedCredentials | string {
  if (!value || value.trim() === '') return 'X509 certificate should be specified!';
  if (value.length > MAX_CERT_CHARS) return 'X509 certificate is too long (16 KB at most)';
  const trimmed = trimCertificate(value);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return 'X509 certificate must be a PEM-encoded certificate';
  try {
    new X509Certificate(Buffer.from(trimmed, 'base64'));
  } catch {
    return 'X509 certificate is not a valid certificate: expected a PEM-encoded X.509 certificate';
  }
  return {
    credentials_type: 'X509_CERTIFICATE',
    credentials_id: certificateCredentialsId(trimmed),
    credentials_value: trimmed,
  };
}

/**
 * Checks a DeviceCredentials body and derives what is stored (ThingsBoard's formatCredentials):
 * ACCESS_TOKEN keeps the token as the id; MQTT_BASIC and X509_CERTIFICATE are found by a hash.
 * A string is the 400 message.
 */
export function formatCredentials(
  type: string | null | undefined,
  credentialsId: string | null | undefined,
  credentialsValue: string | null | undefined,
): FormattedCredentials | string {
  if (!type) return 'Device credentials type should be specified!';
  if (!DEVICE_CREDENTIALS_TYPES.includes(type as DeviceCredentialsType)) {
    return `Unsupported device credentials type '${type}': use ${DEVICE_CREDENTIALS_TYPES.join(', ')}`;
  }
  if (type === 'MQTT_BASIC') return mqttBasic(credentialsValue);
  if (type === 'X509_CERTIFICATE') return x509(credentialsValue);
  const token = credentialsId ?? '';
  if (token === '') return 'Device credentials id should be specified!';
  const bad = checkAccessToken(token);
  return bad ?? { credentials_type: 'ACCESS_TOKEN', credentials_id: token, credentials_value: null };
}
