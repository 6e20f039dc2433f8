import { NULL_UUID } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import type { Device, DeviceCredentials } from '../device-types';
import { accessTokenProblem, generateAccessToken } from './access-token';
import {
  credentialsFormFrom,
  credentialsPayload,
  parseMqttBasic,
  placeCredentialsError,
  toPem,
  validateCredentialsForm,
  type CredentialsForm,
} from './credentials-form';
import {
  deviceFormFrom,
  devicePath,
  devicePayload,
  initialProfile,
  placeDeviceError,
  validateDeviceForm,
} from './device-form';
import { deviceListPath, withProfileFilter, withTypeFilter } from './device-list';
import { devicePermissions } from './device-permissions';

const profile = { id: { entityType: 'DEVICE_PROFILE' as const, id: 'p1' }, name: 'thermostat' };
const device: Device & { deviceProfileName: string } = {
  id: { entityType: 'DEVICE', id: 'd1' },
  createdTime: 5,
  tenantId: { entityType: 'TENANT', id: 't1' },
  customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
  name: 'Thermostat T1',
  type: 'thermostat',
  label: 'Hall',
  deviceProfileId: profile.id,
  deviceData: null,
  additionalInfo: { gateway: true, overwriteActivityTime: true, description: 'Old', vendorKey: 7 },
  deviceProfileName: 'thermostat',
};

describe('device form', () => {
  it('starts from the device, or from the default profile for a new one', () => {
    expect(deviceFormFrom(device, initialProfile(device, undefined))).toEqual({
      name: 'Thermostat T1',
      label: 'Hall',
      profile: { id: profile.id, name: 'thermostat' },
      gateway: true,
      overwriteActivityTime: true,
      description: 'Old',
      accessToken: '',
    });
    expect(initialProfile(undefined, profile)).toBe(profile);
    expect(initialProfile(undefined, undefined)).toBeNull();
  });

  it('requires a name and a profile, and checks an optional token on create only', () => {
    const form = { ...deviceFormFrom(undefined, profile), name: 'x' };
    expect(validateDeviceForm(form, true)).toEqual({});
    expect(validateDeviceForm({ ...form, name: ' ', profile: null }, true)).toEqual({
      name: 'device.name-required',
      profile: 'device.device-profile-required',
    });
    expect(validateDeviceForm({ ...form, accessToken: 'a'.repeat(33) }, true)).toEqual({
      accessToken: 'device.access-token-invalid',
    });
    expect(validateDeviceForm({ ...form, accessToken: 'a b' }, true)).toEqual({
      accessToken: 'device.access-token-invalid-characters',
    });
    expect(validateDeviceForm({ ...form, accessToken: 'a b' }, false)).toEqual({});
  });

  it('sends the profile as id and name, and keeps unknown additionalInfo keys', () => {
    const form = { ...deviceFormFrom(device, profile), gateway: false, description: '  ', label: ' ' };
    const { body, accessToken } = devicePayload(form, device);
    expect(body).toEqual({
      id: device.id,
      createdTime: 5,
      name: 'Thermostat T1',
      label: null,
      type: 'thermostat',
      deviceProfileId: profile.id,
      additionalInfo: { vendorKey: 7, gateway: false },
    });
    expect(body).not.toHaveProperty('deviceProfileName');
    expect(accessToken).toBeUndefined();
  });

  it('passes a chosen token of a new device in the query string', () => {
    const form = { ...deviceFormFrom(undefined, profile), name: 'New', gateway: true, accessToken: 'MY_TOKEN+1' };
    const { body, accessToken } = devicePayload(form, undefined);
    expect(body).toMatchObject({ name: 'New', additionalInfo: { gateway: true, overwriteActivityTime: false } });
    expect(body).not.toHaveProperty('id');
    expect(devicePath(accessToken)).toBe('/api/device?accessToken=MY_TOKEN%2B1');
    expect(devicePath(undefined)).toBe('/api/device');
  });

  it('places server messages on their field', () => {
    expect(placeDeviceError('Device with such name already exists!')).toBe('name');
    expect(placeDeviceError('Device name should be specified!')).toBe('name');
    expect(placeDeviceError('Device credentials are already assigned to another device!')).toBe('accessToken');
    expect(placeDeviceError('Access token length must be from 1 to 32 characters.')).toBe('accessToken');
    expect(placeDeviceError('Device is referencing non existing device profile!')).toBe('profile');
    expect(placeDeviceError('Tenant limit reached')).toBeUndefined();
  });
});

