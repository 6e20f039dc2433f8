import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';
import { auditActions, createDevice, credentialsOf, ok, type DeviceDto } from './devices-fixtures.ts';

// Self-signed test certificates (EC P-256, valid until 2126), made with openssl for these tests.
const CERT_1 = `-----BEGIN CERTIFICATE-----
MIIBjTCCATOgAwIBAgIUHczGmarcCGcWXad6gp1uozDyM/owCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQc2Fwby10ZXN0LWRldmljZTAgFw0yNjExMjExMjM3MjNaGA8y
MTI2MTAyODEyMzcyM1owGzEZMBcGA1UEAwwQc2Fwby10ZXN0LWRldmljZTBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABGXLrbUvJPlNVonCuDXWtj6yHzyhbTNzq31U
eujWtQQrA1Awen6nPAt6IUFw6pHjdJ2opYVExr1ObobA3Am7kmajUzBRMB0GA1Ud
DgQWBBRRkqGQtPyvuijFpCrAVDRD/z0euDAfBgNVHSMEGDAWgBRRkqGQtPyvuijF
pCrAVDRD/z0euDAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIQD2
bEIjI5E4C6urkVZjReaecsEbgqLWUtZEHyoqkVjs0QIgDxMu2LhCsJB12Vbv/cx/
nbvbadIoldt1gGpdVLvGnds=
-----END CERTIFICATE-----`;
const CERT_2 = `-----BEGIN CERTIFICATE-----
MIIBkDCCATegAwIBAgIUNGgAlgjnmSBq7BESxVC9MM4bBVYwCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSc2Fwby10ZXN0LWRldmljZS0yMCAXDTI2MTEyMTEyMzcyM1oY
DzIxMjYxMDI4MTIzNzIzWjAdMRswGQYDVQQDDBJzYXBvLXRlc3QtZGV2aWNlLTIw
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATLaHmox98rMutbjGFYuV8GbfNU23bV
uUQE+X9LpIBg34yvhmpOtkPUlZ/2516cn/3KR6n/ty0zBA6gBvH6r8/Ho1MwUTAd
BgNVHQ4EFgQUBvkbJceLKtLzrlrAHt4hy1R3qeIwHwYDVR0jBBgwFoAUBvkbJceL
KtLzrlrAHt4hy1R3qeIwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNHADBE
AiAgTg/UqVJ2AxAIje728LpL2is3f9HkGXS7ogCu3Q62EwIgCINWQaAekt/+5E1u
qcHFaLPQ8l7GA65JYFkMWKC6xJ0=
-----END CERTIFICATE-----`;
const sha3 = (s: string) => createHash('sha3-256').update(s).digest('hex');

let t: TestApp;
let w: World;
let tok: string;
let d1: DeviceDto;
let d2: DeviceDto;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
  d1 = await createDevice(t, tok, { name: 'Cred 1' });
  d2 = await createDevice(t, tok, { name: 'Cred 2' });
});
afterAll(() => t.close());

const update = (deviceId: string, body: Record<string, unknown>, token = tok) =>
  t.request('POST', '/api/device/credentials', {
    token,
    body: { deviceId: { entityType: 'DEVICE', id: deviceId }, ...body },
  });

describe('ACCESS_TOKEN', () => {
  it('changes the token, audited as CREDENTIALS_UPDATED, and the device is found by it', async () => {
    const before = await credentialsOf(t, tok, d1.id.id);
    const saved = await ok<{ id: { id: string }; credentialsId: string; credentialsType: string }>(
      update(d1.id.id, { id: before.id, credentialsType: 'ACCESS_TOKEN', credentialsId: 'NEW_TOKEN_1' }),
    );
    expect(saved).toMatchObject({ id: before.id, credentialsType: 'ACCESS_TOKEN', credentialsId: 'NEW_TOKEN_1' });
    expect((await credentialsOf(t, tok, d1.id.id)).credentialsId).toBe('NEW_TOKEN_1');
    expect(await auditActions(t, d1.id.id)).toEqual(
      expect.arrayContaining(['CREDENTIALS_UPDATED', 'CREDENTIALS_READ']),
    );
    const found = await t.app.services.deviceCredentials.findDeviceByAccessToken('NEW_TOKEN_1');
    expect(found?.id).toBe(d1.id.id);
    expect(await t.app.services.deviceCredentials.findDeviceByAccessToken(before.credentialsId)).toBeUndefined();
  });

  it('validates the token', async () => {
    expectError(
      await update(d1.id.id, { credentialsType: 'ACCESS_TOKEN' }),
      400,
      31,
      'Device credentials id should be specified!',
    );
    expectError(
      await update(d1.id.id, { credentialsType: 'ACCESS_TOKEN', credentialsId: 'a b' }),
      400,
      31,
      'Access token cannot contain spaces, control characters or the characters / ? #',
    );
    expectError(
      await update(d1.id.id, { credentialsType: 'ACCESS_TOKEN', credentialsId: 'x'.repeat(33) }),
      400,
      31,
      'Access token length must be from 1 to 32 characters.',
    );
    expectError(
      await update(d1.id.id, { credentialsId: 'T' }),
      400,
      31,
      'Device credentials type should be specified!',
    );
    expectError(
      await update(d1.id.id, { credentialsType: 'LWM2M_CREDENTIALS', credentialsId: 'T' }),
      400,
      31,
      /Unsupported device credentials type 'LWM2M_CREDENTIALS'/,
    );
    expectError(
      await t.request('POST', '/api/device/credentials', {
        token: tok,
        body: { credentialsType: 'ACCESS_TOKEN', credentialsId: 'T' },
      }),
      400,
      31,
      'Device credentials should be assigned to device!',
    );
  });

  it('is unique across the system', async () => {
    const other = await createDevice(t, w.tokens.other, { name: 'Other cred' }, '?accessToken=OTHER_TENANT_TOKEN');
    expectError(
      await update(d2.id.id, { credentialsType: 'ACCESS_TOKEN', credentialsId: 'OTHER_TENANT_TOKEN' }),
      400,
      31,
      'Device credentials are already assigned to another device!',
    );
    expect((await credentialsOf(t, w.tokens.other, other.id.id)).credentialsId).toBe('OTHER_TENANT_TOKEN');
    // Saving the same token again on its own device is fine.
    const mine = await credentialsOf(t, tok, d2.id.id);
    await ok(update(d2.id.id, { credentialsType: 'ACCESS_TOKEN', credentialsId: mine.credentialsId }));
  });

  it('refuses credentials whose id belongs to another device record', async () => {
    const other = await credentialsOf(t, tok, d2.id.id);
    expectError(
      await update(d1.id.id, { id: other.id, credentialsType: 'ACCESS_TOKEN', credentialsId: 'SWAP' }),
      400,
      31,
      'Unable to update non-existent device credentials!',
    );
  });

  it('of an unknown device is a 404', async () => {
    expectNotFound(
      await update('7f1c0e4a-0000-4000-8000-000000000010', { credentialsType: 'ACCESS_TOKEN', credentialsId: 'Z' }),
    );
  });
});

