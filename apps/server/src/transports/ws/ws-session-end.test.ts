import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseKvObject } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice, ok } from '../../modules/devices/devices-fixtures.ts';
import { createUser, setupWorld, type World } from '../../modules/users/users-fixtures.ts';
import type { Originator } from '../../modules/telemetry/telemetry-types.ts';
import { WsTestClient, wsUrl } from './ws-test-client.ts';

// Issue 18, defect 4: a socket keeps only the rights of the token and session it opened with.
let t: TestApp;
let w: World;
let url: string;
let dev: Originator;
let ts = 1_700_000_000_000;

const save = (o: Originator) =>
  t.app.services.telemetry.saveTimeseries(o, [{ ts: ++ts, values: parseKvObject({ t: ts }) }]);

async function subscribed(token: string, o: Originator = dev): Promise<WsTestClient> {
  const ws = await WsTestClient.connect(`${url}?token=${token}`);
  ws.send({ tsSubCmds: [{ cmdId: 1, entityType: o.entityType, entityId: o.id, keys: 't' }] });
  expect((await ws.sub(1)).errorCode).toBe(0);
  return ws;
}

/** A customer user of customer A with its own login (so other tests' sessions stay untouched). */
async function customerUser(email: string): Promise<{ id: string; token: string }> {
  const id = await createUser(t, w.tokens.tenant, {
    email,
    authority: 'CUSTOMER_USER',
    customerId: { entityType: 'CUSTOMER', id: w.customers.A },
  });
  return { id, token: await t.login(email, 'Secret123!') };
}

const closedAs = (code: number, reason: string) => ({ code, reason });
/** How the socket closed, or 'open' when it did not within the time. */
const closing = (ws: WsTestClient, ms = 5000) =>
  Promise.race([ws.closed, new Promise((resolve) => setTimeout(() => resolve('open'), ms))]);
