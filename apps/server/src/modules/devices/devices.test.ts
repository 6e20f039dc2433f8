import { NULL_UUID } from '@sapo/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';
import { auditActions, createDevice, credentialsOf, deviceRow, ok } from './devices-fixtures.ts';

let t: TestApp;
let w: World;
let tok: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
});
afterAll(() => t.close());

const defaultProfileId = async (tenantId: string) =>
  (
    await t.db.query<{ id: string }>('SELECT id FROM device_profile WHERE tenant_id = $1 AND is_default', [tenantId])
  )[0]!.id;

describe('creating a device', () => {
  it('gets the default profile, no customer, a generated 20-character token, and an audit record', async () => {
    const d = await createDevice(t, tok, { name: '  Sensor 1  ' });
    expect(d).toMatchObject({
      id: { entityType: 'DEVICE' },
      name: 'Sensor 1',
      type: 'default',
      label: null,
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
      deviceProfileId: { entityType: 'DEVICE_PROFILE', id: await defaultProfileId(w.tenantId) },
      deviceData: { configuration: { type: 'DEFAULT' }, transportConfiguration: { type: 'DEFAULT' } },
    });
    const c = await credentialsOf(t, tok, d.id.id);
    expect(c.credentialsType).toBe('ACCESS_TOKEN');
    expect(c.credentialsId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(c.credentialsValue).toBeNull();
    expect(await auditActions(t, d.id.id)).toContain('ADDED');
  });

  it('uses ?accessToken= and refuses a token another device has, creating nothing', async () => {
    const d = await createDevice(t, tok, { name: 'With token' }, '?accessToken=MY_TOKEN_1');
    expect((await credentialsOf(t, tok, d.id.id)).credentialsId).toBe('MY_TOKEN_1');
    // Tokens are unique across the system: the other tenant cannot reuse it either.
    const res = await t.request('POST', '/api/device?accessToken=MY_TOKEN_1', {
      token: w.tokens.other,
      body: { name: 'Dup token' },
    });
    expectError(res, 400, 31, 'Device credentials are already assigned to another device!');
    expect(await t.db.query("SELECT 1 FROM device WHERE name = 'Dup token'")).toHaveLength(0);
    expectError(
      await t.request('POST', '/api/device?accessToken=has%20space', { token: tok, body: { name: 'Bad token' } }),
      400,
      31,
      'Access token cannot contain spaces, control characters or the characters / ? #',
    );
    expectError(
      await t.request('POST', `/api/device?accessToken=${'x'.repeat(33)}`, { token: tok, body: { name: 'Long' } }),
      400,
      31,
      'Access token length must be from 1 to 32 characters.',
    );
  });

  it('needs a name, unique in the tenant', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      expectError(
        await t.request('POST', '/api/device', { token: tok, body }),
        400,
        31,
        'Device name should be specified!',
      );
    }
    await createDevice(t, tok, { name: 'Unique' });
    expectError(
      await t.request('POST', '/api/device', { token: tok, body: { name: 'Unique' } }),
      400,
      31,
      'Device with such name already exists!',
    );
    // Another tenant may use the name.
    await createDevice(t, w.tokens.other, { name: 'Unique' });
    expectError(
      await t.request('POST', '/api/device', { token: tok, body: { name: 'x'.repeat(256) } }),
      400,
      31,
      /name/,
    );
  });

  it('with a new type creates the device profile of that name; deviceProfileId wins over type', async () => {
    const d = await createDevice(t, tok, { name: 'Thermo 1', type: 'Thermometer' });
    expect(d.type).toBe('Thermometer');
    const profile = await ok<{ name: string; default: boolean; transportType: string; description: string }>(
      t.request('GET', `/api/deviceProfile/${d.deviceProfileId.id}`, { token: tok }),
    );
    expect(profile).toMatchObject({ name: 'Thermometer', default: false, transportType: 'DEFAULT' });
    const d2 = await createDevice(t, tok, { name: 'Thermo 2', type: 'Thermometer' });
    expect(d2.deviceProfileId.id).toBe(d.deviceProfileId.id);
    const d3 = await createDevice(t, tok, {
      name: 'Thermo 3',
      type: 'Something else',
      deviceProfileId: { entityType: 'DEVICE_PROFILE', id: d.deviceProfileId.id },
    });
    expect(d3.type).toBe('Thermometer');
    expect(await t.db.query("SELECT 1 FROM device_profile WHERE name = 'Something else'")).toHaveLength(0);
  });

  it('refuses an unknown profile id, and another tenant profile id, with the same message', async () => {
    const foreign = await defaultProfileId(w.otherTenantId);
    for (const id of ['7f1c0e4a-0000-4000-8000-000000000000', foreign]) {
      expectError(
        await t.request('POST', '/api/device', {
          token: tok,
          body: { name: 'Bad profile', deviceProfileId: { entityType: 'DEVICE_PROFILE', id } },
        }),
        400,
        31,
        'Device is referencing non existing device profile!',
      );
    }
  });

  it('ignores forged tenantId and customerId', async () => {
    const d = await createDevice(t, tok, {
      name: 'Forged',
      tenantId: { entityType: 'TENANT', id: w.otherTenantId },
      customerId: { entityType: 'CUSTOMER', id: w.customers.A },
    });
    expect(await deviceRow(t, d.id.id)).toMatchObject({ tenant_id: w.tenantId, customer_id: null });
  });

  it('answers 403 with the tenant profile message once maxDevices is reached', async () => {
    const sys = w.tokens.sysadmin;
    const profile = await ok<{ id: { id: string } }>(
      t.request('POST', '/api/tenantProfile', {
        token: sys,
        body: { name: 'Two devices', profileData: { configuration: { type: 'DEFAULT', maxDevices: 2 } } },
      }),
    );
    const tenant = await ok(
      t.request('POST', '/api/tenant', { token: sys, body: { title: 'Limited', tenantProfileId: profile.id } }),
    );
    await ok(
      t.request('POST', '/api/user?sendActivationMail=false&password=Secret123!', {
        token: sys,
        body: { email: 'limited@sapo.local', authority: 'TENANT_ADMIN', tenantId: tenant.id },
      }),
    );
    const lt = await t.login('limited@sapo.local', 'Secret123!');
    await createDevice(t, lt, { name: 'L1' });
    await createDevice(t, lt, { name: 'L2' });
    const res = await t.request('POST', '/api/device', { token: lt, body: { name: 'L3' } });
    expectError(res, 403, 20, /Devices limit reached: the tenant profile allows 2/);
    // Updating an existing device is not a create.
    const page = await ok<{ data: { id: { id: string }; name: string }[] }>(
      t.request('GET', '/api/tenant/devices?pageSize=10&page=0', { token: lt }),
    );
    const l1 = page.data.find((d) => d.name === 'L1')!;
    await ok(t.request('POST', '/api/device', { token: lt, body: { ...l1, label: 'still fine' } }));
  });
});

