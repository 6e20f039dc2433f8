// The issue's end-to-end checks on the server: device-profile alarm rules raise and clear alarms from
// real MQTT telemetry (REPEATING, DURATION raised by the periodic check, a schedule), and a root chain
// edited through the REST API changes what happens to the very next message.
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, credentialsOf, ok } from '../modules/devices/devices-fixtures.ts';
import { mqttWorld, type MqttWorld } from '../transports/mqtt/mqtt-fixtures.ts';

let w: MqttWorld;
beforeAll(async () => {
  w = await mqttWorld();
});
afterAll(() => w.close());

interface AlarmInfo {
  id: { id: string };
  type: string;
  severity: string;
  status: string;
  details: { data?: string };
}

const filter = (key: string, valueType: string, op: string, value: unknown) => ({
  key: { type: 'TIME_SERIES', key },
  valueType,
  predicate: { type: valueType === 'BOOLEAN' ? 'BOOLEAN' : 'NUMERIC', operation: op, value: { defaultValue: value } },
});
const HOUR = 3_600_000;

async function profileWith(name: string, alarms: unknown[]): Promise<string> {
  const p = await ok<{ id: { id: string } }>(
    w.t.request('POST', '/api/deviceProfile', {
      token: w.tenant,
      body: {
        name,
        type: 'DEFAULT',
        transportType: 'DEFAULT',
        profileData: { configuration: { type: 'DEFAULT' }, transportConfiguration: { type: 'DEFAULT' }, alarms },
      },
    }),
  );
  return p.id.id;
}

async function deviceOf(profileId: string, name: string): Promise<{ id: string; client: MqttClient }> {
  const device = await createDevice(w.t, w.tenant, {
    name,
    type: 'default',
    deviceProfileId: { entityType: 'DEVICE_PROFILE', id: profileId },
  });
  const token = (await credentialsOf(w.t, w.tenant, device.id.id)).credentialsId;
  return { id: device.id.id, client: await w.connect({ username: token }) };
}

const alarmsOf = async (deviceId: string): Promise<AlarmInfo[]> =>
  (
    await ok<{ data: AlarmInfo[] }>(
      w.t.request('GET', `/api/alarm/DEVICE/${deviceId}?pageSize=20&page=0`, { token: w.tenant }),
    )
  ).data;
const publish = (c: MqttClient, body: unknown) =>
  c.publishAsync('v1/devices/me/telemetry', JSON.stringify(body), { qos: 1 });

describe('device-profile alarm rules over MQTT', () => {
  it('REPEATING raises on the n-th matching message, escalates, and the clear rule clears', async () => {
    const profile = await profileWith('MQTT repeating', [
      {
        id: 'hot',
        alarmType: 'High Temperature',
        createRules: {
          MAJOR: {
            condition: {
              condition: [filter('temperature', 'NUMERIC', 'GREATER', 30)],
              spec: { type: 'REPEATING', count: 3 },
            },
            alarmDetails: 'Current temperature = ${temperature}',
          },
          CRITICAL: {
            condition: { condition: [filter('temperature', 'NUMERIC', 'GREATER', 50)], spec: { type: 'SIMPLE' } },
          },
        },
        clearRule: {
          condition: { condition: [filter('temperature', 'NUMERIC', 'LESS', 25)], spec: { type: 'SIMPLE' } },
        },
      },
    ]);
    const { id, client } = await deviceOf(profile, 'MQTT repeating device');
    await publish(client, { temperature: 31 });
    await publish(client, { temperature: 32 });
    expect(await alarmsOf(id)).toEqual([]);
    await publish(client, { temperature: 33 });
    // The PUBACK came after the chain finished: the alarm is already there.
    const [raised] = await alarmsOf(id);
    expect(raised).toMatchObject({ type: 'High Temperature', severity: 'MAJOR', status: 'ACTIVE_UNACK' });
    expect(raised!.details.data).toBe('Current temperature = 33');
    // Telemetry was stored by the same chain.
    const latest = await w.t.app.services.telemetry.latest(id, ['temperature']);
    expect(latest[0]?.value).toBe(33);

    await publish(client, { temperature: 55 });
    const [escalated] = await alarmsOf(id);
    expect(escalated).toMatchObject({ id: raised!.id, severity: 'CRITICAL' }); // the same alarm, de-duplicated

    await publish(client, { temperature: 20 });
    const [cleared] = await alarmsOf(id);
    expect(cleared).toMatchObject({ id: raised!.id, status: 'CLEARED_UNACK' });
  });

  it('DURATION raises by the periodic check once the condition has held long enough, with no new message', async () => {
    const profile = await profileWith('MQTT duration', [
      {
        id: 'pressure',
        alarmType: 'Over Pressure',
        createRules: {
          WARNING: {
            condition: {
              condition: [filter('pressure', 'NUMERIC', 'GREATER', 100)],
              spec: { type: 'DURATION', unit: 'SECONDS', value: 3 },
            },
          },
        },
      },
    ]);
    const { id, client } = await deviceOf(profile, 'MQTT duration device');
    await publish(client, { pressure: 120 });
    expect(await alarmsOf(id)).toEqual([]);
    w.t.clock.advance(4_000); // the condition has now held for 4 s; the device says nothing more
    await expect
      .poll(async () => (await alarmsOf(id)).map((a) => `${a.type}/${a.severity}`), { timeout: 5_000, interval: 200 })
      .toEqual(['Over Pressure/WARNING']);
  });

  it('a schedule: the same reading raises an alarm inside the overnight window and not outside it', async () => {
    const profile = await profileWith('MQTT schedule', [
      {
        id: 'door',
        alarmType: 'Open Alarm',
        createRules: {
          MINOR: {
            condition: { condition: [filter('door', 'BOOLEAN', 'EQUAL', true)], spec: { type: 'SIMPLE' } },
            schedule: {
              type: 'SPECIFIC_TIME',
              timezone: 'UTC',
              daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
              startsOn: 22 * HOUR,
              endsOn: 6 * HOUR,
            },
          },
        },
      },
    ]);
    const { id, client } = await deviceOf(profile, 'MQTT schedule device');
    const midnight = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR;
    await publish(client, { ts: midnight - 12 * HOUR, values: { door: true } }); // noon UTC: outside
    expect(await alarmsOf(id)).toEqual([]);
    await publish(client, { ts: midnight - 1 * HOUR, values: { door: true } }); // 23:00 UTC: inside
    expect((await alarmsOf(id)).map((a) => a.type)).toEqual(['Open Alarm']);
  });
});

