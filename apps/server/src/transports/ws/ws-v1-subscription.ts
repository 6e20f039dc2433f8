import type { TelemetryEvent, AttributeScope } from '../../modules/telemetry/telemetry-types.ts';
import { attrPoint, readLatest, tsPoint, visibleAttrs, visibleTs, type DataSource } from './ws-data.ts';
import type { LiveListener } from './ws-hub.ts';
import { tsUpdate, type WsPoint } from './ws-messages.ts';
import type { WsSessionApi } from './ws-session-api.ts';

export interface V1SubSpec {
  cmdId: number;
  src: DataSource;
  kind: 'ts' | 'attr';
  /** null = every key. */
  keys: ReadonlySet<string> | null;
  /** Attributes only: null = any scope. */
  scope: AttributeScope | null;
  /** Time series: the subscriber shows latest values, so an older point never replaces a newer one. */
  latestOnly: boolean;
}

/**
 * One v1 subscription (attrSubCmd or tsSubCmd). It listens from before its first read; events that
 * arrive meanwhile are held and sent after the first reply, minus what that reply already had.
 */
export class V1Subscription implements LiveListener {
  private held: TelemetryEvent[] | null = [];
  private readonly lastTs = new Map<string, number>();
  private cancelled = false;

  constructor(
    readonly spec: V1SubSpec,
    private readonly session: WsSessionApi,
  ) {}

  /** Sends the first reply, then whatever arrived while it was being read. */
  start(initial: readonly WsPoint[]): void {
    if (this.cancelled) return;
    this.session.send(tsUpdate(this.spec.cmdId, initial));
    for (const p of initial) this.lastTs.set(p.key, Math.max(p.ts, this.lastTs.get(p.key) ?? 0));
    const held = this.held ?? [];
    this.held = null;
    for (const ev of held) this.deliver(ev, true);
  }

  cancel(): void {
    this.cancelled = true;
    this.held = null;
  }

  onEvent(ev: TelemetryEvent): void {
    if (this.cancelled) return;
    if (this.held) this.held.push(ev);
    else this.deliver(ev, false);
  }

  private wanted(key: string): boolean {
    return !this.spec.keys || this.spec.keys.has(key);
  }

  /** Held events may repeat the first reply: only strictly newer points pass then. */
  private fresh(p: WsPoint, held: boolean): boolean {
    const last = this.lastTs.get(p.key);
    if (last === undefined) return true;
    if (held) return p.ts > last;
    return this.spec.kind === 'attr' || !this.spec.latestOnly || p.ts >= last;
  }

  private deliver(ev: TelemetryEvent, held: boolean): void {
    const { kind, src, scope } = this.spec;
    let points: WsPoint[] = [];
    if (kind === 'ts' && ev.kind === 'timeseries') {
      points = visibleTs(src, ev)
        .filter((e) => this.wanted(e.key))
        .map(tsPoint);
    } else if (kind === 'attr' && ev.kind === 'attributes' && (!scope || scope === ev.scope)) {
      points = visibleAttrs(src, ev)
        .filter((e) => this.wanted(e.key))
        .map(attrPoint);
    } else if (kind === 'ts' && ev.kind === 'timeseries-deleted' && this.spec.latestOnly) {
      this.reloadLatest(ev.keys.filter((k) => this.wanted(k) && this.lastTs.has(k)));
      return;
    }
    points = points.filter((p) => this.fresh(p, held));
    if (points.length === 0) return;
    for (const p of points) this.lastTs.set(p.key, Math.max(p.ts, this.lastTs.get(p.key) ?? 0));
    this.session.send(tsUpdate(this.spec.cmdId, points));
  }

  /** A deleted latest value may have been replaced by an older point: send what is latest now. */
  private reloadLatest(keys: string[]): void {
    if (keys.length === 0) return;
    for (const k of keys) this.lastTs.delete(k);
    readLatest(this.session.services, this.spec.src, keys)
      .then((entries) => {
        if (this.cancelled || entries.length === 0) return;
        for (const e of entries) this.lastTs.set(e.key, e.ts);
        this.session.send(tsUpdate(this.spec.cmdId, entries.map(tsPoint)));
      })
      .catch((err: unknown) => this.session.log.warn({ err }, 'websocket latest reload failed'));
  }
}
