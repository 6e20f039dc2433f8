import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mqttWorld, type MqttWorld } from './mqtt-fixtures.ts';

/** Debian's mosquitto-clients: a real device-side tool, as in the "done when". */
const MOSQUITTO_PUB = '/usr/bin/mosquitto_pub';
const present = fs.existsSync(MOSQUITTO_PUB);
if (!present)
  console.warn(`skipping mosquitto_pub tests: ${MOSQUITTO_PUB} is missing (apt-get install mosquitto-clients)`);

function mosquittoPub(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(MOSQUITTO_PUB, args, { timeout: 10_000 }, (err, _stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stderr });
    });
  });
}

describe.skipIf(!present)(`mosquitto_pub (${MOSQUITTO_PUB}) against the MQTT transport`, () => {
  let w: MqttWorld;
  beforeAll(async () => {
    w = await mqttWorld();
  });
  afterAll(() => w.close());

  it('publishes telemetry and attributes at QoS 1; both are stored when it exits', async () => {
    const { device, token } = await w.newDevice();
    const base = ['-h', '127.0.0.1', '-p', String(w.mqtt.port), '-u', token, '-q', '1'];
    const telemetry = await mosquittoPub([
      ...base,
      '-t',
      'v1/devices/me/telemetry',
      '-m',
      '{"temperature":25.5,"ok":true}',
    ]);
    expect(telemetry, telemetry.stderr).toMatchObject({ code: 0 });
    const series = '[{"ts":1609459200000,"values":{"pressure":1013}}]';
    expect((await mosquittoPub([...base, '-t', 'v1/devices/me/telemetry', '-m', series])).code).toBe(0);
    expect((await mosquittoPub([...base, '-t', 'v1/devices/me/attributes', '-m', '{"firmware":"v2"}'])).code).toBe(0);

    const latest = await w.t.app.services.telemetry.latest(device.id.id);
    expect(latest.map((e) => [e.key, e.value])).toEqual([
      ['ok', true],
      ['pressure', 1013],
      ['temperature', 25.5],
    ]);
    const attrs = await w.t.app.services.attributeStore.find(device.id.id, 'CLIENT_SCOPE');
    expect(attrs.map((a) => [a.key, a.value])).toEqual([['firmware', 'v2']]);
  });

  it('is refused with a wrong token', async () => {
    const res = await mosquittoPub([
      '-h',
      '127.0.0.1',
      '-p',
      String(w.mqtt.port),
      '-u',
      'WrongToken',
      '-q',
      '1',
      '-t',
      'v1/devices/me/telemetry',
      '-m',
      '{"x":1}',
    ]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/not authori[sz]ed/i);
  });
});
