import net from 'node:net';
import type { ErrorWithReasonCode } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../modules/devices/devices-fixtures.ts';
import { closed, mqttWorld, recordMessages, sleep, type MqttWorld } from './mqtt-fixtures.ts';

let w: MqttWorld;
beforeAll(async () => {
  w = await mqttWorld();
});
afterAll(() => w.close());

const latest = async (deviceId: string, keys: string[]) =>
  Object.fromEntries((await w.t.app.services.telemetry.latest(deviceId, keys)).map((e) => [e.key, e]));

describe('MQTT transport: telemetry and attributes', () => {
  it('stores every payload form; a QoS 1 PUBACK means the data is already readable', async () => {
    const { device, token } = await w.newDevice();
    const c = await w.connect({ username: token });
    await c.publishAsync('v1/devices/me/telemetry', '{"temperature":21.5,"humidity":60,"s":"7"}', { qos: 1 });
    expect(await latest(device.id.id, ['temperature', 'humidity', 's'])).toMatchObject({
      temperature: { type: 'DOUBLE', value: 21.5 },
      humidity: { type: 'LONG', value: 60 },
      s: { type: 'LONG', value: 7 },
    });
    await c.publishAsync('v1/devices/me/telemetry', '{"ts":1609459200000,"values":{"p":1}}', { qos: 1 });
    await c.publishAsync(
      'v1/devices/me/telemetry',
      '[{"ts":1609459260000,"values":{"p":2}},{"ts":1609459320000,"values":{"p":3,"j":{"x":[1]}}}]',
      { qos: 1 },
    );
    await c.publishAsync('v1/devices/me/telemetry', '[{"a1":1},{"a2":true}]', { qos: 1 });
    const hist = await w.t.app.services.telemetry.history(device.id.id, {
      keys: ['p', 'j'],
      startTs: 1609459200000,
      endTs: 1609459400000,
      interval: 0,
      limit: 10,
      agg: 'NONE',
      orderBy: 'ASC',
    });
    expect(hist.p!.map((e) => [e.ts, e.value])).toEqual([
      [1609459200000, 1],
      [1609459260000, 2],
      [1609459320000, 3],
    ]);
    expect(hist.j![0]).toMatchObject({ type: 'JSON', value: { x: [1] } });
    expect(Object.keys(await latest(device.id.id, ['a1', 'a2']))).toEqual(['a1', 'a2']);
  });

  it('stores QoS 0 telemetry in the background and client attributes in CLIENT_SCOPE', async () => {
    const { device, token } = await w.newDevice();
    const c = await w.connect({ username: token });
    await c.publishAsync('v1/devices/me/telemetry', '{"q0":5}', { qos: 0 });
    await c.publishAsync('v1/devices/me/attributes', '{"fw":"2.0","model":"X1"}', { qos: 1 });
    const attrs = await w.t.app.services.attributeStore.find(device.id.id, 'CLIENT_SCOPE');
    expect(attrs.map((a) => [a.key, a.value])).toEqual([
      ['fw', 2.0],
      ['model', 'X1'],
    ]);
    for (let i = 0; i < 50 && !(await latest(device.id.id, ['q0'])).q0; i++) await sleep(20);
    expect((await latest(device.id.id, ['q0'])).q0).toMatchObject({ value: 5 });
  });

  it('holds the PUBACK until the write committed, and withholds it (disconnecting) when the write fails', async () => {
    const { device, token } = await w.newDevice();
    const c = await w.connect({ username: token });
    const store = w.t.app.services.telemetry;
    const save = store.saveTimeseries.bind(store);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    store.saveTimeseries = async (target, records) => {
      await gate;
      return save(target, records);
    };
    try {
      let acked = false;
      const pub = c.publishAsync('v1/devices/me/telemetry', '{"gated":1}', { qos: 1 }).then(() => (acked = true));
      await sleep(150);
      expect(acked).toBe(false);
      release();
      await pub;
      expect((await latest(device.id.id, ['gated'])).gated).toMatchObject({ value: 1 });

      store.saveTimeseries = async () => {
        throw new Error('disk full');
      };
      let failedAck = false;
      void c
        .publishAsync('v1/devices/me/telemetry', '{"lost":1}', { qos: 1 })
        .then(() => (failedAck = true))
        .catch(() => {});
      await closed(c);
      expect(failedAck).toBe(false);
    } finally {
      store.saveTimeseries = save;
    }
  });

  it('disconnects a device that sends a payload over 64 KiB or invalid JSON, storing nothing', async () => {
    const { device, token } = await w.newDevice();
    const c = await w.connect({ username: token });
    void c
      .publishAsync('v1/devices/me/telemetry', JSON.stringify({ big: 'x'.repeat(65 * 1024) }), { qos: 1 })
      .catch(() => {});
    await closed(c);
    const c2 = await w.connect({ username: token });
    await c2.publishAsync('v1/devices/me/telemetry', JSON.stringify({ fits: 'x'.repeat(60 * 1024) }), { qos: 1 });
    void c2.publishAsync('v1/devices/me/telemetry', '{"broken":', { qos: 1 }).catch(() => {});
    await closed(c2);
    expect(Object.keys(await latest(device.id.id, ['big', 'fits', 'broken']))).toEqual(['fits']);
  });
});

