import type { TelemetryEvent } from '../../modules/telemetry/telemetry-types.ts';
import { classify } from './ws-data.ts';
import type { LiveListener } from './ws-hub.ts';
import { WsErrorCode, WsMessages, alarmDataError, alarmDataUpdate, errorUpdate } from './ws-messages.ts';
import { isObject, num, type Cmd, type WsSessionApi } from './ws-session-api.ts';

/** Alarm changes arriving within this time are answered with one refreshed page. */
export const ALARM_REFRESH_DEBOUNCE_MS = 100;

/**
 * One alarmDataCmd: the page of alarms now, then the page again (as `data`) shortly after any alarm
 * of the query's entities changes. Re-running the query keeps paging, sorting and status filters
 * exact (a cleared alarm leaves an ACTIVE list, a new one enters it) at the cost of one query per burst.
 */
export class AlarmDataSubscription implements LiveListener {
  private entityIds: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private cancelled = false;

  constructor(
    readonly cmdId: number,
    private readonly s: WsSessionApi,
    private readonly query: unknown,
  ) {}

  start(): Promise<void> {
    return this.run();
  }

  onEvent(ev: TelemetryEvent): void {
    if (ev.kind !== 'alarm' || this.cancelled || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.s.serialize(() => this.run().catch((err: unknown) => this.fail(err)));
    }, ALARM_REFRESH_DEBOUNCE_MS);
    this.timer.unref();
  }

  /** Whether the alarms followed include the entity's. */
  follows(entityId: string): boolean {
    return this.entityIds.includes(entityId);
  }

  cancel(): void {
    this.cancelled = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.listen([]);
  }

  private async run(): Promise<void> {
    if (this.cancelled) return;
    const r = await this.s.services.alarms.findAlarmData(this.s.caller, this.query);
    if (this.cancelled) return;
    this.listen(r.entityIds);
    this.s.send(alarmDataUpdate(this.cmdId, r.page, null, r.totalEntities));
  }

  /** Follows exactly these entities (the query's entity set may change between runs). */
  private listen(ids: readonly string[]): void {
    const next = new Set(ids.map((id) => id.toLowerCase()));
    for (const id of this.entityIds) if (!next.has(id)) this.s.hub.remove(id, this);
    const before = new Set(this.entityIds);
    for (const id of next) if (!before.has(id)) this.s.hub.add(id, this);
    this.entityIds = [...next];
  }

  private fail(err: unknown): void {
    const f = classify(err, WsMessages.fetchData);
    if (f.code === WsErrorCode.INTERNAL_ERROR) this.s.log.warn({ err }, 'websocket alarm data refresh failed');
    this.s.send(alarmDataError(this.cmdId, f.code, f.msg));
  }
}

/** The alarm commands of one session: alarmDataCmds and alarmDataUnsubscribeCmds. */
export class AlarmCommands {
  private readonly subs = new Map<number, AlarmDataSubscription>();

  constructor(private readonly s: WsSessionApi) {}

  get size(): number {
    return this.subs.size;
  }

  async alarmData(cmd: Cmd): Promise<void> {
    const cmdId = num(cmd, 'cmdId');
    // Validation errors of v2 commands are sent in the v1 shape, as ThingsBoard does.
    if (cmdId < 0) return this.s.send(errorUpdate(cmdId, WsErrorCode.BAD_REQUEST, WsMessages.negativeCmdId));
    if (!isObject(cmd.query)) return this.s.send(errorUpdate(cmdId, WsErrorCode.BAD_REQUEST, WsMessages.queryEmpty));
    const existed = this.subs.has(cmdId);
    this.cancel(cmdId);
    if (!existed && !this.s.admit()) return;
    const sub = new AlarmDataSubscription(cmdId, this.s, cmd.query);
    this.subs.set(cmdId, sub);
    try {
      await sub.start();
    } catch (err) {
      this.cancel(cmdId);
      const f = classify(err, WsMessages.fetchData);
      if (f.code === WsErrorCode.INTERNAL_ERROR) this.s.log.warn({ err }, 'websocket alarm data command failed');
      this.s.send(alarmDataError(cmdId, f.code, f.msg));
    }
  }

  unsubscribe(cmd: Cmd): void {
    this.cancel(num(cmd, 'cmdId'));
  }

  /** The entity changed owner: alarm pages that include it are queried again. */
  async recheck(entityId: string): Promise<void> {
    for (const [cmdId, sub] of [...this.subs]) {
      if (!sub.follows(entityId)) continue;
      try {
        await sub.start();
      } catch (err) {
        if (this.subs.get(cmdId) !== sub) continue;
        this.cancel(cmdId);
        const f = classify(err, WsMessages.fetchData);
        this.s.send(alarmDataError(cmdId, f.code, f.msg));
      }
    }
  }

  cancelAll(): void {
    for (const id of [...this.subs.keys()]) this.cancel(id);
  }

  private cancel(cmdId: number): void {
    this.subs.get(cmdId)?.cancel();
    this.subs.delete(cmdId);
  }
}
