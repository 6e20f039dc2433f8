import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, credentialsOf, ok } from '../../modules/devices/devices-fixtures.ts';
import { closed, mqttWorld, nextMessage, sleep, type MqttWorld } from './mqtt-fixtures.ts';

// An MQTT client id is chosen by the device, so it proves nothing: two devices (of one tenant or
// of two) may pick the same one. Only the same device may take over its own session.

let w: MqttWorld;
let otherTenant: string;
beforeAll(async () => {
  w = await mqttWorld();
  const tenant = await ok(
    w.t.request('POST', '/api/tenant', { token: (await w.t.demoTokens()).sysadmin, body: { title: 'MQTT Other' } }),
  );
  await ok(
    w.t.request('POST', '/api/user?sendActivationMail=false&password=Secret123!', {
      token: (await w.t.demoTokens()).sysadmin,
      body: {
        email: 'mqtt-other@sapo.local',
        authority: 'TENANT_ADMIN',
        tenantId: { entityType: 'TENANT', id: tenant.id.id },
      },
    }),
  );
  otherTenant = await w.t.login('mqtt-other@sapo.local', 'Secret123!');
});
afterAll(() => w.close());

async function otherTenantDevice(name: string) {
  const device = await createDevice(w.t, otherTenant, { name });
  return { device, token: (await credentialsOf(w.t, otherTenant, device.id.id)).credentialsId };
}

/** A shared attribute pushed through the REST API reaches the device's connection. */
async function expectDownlink(c: MqttClient, deviceId: string, token: string, value: number) {
  const update = nextMessage(c, 'v1/devices/me/attributes');
  await ok(
    w.t.request('POST', `/api/plugins/telemetry/DEVICE/${deviceId}/attributes/SHARED_SCOPE`, {
      token,
      body: { setting: value },
    }),
  );
  expect((await update).json).toEqual({ setting: value });
}

/** The CONNACK's session-present flag (mqtt.js keeps the packet, but privately). */
const sessionPresent = (c: MqttClient) =>
  (c as unknown as { connackPacket: { sessionPresent: boolean } }).connackPacket.sessionPresent;

const latest = async (deviceId: string, key: string) =>
  (await w.t.app.services.telemetry.latest(deviceId, [key]))[0]?.value;

describe('MQTT transport: client ids are scoped to the device', () => {
  it('a device of another tenant using the same client id does not disconnect the first device', async () => {
    const a = await w.newDevice();
    const b = await otherTenantDevice('Same client id, other tenant');
    const ca = await w.connect({ username: a.token, clientId: 'shared-id-1' });
    await ca.subscribeAsync('v1/devices/me/attributes', { qos: 1 });
    const cb = await w.connect({ username: b.token, clientId: 'shared-id-1' });
    await cb.subscribeAsync('v1/devices/me/attributes', { qos: 1 });
    await sleep(200);
    expect(ca.connected, 'the tenant-1 device must stay connected').toBe(true);
    expect(cb.connected).toBe(true);
    // Both get PUBACKs for their own data and their own downlinks.
    await ca.publishAsync('v1/devices/me/telemetry', '{"who":1}', { qos: 1 });
    await cb.publishAsync('v1/devices/me/telemetry', '{"who":2}', { qos: 1 });
    expect(await latest(a.device.id.id, 'who')).toBe(1);
    expect(await latest(b.device.id.id, 'who')).toBe(2);
    await expectDownlink(ca, a.device.id.id, w.tenant, 11);
    await expectDownlink(cb, b.device.id.id, otherTenant, 22);
    expect(ca.connected && cb.connected).toBe(true);
  });

  it('two devices of the same tenant with the same client id both stay connected', async () => {
    const a = await w.newDevice();
    const b = await w.newDevice();
    const ca = await w.connect({ username: a.token, clientId: 'shared-id-2' });
    await ca.subscribeAsync('v1/devices/me/attributes', { qos: 1 });
    const cb = await w.connect({ username: b.token, clientId: 'shared-id-2' });
    await cb.subscribeAsync('v1/devices/me/attributes', { qos: 1 });
    await sleep(200);
    expect(ca.connected).toBe(true);
    await ca.publishAsync('v1/devices/me/telemetry', '{"n":1}', { qos: 1 });
    await cb.publishAsync('v1/devices/me/telemetry', '{"n":2}', { qos: 1 });
    await expectDownlink(ca, a.device.id.id, w.tenant, 1);
    await expectDownlink(cb, b.device.id.id, w.tenant, 2);
  });

  it('the same device reconnecting with its client id replaces its old session (MQTT takeover)', async () => {
    const a = await w.newDevice();
    const old = await w.connect({ username: a.token, clientId: 'takeover-id' });
    const fresh = await w.connect({ username: a.token, clientId: 'takeover-id' });
    await closed(old);
    await fresh.subscribeAsync('v1/devices/me/attributes', { qos: 1 });
    await fresh.publishAsync('v1/devices/me/telemetry', '{"again":1}', { qos: 1 });
    await expectDownlink(fresh, a.device.id.id, w.tenant, 3);
  });

  it('a persistent session is not resumed by another device with the same client id', async () => {
    const a = await w.newDevice();
    const b = await w.newDevice();
    const ca = await w.connect({ username: a.token, clientId: 'persistent-id', clean: false });
    await ca.subscribeAsync('v1/devices/me/attributes', { qos: 1 });
    await ca.endAsync();
    const cb = await w.connect({ username: b.token, clientId: 'persistent-id', clean: false });
    expect(cb.connected).toBe(true);
    // MQTT 3.1.1: "session present" would mean b inherited a's subscriptions.
    expect(sessionPresent(cb)).toBe(false);
    await cb.endAsync();
    // The same device resumes its own session.
    const again = await w.connect({ username: a.token, clientId: 'persistent-id', clean: false });
    expect(sessionPresent(again)).toBe(true);
  });
});