/** MQTT 3.1.1 CONNECT with a user name, built by hand so a test can then send a lying PUBLISH header. */
function connectPacket(clientId: string, username: string): Buffer {
  const str = (v: string) => {
    const b = Buffer.from(v);
    return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
  };
  const body = Buffer.concat([str('MQTT'), Buffer.from([4, 0x82, 0, 60]), str(clientId), str(username)]);
  return Buffer.concat([Buffer.from([0x10, body.length]), body]);
}

/** The MQTT variable-length "remaining length" field. */
function remainingLength(n: number): Buffer {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Buffer.from(out);
}

describe('MQTT transport: oversized packets', () => {
  it('drops a connection as soon as a PUBLISH announces more than 64 KiB, before the bytes arrive', async () => {
    const { token } = await w.newDevice();
    const socket = net.connect(w.mqtt.port, '127.0.0.1');
    const ended = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    socket.on('error', () => {});
    const connack = new Promise<Buffer>((resolve) => socket.once('data', resolve));
    socket.write(connectPacket('raw-client', token));
    expect([...(await connack)]).toEqual([0x20, 2, 0, 0]);
    // A 10 MB PUBLISH of which only the first bytes are ever sent.
    const sent = Date.now();
    socket.write(Buffer.concat([Buffer.from([0x30]), remainingLength(10_000_000), Buffer.from([0, 1, 0x61, 0x7b])]));
    const at = await Promise.race([ended, sleep(2000).then(() => -1)]);
    socket.destroy();
    expect(at, 'the server should close the connection without waiting for the payload').toBeGreaterThan(0);
    expect(at - sent).toBeLessThan(1000);
  });
});

