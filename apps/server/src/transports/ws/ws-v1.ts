import { AGGREGATIONS, splitKeys, type Aggregation } from '@sapo/common';
import type { AttributeScope } from '../../modules/telemetry/telemetry-types.ts';
import {
  planTsQuery,
  planTsWindow,
  type PlannedTsQuery,
  type TsQueryRequest,
} from '../../modules/telemetry/ts-query-plan.ts';
import {
  ALL_SCOPES,
  BadCommand,
  attrPoint,
  classify,
  historyPoints,
  listenIds,
  readAttributes,
  readHistory,
  readLatest,
  resolveSource,
  tsPoint,
  type DataSource,
} from './ws-data.ts';
import { WsErrorCode, WsMessages, errorUpdate, tsUpdate, type WsPoint } from './ws-messages.ts';
import { num, str, type Cmd, type WsSessionApi } from './ws-session-api.ts';
import { V1Subscription, type V1SubSpec } from './ws-v1-subscription.ts';

export function parseAgg(value: unknown): Aggregation {
  if (value === undefined || value === null || value === '') return 'NONE';
  if (typeof value === 'string' && (AGGREGATIONS as readonly string[]).includes(value)) return value as Aggregation;
  throw new BadCommand(`Invalid aggregation: ${String(value)}`);
}

/**
 * The read options of a v1 or v2 history / time-series command: `limit` 0 or absent means
 * ThingsBoard's default; commands read newest first.
 */
export function readOpts(cmd: Cmd): Pick<TsQueryRequest, 'limit' | 'agg' | 'orderBy'> {
  return { limit: num(cmd, 'limit') || undefined, agg: parseAgg(cmd.agg), orderBy: 'DESC' };
}

function parseScope(value: string): AttributeScope | null {
  if (!value) return null;
  if ((ALL_SCOPES as readonly string[]).includes(value)) return value as AttributeScope;
  throw new BadCommand(`Invalid attribute scope: ${value}`);
}

/** The v1 commands of one session (reference §5): attrSubCmds, tsSubCmds, historyCmds. */
export class V1Commands {
  private readonly subs = new Map<number, V1Subscription>();

  constructor(private readonly s: WsSessionApi) {}

  get size(): number {
    return this.subs.size;
  }

  async attributes(cmd: Cmd): Promise<void> {
    const cmdId = num(cmd, 'cmdId');
    if (cmd.unsubscribe === true) return this.unsubscribe(cmd, cmdId);
    const keys = splitKeys(str(cmd, 'keys'));
    await this.subscribe(cmdId, cmd, WsMessages.fetchAttributes, (src) => {
      const scope = parseScope(str(cmd, 'scope'));
      const spec = { cmdId, src, kind: 'attr', keys: keys.length ? new Set(keys) : null, scope, latestOnly: false };
      const read = async () =>
        (await readAttributes(this.s.services, src, scope, keys.length ? keys : null)).map(attrPoint);
      return { spec: spec as V1SubSpec, read };
    });
  }

  async timeseries(cmd: Cmd): Promise<void> {
    const cmdId = num(cmd, 'cmdId');
    if (cmd.unsubscribe === true) return this.unsubscribe(cmd, cmdId);
    const keys = splitKeys(str(cmd, 'keys'));
    const timeWindow = num(cmd, 'timeWindow');
    // As ThingsBoard: a time window needs keys; otherwise the first reply is the latest values.
    const windowed = keys.length > 0 && timeWindow > 0;
    // The window is planned before anything else: a refused one replaces the cmdId's subscription.
    let plan: PlannedTsQuery | null;
    try {
      const opts = readOpts(cmd);
      const interval = num(cmd, 'interval');
      plan = windowed
        ? planTsWindow({ keys, startTs: num(cmd, 'startTs'), timeWindow, interval, ...opts }, false)
        : null;
    } catch (err) {
      this.cancel(cmdId);
      return this.failWith(cmdId, err, WsMessages.fetchData);
    }
    await this.subscribe(cmdId, cmd, WsMessages.fetchData, (src) => {
      const spec: V1SubSpec = {
        cmdId,
        src,
        kind: 'ts',
        keys: keys.length ? new Set(keys) : null,
        scope: null,
        latestOnly: !plan,
      };
      const read = async (): Promise<WsPoint[]> => {
        if (!plan) return (await readLatest(this.s.services, src, keys.length ? keys : null)).map(tsPoint);
        return historyPoints(await readHistory(this.s.services, src, plan));
      };
      return { spec, read };
    });
  }