describe('access tokens', () => {
  it('are 1 to 32 characters, none that break a URL path or an MQTT user name', () => {
    expect(accessTokenProblem('A1_TEST_TOKEN')).toBeUndefined();
    expect(accessTokenProblem('')).toBe('required');
    expect(accessTokenProblem('x'.repeat(32))).toBeUndefined();
    expect(accessTokenProblem('x'.repeat(33))).toBe('length');
    for (const bad of ['a/b', 'a?b', 'a#b', 'a b', 'a\tb']) expect(accessTokenProblem(bad)).toBe('characters');
  });

  it('are generated as 20 letters and digits', () => {
    const token = generateAccessToken();
    expect(token).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(generateAccessToken()).not.toBe(token);
  });
});

describe('credentials form', () => {
  const stored = (patch: Partial<DeviceCredentials>): DeviceCredentials => ({
    id: { id: 'c1' },
    deviceId: device.id,
    credentialsType: 'ACCESS_TOKEN',
    credentialsId: 'TOKEN1',
    credentialsValue: null,
    ...patch,
  });
  const form = (patch: Partial<CredentialsForm>): CredentialsForm => ({ ...credentialsFormFrom(stored({})), ...patch });

  it('reads each credentials type', () => {
    expect(credentialsFormFrom(stored({})).accessToken).toBe('TOKEN1');
    const mqtt = credentialsFormFrom(
      stored({
        credentialsType: 'MQTT_BASIC',
        credentialsId: 'hash',
        credentialsValue: '{"clientId":"c","userName":null,"password":"p"}',
      }),
    );
    expect(mqtt).toMatchObject({
      credentialsType: 'MQTT_BASIC',
      clientId: 'c',
      userName: '',
      password: 'p',
      accessToken: '',
    });
    expect(parseMqttBasic('not json')).toEqual({ clientId: null, userName: null, password: null });
    const body = 'A'.repeat(70);
    expect(
      credentialsFormFrom(stored({ credentialsType: 'X509_CERTIFICATE', credentialsValue: body })).certificate,
    ).toBe(`-----BEGIN CERTIFICATE-----\n${'A'.repeat(64)}\nAAAAAA\n-----END CERTIFICATE-----`);
    expect(toPem('')).toBe('');
  });

  it('validates each type as the server does', () => {
    expect(validateCredentialsForm(form({}))).toEqual({});
    expect(validateCredentialsForm(form({ accessToken: '' }))).toEqual({ accessToken: 'device.access-token-required' });
    expect(validateCredentialsForm(form({ credentialsType: 'MQTT_BASIC' }))).toEqual({
      clientId: 'device.client-id-or-user-name-necessary',
    });
    expect(validateCredentialsForm(form({ credentialsType: 'MQTT_BASIC', clientId: 'c', password: 'p' }))).toEqual({
      userName: 'device.user-name-required-with-password',
    });
    expect(validateCredentialsForm(form({ credentialsType: 'MQTT_BASIC', userName: 'u', password: 'p' }))).toEqual({});
    expect(validateCredentialsForm(form({ credentialsType: 'X509_CERTIFICATE' }))).toEqual({
      certificate: 'device.certificate-required',
    });
    expect(validateCredentialsForm(form({ credentialsType: 'X509_CERTIFICATE', certificate: 'not a cert!' }))).toEqual({
      certificate: 'device.certificate-invalid',
    });
    expect(
      validateCredentialsForm(form({ credentialsType: 'X509_CERTIFICATE', certificate: toPem('MIIBsz'.repeat(20)) })),
    ).toEqual({});
  });

  it('builds the payload of each type on the stored record', () => {
    const original = stored({});
    expect(credentialsPayload(form({ accessToken: 'NEW' }), original)).toEqual({
      id: { id: 'c1' },
      deviceId: device.id,
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: 'NEW',
      credentialsValue: null,
    });
    expect(
      credentialsPayload(form({ credentialsType: 'MQTT_BASIC', userName: 'u', password: '' }), original),
    ).toMatchObject({
      credentialsType: 'MQTT_BASIC',
      credentialsValue: '{"clientId":null,"userName":"u","password":null}',
    });
    expect(
      credentialsPayload(form({ credentialsType: 'X509_CERTIFICATE', certificate: ' PEM \n' }), original),
    ).toMatchObject({ credentialsType: 'X509_CERTIFICATE', credentialsValue: 'PEM' });
  });

  it("puts the server's messages on the field of the chosen type", () => {
    const taken = 'Device credentials are already assigned to another device!';
    expect(placeCredentialsError({ credentialsType: 'ACCESS_TOKEN' })(taken)).toBe('accessToken');
    expect(placeCredentialsError({ credentialsType: 'MQTT_BASIC' })(taken)).toBe('clientId');
    expect(placeCredentialsError({ credentialsType: 'X509_CERTIFICATE' })(taken)).toBe('certificate');
    const mqtt = placeCredentialsError({ credentialsType: 'MQTT_BASIC' });
    expect(mqtt('Both mqtt client id and user name are empty!')).toBe('clientId');
    expect(mqtt('MQTT userName is too long (255 characters at most)')).toBe('userName');
    expect(mqtt('MQTT password is too long (255 characters at most)')).toBe('password');
    const x509 = placeCredentialsError({ credentialsType: 'X509_CERTIFICATE' });
    expect(x509('X509 certificate is not a valid certificate: expected a PEM-encoded X.509 certificate')).toBe(
      'certificate',
    );
  });
});

