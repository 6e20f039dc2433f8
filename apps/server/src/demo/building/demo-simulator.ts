import { connectAsync, type MqttClient } from 'mqtt';
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import type { TelemetryStore } from '../../modules/telemetry/telemetry-store.ts';
import { DEMO_DEVICES } from './demo-building-plan.ts';
import { applyFaults, maybeStartFault, type Fault, type FaultKind } from './demo-faults.ts';
import { demoReadings, initialState, type DemoState } from './demo-patterns.ts';

export interface DemoSimulatorOptions {
  db: Queryable;
  telemetry: TelemetryStore;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** The server's own MQTT transport, e.g. mqtt://127.0.0.1:1883. */
  mqttUrl: string;
  /** Time between readings (default one minute). */
  intervalMs?: number;
  /** Chance of a new fault per step (default 1/30: one every half hour or so); 0 = none. */
  faultChance?: number;
  random?: () => number;
}

interface SimDevice {
  name: string;
  id: string;
  client: MqttClient;
}

/**
 * The demo building's devices, inside the server but speaking to it like real ones: one MQTT
 * connection per device with its access token, a reading every minute from the demo patterns, and
 * now and then a fault that the demo profiles' alarm rules turn into an alarm (issue 19).
 */
export class DemoSimulator {
  private devices: SimDevice[] = [];
  private timer: NodeJS.Timeout | undefined;
  private state: DemoState = initialState();
  private last = 0;
  private running: Promise<void> = Promise.resolve();
  faults: Fault[] = [];

  constructor(private readonly o: DemoSimulatorOptions) {}

  /** Connects the demo devices that still exist; false when there are none (no demo building). */
  async start(): Promise<boolean> {
    const rows = await this.o.db.query<{ name: string; id: string; token: string }>(
      `SELECT d.name, d.id::text AS id, c.credentials_id AS token FROM device d
       JOIN tb_user u ON u.tenant_id = d.tenant_id AND u.email = 'tenant@sapo.local' AND u.authority = 'TENANT_ADMIN'
       JOIN device_credentials c ON c.device_id = d.id AND c.credentials_type = 'ACCESS_TOKEN'
       WHERE d.name = ANY($1::text[])`,
      [DEMO_DEVICES.map((d) => d.name)],
    );
    if (!rows.length) return false;
    // Carry on from the stored totals, so meters never jump back.
    const latest = await this.o.telemetry.latestMany(
      rows.map((r) => r.id),
      ['energy', 'water_total'],
    );
    let since = 0;
    for (const r of rows) {
      for (const e of latest.get(r.id) ?? []) {
        if (typeof e.value !== 'number') continue;
        (e.key === 'energy' ? this.state.energy : this.state.water).set(r.name, e.value);
        since = Math.max(since, e.ts);
      }
    }
    const connected = await Promise.allSettled(
      rows.map(async (r) => ({
        name: r.name,
        id: r.id,
        client: await connectAsync(this.o.mqttUrl, {
          username: r.token,
          reconnectPeriod: 5_000,
          connectTimeout: 10_000,
        }),
      })),
    );
    this.devices = connected.flatMap((c) => (c.status === 'fulfilled' ? [c.value] : []));
    const failed = connected.length - this.devices.length;
    if (failed) this.o.logger.warn({ failed }, 'demo simulator: some devices could not connect');
    if (!this.devices.length) return false;
    for (const d of this.devices) {
      d.client.on('error', (err) => this.o.logger.warn({ err, device: d.name }, 'demo simulator: MQTT error'));
    }
    // The first step adds what the meters took since their last reading (at most a day of it).
    this.last = Math.max(since, this.o.clock.now() - 86_400_000);
    this.o.logger.info({ devices: this.devices.length }, 'demo building simulator connected over MQTT');
    await this.step();
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.step());
    }, this.o.intervalMs ?? 60_000);
    this.timer.unref();
    return true;
  }

  /** Starts a fault now (tests, demos); undefined when no device can take it. */
  inject(kind: FaultKind): Fault | undefined {
    const f = maybeStartFault(this.faults, this.o.clock.now(), 1, this.o.random, kind);
    if (f) this.faults.push(f);
    return f;
  }

  /** One round of readings, published with QoS 1 (the transport acknowledges after storing). */
  async step(): Promise<void> {
    const now = this.o.clock.now();
    const dtHours = Math.max(0, now - this.last) / 3_600_000;
    this.last = now;
    this.faults = this.faults.filter((f) => f.until > now);
    const fault = maybeStartFault(this.faults, now, this.o.faultChance ?? 1 / 30, this.o.random);
    if (fault) {
      this.faults.push(fault);
      this.o.logger.info({ fault }, 'demo simulator: fault');
    }
    const readings = demoReadings(now, dtHours, this.state);
    const silent = applyFaults(readings, this.faults, now);
    await Promise.all(
      this.devices.map(async (d) => {
        const r = readings.get(d.name);
        if (!r || silent.has(d.name) || !d.client.connected) return;
        try {
          await d.client.publishAsync('v1/devices/me/telemetry', JSON.stringify(r), { qos: 1 });
        } catch (err) {
          this.o.logger.warn({ err, device: d.name }, 'demo simulator: publish failed');
        }
      }),
    );
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await Promise.all(this.devices.map((d) => d.client.endAsync(true).catch(() => {})));
    this.devices = [];
  }
}
