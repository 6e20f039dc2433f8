import { NULL_UUID } from '@sapo/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, expectForbidden, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';
import { auditActions, createDevice, deviceRow, ok, type DeviceDto } from './devices-fixtures.ts';

let t: TestApp;
let w: World;
let tok: string;
let dev: DeviceDto;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
});
afterAll(() => t.close());
beforeEach(async () => {
  dev = await createDevice(t, tok, { name: `Claimable ${++n}` });
});

const claim = (name: string, secretKey: string | undefined, token = w.tokens.customer) =>
  t.request('POST', `/api/customer/device/${encodeURIComponent(name)}/claim`, {
    token,
    ...(secretKey === undefined ? {} : { body: { secretKey } }),
  });
const register = (id: string, secret: string | null, durationMs?: number) =>
  t.app.services.deviceClaims.registerClaimingInfo(w.tenantId, id, secret, durationMs);

describe('claiming a device', () => {
  it('succeeds with the secret key the device announced: the device moves to the customer', async () => {
    await register(dev.id.id, 'S3cret', 60_000);
    const res = await claim(dev.name, 'S3cret');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      response: 'SUCCESS',
      device: { id: dev.id, customerId: { id: w.customers.A } },
    });
    expect((await deviceRow(t, dev.id.id))!.customer_id).toBe(w.customers.A);
    expect(await auditActions(t, dev.id.id)).toContain('ASSIGNED_TO_CUSTOMER');
    // The claim is used up: claiming again reports CLAIMED.
    const again = await claim(dev.name, 'S3cret', w.tokens.customerB);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toBe('CLAIMED');
  });

  it('fails (400 "FAILURE") with a wrong key, after the duration, or without a claim request', async () => {
    await register(dev.id.id, 'right', 60_000);
    let res = await claim(dev.name, 'wrong');
    expect([res.statusCode, res.json()]).toEqual([400, 'FAILURE']);
    expect((await deviceRow(t, dev.id.id))!.customer_id).toBeNull();

    await register(dev.id.id, 'right', 1000);
    t.clock.advance(1001);
    res = await claim(dev.name, 'right');
    expect([res.statusCode, res.json()]).toEqual([400, 'FAILURE']);

    res = await claim(dev.name, 'right');
    expect([res.statusCode, res.json()]).toEqual([400, 'FAILURE']);
    expect((await deviceRow(t, dev.id.id))!.customer_id).toBeNull();
  });

  it('uses the default duration when the device names none, and an empty key matches no body', async () => {
    await register(dev.id.id, null);
    t.clock.advance(29_000);
    const res = await claim(dev.name, undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toBe('SUCCESS');
  });

  it('reports CLAIMED for a device already assigned to a customer', async () => {
    await ok(t.request('POST', `/api/customer/${w.customers.B}/device/${dev.id.id}`, { token: tok }));
    const res = await claim(dev.name, 'anything');
    expect([res.statusCode, res.json()]).toEqual([400, 'CLAIMED']);
    await expect(register(dev.id.id, 'k')).rejects.toThrow(/has been already claimed/);
  });

  it('honours claim data an administrator set as the claimData server attribute', async () => {
    const caller = {
      userId: w.users.tenant,
      email: 'tenant@sapo.local',
      authority: 'TENANT_ADMIN' as const,
      tenantId: w.tenantId,
      customerId: NULL_UUID,
      isPublic: false,
      sessionId: '',
    };
    await t.app.services.attributes.save(caller, 'DEVICE', dev.id.id, 'SERVER_SCOPE', {
      claimData: JSON.stringify({ secretKey: 'attr-key', expirationTime: t.clock.now() + 60_000 }),
    });
    const res = await claim(dev.name, 'attr-key');
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await t.db.query("SELECT 1 FROM attribute_kv WHERE entity_id = $1 AND attribute_key = 'claimData'", [dev.id.id]),
    ).toHaveLength(0);
  });

  it('is for customer users only; an unknown name is a 404', async () => {
    await register(dev.id.id, 'k', 60_000);
    expectForbidden(await claim(dev.name, 'k', tok));
    expectForbidden(await claim(dev.name, 'k', w.tokens.sysadmin));
    expectNotFound(await claim('no such device', 'k'));
    // Another tenant's customer cannot see this tenant's device names.
    expectForbidden(await claim(dev.name, 'k', w.tokens.other));
  });
});

describe('reclaiming a device', () => {
  it('the owning customer user or the tenant admin returns the device to the tenant', async () => {
    await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${dev.id.id}`, { token: tok }));
    expectForbidden(await t.request('DELETE', `/api/customer/device/${dev.name}/claim`, { token: w.tokens.customerB }));
    expect((await deviceRow(t, dev.id.id))!.customer_id).toBe(w.customers.A);
    let res = await t.request('DELETE', `/api/customer/device/${encodeURIComponent(dev.name)}/claim`, {
      token: w.tokens.customer,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await deviceRow(t, dev.id.id))!.customer_id).toBeNull();
    expect(await auditActions(t, dev.id.id)).toContain('UNASSIGNED_FROM_CUSTOMER');

    await ok(t.request('POST', `/api/customer/${w.customers.B}/device/${dev.id.id}`, { token: tok }));
    res = await t.request('DELETE', `/api/customer/device/${encodeURIComponent(dev.name)}/claim`, { token: tok });
    expect(res.statusCode).toBe(200);
    expect((await deviceRow(t, dev.id.id))!.customer_id).toBeNull();
    // The device can then be claimed again.
    await register(dev.id.id, 'again', 60_000);
    expect((await claim(dev.name, 'again')).statusCode).toBe(200);
  });

  it('an unknown name is a 404; the system administrator may not', async () => {
    expectNotFound(await t.request('DELETE', '/api/customer/device/nothing-here/claim', { token: tok }));
    expectForbidden(await t.request('DELETE', `/api/customer/device/${dev.name}/claim`, { token: w.tokens.sysadmin }));
    expectError(await t.request('DELETE', `/api/customer/device/${dev.name}/claim`), 401, 10);
  });
});
