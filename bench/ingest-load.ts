// The fixed-rate load of the ingestion bench: messages are scheduled by the wall clock (message i at
// t0 + i / rate, device i mod N) and PUBACK latency is counted from the *scheduled* time, so a server
// (or generator) that stalls shows up as latency instead of silently lowering the offered rate.
import { encodeTopic, RawMqttDevice } from './ingest-mqtt.ts';

export const TELEMETRY_TOPIC = encodeTopic('v1/devices/me/telemetry');

export interface StepOptions {
  rate: number;
  durationMs: number;
  /** Stop offering when this many messages are unacknowledged (the server is hopelessly behind). */
  maxBacklog?: number;
  /** How long to wait for the last PUBACKs after the last send. */
  drainMs?: number;
}

export interface StepResult {
  rate: number;
  durationMs: number;
  offered: number;
  sent: number;
  acked: number;
  /** acked ÷ (time of the last PUBACK − t0): below the offered rate when the server falls behind. */
  achievedPerSec: number;
  /** Scheduled-send → PUBACK, ms. */
  puback: { p50: number; p95: number; p99: number; max: number };
  /** Messages carry ts in [startEpochMs, endEpochMs). */
  startEpochMs: number;
  endEpochMs: number;
  /** Stopped early: the backlog passed maxBacklog. */
  aborted: boolean;
  /** Acked messages of this step per device. */
  ackedPerDevice: Int32Array;
}

export function percentiles(values: Float64Array | number[]): { p50: number; p95: number; p99: number; max: number } {
  const s = Float64Array.from(values).sort();
  if (s.length === 0) return { p50: NaN, p95: NaN, p99: NaN, max: NaN };
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  const r = (v: number) => Math.round(v * 10) / 10;
  return { p50: r(at(0.5)), p95: r(at(0.95)), p99: r(at(0.99)), max: r(s[s.length - 1]!) };
}

interface InFlight {
  index: number;
  sched: number;
}

/** N devices on one event loop, publishing 3-key QoS 1 messages at a fixed rate. */
export class LoadGenerator {
  private readonly devices: RawMqttDevice[] = [];
  private readonly inflight: Map<number, InFlight>[] = [];
  private onAck: ((device: number, f: InFlight, at: number) => void) | undefined;

  constructor(
    private readonly port: number,
    private readonly tokens: readonly string[],
  ) {}

  get size(): number {
    return this.tokens.length;
  }

  /** Connects every device, `parallel` at a time. */
  async connect(parallel = 100): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < this.tokens.length) {
        const d = next++;
        const map = new Map<number, InFlight>();
        this.inflight[d] = map;
        const dev = new RawMqttDevice(this.port, `bench-${d}`, this.tokens[d]!, (id) => {
          const f = map.get(id);
          if (!f) return;
          map.delete(id);
          this.onAck?.(d, f, performance.now());
        });
        this.devices[d] = dev;
        await dev.connect();
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
  }

  close(): void {
    for (const d of this.devices) d.close();
  }

  /** Offers `rate` msg/s for `durationMs`, then waits for the outstanding PUBACKs. */
  async step(opts: StepOptions): Promise<StepResult> {
    const { rate, durationMs } = opts;
    const maxBacklog = opts.maxBacklog ?? rate * 5;
    const n = this.devices.length;
    const offered = Math.round((rate * durationMs) / 1000);
    const interval = 1000 / rate;
    const latencies = new Float64Array(offered);
    const ackedPerDevice = new Int32Array(n);
    let acked = 0;
    let sent = 0;
    let lastAck = 0;
    let aborted = false;
    for (const m of this.inflight) m.clear();
    const t0 = performance.now() + 20;
    const epoch = (t: number) => performance.timeOrigin + t;
    this.onAck = (device, f, at) => {
      latencies[f.index] = at - f.sched;
      ackedPerDevice[device]!++;
      acked++;
      lastAck = at;
    };
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        while (sent < offered && t0 + sent * interval <= now) {
          const i = sent++;
          const d = i % n;
          const sched = t0 + i * interval;
          const ts = Math.floor(epoch(sched));
          const payload = `{"ts":${ts},"values":{"t":${20 + (i % 100) / 10},"h":${40 + (i % 20)},"p":1013}}`;
          const dev = this.devices[d]!;
          if (dev.closed) continue;
          const id = dev.publish(TELEMETRY_TOPIC, payload);
          this.inflight[d]!.set(id, { index: i, sched });
        }
        if (sent - acked > maxBacklog) aborted = true;
        if (sent >= offered || aborted) resolve();
        else setTimeout(tick, 1);
      };
      setTimeout(tick, Math.max(0, t0 - performance.now()));
    });
    const drainUntil = performance.now() + (opts.drainMs ?? 30_000);
    while (acked < sent && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 5));
    this.onAck = undefined;
    const done = latencies.subarray(0, sent).filter((v) => v > 0);
    return {
      rate,
      durationMs,
      offered,
      sent,
      acked,
      achievedPerSec: Math.round(acked / ((Math.max(lastAck, t0 + durationMs) - t0) / 1000)),
      puback: percentiles(done),
      startEpochMs: Math.floor(epoch(t0)),
      endEpochMs: Math.floor(epoch(t0 + offered * interval)) + 1,
      aborted,
      ackedPerDevice,
    };
  }
}
