import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseKvObject } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice, ok } from '../../modules/devices/devices-fixtures.ts';
import { setupWorld, type World } from '../../modules/users/users-fixtures.ts';
import type { Originator } from '../../modules/telemetry/telemetry-types.ts';
import { WsTestClient, wsUrl } from './ws-test-client.ts';

// Issue 18, defect 7: the tenant profile's WebSocket limits, enforced per process with
// ThingsBoard's close code (1008) and reasons.
let t: TestApp;
let w: World;
let url: string;
let dev: Originator;
let profile: Record<string, unknown> & { profileData: { configuration: Record<string, unknown> } };
let open: WsTestClient[] = [];
let ts = 1_700_000_000_000;

const save = (o: Originator) =>
  t.app.services.telemetry.saveTimeseries(o, [{ ts: ++ts, values: parseKvObject({ t: ts }) }]);
const tsSub = (cmdId: number) => ({ cmdId, entityType: 'DEVICE', entityId: dev.id, keys: 't' });
const closing = (ws: WsTestClient, ms = 5000) =>
  Promise.race([ws.closed, new Promise((resolve) => setTimeout(() => resolve('open'), ms))]);

/** A socket that has authenticated and holds `subs` subscriptions (cmdIds 1…subs). */
async function socket(token: string, subs = 1): Promise<WsTestClient> {
  const ws = await WsTestClient.connect(`${url}?token=${token}`);
  open.push(ws);
  if (subs > 0) {
    ws.send({ tsSubCmds: Array.from({ length: subs }, (_, i) => tsSub(i + 1)) });
    for (let i = 1; i <= subs; i++) await ws.sub(i);
  }
  return ws;
}