describe('updating a device', () => {
  it('saves label, description and gateway flag, and audits UPDATED', async () => {
    const d = await createDevice(t, tok, { name: 'Gateway 1' });
    const updated = await ok<{ label: string; additionalInfo: Record<string, unknown>; name: string }>(
      t.request('POST', '/api/device', {
        token: tok,
        body: {
          ...d,
          name: 'Gateway 1b',
          label: 'Roof',
          additionalInfo: { gateway: true, description: 'On the roof' },
        },
      }),
    );
    expect(updated).toMatchObject({
      name: 'Gateway 1b',
      label: 'Roof',
      additionalInfo: { gateway: true, description: 'On the roof' },
    });
    const again = await ok<{ label: string }>(t.request('GET', `/api/device/${d.id.id}`, { token: tok }));
    expect(again.label).toBe('Roof');
    expect(await auditActions(t, d.id.id)).toContain('UPDATED');
    // The access token query parameter does not change an existing device's credentials.
    const before = await credentialsOf(t, tok, d.id.id);
    await ok(t.request('POST', '/api/device?accessToken=IGNORED_ON_UPDATE', { token: tok, body: updated }));
    expect((await credentialsOf(t, tok, d.id.id)).credentialsId).toBe(before.credentialsId);
  });

  it('keeps the customer when a body names another one', async () => {
    const d = await createDevice(t, tok, { name: 'Keep customer' });
    await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${d.id.id}`, { token: tok }));
    await ok(
      t.request('POST', '/api/device', {
        token: tok,
        body: { ...d, customerId: { entityType: 'CUSTOMER', id: w.customers.B } },
      }),
    );
    expect((await deviceRow(t, d.id.id))!.customer_id).toBe(w.customers.A);
  });

  it('of an unknown id is a 404', async () => {
    expectNotFound(
      await t.request('POST', '/api/device', {
        token: tok,
        body: { id: { entityType: 'DEVICE', id: '7f1c0e4a-0000-4000-8000-000000000001' }, name: 'Ghost' },
      }),
    );
  });
});

describe('reading devices', () => {
  it('device info carries customer title, public flag and profile name', async () => {
    const d = await createDevice(t, tok, { name: 'Info 1', type: 'Info type', label: 'L' });
    let info = await ok<Record<string, unknown>>(t.request('GET', `/api/device/info/${d.id.id}`, { token: tok }));
    expect(info).toMatchObject({
      name: 'Info 1',
      customerTitle: null,
      customerIsPublic: false,
      deviceProfileName: 'Info type',
    });
    await ok(t.request('POST', `/api/customer/public/device/${d.id.id}`, { token: tok }));
    info = await ok(t.request('GET', `/api/device/info/${d.id.id}`, { token: tok }));
    expect(info).toMatchObject({ customerTitle: 'Public', customerIsPublic: true });
  });

  it('GET /api/device/name/{id} answers the name as text', async () => {
    const d = await createDevice(t, tok, { name: 'Named' });
    const res = await t.request('GET', `/api/device/name/${d.id.id}`, { token: tok });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('Named');
  });

  it('tenant/devices?deviceName= finds one device; an unknown name is a 404', async () => {
    const d = await createDevice(t, tok, { name: 'Find me / please' });
    const found = await ok<{ id: { id: string } }>(
      t.request('GET', `/api/tenant/devices?deviceName=${encodeURIComponent('Find me / please')}`, { token: tok }),
    );
    expect(found.id.id).toBe(d.id.id);
    expectNotFound(await t.request('GET', '/api/tenant/devices?deviceName=nope', { token: tok }));
    expectError(
      await t.request('GET', '/api/tenant/devices', { token: tok }),
      400,
      31,
      "Parameter 'pageSize' can't be empty!",
    );
    // The other tenant does not find it.
    expectNotFound(
      await t.request('GET', `/api/tenant/devices?deviceName=${encodeURIComponent('Find me / please')}`, {
        token: w.tokens.other,
      }),
    );
  });

  it('devices?deviceIds= returns the readable ones and skips unknown and foreign ids', async () => {
    const a = await createDevice(t, tok, { name: 'Ids A' });
    const b = await createDevice(t, tok, { name: 'Ids B' });
    const foreign = await createDevice(t, w.tokens.other, { name: 'Ids foreign' });
    const list = await ok<{ name: string }[]>(
      t.request(
        'GET',
        `/api/devices?deviceIds=${a.id.id},${b.id.id},${foreign.id.id},7f1c0e4a-0000-4000-8000-000000000002`,
        { token: tok },
      ),
    );
    expect(list.map((d) => d.name)).toEqual(['Ids A', 'Ids B']);
    expectError(await t.request('GET', '/api/devices?deviceIds=abc', { token: tok }), 400, 31, /'abc' is not an id/);
  });

  it('device/types lists the tenant types sorted, as EntitySubtype', async () => {
    const other = await ok<{ type: string }[]>(t.request('GET', '/api/device/types', { token: w.tokens.other }));
    const types = await ok<{ tenantId: { id: string }; entityType: string; type: string }[]>(
      t.request('GET', '/api/device/types', { token: tok }),
    );
    expect(types.map((x) => x.type)).toEqual([...types.map((x) => x.type)].sort());
    expect(types.map((x) => x.type)).toContain('Thermometer');
    expect(types[0]).toMatchObject({ tenantId: { entityType: 'TENANT', id: w.tenantId }, entityType: 'DEVICE' });
    expect(other.map((x) => x.type)).not.toContain('Thermometer');
  });
});

describe('deleting a device', () => {
  it('removes its credentials, relations, attributes and entity views in one go', async () => {
    const d = await createDevice(t, tok, { name: 'Doomed' });
    const asset = await ok<{ id: { id: string } }>(
      t.request('POST', '/api/asset', { token: tok, body: { name: 'Doomed building', type: 'building' } }),
    );
    await ok(
      t.request('POST', '/api/relation', {
        token: tok,
        body: {
          from: { entityType: 'ASSET', id: asset.id.id },
          to: { entityType: 'DEVICE', id: d.id.id },
          type: 'Contains',
        },
      }),
    );
    await t.app.services.attributes.save({ ...(await callerOf(tok)) }, 'DEVICE', d.id.id, 'SERVER_SCOPE', { floor: 3 });
    const view = await ok<{ id: { id: string } }>(
      t.request('POST', '/api/entityView', {
        token: tok,
        body: { name: 'Doomed view', type: 'v', entityId: { entityType: 'DEVICE', id: d.id.id } },
      }),
    );
    const counts = async () =>
      (
        await t.db.query<{ c: number; r: number; a: number; v: number }>(
          `SELECT (SELECT count(*)::int FROM device_credentials WHERE device_id = $1) AS c,
                  (SELECT count(*)::int FROM relation WHERE to_id = $1 OR from_id = $1) AS r,
                  (SELECT count(*)::int FROM attribute_kv WHERE entity_id = $1) AS a,
                  (SELECT count(*)::int FROM entity_view WHERE entity_id = $1) AS v`,
          [d.id.id],
        )
      )[0];
    expect(await counts()).toEqual({ c: 1, r: 1, a: 1, v: 1 });
    const res = await t.request('DELETE', `/api/device/${d.id.id}`, { token: tok });
    expect(res.statusCode).toBe(200);
    expect(await counts()).toEqual({ c: 0, r: 0, a: 0, v: 0 });
    expect(await deviceRow(t, d.id.id)).toBeUndefined();
    expect(await auditActions(t, d.id.id)).toContain('DELETED');
    expect(await auditActions(t, view.id.id)).toContain('DELETED');
    expectNotFound(await t.request('GET', `/api/device/${d.id.id}`, { token: tok }));
    expectNotFound(await t.request('DELETE', `/api/device/${d.id.id}`, { token: tok }));
  });
});

/** The Caller behind a token, for calling services directly. */
async function callerOf(token: string) {
  const me = await ok<{
    id: { id: string };
    email: string;
    authority: 'TENANT_ADMIN';
    tenantId: { id: string };
    customerId: { id: string };
  }>(t.request('GET', '/api/auth/user', { token }));
  return {
    userId: me.id.id,
    email: me.email,
    authority: me.authority,
    tenantId: me.tenantId.id,
    customerId: me.customerId.id,
    isPublic: false,
    sessionId: '',
  };
}
