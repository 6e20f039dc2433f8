// mqtt.TbMqttNode: publishes the message data to an external MQTT broker (reference §9). One client
// per node instance, connected at start and closed on destroy; the broker's host passes the
// private-network guard unless the operator allows private networks.
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { assertPublicHost } from '../net/ssrf-guard.ts';
import { processPattern } from './action-msg-pattern.ts';
import { CREDENTIALS_FIELDS } from './credentials-fields.ts';

function waitConnected(client: MqttClient, timeoutMs: number): Promise<void> {
  if (client.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      client.off('connect', onConnect);
      if (err) reject(err);
      else resolve();
    };
    const onConnect = () => done();
    const timer = setTimeout(() => done(new Error('MQTT broker is not connected')), timeoutMs);
    client.on('connect', onConnect);
  });
}

export const mqttNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.mqtt.TbMqttNode',
  type: 'EXTERNAL',
  name: 'mqtt',
  description: 'Publish messages to the MQTT broker',
  details:
    'Will publish message payload to the MQTT broker with QoS <b>AT_LEAST_ONCE</b>. The topic pattern may use ${metadataKey} ' +
    'and $[dataKey] placeholders.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: {
    topicPattern: 'my-topic',
    host: null,
    port: 1883,
    connectTimeoutSec: 10,
    clientId: null,
    cleanSession: true,
    ssl: false,
    credentials: { type: 'anonymous' },
  },
  configurationFields: [
    {
      key: 'topicPattern',
      label: 'Topic pattern',
      kind: 'text',
      required: true,
      helpText: 'Use ${metadataKey} for metadata values.',
    },
    { key: 'host', label: 'Host', kind: 'text', required: true },
    { key: 'port', label: 'Port', kind: 'number', required: true, min: 1, max: 65535 },
    { key: 'connectTimeoutSec', label: 'Connection timeout (sec)', kind: 'number', min: 1, max: 200 },
    { key: 'clientId', label: 'Client ID', kind: 'text', helpText: 'Empty: a random client id.' },
    { key: 'cleanSession', label: 'Clean session', kind: 'boolean' },
    { key: 'ssl', label: 'Enable SSL', kind: 'boolean' },
    ...CREDENTIALS_FIELDS,
  ],
  async create(init) {
    const c = init.configuration;
    const host = typeof c.host === 'string' ? c.host.trim() : '';
    if (!host) throw new Error('MQTT host is required');
    const port = Number(c.port ?? 1883);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`Invalid MQTT port '${String(c.port)}'`);
    const topicPattern = typeof c.topicPattern === 'string' ? c.topicPattern : '';
    if (!topicPattern.trim()) throw new Error('Topic pattern is required');
    if (!init.services.restAllowPrivateNetworks) await assertPublicHost(host);
    const timeoutMs = (Number(c.connectTimeoutSec) > 0 ? Number(c.connectTimeoutSec) : 10) * 1000;
    const creds = (c.credentials ?? {}) as { type?: string; username?: string; password?: string };
    const opts: IClientOptions = {
      host: host.replace(/^\[|\]$/g, ''),
      port,
      protocol: c.ssl === true ? 'mqtts' : 'mqtt',
      clean: c.cleanSession !== false,
      connectTimeout: timeoutMs,
      reconnectPeriod: 5000,
      ...(typeof c.clientId === 'string' && c.clientId.trim() ? { clientId: c.clientId.trim() } : {}),
      ...(creds.type === 'basic' ? { username: creds.username ?? '', password: creds.password ?? '' } : {}),
    };
    const client = connect(opts);
    const startedAt = Date.now();
    // Errors surface on publish (not connected); the client keeps reconnecting on its own.
    client.on('error', () => {});
    return {
      async onMsg(msg) {
        const topic = processPattern(topicPattern, msg);
        // Past the first connect window a down broker fails messages at once instead of piling them up.
        const left = timeoutMs - (Date.now() - startedAt);
        if (!client.connected && left <= 0) throw new Error('MQTT broker is not connected');
        await waitConnected(client, Math.max(left, 0));
        await client.publishAsync(topic, msg.data, { qos: 1 });
        return { relation: 'Success', msg };
      },
      async destroy() {
        await client.endAsync(true).catch(() => undefined);
      },
    };
  },
};
