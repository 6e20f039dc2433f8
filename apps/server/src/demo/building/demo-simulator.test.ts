import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { startMqttTransport, type MqttTransport } from '../../transports/mqtt/mqtt-transport.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { installDemoBuilding, type DemoBuilding } from './demo-building-install.ts';
import { DemoSimulator } from './demo-simulator.ts';

let t: TestApp;
let mqtt: MqttTransport;
let sim: DemoSimulator;
let b: DemoBuilding;

beforeAll(async () => {
  t = await createTestApp();
  mqtt = await startMqttTransport({
    services: t.app.services,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('silent'),
  });
  b = (await installDemoBuilding(t.app.services, t.db))!;
  sim = new DemoSimulator({
    db: t.db,
    telemetry: t.app.services.telemetry,
    clock: t.clock,
    logger: createLogger('silent'),
    mqttUrl: `mqtt://127.0.0.1:${mqtt.port}`,
    intervalMs: 3_600_000, // steps are driven by the test
    faultChance: 0,
    random: () => 0, // the first candidate device, phase A
  });
  expect(await sim.start()).toBe(true);
}, 60_000);
afterAll(async () => {
  await sim.stop();
  await mqtt.close();
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await sleep(100);
  }
}
const alarms = (name: string) =>
  t.db.query<{ type: string; status: string }>('SELECT type, status FROM alarm WHERE originator_id = $1', [
    b.devices.get(name),
  ]);
const latest = async (name: string, key: string) =>
  (await t.app.services.telemetry.latest(b.devices.get(name)!, [key]))[0]?.value;

describe('the demo building simulator', () => {
  it('sends every device’s readings over MQTT: stored, and the devices are active', async () => {
    for (const [name, key] of [
      ['HQ Feeder HVAC', 'current_a'],
      ['Annex Main Meter', 'energy'],
      ['HQ Entrance Counter', 'occupancy'],
      ['HQ Cafeteria Leak', 'leak'],
    ] as const) {
      expect(
        await until(
          () => latest(name, key),
          (v) => v !== undefined,
        ),
      ).toBeDefined();
    }
    const rows = await t.db.query<{ n: string }>(
      `SELECT count(DISTINCT entity_id) AS n FROM attribute_kv WHERE attribute_key = 'active' AND bool_v`,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(26);
  });

  it('an over-current fault raises the alarm through the profile rules, and its end clears it', async () => {
    const fault = sim.inject('overCurrent')!;
    expect(fault).toMatchObject({ device: 'HQ Feeder HVAC', phase: 'a' });
    await sim.step();
    expect(await latest('HQ Feeder HVAC', 'current_a')).toBeGreaterThan(400);
    const raised = await until(
      () => alarms('HQ Feeder HVAC'),
      (a) => a.some((x) => x.type === 'Over Current Phase A' && x.status === 'ACTIVE_UNACK'),
    );
    expect(raised).toContainEqual({ type: 'Over Current Phase A', status: 'ACTIVE_UNACK' });
    fault.until = 0;
    await sim.step();
    const cleared = await until(
      () => alarms('HQ Feeder HVAC'),
      (a) => a.some((x) => x.type === 'Over Current Phase A' && x.status === 'CLEARED_UNACK'),
    );
    expect(cleared).toContainEqual({ type: 'Over Current Phase A', status: 'CLEARED_UNACK' });
  });

  it('a leak raises Water Leak on the leak sensor', async () => {
    const fault = sim.inject('waterLeak')!;
    await sim.step();
    const raised = await until(
      () => alarms(fault.device),
      (a) => a.some((x) => x.type === 'Water Leak'),
    );
    expect(raised).toContainEqual({ type: 'Water Leak', status: 'ACTIVE_UNACK' });
    // It shows in the alarm lists of the zone, floor, building and site that contain the sensor.
    const shownOn = await t.db.query<{ name: string }>(
      `SELECT a.name FROM alarm_propagation p JOIN alarm x ON x.id = p.alarm_id JOIN asset a ON a.id = p.entity_id
       WHERE x.originator_id = $1 AND x.type = 'Water Leak' ORDER BY a.name`,
      [b.devices.get(fault.device)],
    );
    expect(shownOn.map((r) => r.name)).toContain('SAPO Campus');
  });
});