describe('MQTT_BASIC', () => {
  it('stores clientId/userName/password and finds the device by a hash of client id and user name', async () => {
    const value = JSON.stringify({ clientId: 'c1', userName: 'u1', password: 'p1' });
    const saved = await ok<{ credentialsId: string; credentialsValue: string; credentialsType: string }>(
      update(d1.id.id, { credentialsType: 'MQTT_BASIC', credentialsValue: value }),
    );
    expect(saved.credentialsType).toBe('MQTT_BASIC');
    expect(saved.credentialsId).toBe(sha3('c1|u1'));
    expect(JSON.parse(saved.credentialsValue)).toEqual({ clientId: 'c1', userName: 'u1', password: 'p1' });
    const onlyUser = await ok<{ credentialsId: string; credentialsValue: string }>(
      update(d2.id.id, { credentialsType: 'MQTT_BASIC', credentialsValue: JSON.stringify({ userName: 'solo' }) }),
    );
    expect(onlyUser.credentialsId).toBe(sha3('solo'));
    expect(JSON.parse(onlyUser.credentialsValue)).toEqual({ clientId: null, userName: 'solo', password: null });
    // The access token of d1 is gone: its credentials are now MQTT basic.
    expect(await t.app.services.deviceCredentials.findDeviceByAccessToken('NEW_TOKEN_1')).toBeUndefined();
  });

  it('validates the body', async () => {
    for (const value of [undefined, '', 'not json', '[1]', 'null']) {
      expectError(
        await update(d1.id.id, { credentialsType: 'MQTT_BASIC', credentialsValue: value }),
        400,
        31,
        'Invalid credentials body for simple mqtt credentials!',
      );
    }
    expectError(
      await update(d1.id.id, {
        credentialsType: 'MQTT_BASIC',
        credentialsValue: JSON.stringify({ password: 'x', clientId: '' }),
      }),
      400,
      31,
      'Both mqtt client id and user name are empty!',
    );
    expectError(
      await update(d1.id.id, { credentialsType: 'MQTT_BASIC', credentialsValue: JSON.stringify({ clientId: 5 }) }),
      400,
      31,
      'MQTT clientId must be a string',
    );
  });

  it('the same client id and user name cannot serve two devices', async () => {
    const d3 = await createDevice(t, tok, { name: 'Cred 3' });
    expectError(
      await update(d3.id.id, {
        credentialsType: 'MQTT_BASIC',
        credentialsValue: JSON.stringify({ clientId: 'c1', userName: 'u1', password: 'other' }),
      }),
      400,
      31,
      'Device credentials are already assigned to another device!',
    );
  });
});

describe('X509_CERTIFICATE', () => {
  it('stores the certificate body and its hash as credentialsId', async () => {
    const saved = await ok<{ credentialsId: string; credentialsValue: string }>(
      update(d1.id.id, { credentialsType: 'X509_CERTIFICATE', credentialsValue: CERT_1 }),
    );
    const body = CERT_1.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    expect(saved.credentialsValue).toBe(body);
    expect(saved.credentialsId).toBe(sha3(body));
    expectError(
      await update(d2.id.id, { credentialsType: 'X509_CERTIFICATE', credentialsValue: CERT_1 }),
      400,
      31,
      'Device credentials are already assigned to another device!',
    );
    await ok(update(d2.id.id, { credentialsType: 'X509_CERTIFICATE', credentialsValue: CERT_2 }));
  });

  it('refuses what is not a certificate', async () => {
    expectError(
      await update(d1.id.id, { credentialsType: 'X509_CERTIFICATE' }),
      400,
      31,
      'X509 certificate should be specified!',
    );
    expectError(
      await update(d1.id.id, { credentialsType: 'X509_CERTIFICATE', credentialsValue: 'hello world!' }),
      400,
      31,
      'X509 certificate must be a PEM-encoded certificate',
    );
    expectError(
      await update(d1.id.id, {
        credentialsType: 'X509_CERTIFICATE',
        credentialsValue: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      }),
      400,
      31,
      /X509 certificate is not a valid certificate/,
    );
  });
});
