import { setImmediate as tick } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice } from '../../modules/devices/devices-fixtures.ts';
import type { Originator } from '../../modules/telemetry/telemetry-types.ts';
import { WsTestClient, wsUrl } from './ws-test-client.ts';

let t: TestApp;
let url: string;
let dev: Originator;
const T0 = 1_700_000_000_000;
const BIG = 'x'.repeat(32 * 1024);

beforeAll(async () => {
  t = await createTestApp();
  const { tenant } = await t.demoTokens();
  const d = await createDevice(t, tenant, { name: 'Chatty', type: 'default' });
  dev = { tenantId: d.tenantId.id, entityType: 'DEVICE', id: d.id.id };
  url = `${await wsUrl(t)}?token=${tenant}`;
});
afterAll(() => t.close());

async function subscribed(): Promise<WsTestClient> {
  const ws = await WsTestClient.connect(url);
  ws.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: dev.id, keys: 'blob' }] });
  await ws.sub(1);
  return ws;
}

/** 2000 large updates (64 MB), published straight on the bus in small bursts. */
async function flood(): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    t.app.services.bus.publish({
      kind: 'timeseries',
      tenantId: dev.tenantId,
      entityType: 'DEVICE',
      entityId: dev.id,
      entries: [{ key: 'blob', type: 'STRING', value: BIG, ts: T0 + i }],
    });
    if (i % 20 === 19) await tick();
  }
}

describe('WebSocket session limits', () => {
  it('keeps a client that reads, however many updates it gets', async () => {
    const ws = await subscribed();
    let received = 0;
    ws.socket.on('message', () => received++);
    await flood();
    await expect.poll(() => received, { timeout: 10_000 }).toBe(2000);
    expect(ws.socket.readyState).toBe(ws.socket.OPEN);
    ws.close();
  });

  it('closes with 1008 a client that stops reading once 1000 updates are pending', async () => {
    const ws = await subscribed();
    ws.socket.pause();
    await flood();
    ws.socket.resume();
    expect(await ws.closed).toEqual({ code: 1008, reason: 'Max pending updates limit reached!' });
  });
});
