import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Aedes } from 'aedes';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mqttNode } from './mqtt.node.ts';
import { msg, relations, startNode, testServices } from './node-test-kit.ts';

let t: TestApp;
let broker: Aedes;
let server: Server;
let port: number;
const published: { topic: string; payload: string; clientId: string | undefined }[] = [];
let lastAuth: { username?: string; password?: string } = {};

beforeAll(async () => {
  t = await createTestApp();
  broker = await Aedes.createBroker();
  broker.authenticate = (client, username, password, done) => {
    lastAuth = { username, password: password?.toString() };
    done(null, true);
  };
  broker.on('publish', (packet, client) => {
    if (client) published.push({ topic: packet.topic, payload: packet.payload.toString(), clientId: client.id });
  });
  server = createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => broker.close(() => r()));
  server.close();
  await t.close();
});

const tenantId = randomUUID();

describe('mqtt node', () => {
  it('publishes the message data to the topic built from metadata', async () => {
    const n = await startNode(mqttNode, testServices(t, { restAllowPrivateNetworks: true }), tenantId, {
      ...mqttNode.defaultConfiguration,
      host: '127.0.0.1',
      port,
      topicPattern: 'sensors/${deviceName}/telemetry',
      clientId: 'rule-node-1',
      credentials: { type: 'basic', username: 'bob', password: 'secret' },
    });
    try {
      const m = msg({ metaData: { deviceName: 'Thermo' }, data: { temperature: 25 } });
      const outs = await n.send(m);
      expect(relations(outs)).toEqual(['Success']);
      expect(outs[0]!.msg).toBe(m);
      expect(published.at(-1)).toEqual({
        topic: 'sensors/Thermo/telemetry',
        payload: '{"temperature":25}',
        clientId: 'rule-node-1',
      });
      expect(lastAuth).toEqual({ username: 'bob', password: 'secret' });
    } finally {
      await n.node.destroy?.();
    }
    await expect.poll(() => broker.connectedClients).toBe(0);
  });

  it('refuses a loopback broker unless private networks are allowed', async () => {
    await expect(
      startNode(mqttNode, testServices(t), tenantId, { ...mqttNode.defaultConfiguration, host: '127.0.0.1', port }),
    ).rejects.toThrow('Requests to private or loopback addresses are not allowed');
    await expect(
      startNode(mqttNode, testServices(t), tenantId, { ...mqttNode.defaultConfiguration, host: '' }),
    ).rejects.toThrow('MQTT host is required');
  });

  it('fails the message when the broker cannot be reached', async () => {
    const n = await startNode(mqttNode, testServices(t, { restAllowPrivateNetworks: true }), tenantId, {
      ...mqttNode.defaultConfiguration,
      host: '127.0.0.1',
      port: 1, // nothing listens here
      connectTimeoutSec: 1,
    });
    try {
      await expect(n.send(msg({}))).rejects.toThrow('MQTT broker is not connected');
    } finally {
      await n.node.destroy?.();
    }
  });
});
