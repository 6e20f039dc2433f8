import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { createLogger } from '../../lib/logger.ts';
import { createDevice, credentialsOf, type DeviceDto } from '../../modules/devices/devices-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startMqttTransport, type MqttTransport } from './mqtt-transport.ts';

/** A test app with the MQTT transport on a free port, and helpers for devices and clients. */
export interface MqttWorld {
  t: TestApp;
  mqtt: MqttTransport;
  tenant: string;
  url: string;
  newDevice(name?: string): Promise<{ device: DeviceDto; token: string }>;
  connect(opts: IClientOptions): Promise<MqttClient>;
  close(): Promise<void>;
}

let n = 0;

export async function mqttWorld(): Promise<MqttWorld> {
  const t = await createTestApp();
  const mqtt = await startMqttTransport({
    services: t.app.services,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('silent'),
  });
  const { tenant } = await t.demoTokens();
  const url = `mqtt://127.0.0.1:${mqtt.port}`;
  const clients: MqttClient[] = [];
  return {
    t,
    mqtt,
    tenant,
    url,
    async newDevice(name = `MQTT device ${++n}`) {
      const device = await createDevice(t, tenant, { name });
      return { device, token: (await credentialsOf(t, tenant, device.id.id)).credentialsId };
    },
    async connect(opts) {
      const c = await connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts }, false);
      clients.push(c);
      return c;
    },
    async close() {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
      await mqtt.close();
      await t.close();
    },
  };
}

/** The next message on a topic (matched exactly or by prefix ending in '/'), or a timeout error. */
export function nextMessage(
  client: MqttClient,
  topicOrPrefix: string,
  timeoutMs = 3000,
): Promise<{ topic: string; json: unknown }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`no message on ${topicOrPrefix} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (topic: string, payload: Buffer) => {
      const match = topicOrPrefix.endsWith('/') ? topic.startsWith(topicOrPrefix) : topic === topicOrPrefix;
      if (!match) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve({ topic, json: JSON.parse(payload.toString('utf8')) });
    };
    client.on('message', onMessage);
  });
}

/** Every message a client receives, for "nothing arrived" checks. */
export function recordMessages(client: MqttClient): Array<{ topic: string; payload: string }> {
  const seen: Array<{ topic: string; payload: string }> = [];
  client.on('message', (topic, payload) => seen.push({ topic, payload: payload.toString('utf8') }));
  return seen;
}

/** Resolves when the client's connection closes (or rejects after the timeout). */
export function closed(client: MqttClient, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!client.connected) return resolve();
    const timer = setTimeout(() => reject(new Error('still connected')), timeoutMs);
    client.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