describe('device list', () => {
  const tenant = { authority: 'TENANT_ADMIN' as const, customerId: NULL_UUID };
  const customer = { authority: 'CUSTOMER_USER' as const, customerId: 'c9' };

  it('lists tenant devices for tenant roles and the own customer’s for customer roles', () => {
    expect(deviceListPath(tenant, {})).toBe('/api/tenant/deviceInfos');
    expect(deviceListPath({ ...tenant, authority: 'TENANT_USER' }, { type: 'default' })).toBe(
      '/api/tenant/deviceInfos?type=default',
    );
    expect(deviceListPath(customer, { deviceProfileId: 'p1' })).toBe('/api/customer/c9/deviceInfos?deviceProfileId=p1');
    expect(deviceListPath({ ...customer, authority: 'CUSTOMER_ADMIN' }, { type: 'A B' })).toBe(
      '/api/customer/c9/deviceInfos?type=A+B',
    );
  });

  it('filters by one of profile and type', () => {
    expect(deviceListPath(tenant, { deviceProfileId: 'p1', type: 'x' })).toBe(
      '/api/tenant/deviceInfos?deviceProfileId=p1',
    );
    expect(withProfileFilter('p1')).toEqual({ deviceProfileId: 'p1' });
    expect(withTypeFilter('')).toEqual({});
  });
});

describe('device permissions', () => {
  it('give tenant administrators everything and customers a read-only view with credentials', () => {
    expect(Object.values(devicePermissions('TENANT_ADMIN')).every(Boolean)).toBe(true);
    expect(devicePermissions('CUSTOMER_USER')).toEqual({
      create: false,
      edit: false,
      editProfile: false,
      delete: false,
      assign: false,
      readCredentials: true,
      manageCredentials: false,
      import: false,
      seeOwner: false,
    });
    expect(devicePermissions('CUSTOMER_ADMIN')).toEqual(devicePermissions('CUSTOMER_USER'));
    expect(devicePermissions('TENANT_USER')).toMatchObject({
      edit: true,
      editProfile: false,
      create: false,
      delete: false,
    });
    expect(devicePermissions('SYS_ADMIN').readCredentials).toBe(false);
  });
});
