import net from 'node:net';
import fc from 'fast-check';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, credentialsOf } from '../../modules/devices/devices-fixtures.ts';
import { errorLog, type ErrorLog } from '../../test/fuzz/error-log.ts';
import { fcParams, fuzzSettings, fuzzTimeout, replayHint } from '../../test/fuzz/fuzz-settings.ts';
import { connect, publish, sessionBytes } from '../../test/fuzz/mqtt-frames.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startMqttTransport, type MqttTransport } from './mqtt-transport.ts';

/**
 * Raw TCP fuzzing of the MQTT transport: random bytes, truncated and oversized packets, bad
 * credentials, random topics and payloads from signed-in devices. The broker must stay up, a
 * well-behaved device on its own connection keeps getting PUBACKs, and nothing is logged as an error.
 */

const RUNS = 60;
const settings = fuzzSettings();
let t: TestApp;
let log: ErrorLog;
let mqtt: MqttTransport;
let tenant: string;
let tokens: string[];
let good: MqttClient;
let neighbourId: string;
let acked = 0;

beforeAll(async () => {
  log = errorLog();
  t = await createTestApp({}, { logger: log.logger });
  mqtt = await startMqttTransport({ services: t.app.services, port: 0, host: '127.0.0.1', logger: log.logger });
  tenant = (await t.demoTokens()).tenant;
  tokens = [];
  for (const name of ['Fuzzed A', 'Fuzzed B']) {
    const d = await createDevice(t, tenant, { name, type: 'default' });
    tokens.push((await credentialsOf(t, tenant, d.id.id)).credentialsId);
  }
  const neighbour = await createDevice(t, tenant, { name: 'Neighbour', type: 'default' });
  neighbourId = neighbour.id.id;
  const token = (await credentialsOf(t, tenant, neighbourId)).credentialsId;
  good = await connectAsync(`mqtt://127.0.0.1:${mqtt.port}`, { username: token, reconnectPeriod: 0 }, false);
}, 120_000);

afterAll(async () => {
  await good?.endAsync(true).catch(() => {});
  await mqtt?.close();
  await t?.close();
});

/**
 * Sends the bytes on a fresh connection and closes it once the server hung up, `enough` bytes came
 * back, or `waitMs` passed; resolves with what the server sent.
 */
function sendRaw(bytes: Buffer, port: number, enough = Infinity, waitMs = 150): Promise<Buffer> {
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(received));
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (d) => {
      received.push(d);
      if (Buffer.concat(received).length >= enough) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.on('connect', () => socket.write(bytes));
  });
}

/** The well-behaved device's QoS 1 publish is acknowledged (after its write committed). */
async function neighbourAcked(): Promise<void> {
  const n = ++acked;
  await Promise.race([
    good.publishAsync('v1/devices/me/telemetry', JSON.stringify({ ts: 1_700_000_000_000 + n, values: { n } }), {
      qos: 1,
    }),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`no PUBACK for the neighbour's publish ${n}`)), 5000)),
  ]);
}

describe(`MQTT transport fuzzing over raw TCP (${replayHint(settings)})`, () => {
  it('the frame builder speaks MQTT: CONNECT with a token gets CONNACK 0, a QoS 1 PUBLISH gets PUBACK', async () => {
    const reply = await sendRaw(
      Buffer.concat([
        connect({ clientId: 'builder', username: tokens[0] }),
        publish('v1/devices/me/telemetry', '{"x":1}', 1, 42),
      ]),
      mqtt.port,
      8,
      5000,
    );
    expect([...reply.subarray(0, 4)]).toEqual([0x20, 2, 0, 0]);
    expect([...reply.subarray(4, 8)]).toEqual([0x40, 2, 0, 42]);
  });

  it.each([
    ['NUL', 'tok\u0000en'],
    ['invalid UTF-8 (an encoded surrogate)', Buffer.from([0x74, 0xed, 0xa0, 0x80])],
  ])(
    'a CONNECT whose user name holds %s is refused as not authorized (CONNACK 5), not as a server error',
    async (_, username) => {
      const logFrom = log.entries.length;
      const reply = await sendRaw(connect({ clientId: 'odd', username }), mqtt.port, 4, 5000);
      expect([...reply.subarray(0, 4)]).toEqual([0x20, 2, 0, 5]);
      expect(log.since(logFrom)).toBe('');
    },
  );

  it(
    'stays up, keeps acknowledging a well-behaved device, and logs no error',
    async () => {
      const logFrom = log.entries.length;
      await fc.assert(
        fc.asyncProperty(sessionBytes({ valid: tokens }), async (bytes) => {
          await sendRaw(bytes, mqtt.port);
          await neighbourAcked();
          expect(log.since(logFrom), `after ${bytes.subarray(0, 200).toString('hex')}`).toBe('');
        }),
        fcParams(settings, RUNS),
      );
      expect(good.connected).toBe(true);
      expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
      const latest = await t.app.services.telemetry.latest(neighbourId, ['n']);
      expect(latest[0]?.value).toBe(acked);
    },
    fuzzTimeout(settings, 120_000),
  );
});
