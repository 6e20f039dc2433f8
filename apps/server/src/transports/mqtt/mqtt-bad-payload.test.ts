import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, credentialsOf } from '../../modules/devices/devices-fixtures.ts';
import { setupWorld } from '../../modules/users/users-fixtures.ts';
import { BAD_DEVICE_PAYLOADS, BAD_PAYLOAD_KEYS } from '../device/bad-payloads.ts';
import { closed, mqttWorld, sleep, type MqttWorld } from './mqtt-fixtures.ts';

let w: MqttWorld;
/** A device of another tenant, publishing at the same time as the offending device. */
let neighbour: { id: string; token: string };
const T0 = 1_700_000_000_000;
let round = 0;

beforeAll(async () => {
  w = await mqttWorld();
  const world = await setupWorld(w.t);
  const d = await createDevice(w.t, world.tokens.other, { name: 'Neighbour', type: 'default' });
  neighbour = { id: d.id.id, token: (await credentialsOf(w.t, world.tokens.other, d.id.id)).credentialsId };
});
afterAll(() => w.close());

describe('MQTT transport: payloads the database cannot store', () => {
  it.each(Object.entries(BAD_DEVICE_PAYLOADS))(
    "%s: the sender alone is disconnected without PUBACK; another tenant's device gets every PUBACK",
    async (_name, { body }) => {
      const n = ++round;
      const { device, token } = await w.newDevice();
      const bad = await w.connect({ username: token, clientId: `bad-${n}` });
      const good = await w.connect({ username: neighbour.token, clientId: `neighbour-${n}` });
      const from = T0 + n * 1000;
      const topic = 'v1/devices/me/telemetry';
      const acks = Array.from({ length: 15 }, (_, i) =>
        good.publishAsync(topic, `{"ts":${from + i},"values":{"g":${i}}}`, { qos: 1 }),
      );
      let badAcked = false;
      void bad
        .publishAsync(topic, body, { qos: 1 })
        .then(() => (badAcked = true))
        .catch(() => {});
      for (let i = 15; i < 30; i++)
        acks.push(good.publishAsync(topic, `{"ts":${from + i},"values":{"g":${i}}}`, { qos: 1 }));
      await closed(bad);
      await Promise.all(acks);
      expect(badAcked).toBe(false);
      await sleep(50);
      expect(good.connected).toBe(true);
      const hist = await w.t.app.services.telemetry.history(neighbour.id, {
        keys: ['g'],
        startTs: from,
        endTs: from + 1000,
        interval: 0,
        limit: 100,
        agg: 'NONE',
        orderBy: 'ASC',
      });
      expect((hist.g ?? []).map((e) => e.value)).toEqual(Array.from({ length: 30 }, (_, i) => i));
      expect(await w.t.app.services.telemetry.latest(device.id.id, BAD_PAYLOAD_KEYS)).toEqual([]);
    },
  );
});
