import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../modules/devices/devices-fixtures.ts';
import { defaultClientRpcHandler } from '../device/client-rpc.ts';
import { mqttWorld, nextMessage, recordMessages, sleep, type MqttWorld } from './mqtt-fixtures.ts';

let w: MqttWorld;
beforeAll(async () => {
  w = await mqttWorld();
});
afterAll(() => w.close());

const targetOf = (d: { tenantId: { id: string }; id: { id: string } }) => ({
  tenantId: d.tenantId.id,
  entityType: 'DEVICE',
  id: d.id.id,
});

describe('MQTT transport: messages to the device', () => {
  it('pushes shared attribute updates and deletions to a subscribed device', async () => {
    const { device, token } = await w.newDevice();
    const c = await w.connect({ username: token });
    await c.subscribeAsync('v1/devices/me/attributes', { qos: 1 });
    const update = nextMessage(c, 'v1/devices/me/attributes');
    // Through the REST API, as a user changing a shared attribute would.
    await ok(
      w.t.request('POST', `/api/plugins/telemetry/DEVICE/${device.id.id}/attributes/SHARED_SCOPE`, {
        token: w.tenant,
        body: { targetTemp: 22, mode: 'eco' },
      }),
    );
    expect((await update).json).toEqual({ targetTemp: 22, mode: 'eco' });
    const deleted = nextMessage(c, 'v1/devices/me/attributes');
    await w.t.app.services.attributeStore.delete(targetOf(device), 'SHARED_SCOPE', ['mode']);
    expect((await deleted).json).toEqual({ deleted: ['mode'] });
    // Server and client scope changes are not pushed; after unsubscribing nothing is.
    const seen = recordMessages(c);
    await w.t.app.services.attributeStore.save(targetOf(device), 'SERVER_SCOPE', [
      { key: 's', type: 'LONG', value: 1 },
    ]);
    await c.unsubscribeAsync('v1/devices/me/attributes');
    await w.t.app.services.attributeStore.save(targetOf(device), 'SHARED_SCOPE', [
      { key: 'late', type: 'LONG', value: 1 },
    ]);
    await sleep(150);
    expect(seen).toEqual([]);
  });

  it('answers attribute requests on attributes/response/{id}', async () => {
    const { device, token } = await w.newDevice();
    await w.t.app.services.attributeStore.save(targetOf(device), 'SHARED_SCOPE', [
      { key: 'interval', type: 'LONG', value: 30 },
    ]);
    const c = await w.connect({ username: token });
    await c.publishAsync('v1/devices/me/attributes', '{"fw":"v1.0"}', { qos: 1 });
    await c.subscribeAsync('v1/devices/me/attributes/response/+', { qos: 1 });
    const reply = nextMessage(c, 'v1/devices/me/attributes/response/');
    await c.publishAsync('v1/devices/me/attributes/request/7', '{"clientKeys":"fw","sharedKeys":"interval,none"}', {
      qos: 1,
    });
    expect(await reply).toEqual({
      topic: 'v1/devices/me/attributes/response/7',
      json: { client: { fw: 'v1.0' }, shared: { interval: 30 } },
    });
    const onlyShared = nextMessage(c, 'v1/devices/me/attributes/response/');
    await c.publishAsync('v1/devices/me/attributes/request/8', '{"sharedKeys":"interval"}');
    expect((await onlyShared).json).toEqual({ shared: { interval: 30 } });
  });

  it('server-side RPC both ways: two-way gets the device reply, one-way ends once delivered', async () => {
    const { device, token } = await w.newDevice();
    const c = await w.connect({ username: token });
    await c.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    c.on('message', (topic, payload) => {
      if (!topic.startsWith('v1/devices/me/rpc/request/')) return;
      const req = JSON.parse(payload.toString()) as { method: string; params: unknown };
      const id = topic.split('/').pop();
      if (req.method === 'echo')
        void c.publishAsync(`v1/devices/me/rpc/response/${id}`, JSON.stringify({ echoed: req.params }));
    });
    const twoway = await w.t.request('POST', `/api/plugins/rpc/twoway/${device.id.id}`, {
      token: w.tenant,
      body: { method: 'echo', params: { a: 1 }, timeout: 3000 },
    });
    expect(twoway.statusCode, twoway.body).toBe(200);
    expect(twoway.json()).toEqual({ echoed: { a: 1 } });

    const received = nextMessage(c, 'v1/devices/me/rpc/request/');
    const oneway = await w.t.request('POST', `/api/plugins/rpc/oneway/${device.id.id}`, {
      token: w.tenant,
      body: { method: 'setLed', params: { on: true } },
    });
    expect(oneway.statusCode).toBe(200);
    expect((await received).json).toEqual({ method: 'setLed', params: { on: true } });
  });

  it('RPC to a device that is not subscribed waits for it; without it: 408 "Device is offline"', async () => {
    const { device, token } = await w.newDevice();
    const c = await w.connect({ username: token });
    const offline = await w.t.request('POST', `/api/plugins/rpc/oneway/${device.id.id}`, {
      token: w.tenant,
      body: { method: 'm', params: {}, timeout: 200 },
    });
    expect(offline.statusCode).toBe(408);
    expect(offline.json()).toMatchObject({ message: 'Device is offline' });

    const call = w.t.request('POST', `/api/plugins/rpc/oneway/${device.id.id}`, {
      token: w.tenant,
      body: { method: 'queued', params: {}, timeout: 3000 },
    });
    for (let i = 0; i < 300 && w.t.app.services.rpc.pendingCount(device.id.id) === 0; i++) await sleep(10);
    const received = nextMessage(c, 'v1/devices/me/rpc/request/');
    await c.subscribeAsync('v1/devices/me/rpc/request/+');
    expect((await received).json).toEqual({ method: 'queued', params: {} });
    expect((await call).statusCode).toBe(200);
  });

  it('client-side RPC is answered on rpc/response/{id}', async () => {
    const { token } = await w.newDevice();
    const c = await w.connect({ username: token });
    await c.subscribeAsync('v1/devices/me/rpc/response/+');
    const reply = nextMessage(c, 'v1/devices/me/rpc/response/');
    await c.publishAsync('v1/devices/me/rpc/request/15', '{"method":"getCurrentTime","params":{}}', { qos: 1 });
    const got = await reply;
    expect(got.topic).toBe('v1/devices/me/rpc/response/15');
    expect(got.json).toEqual({ error: expect.stringContaining("'getCurrentTime' was not handled") });
  });

  it('a client-side RPC reply that cannot be sent is logged, not an unhandled rejection', async () => {
    const { token } = await w.newDevice();
    const c = await w.connect({ username: token });
    await c.subscribeAsync('v1/devices/me/rpc/response/+');
    // JSON.stringify throws on a BigInt: the failure happens while sending, after clientRpc resolved.
    w.t.app.services.deviceApi.setClientRpcHandler(async (_d, r) => (r.method === 'big' ? { n: 1n } : { ok: 1 }));
    try {
      await c.publishAsync('v1/devices/me/rpc/request/1', '{"method":"big","params":{}}', { qos: 1 });
      const reply = nextMessage(c, 'v1/devices/me/rpc/response/');
      await c.publishAsync('v1/devices/me/rpc/request/2', '{"method":"fine","params":{}}', { qos: 1 });
      // The session goes on (vitest also fails the run on an unhandled rejection).
      expect(await reply).toEqual({ topic: 'v1/devices/me/rpc/response/2', json: { ok: 1 } });
    } finally {
      w.t.app.services.deviceApi.setClientRpcHandler(defaultClientRpcHandler);
    }
  });
});

