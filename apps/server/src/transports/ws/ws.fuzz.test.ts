import fc from 'fast-check';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice } from '../../modules/devices/devices-fixtures.ts';
import { errorLog, type ErrorLog } from '../../test/fuzz/error-log.ts';
import { fcParams, fuzzSettings, fuzzTimeout, replayHint } from '../../test/fuzz/fuzz-settings.ts';
import { wsFrame, type WsFrame } from '../../test/fuzz/ws-frames.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { WsTestClient, wsUrl, type Msg } from './ws-test-client.ts';

/**
 * Fuzzing of /api/ws/plugins/telemetry: command-shaped frames with wrong types and hostile values,
 * random JSON, huge command arrays, binary frames and invalid UTF-8, on sockets opened with, without
 * or with a bad token. No command fails inside the server (ThingsBoard's INTERNAL_ERROR, or a
 * "websocket command failed" warning), the API stays healthy, and a well-behaved second socket keeps
 * getting its updates.
 */

const RUNS = 40;
const settings = fuzzSettings();
let t: TestApp;
let log: ErrorLog;
let url: string;
let tenant: string;
let watched: string;
let good: WsTestClient;
let round = 0;
const targets = { deviceIds: [] as string[], keys: ['temperature', 'humidity', 'n'], token: '' };

beforeAll(async () => {
  log = errorLog('warn');
  t = await createTestApp({}, { logger: log.logger });
  tenant = (await t.demoTokens()).tenant;
  for (const name of ['Fuzzed A', 'Fuzzed B']) targets.deviceIds.push((await createDevice(t, tenant, { name })).id.id);
  watched = (await createDevice(t, tenant, { name: 'Watched' })).id.id;
  targets.deviceIds.push(watched);
  targets.token = tenant;
  const device = targets.deviceIds[0];
  const post = await t.request('POST', `/api/plugins/telemetry/DEVICE/${device}/timeseries/ANY`, {
    token: tenant,
    body: { temperature: 21, humidity: 40 },
  });
  expect(post.statusCode).toBe(200);
  url = await wsUrl(t);
  good = await WsTestClient.connect(`${url}?token=${tenant}`);
  good.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: watched, keys: 'n' }] });
  await good.sub(1);
}, 120_000);

afterAll(async () => {
  good?.close();
  await t?.close();
});

/** Opens a socket, sends the frames, and collects what comes back for a moment (or until it closes). */
async function fuzzSocket(tokenMode: 'url' | 'none' | 'bad', frames: WsFrame[]): Promise<Msg[]> {
  const query = tokenMode === 'url' ? `?token=${tenant}` : tokenMode === 'bad' ? '?token=x.y.z' : '';
  const socket = new WebSocket(`${url}${query}`);
  const received: Msg[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  await Promise.race([new Promise((resolve) => socket.once('open', resolve)), closed]);
  for (const f of frames) {
    if (socket.readyState !== WebSocket.OPEN) break;
    if ('text' in f) socket.send(f.text);
    else if ('binary' in f) socket.send(f.binary, { binary: true });
    else socket.send(f.invalidUtf8, { binary: false });
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 150))]);
  socket.terminate();
  return received;
}

/** The well-behaved socket hears of a new value of the watched device. */
async function goodSocketUpdated(): Promise<void> {
  const n = ++round;
  const res = await t.request('POST', `/api/plugins/telemetry/DEVICE/${watched}/timeseries/ANY`, {
    token: tenant,
    body: { ts: 1_700_000_000_000 + n, values: { n } },
  });
  expect(res.statusCode, res.body).toBe(200);
  await good.next((m) => m.subscriptionId === 1 && m.data?.n?.[0]?.[1] === String(n));
}

describe(`WebSocket fuzzing (${replayHint(settings)})`, () => {
  it('a text frame of invalid UTF-8 closes the socket with 1007, logged as the client error it is', async () => {
    const from = log.entries.length;
    const socket = new WebSocket(`${url}?token=${tenant}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('error', () => {});
    socket.send(Buffer.from([0x7b, 0xed, 0xa0, 0x80, 0x7d]), { binary: false });
    expect(await closed).toBe(1007);
    expect(log.since(from)).toBe('');
  });

  it(
    'no command fails inside the server, the API stays healthy, another socket keeps its updates',
    async () => {
      const from = log.entries.length;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<'url' | 'none' | 'bad'>('url', 'url', 'url', 'none', 'bad'),
          fc.array(wsFrame(targets), { minLength: 1, maxLength: 4 }),
          async (mode, frames) => {
            const received = await fuzzSocket(mode, frames);
            const internal = received.filter((m) => m?.errorCode === 1 || m?.error?.errorCode === 1);
            expect(internal, JSON.stringify(internal).slice(0, 500)).toEqual([]);
            expect(log.since(from)).toBe('');
            await goodSocketUpdated();
          },
        ),
        fcParams(settings, RUNS),
      );
      expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
      expect(good.socket.readyState).toBe(WebSocket.OPEN);
    },
    fuzzTimeout(settings, 120_000),
  );
});