/** Sets WebSocket limits on the Default profile (the demo tenant's) for the next connections. */
async function limit(values: Record<string, unknown>): Promise<void> {
  const configuration = { ...profile.profileData.configuration, ...values };
  await ok(
    t.request('POST', '/api/tenantProfile', {
      token: w.tokens.sysadmin,
      body: { ...profile, profileData: { ...profile.profileData, configuration } },
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  const d = await createDevice(t, w.tokens.tenant, { name: 'Busy meter', type: 'default' });
  await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${d.id.id}`, { token: w.tokens.tenant }));
  dev = { tenantId: d.tenantId.id, entityType: 'DEVICE', id: d.id.id };
  const info = await ok<{ id: { id: string } }>(
    t.request('GET', '/api/tenantProfileInfo/default', { token: w.tokens.sysadmin }),
  );
  profile = await ok(t.request('GET', `/api/tenantProfile/${info.id.id}`, { token: w.tokens.sysadmin }));
  url = await wsUrl(t);
});
afterEach(async () => {
  t.clock.offset = 0;
  for (const ws of open) ws.close();
  await Promise.all(open.map((ws) => closing(ws)));
  open = [];
  await ok(t.request('POST', '/api/tenantProfile', { token: w.tokens.sysadmin, body: profile }));
});
afterAll(() => t.close());

describe('WebSocket limits of the tenant profile', () => {
  it('ships non-zero limits in the default profile', () => {
    expect(profile.profileData.configuration).toMatchObject({
      maxWsSessionsPerTenant: 500,
      maxWsSessionsPerCustomer: 100,
      maxWsSessionsPerRegularUser: 10,
      maxWsSessionsPerPublicUser: 100,
      maxWsSubscriptionsPerTenant: 10_000,
      maxWsSubscriptionsPerCustomer: 5_000,
      maxWsSubscriptionsPerRegularUser: 1_000,
      maxWsSubscriptionsPerPublicUser: 5_000,
      wsMsgQueueLimitPerSession: 1_000,
      wsUpdatesPerSessionRateLimit: '2000:1,90000:60',
    });
  });

  it('closes a user’s 11th socket with 1008, and lets one open again once another closed', async () => {
    const ten = [];
    for (let i = 0; i < 10; i++) ten.push(await socket(w.tokens.tenant, 0));
    // Each authenticated: a parse error is answered only after authentication.
    for (const ws of ten) ws.send('not json');
    for (const ws of ten) expect((await ws.next()).errorCode).toBe(2);
    const eleventh = await socket(w.tokens.tenant, 0);
    expect(await closing(eleventh)).toEqual({ code: 1008, reason: 'Max regular user sessions limit reached' });
    // Another user of the tenant is not affected.
    await socket(w.tokens.customer);
    ten[0]!.close();
    await closing(ten[0]!);
    const again = await socket(w.tokens.tenant);
    expect(again.socket.readyState).toBe(again.socket.OPEN);
  });

  it('counts a user’s subscriptions across sockets', async () => {
    await limit({ maxWsSubscriptionsPerRegularUser: 5 });
    const a = await socket(w.tokens.tenant, 3);
    const b = await socket(w.tokens.tenant, 2);
    // Replacing a subscription (same cmdId) is not one more.
    b.send({ tsSubCmds: [tsSub(2)] });
    expect((await b.sub(2)).errorCode).toBe(0);
    b.send({ tsSubCmds: [tsSub(3)] });
    expect(await closing(b)).toEqual({ code: 1008, reason: 'Max regular user subscriptions limit reached' });
    // The closed socket's subscriptions are free again.
    a.send({ tsSubCmds: [tsSub(4), tsSub(5)] });
    expect((await a.sub(5)).errorCode).toBe(0);
  });

  it('closes with the tenant reasons once the tenant’s sessions or subscriptions are used up', async () => {
    await limit({ maxWsSessionsPerTenant: 2, maxWsSubscriptionsPerTenant: 2 });
    await socket(w.tokens.tenant);
    const customer = await socket(w.tokens.customer);
    expect(await closing(await socket(w.tokens.customerB, 0))).toEqual({
      code: 1008,
      reason: 'Max tenant sessions limit reached!',
    });
    customer.send({ tsSubCmds: [tsSub(2)] });
    expect(await closing(customer)).toEqual({ code: 1008, reason: 'Max tenant subscriptions limit reached!' });
    // Another tenant is counted apart.
    await socket(w.tokens.other, 0);
  });

  it('counts customers and the public visitors of a tenant', async () => {
    await limit({ maxWsSessionsPerCustomer: 1 });
    await socket(w.tokens.customer);
    expect(await closing(await socket(await t.login('customerA@sapo.local', 'customer'), 0))).toEqual({
      code: 1008,
      reason: 'Max customer sessions limit reached',
    });
    // All anonymous visitors of the tenant's public dashboards are one "public user".
    await limit({ maxWsSessionsPerPublicUser: 1 });
    const pub = await ok<{ customerId: { id: string } }>(
      t.request('POST', `/api/customer/public/device/${dev.id}`, { token: w.tokens.tenant }),
    );
    const visitor = async () =>
      (
        await ok<{ token: string }>(
          t.request('POST', '/api/auth/login/public', { body: { publicId: pub.customerId.id } }),
        )
      ).token;
    await socket(await visitor());
    expect(await closing(await socket(await visitor(), 0))).toEqual({
      code: 1008,
      reason: 'Max public user sessions limit reached',
    });
    await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${dev.id}`, { token: w.tokens.tenant }));
  });

  it('drops updates over the session’s rate with one "Too many updates!", then sends again', async () => {
    await limit({ wsUpdatesPerSessionRateLimit: '4:60' });
    const ws = await socket(w.tokens.tenant); // the first reply takes one of the 4
    for (let i = 0; i < 8; i++) await save(dev);
    const got = [];
    for (let i = 0; i < 4; i++) got.push(await ws.sub(1));
    expect(got.slice(0, 3).map((m) => m.errorCode)).toEqual([0, 0, 0]);
    expect(got[3]).toEqual({ subscriptionId: 1, errorCode: 34, errorMsg: 'Too many updates!' });
    await ws.nothingFor(1, 300);
    // One update comes back every 15 s (by the app's clock).
    t.clock.advance(15_000);
    await save(dev);
    expect((await ws.sub(1)).errorCode).toBe(0);
    expect(ws.socket.readyState).toBe(ws.socket.OPEN);
  });

  it('takes the pending-updates limit of the profile', async () => {
    await limit({ wsMsgQueueLimitPerSession: 10 });
    const ws = await socket(w.tokens.tenant);
    ws.socket.pause();
    for (let i = 0; i < 200; i++) {
      t.app.services.bus.publish({
        kind: 'timeseries',
        tenantId: dev.tenantId,
        entityType: 'DEVICE',
        entityId: dev.id,
        entries: [{ key: 't', type: 'STRING', value: 'x'.repeat(64 * 1024), ts: ++ts }],
      });
    }
    ws.socket.resume();
    expect(await closing(ws)).toEqual({ code: 1008, reason: 'Max pending updates limit reached!' });
  });

  it('refuses a malformed limit naming it', async () => {
    const res = await t.request('POST', '/api/tenantProfile', {
      token: w.tokens.sysadmin,
      body: {
        ...profile,
        profileData: { configuration: { ...profile.profileData.configuration, wsUpdatesPerSessionRateLimit: 'fast' } },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Tenant profile 'wsUpdatesPerSessionRateLimit' should look like 'capacity:seconds[,capacity:seconds]'!",
    );
  });
});