  /** One-shot history read. */
  async history(cmd: Cmd): Promise<void> {
    const cmdId = num(cmd, 'cmdId');
    const entityId = str(cmd, 'entityId');
    if (!entityId || !str(cmd, 'entityType'))
      return this.fail(cmdId, WsErrorCode.BAD_REQUEST, WsMessages.deviceIdEmpty);
    const keys = splitKeys(str(cmd, 'keys'));
    if (keys.length === 0) return this.fail(cmdId, WsErrorCode.BAD_REQUEST, WsMessages.keysEmpty);
    try {
      // Planned first: a refused query costs no database work.
      const plan = planTsQuery({
        keys,
        startTs: num(cmd, 'startTs'),
        endTs: num(cmd, 'endTs'),
        interval: num(cmd, 'interval'),
        ...readOpts(cmd),
      });
      const src = await resolveSource(this.s.services, this.s.caller, str(cmd, 'entityType'), entityId);
      const res = await readHistory(this.s.services, src, plan);
      this.s.send(tsUpdate(cmdId, historyPoints(res)));
    } catch (err) {
      this.failWith(cmdId, err, WsMessages.fetchData);
    }
  }

  cancelAll(): void {
    for (const cmdId of [...this.subs.keys()]) this.cancel(cmdId);
  }

  /** The entity changed owner: its subscriptions end with their error if the caller may no longer read it. */
  async recheck(entityId: string): Promise<void> {
    for (const [cmdId, sub] of [...this.subs]) {
      const { entityType, entityId: id } = sub.spec.src;
      if (id !== entityId) continue;
      try {
        await resolveSource(this.s.services, this.s.caller, entityType, id);
      } catch (err) {
        if (this.subs.get(cmdId) !== sub) continue;
        this.cancel(cmdId);
        this.failWith(cmdId, err, WsMessages.fetchData);
      }
    }
  }

  private async subscribe(
    cmdId: number,
    cmd: Cmd,
    fallback: string,
    build: (src: DataSource) => { spec: V1SubSpec; read: () => Promise<WsPoint[]> },
  ): Promise<void> {
    const entityId = str(cmd, 'entityId');
    if (!entityId) return this.fail(cmdId, WsErrorCode.BAD_REQUEST, WsMessages.deviceIdEmpty);
    // A command reusing a cmdId replaces that subscription.
    this.cancel(cmdId);
    if (!this.s.admit()) return;
    let sub: V1Subscription | undefined;
    try {
      const src = await resolveSource(this.s.services, this.s.caller, str(cmd, 'entityType'), entityId);
      if (this.s.closed) return;
      const { spec, read } = build(src);
      sub = new V1Subscription(spec, this.s);
      this.subs.set(cmdId, sub);
      // Listen before reading so nothing committed during the read is missed.
      for (const id of listenIds(src)) this.s.hub.add(id, sub);
      const initial = await read();
      if (this.subs.get(cmdId) === sub) sub.start(initial);
    } catch (err) {
      if (sub && this.subs.get(cmdId) === sub) this.cancel(cmdId);
      this.failWith(cmdId, err, fallback);
    }
  }

  /** `unsubscribe` with an empty entityId cancels every v1 subscription of the session. */
  private unsubscribe(cmd: Cmd, cmdId: number): void {
    if (!str(cmd, 'entityId')) this.cancelAll();
    else this.cancel(cmdId);
  }

  private cancel(cmdId: number): void {
    const sub = this.subs.get(cmdId);
    if (!sub) return;
    sub.cancel();
    for (const id of listenIds(sub.spec.src)) this.s.hub.remove(id, sub);
    this.subs.delete(cmdId);
  }

  private failWith(cmdId: number, err: unknown, fallback: string): void {
    const f = classify(err, fallback);
    if (f.code === WsErrorCode.INTERNAL_ERROR) this.s.log.warn({ err }, 'websocket telemetry command failed');
    this.fail(cmdId, f.code, f.msg);
  }

  private fail(cmdId: number, code: number, msg: string): void {
    this.s.send(errorUpdate(cmdId, code, msg));
  }
}