describe('a rule chain edited through the REST API', () => {
  it('changes what happens to the next message, and a debug node records its events', async () => {
    const chains = await ok<{ data: { id: { id: string }; root: boolean }[] }>(
      w.t.request('GET', '/api/ruleChains?pageSize=50&page=0', { token: w.tenant }),
    );
    const root = chains.data.find((c) => c.root)!;
    const meta = await ok<{
      nodes: { id?: { id: string }; type: string; name: string; debugMode?: boolean; configuration: unknown }[];
      connections: { fromIndex: number; toIndex: number; type: string }[];
    }>(w.t.request('GET', `/api/ruleChain/${root.id.id}/metadata`, { token: w.tenant }));
    const save = meta.nodes.findIndex((n) => n.type.endsWith('TbMsgTimeseriesNode'));
    const post = meta.connections.find((c) => c.toIndex === save && c.type === 'Post telemetry')!;
    const filterIndex = meta.nodes.length;
    meta.nodes.push({
      type: 'org.thingsboard.rule.engine.filter.TbJsFilterNode',
      name: 'Only warm',
      debugMode: true,
      configuration: { jsScript: 'return msg.temperature > 20;' },
    });
    post.toIndex = filterIndex;
    meta.connections.push({ fromIndex: filterIndex, toIndex: save, type: 'True' });

    const { device, token } = await w.newDevice('Chain edit device');
    const client = await w.connect({ username: token });
    await publish(client, { temperature: 10 });
    const stored = async () => (await w.t.app.services.telemetry.latest(device.id.id, ['temperature']))[0]?.value;
    expect(await stored()).toBe(10); // the default root chain stores everything

    const saved = await ok<{ nodes: { id: { id: string }; name: string }[] }>(
      w.t.request('POST', '/api/ruleChain/metadata', { token: w.tenant, body: { ...meta, ruleChainId: root.id } }),
    );
    await publish(client, { temperature: 15 }); // filtered out now
    expect(await stored()).toBe(10);
    await publish(client, { temperature: 25 });
    expect(await stored()).toBe(25);

    const node = saved.nodes.find((n) => n.name === 'Only warm')!;
    await expect
      .poll(
        async () => {
          const page = await ok<{ data: { body: { type: string; relationType?: string } }[] }>(
            w.t.request('GET', `/api/events/RULE_NODE/${node.id.id}/DEBUG_RULE_NODE?pageSize=20&page=0`, {
              token: w.tenant,
            }),
          );
          return page.data.map((e) => `${e.body.type}${e.body.relationType ? `:${e.body.relationType}` : ''}`).sort();
        },
        { timeout: 5_000, interval: 200 },
      )
      .toEqual(['IN', 'IN', 'OUT:False', 'OUT:True']);
  });
});