describe('MQTT transport: credentials', () => {
  const refused = async (opts: Parameters<MqttWorld['connect']>[0]) => {
    const err = (await w.connect(opts).then(
      () => undefined,
      (e: unknown) => e,
    )) as ErrorWithReasonCode | undefined;
    expect(err, 'connection should be refused').toBeDefined();
    expect(err!.code).toBe(5);
  };

  it('refuses unknown tokens and no credentials with CONNACK 5 (not authorized)', async () => {
    await refused({ username: 'NoSuchToken' });
    await refused({});
  });

  it('accepts MQTT_BASIC credentials (client id + user name + password, or client id alone)', async () => {
    const { device, token } = await w.newDevice();
    const creds = await ok<{ id: { id: string } }>(
      w.t.request('GET', `/api/device/${device.id.id}/credentials`, { token: w.tenant }),
    );
    const setBasic = (value: object) =>
      ok(
        w.t.request('POST', '/api/device/credentials', {
          token: w.tenant,
          body: {
            id: creds.id,
            deviceId: device.id,
            credentialsType: 'MQTT_BASIC',
            credentialsValue: JSON.stringify(value),
          },
        }),
      );
    await setBasic({ clientId: 'basic-client-1', userName: 'basic-user', password: 'pw-1' });
    w.t.app.services.deviceAuth.clear();
    const c = await w.connect({ clientId: 'basic-client-1', username: 'basic-user', password: 'pw-1' });
    await c.publishAsync('v1/devices/me/telemetry', '{"basic":1}', { qos: 1 });
    expect((await latest(device.id.id, ['basic'])).basic).toMatchObject({ value: 1 });
    await refused({ clientId: 'basic-client-1', username: 'basic-user', password: 'wrong' });
    await refused({ clientId: 'other-client', username: 'basic-user', password: 'pw-1' });
    // The old access token no longer works once the credentials changed.
    await refused({ username: token });

    await setBasic({ clientId: 'only-client-id' });
    w.t.app.services.deviceAuth.clear();
    const c2 = await w.connect({ clientId: 'only-client-id' });
    await c2.publishAsync('v1/devices/me/telemetry', '{"basic2":2}', { qos: 1 });
    expect((await latest(device.id.id, ['basic2'])).basic2).toMatchObject({ value: 2 });
  });

  it('a changed token stops working within the cache TTL (5 s)', async () => {
    const { device, token } = await w.newDevice();
    await (await w.connect({ username: token })).endAsync();
    const creds = await ok<{ id: { id: string } }>(
      w.t.request('GET', `/api/device/${device.id.id}/credentials`, { token: w.tenant }),
    );
    await ok(
      w.t.request('POST', '/api/device/credentials', {
        token: w.tenant,
        body: { id: creds.id, deviceId: device.id, credentialsType: 'ACCESS_TOKEN', credentialsId: 'RenewedToken1' },
      }),
    );
    w.t.clock.advance(5_001);
    await refused({ username: token });
    await (await w.connect({ username: 'RenewedToken1' })).endAsync();
  });
});

describe('MQTT transport: isolation and device activity', () => {
  it('never forwards one device’s messages to another client, and refuses other subscriptions', async () => {
    const a = await w.newDevice();
    const b = await w.newDevice();
    const ca = await w.connect({ username: a.token });
    const cb = await w.connect({ username: b.token });
    const granted = await cb.subscribeAsync({
      'v1/devices/me/attributes': { qos: 1 },
      'v1/devices/me/rpc/request/+': { qos: 0 },
    });
    expect(granted.map((g) => g.qos)).toEqual([1, 0]);
    for (const topic of ['#', 'v1/devices/me/telemetry', 'v1/devices/+/attributes', '$SYS/#']) {
      await expect(cb.subscribeAsync(topic), topic).rejects.toThrow(/Subscribe error/);
    }
    const seen = recordMessages(cb);
    await ca.publishAsync('v1/devices/me/attributes', '{"mine":1}', { qos: 1 });
    await ca.publishAsync('v1/devices/me/telemetry', '{"t":1}', { qos: 1 });
    await ca.publishAsync('v1/devices/me/rpc/request/1', '{"method":"x"}', { qos: 1 });
    // A shared attribute of device A goes to A only.
    await w.t.app.services.attributeStore.save(
      { tenantId: a.device.tenantId.id, entityType: 'DEVICE', id: a.device.id.id },
      'SHARED_SCOPE',
      [{ key: 'forA', type: 'LONG', value: 1 }],
    );
    await sleep(200);
    expect(seen).toEqual([]);
  });

  it('records connect, activity and disconnect as server attributes', async () => {
    const { device, token } = await w.newDevice();
    const c = await w.connect({ username: token });
    await c.publishAsync('v1/devices/me/telemetry', '{"x":1}', { qos: 1 });
    await c.endAsync();
    await sleep(100);
    await w.t.app.services.deviceState.flush();
    const attrs = await w.t.app.services.attributeStore.find(device.id.id, 'SERVER_SCOPE');
    const byKey = Object.fromEntries(attrs.map((a) => [a.key, a.value]));
    expect(byKey).toMatchObject({
      active: true,
      lastConnectTime: expect.any(Number),
      lastActivityTime: expect.any(Number),
      lastDisconnectTime: expect.any(Number),
    });
    expect(byKey.lastDisconnectTime as number).toBeGreaterThanOrEqual(byKey.lastConnectTime as number);
  });
});
