import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitHealthy, type ServerProcess } from '../../test/server-process.ts';
import { scaled } from '../../test/timeouts.ts';

// "Nothing a device was told is stored is ever lost": devices publish QoS 1 telemetry while the
// server is killed with SIGKILL at random moments; every point whose PUBACK reached the device must
// be there after the last restart. The server runs as `npm start` does, on one embedded data dir.

// Each round is a server start (15–20 s on a busy 2-core machine), so `npm test` runs 3 crashes at
// random moments; DURABILITY_ROUNDS=10 (or more) runs the longer soak the same way.
const ROUNDS = Number(process.env.DURABILITY_ROUNDS) || 3;
const DEVICES = 3;
/** Unacknowledged publishes per device: enough to keep the batching writer busy. */
const WINDOW = 20;
/** Points carry explicit, unique timestamps from here on (ts = BASE_TS + sequence number). */
const BASE_TS = 1_600_000_000_000;

interface Server extends ServerProcess {
  port: number;
  mqttPort: number;
}

async function start(dataDir: string): Promise<Server> {
  const port = await freePort();
  const mqttPort = await freePort();
  const server = spawnServer(dataDir, port, mqttPort);
  await waitHealthy(port, server);
  return { ...server, port, mqttPort };
}

async function api<T>(port: number, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'x-authorization': `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const login = async (port: number) =>
  (
    await api<{ token: string }>(port, 'POST', '/api/auth/login', undefined, {
      username: 'tenant@sapo.local',
      password: 'tenant',
    })
  ).token;

interface Device {
  id: string;
  token: string;
  /** Acknowledged points: ts → n. */
  acked: Map<number, number>;
}

/**
 * One device publishing `{"ts","values":{"n"}}` at QoS 1 with a window of WINDOW until its connection
 * drops; acknowledged points go into `device.acked`. Resolves with the client once connected.
 */
async function publishUntilKilled(server: Server, device: Device, nextSeq: () => number, firstAck: () => void) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
    username: device.token,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  client.on('error', () => {}); // the kill resets the socket
  let open = true;
  client.on('close', () => (open = false));
  const send = () => {
    if (!open) return;
    const seq = nextSeq();
    const ts = BASE_TS + seq;
    client.publish('v1/devices/me/telemetry', JSON.stringify({ ts, values: { n: seq } }), { qos: 1 }, (err) => {
      if (err) return;
      device.acked.set(ts, seq);
      firstAck();
      send();
    });
  };
  for (let i = 0; i < WINDOW; i++) send();
  return client;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('MQTT QoS 1 across kill -9', () => {
  const servers: Server[] = [];
  let dataDir = '';

  afterAll(async () => {
    for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exit));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `keeps every acknowledged point through ${ROUNDS} crashes`,
    async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-mqtt-durable-'));
      let seq = 0;
      const nextSeq = () => seq++;
      const devices: Device[] = [];
      const perRound: number[] = [];

      for (let round = 0; round < ROUNDS; round++) {
        const server = await start(dataDir);
        servers.push(server);
        if (round === 0) {
          const jwt = await login(server.port);
          for (let i = 0; i < DEVICES; i++) {
            const d = await api<{ id: { id: string } }>(server.port, 'POST', '/api/device', jwt, {
              name: `Crash meter ${i}`,
              type: 'default',
            });
            const creds = await api<{ credentialsId: string }>(
              server.port,
              'GET',
              `/api/device/${d.id.id}/credentials`,
              jwt,
            );
            devices.push({ id: d.id.id, token: creds.credentialsId, acked: new Map() });
          }
        }
        const before = devices.reduce((n, d) => n + d.acked.size, 0);
        // The kill comes 200–1500 ms after the first PUBACK of the round, i.e. mid-stream.
        let resolveFirst: () => void = () => {};
        const firstAck = new Promise<void>((r) => (resolveFirst = r));
        const clients = await Promise.all(devices.map((d) => publishUntilKilled(server, d, nextSeq, resolveFirst)));
        await firstAck;
        await new Promise((r) => setTimeout(r, 200 + Math.random() * 1300));
        server.proc.kill('SIGKILL');
        await server.exit;
        for (const c of clients) c.end(true);
        perRound.push(devices.reduce((n, d) => n + d.acked.size, 0) - before);
      }

      const server = await start(dataDir);
      servers.push(server);
      const jwt = await login(server.port);
      const missing: string[] = [];
      for (const d of devices) {
        const url =
          `/api/plugins/telemetry/DEVICE/${d.id}/values/timeseries?keys=n&startTs=${BASE_TS}` +
          `&endTs=${BASE_TS + seq + 1}&limit=1000000&orderBy=ASC`;
        const res = await api<{ n?: { ts: number; value: string }[] }>(server.port, 'GET', url, jwt);
        const stored = new Map((res.n ?? []).map((p) => [p.ts, p.value]));
        for (const [ts, n] of d.acked) if (stored.get(ts) !== String(n)) missing.push(`${d.id}@${ts}=${n}`);
      }
      // Every round must have had acknowledged traffic when it was killed, or the test proves nothing.
      expect(
        perRound.every((n) => n > 0),
        `acknowledged per round: ${perRound.join(', ')}`,
      ).toBe(true);
      expect(missing.slice(0, 10), `${missing.length} acknowledged points missing`).toEqual([]);
      server.proc.kill('SIGTERM');
      await server.exit;
    },
    scaled(30_000 + ROUNDS * 21_000),
  );
});