const INVALID = closedAs(1008, 'Invalid username or password');

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  const d = await createDevice(t, w.tokens.tenant, { name: 'Shared meter', type: 'default' });
  await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${d.id.id}`, { token: w.tokens.tenant }));
  dev = { tenantId: d.tenantId.id, entityType: 'DEVICE', id: d.id.id };
  url = await wsUrl(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.clock.offset = 0;
});

describe('a WebSocket ends with its session', () => {
  it('closes with 1008 when its session logs out; the user’s other sessions keep streaming', async () => {
    const token = await t.login('tenant@sapo.local', 'tenant');
    const ws = await subscribed(token);
    const other = await subscribed(w.tokens.tenant);
    await ok(t.request('POST', '/api/auth/logout', { token }));
    expect(await closing(ws)).toEqual(INVALID);
    await save(dev);
    expect((await other.sub(1)).data.t).toHaveLength(1);
    other.close();
  });

  it('closes every socket of a user who changes the password', async () => {
    const u = await customerUser('ws-password@sapo.local');
    const first = await subscribed(u.token);
    const second = await subscribed(await t.login('ws-password@sapo.local', 'Secret123!'));
    await ok(
      t.request('POST', '/api/auth/changePassword', {
        token: u.token,
        body: { currentPassword: 'Secret123!', newPassword: 'Secret456!' },
      }),
    );
    expect(await closing(first)).toEqual(INVALID);
    expect(await closing(second)).toEqual(INVALID);
  });

  it('closes the sockets of a user an administrator disables', async () => {
    const u = await customerUser('ws-disabled@sapo.local');
    const ws = await subscribed(u.token);
    await ok(
      t.request('POST', `/api/user/${u.id}/userCredentialsEnabled?userCredentialsEnabled=false`, {
        token: w.tokens.tenant,
      }),
    );
    expect(await closing(ws)).toEqual(INVALID);
  });

  it('closes the sockets of a deleted user', async () => {
    const u = await customerUser('ws-deleted@sapo.local');
    const ws = await subscribed(u.token);
    await ok(t.request('DELETE', `/api/user/${u.id}`, { token: w.tokens.tenant }));
    expect(await closing(ws)).toEqual(INVALID);
  });

  it('closes when the access token expires: no more updates, no new subscriptions', async () => {
    const token = await t.login('tenant@sapo.local', 'tenant');
    const streaming = await subscribed(token);
    const idle = await subscribed(token);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const lifetimeMs = (claims.exp - claims.iat) * 1000;
    t.clock.advance(lifetimeMs);
    await save(dev);
    expect(await closing(streaming)).toEqual(closedAs(1008, 'Token has expired'));
    expect(streaming.messages).toEqual([]);
    idle.send({ tsSubCmds: [{ cmdId: 2, entityType: 'DEVICE', entityId: dev.id, keys: 't' }] });
    expect(await closing(idle)).toEqual(closedAs(1008, 'Token has expired'));
    expect(idle.messages.filter((m) => m.subscriptionId === 2)).toEqual([]);
  });
});

describe('a WebSocket follows ownership changes', () => {
  it('drops a customer’s subscriptions to a device unassigned from the customer', async () => {
    const d = await createDevice(t, w.tokens.tenant, { name: 'Leased pump', type: 'default' });
    const pump: Originator = { tenantId: d.tenantId.id, entityType: 'DEVICE', id: d.id.id };
    await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${pump.id}`, { token: w.tokens.tenant }));
    const ws = await subscribed(w.tokens.customer, pump);
    ws.send({
      entityDataCmds: [
        {
          cmdId: 7,
          query: {
            entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: pump.id } },
            pageLink: { page: 0, pageSize: 10 },
          },
          latestCmd: { keys: [{ type: 'TIME_SERIES', key: 't' }] },
        },
      ],
    });
    expect((await ws.sub(7)).data.data).toHaveLength(1);
    ws.send({
      alarmDataCmds: [
        {
          cmdId: 8,
          query: {
            entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: pump.id } },
            pageLink: { page: 0, pageSize: 10, sortOrder: { key: { type: 'ALARM_FIELD', key: 'createdTime' } } },
          },
        },
      ],
    });
    expect((await ws.sub(8)).totalEntities).toBe(1);

    await ok(t.request('DELETE', `/api/customer/device/${pump.id}`, { token: w.tokens.tenant }));
    expect(await ws.sub(1)).toMatchObject({ subscriptionId: 1, errorCode: 3, errorMsg: 'Unauthorized' });
    expect((await ws.sub(7)).data).toMatchObject({ data: [], totalElements: 0 });
    expect(await ws.sub(8)).toMatchObject({ totalEntities: 0, data: { data: [] } });
    await save(pump);
    await ws.nothingFor(1);
    await ws.nothingFor(7);
    // And it cannot subscribe again.
    ws.send({ tsSubCmds: [{ cmdId: 3, entityType: 'DEVICE', entityId: pump.id, keys: 't' }] });
    expect(await ws.sub(3)).toMatchObject({ errorCode: 3, errorMsg: 'Unauthorized' });
    ws.close();
  });

  it('drops a public visitor’s subscription to a device that is no longer public', async () => {
    const d = await createDevice(t, w.tokens.tenant, { name: 'Lobby display', type: 'default' });
    const lobby: Originator = { tenantId: d.tenantId.id, entityType: 'DEVICE', id: d.id.id };
    const made = await ok<{ customerId: { id: string } }>(
      t.request('POST', `/api/customer/public/device/${lobby.id}`, { token: w.tokens.tenant }),
    );
    const pub = await ok<{ token: string }>(
      t.request('POST', '/api/auth/login/public', { body: { publicId: made.customerId.id } }),
    );
    const ws = await subscribed(pub.token, lobby);
    await ok(t.request('DELETE', `/api/customer/device/${lobby.id}`, { token: w.tokens.tenant }));
    expect(await ws.sub(1)).toMatchObject({ subscriptionId: 1, errorCode: 3, errorMsg: 'Unauthorized' });
    await save(lobby);
    await ws.nothingFor(1);
    ws.close();
  });

  it('keeps a tenant administrator’s subscription when a device changes customer', async () => {
    const ws = await subscribed(w.tokens.tenant);
    await ok(t.request('DELETE', `/api/customer/device/${dev.id}`, { token: w.tokens.tenant }));
    await save(dev);
    expect((await ws.sub(1)).errorCode).toBe(0);
    await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${dev.id}`, { token: w.tokens.tenant }));
    ws.close();
  });
});
