import { beforeAll, describe, expect, it } from 'vitest';
import { createDevice, credentialsOf } from '../../modules/devices/devices-fixtures.ts';
import { setupWorld } from '../../modules/users/users-fixtures.ts';
import { BAD_DEVICE_PAYLOADS, BAD_PAYLOAD_KEYS } from '../device/bad-payloads.ts';
import { JSON_TYPE, dev, latest, send, t, useHttpDeviceApp } from './http-device-fixtures.ts';

useHttpDeviceApp();

/** A device of another tenant, writing at the same time as the test device. */
let neighbour: { id: string; token: string };
const T0 = 1_700_000_000_000;
let round = 0;

beforeAll(async () => {
  const world = await setupWorld(t);
  const d = await createDevice(t, world.tokens.other, { name: 'Neighbour', type: 'default' });
  neighbour = { id: d.id.id, token: (await credentialsOf(t, world.tokens.other, d.id.id)).credentialsId };
});

const neighbourPost = (body: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${neighbour.token}/telemetry`, headers: JSON_TYPE, payload: body });

async function neighbourPoints(from: number, to: number): Promise<number[]> {
  const hist = await t.app.services.telemetry.history(neighbour.id, {
    keys: ['g'],
    startTs: from,
    endTs: to,
    interval: 0,
    limit: 1000,
    agg: 'NONE',
    orderBy: 'ASC',
  });
  return (hist.g ?? []).map((e) => e.value as number);
}

describe('device HTTP API: payloads the database cannot store', () => {
  it.each(Object.entries(BAD_DEVICE_PAYLOADS))(
    "%s: 400 with the reason for the sender; another tenant's concurrent writes all succeed",
    async (_name, { body, reason }) => {
      const from = T0 + ++round * 1000;
      const goods = Array.from({ length: 30 }, (_, i) => `{"ts":${from + i},"values":{"g":${i}}}`);
      // The bad request goes out among the others, so it shares their write batch.
      const sent = [...goods.slice(0, 15).map(neighbourPost), send('POST', 'telemetry', body)];
      sent.push(...goods.slice(15).map(neighbourPost));
      const replies = await Promise.all(sent);
      const bad = replies.splice(15, 1)[0]!;
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.body).toMatch(reason);
      expect(replies.map((r) => r.statusCode)).toEqual(goods.map(() => 200));
      expect(await neighbourPoints(from, from + 1000)).toEqual(goods.map((_, i) => i));
    },
  );

  it('stores nothing of a refused payload, and the same device is served normally afterwards', async () => {
    for (const { body } of Object.values(BAD_DEVICE_PAYLOADS)) {
      expect((await send('POST', 'attributes', body)).statusCode).toBe(400);
    }
    expect(await latest(BAD_PAYLOAD_KEYS)).toEqual({});
    expect(await t.app.services.attributeStore.find(dev.id.id, 'CLIENT_SCOPE')).toEqual([]);
    expect((await send('POST', 'telemetry', '{"ok":"😀 fine"}')).statusCode).toBe(200);
    expect((await latest(['ok'])).ok).toEqual([expect.any(Number), 'STRING', '😀 fine']);
  });
});
