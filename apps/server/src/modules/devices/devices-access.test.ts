import { NULL_UUID } from '@sapo/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createUser,
  expectError,
  expectForbidden,
  expectNotFound,
  PAGE,
  setupWorld,
  type World,
} from '../users/users-fixtures.ts';
import { auditActions, createDevice, deviceRow, ok, type DeviceDto } from './devices-fixtures.ts';

let t: TestApp;
let w: World;
let tok: string;
let tenantUser: string;
let customerAdminB: string;
/** Assigned to Customer A / Customer B / nobody; and a device of the other tenant. */
let devA: DeviceDto;
let devB: DeviceDto;
let devFree: DeviceDto;
let devOther: DeviceDto;

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
  await createUser(t, tok, { email: 'tu@sapo.local', authority: 'TENANT_USER' });
  tenantUser = await t.login('tu@sapo.local', 'Secret123!');
  await createUser(t, tok, {
    email: 'cab@sapo.local',
    authority: 'CUSTOMER_ADMIN',
    customerId: { entityType: 'CUSTOMER', id: w.customers.B },
  });
  customerAdminB = await t.login('cab@sapo.local', 'Secret123!');
  devA = await createDevice(t, tok, { name: 'Dev A', type: 'thing' });
  devB = await createDevice(t, tok, { name: 'Dev B', type: 'thing' });
  devFree = await createDevice(t, tok, { name: 'Dev free', type: 'thing' });
  devOther = await createDevice(t, w.tokens.other, { name: 'Dev other' });
  await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${devA.id.id}`, { token: tok }));
  await ok(t.request('POST', `/api/customer/${w.customers.B}/device/${devB.id.id}`, { token: tok }));
});
afterAll(() => t.close());

const reads = (id: string) => [`/api/device/${id}`, `/api/device/info/${id}`, `/api/device/${id}/credentials`];

describe('reading one device', () => {
  it('the tenant admin and tenant user read any device of the tenant', async () => {
    for (const token of [tok, tenantUser]) {
      for (const url of [...reads(devA.id.id), ...reads(devFree.id.id)]) {
        expect((await t.request('GET', url, { token })).statusCode, url).toBe(200);
      }
    }
  });

  it('a customer user reads the devices of its customer only (403 for the others)', async () => {
    for (const url of reads(devA.id.id))
      expect((await t.request('GET', url, { token: w.tokens.customer })).statusCode).toBe(200);
    for (const id of [devB.id.id, devFree.id.id]) {
      for (const url of reads(id)) expectForbidden(await t.request('GET', url, { token: w.tokens.customer }));
    }
    for (const url of reads(devB.id.id)) {
      expect((await t.request('GET', url, { token: customerAdminB })).statusCode).toBe(200);
      expect((await t.request('GET', url, { token: w.tokens.customerB })).statusCode).toBe(200);
    }
    for (const url of reads(devA.id.id)) expectForbidden(await t.request('GET', url, { token: w.tokens.customerB }));
  });

  it('another tenant device is a 404, as ThingsBoard looks devices up within the tenant', async () => {
    for (const url of reads(devOther.id.id)) {
      expectNotFound(await t.request('GET', url, { token: tok }));
      expectNotFound(await t.request('GET', url, { token: w.tokens.customer }));
    }
  });

  it('the system administrator may not read devices', async () => {
    for (const url of [...reads(devA.id.id), `/api/tenant/deviceInfos?${PAGE}`, '/api/device/types']) {
      expectForbidden(await t.request('GET', url, { token: w.tokens.sysadmin }));
    }
  });

  it('without a token → 401', async () => {
    expectError(await t.request('GET', `/api/device/${devA.id.id}`), 401, 10);
  });
});

describe('lists', () => {
  it('customer roles may not use the tenant lists, nor another customer list', async () => {
    for (const token of [w.tokens.customer, customerAdminB]) {
      expectForbidden(await t.request('GET', `/api/tenant/deviceInfos?${PAGE}`, { token }));
      expectForbidden(await t.request('GET', `/api/tenant/devices?${PAGE}`, { token }));
      expectForbidden(await t.request('GET', '/api/tenant/devices?deviceName=Dev%20A', { token }));
    }
    expectForbidden(
      await t.request('GET', `/api/customer/${w.customers.B}/deviceInfos?${PAGE}`, { token: w.tokens.customer }),
    );
    expectForbidden(
      await t.request('GET', `/api/customer/${w.customers.A}/devices?${PAGE}`, { token: customerAdminB }),
    );
  });

  it('another tenant customer list is a 403, an unknown customer a 404', async () => {
    expectForbidden(await t.request('GET', `/api/customer/${w.otherCustomerId}/deviceInfos?${PAGE}`, { token: tok }));
    expectNotFound(
      await t.request('GET', `/api/customer/7f1c0e4a-0000-4000-8000-000000000003/deviceInfos?${PAGE}`, { token: tok }),
    );
  });

  it('devices?deviceIds= shows customer users only their customer devices', async () => {
    const list = await ok<{ name: string }[]>(
      t.request('GET', `/api/devices?deviceIds=${devA.id.id},${devB.id.id},${devFree.id.id}`, {
        token: w.tokens.customer,
      }),
    );
    expect(list.map((d) => d.name)).toEqual(['Dev A']);
  });

  it('the tenant user lists the tenant devices', async () => {
    const page = await ok<{ totalElements: number }>(
      t.request('GET', `/api/tenant/deviceInfos?${PAGE}`, { token: tenantUser }),
    );
    expect(page.totalElements).toBe(3);
  });
});

describe('changing devices', () => {
  it('only the tenant admin creates, deletes, assigns and changes credentials', async () => {
    for (const token of [tenantUser, w.tokens.customer, customerAdminB, w.tokens.sysadmin]) {
      expectForbidden(await t.request('POST', '/api/device', { token, body: { name: 'Not allowed' } }));
      expectForbidden(await t.request('DELETE', `/api/device/${devA.id.id}`, { token }));
      expectForbidden(await t.request('POST', `/api/customer/${w.customers.A}/device/${devFree.id.id}`, { token }));
      expectForbidden(await t.request('DELETE', `/api/customer/device/${devA.id.id}`, { token }));
      expectForbidden(await t.request('POST', `/api/customer/public/device/${devFree.id.id}`, { token }));
      expectForbidden(
        await t.request('POST', '/api/device/credentials', {
          token,
          body: { deviceId: devA.id, credentialsType: 'ACCESS_TOKEN', credentialsId: 'HIJACK' },
        }),
      );
    }
    expect(await t.db.query("SELECT 1 FROM device WHERE name = 'Not allowed'")).toHaveLength(0);
    expect((await deviceRow(t, devA.id.id))!.customer_id).toBe(w.customers.A);
    expect((await deviceRow(t, devFree.id.id))!.customer_id).toBeNull();
  });

  it('customer roles read their devices but change none (ThingsBoard 3.2.0): 403, nothing saved', async () => {
    const before = await deviceRow(t, devA.id.id);
    const audited = (await auditActions(t, devA.id.id)).length;
    for (const [token, dev] of [
      [w.tokens.customer, devA],
      [customerAdminB, devB],
      [w.tokens.customerB, devA],
    ] as const) {
      expectForbidden(
        await t.request('POST', '/api/device', { token, body: { ...dev, label: 'Edited by a customer' } }),
      );
    }
    expectForbidden(
      await t.request('POST', '/api/device', {
        token: w.tokens.customer,
        body: { ...devA, type: 'brand new type', deviceProfileId: null },
      }),
    );
    expect(await deviceRow(t, devA.id.id)).toEqual(before);
    expect(await t.db.query("SELECT 1 FROM device WHERE label = 'Edited by a customer'")).toHaveLength(0);
    expect(await t.db.query("SELECT 1 FROM device_profile WHERE name = 'brand new type'")).toHaveLength(0);
    expect(await auditActions(t, devA.id.id)).toHaveLength(audited);
  });

  it('a tenant user may not move a device to another profile', async () => {
    expectError(
      await t.request('POST', '/api/device', {
        token: tenantUser,
        body: { ...devA, type: 'brand new type', deviceProfileId: null },
      }),
      403,
      20,
      'Only a tenant administrator can change the device profile of a device',
    );
    expect(await t.db.query("SELECT 1 FROM device_profile WHERE name = 'brand new type'")).toHaveLength(0);
  });

  it('the tenant user may edit a device too', async () => {
    const res = await ok<DeviceDto>(
      t.request('POST', '/api/device', { token: tenantUser, body: { ...devFree, label: 'TU' } }),
    );
    expect(res.label).toBe('TU');
  });

  it('the other tenant admin gets 404 for every change of this tenant device', async () => {
    const o = w.tokens.other;
    expectNotFound(await t.request('POST', '/api/device', { token: o, body: { ...devA, name: 'Hijacked' } }));
    expectNotFound(await t.request('DELETE', `/api/device/${devA.id.id}`, { token: o }));
    expectNotFound(await t.request('POST', `/api/customer/public/device/${devA.id.id}`, { token: o }));
    expectNotFound(await t.request('DELETE', `/api/customer/device/${devA.id.id}`, { token: o }));
    expectNotFound(
      await t.request('POST', '/api/device/credentials', {
        token: o,
        body: { deviceId: devA.id, credentialsType: 'ACCESS_TOKEN', credentialsId: 'HIJACK' },
      }),
    );
    expect((await deviceRow(t, devA.id.id))!.name).toBe('Dev A');
  });
});

describe('assigning to customers', () => {
  it('assign, unassign and make public, with audit records', async () => {
    const d = await createDevice(t, tok, { name: 'Assign me' });
    const assigned = await ok<DeviceDto>(
      t.request('POST', `/api/customer/${w.customers.C}/device/${d.id.id}`, { token: tok }),
    );
    expect(assigned.customerId.id).toBe(w.customers.C);
    const unassigned = await ok<DeviceDto>(t.request('DELETE', `/api/customer/device/${d.id.id}`, { token: tok }));
    expect(unassigned.customerId.id).toBe(NULL_UUID);
    expectError(
      await t.request('DELETE', `/api/customer/device/${d.id.id}`, { token: tok }),
      400,
      31,
      "Device isn't assigned to any customer!",
    );
    const pub = await ok<DeviceDto>(t.request('POST', `/api/customer/public/device/${d.id.id}`, { token: tok }));
    const publicId = (
      await t.db.query<{ id: string }>('SELECT id FROM customer WHERE tenant_id = $1 AND is_public', [w.tenantId])
    )[0]!.id;
    expect(pub.customerId.id).toBe(publicId);
    expect(await auditActions(t, d.id.id)).toEqual(
      expect.arrayContaining(['ADDED', 'ASSIGNED_TO_CUSTOMER', 'UNASSIGNED_FROM_CUSTOMER']),
    );
    expect((await auditActions(t, d.id.id)).filter((a) => a === 'ASSIGNED_TO_CUSTOMER')).toHaveLength(2);
  });

  it('another tenant customer is a 403; another tenant device a 404; unknown customer a 404', async () => {
    expectForbidden(
      await t.request('POST', `/api/customer/${w.otherCustomerId}/device/${devFree.id.id}`, { token: tok }),
    );
    expectNotFound(await t.request('POST', `/api/customer/${w.customers.A}/device/${devOther.id.id}`, { token: tok }));
    expectNotFound(
      await t.request('POST', `/api/customer/7f1c0e4a-0000-4000-8000-000000000004/device/${devFree.id.id}`, {
        token: tok,
      }),
    );
    expect((await deviceRow(t, devOther.id.id))!.customer_id).toBeNull();
  });

  it('deleting a customer unassigns its devices', async () => {
    const c = await ok<{ id: { id: string } }>(
      t.request('POST', '/api/customer', { token: tok, body: { title: 'Short-lived' } }),
    );
    const d = await createDevice(t, tok, { name: 'Orphan' });
    await ok(t.request('POST', `/api/customer/${c.id.id}/device/${d.id.id}`, { token: tok }));
    await t.request('DELETE', `/api/customer/${c.id.id}`, { token: tok });
    expect((await deviceRow(t, d.id.id))!.customer_id).toBeNull();
  });
});