describe('MQTT transport: claim and provision', () => {
  it('a claim request over MQTT lets a customer claim the device', async () => {
    const { device, token } = await w.newDevice();
    const c = await w.connect({ username: token });
    await c.publishAsync('v1/devices/me/claim', '{"secretKey":"mqtt-secret","durationMs":60000}', { qos: 1 });
    const { customer } = await w.t.demoTokens();
    const res = await w.t.request('POST', `/api/customer/device/${encodeURIComponent(device.name)}/claim`, {
      token: customer,
      body: { secretKey: 'mqtt-secret' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ response: 'SUCCESS' });
  });

  it('provisions a device over a "provision" connection', async () => {
    await ok(
      w.t.request('POST', '/api/deviceProfile', {
        token: w.tenant,
        body: {
          name: 'MQTT provisioned',
          type: 'DEFAULT',
          transportType: 'DEFAULT',
          provisionType: 'ALLOW_CREATE_NEW_DEVICES',
          provisionDeviceKey: 'mqtt-key',
          profileData: {
            configuration: { type: 'DEFAULT' },
            transportConfiguration: { type: 'DEFAULT' },
            provisionConfiguration: { type: 'ALLOW_CREATE_NEW_DEVICES', provisionDeviceSecret: 'mqtt-secret' },
          },
        },
      }),
    );
    const c = await w.connect({ username: 'provision' });
    await c.subscribeAsync('/provision/response');
    const reply = nextMessage(c, '/provision/response');
    await c.publishAsync(
      '/provision/request',
      JSON.stringify({
        deviceName: 'Born over MQTT',
        provisionDeviceKey: 'mqtt-key',
        provisionDeviceSecret: 'mqtt-secret',
      }),
      { qos: 1 },
    );
    const body = (await reply).json as { status: string; credentialsType: string; credentialsValue: string };
    expect(body).toMatchObject({ status: 'SUCCESS', credentialsType: 'ACCESS_TOKEN' });
    // The new credentials work; a provisioning session can do nothing else.
    const dev = await w.connect({ username: body.credentialsValue });
    await dev.publishAsync('v1/devices/me/telemetry', '{"born":1}', { qos: 1 });
    await expect(c.subscribeAsync('v1/devices/me/attributes')).rejects.toThrow(/Subscribe error/);
  });
});
