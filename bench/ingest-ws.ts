// The dashboard side of the ingestion bench: one tenant-admin WebSocket following the latest `t` of
// some devices (tsSubCmds). Each pushed point carries the ts the generator scheduled it at, so
// arrival − ts is the device → WebSocket latency (same clock: same process).
import WebSocket from 'ws';

interface TsUpdate {
  subscriptionId?: number;
  errorCode?: number;
  errorMsg?: string | null;
  data?: Record<string, [number, string][]> | null;
}

export class WsObserver {
  private ws: WebSocket | undefined;
  private latencies: number[] = [];
  private fromEpochMs = Number.POSITIVE_INFINITY;
  errors: string[] = [];
  updates = 0;

  constructor(
    private readonly port: number,
    private readonly jwt: string,
  ) {}

  /** Opens the socket and subscribes; resolves once every subscription answered with its first reply. */
  async subscribe(deviceIds: readonly string[]): Promise<void> {
    const ws = new WebSocket(`ws://127.0.0.1:${this.port}/api/ws/plugins/telemetry?token=${this.jwt}`);
    this.ws = ws;
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const answered = new Set<number>();
    let allAnswered: () => void = () => {};
    const ready = new Promise<void>((r) => (allAnswered = r));
    ws.on('close', (code, reason) => this.errors.push(`closed ${code} ${reason.toString()}`));
    ws.on('message', (raw: Buffer) => {
      const now = performance.timeOrigin + performance.now();
      const msg = JSON.parse(raw.toString()) as TsUpdate;
      if (msg.errorCode) this.errors.push(`${msg.subscriptionId}: ${msg.errorMsg}`);
      if (msg.subscriptionId !== undefined && !answered.has(msg.subscriptionId)) {
        answered.add(msg.subscriptionId);
        if (answered.size === deviceIds.length) allAnswered();
        return;
      }
      this.updates++;
      for (const [ts] of msg.data?.t ?? []) if (ts >= this.fromEpochMs) this.latencies.push(now - ts);
    });
    ws.send(
      JSON.stringify({
        tsSubCmds: deviceIds.map((id, i) => ({
          entityType: 'DEVICE',
          entityId: id,
          scope: 'LATEST_TELEMETRY',
          cmdId: i + 1,
          keys: 't',
        })),
        historyCmds: [],
        attrSubCmds: [],
      }),
    );
    await Promise.race([
      ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error('WebSocket subscriptions not answered')), 15_000)),
    ]);
  }

  /** Starts collecting points with ts ≥ fromEpochMs; returns the previous collection. */
  take(fromEpochMs: number): number[] {
    const out = this.latencies;
    this.latencies = [];
    this.fromEpochMs = fromEpochMs;
    return out;
  }

  close(): void {
    this.ws?.close();
  }
}
