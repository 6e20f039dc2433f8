import { ENTITY_KEY_TYPES, type EntityCountQuery, type EntityDataQuery, type EntityKey } from '@sapo/common';
import { planTsQuery, planTsWindow, type PlannedTsQuery } from '../../modules/telemetry/ts-query-plan.ts';
import { BadCommand, classify } from './ws-data.ts';
import { EntityDataSubscription } from './ws-entity-data.ts';
import { WsErrorCode, WsMessages, countError, countUpdate, entityDataError, errorUpdate } from './ws-messages.ts';
import { isObject, num, type Cmd, type WsSessionApi } from './ws-session-api.ts';
import { readOpts } from './ws-v1.ts';

function stringKeys(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((k) => typeof k === 'string')) throw new BadCommand();
  return [...new Set(value as string[])];
}

function entityKeys(value: unknown): EntityKey[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new BadCommand();
  return value.map((k: unknown) => {
    if (!isObject(k) || typeof k.key !== 'string' || !(ENTITY_KEY_TYPES as readonly unknown[]).includes(k.type)) {
      throw new BadCommand();
    }
    return { type: k.type as EntityKey['type'], key: k.key };
  });
}

/** A historyCmd, planned: refused here, before the query's entities are even looked up. */
function historyPlan(c: Cmd): PlannedTsQuery {
  const keys = stringKeys(c.keys);
  return planTsQuery({
    keys,
    startTs: num(c, 'startTs'),
    endTs: num(c, 'endTs'),
    interval: num(c, 'interval'),
    ...readOpts(c),
  });
}

/** A tsCmd's live window, planned; an aggregated one on whole buckets (ws-agg-buckets.ts). */
function windowPlan(c: Cmd): PlannedTsQuery {
  const keys = stringKeys(c.keys);
  const window = { keys, startTs: num(c, 'startTs'), timeWindow: num(c, 'timeWindow'), interval: num(c, 'interval') };
  return planTsWindow({ ...window, ...readOpts(c) }, true);
}

/** An entityCountCmd: the count now, then again whenever a periodic re-count differs. */
class CountSubscription {
  private last: number | null = null;
  private stop: (() => void) | undefined;
  private cancelled = false;

  constructor(
    readonly cmdId: number,
    private readonly s: WsSessionApi,
    private readonly query: EntityCountQuery,
  ) {}

  async start(): Promise<void> {
    await this.recount();
    if (!this.cancelled) this.stop = this.s.hub.addPeriodic(() => this.s.serialize(() => this.recount()));
  }

  cancel(): void {
    this.cancelled = true;
    this.stop?.();
  }

  private async recount(): Promise<void> {
    if (this.cancelled) return;
    const count = await this.s.services.entityQuery.countEntities(this.s.caller, this.query);
    if (this.cancelled || count === this.last) return;
    this.last = count;
    this.s.send(countUpdate(this.cmdId, count));
  }
}

/** The v2 commands of one session (reference §5): entity data and entity count subscriptions. */
export class V2Commands {
  private readonly data = new Map<number, EntityDataSubscription>();
  private readonly counts = new Map<number, CountSubscription>();

  constructor(private readonly s: WsSessionApi) {}

  get size(): number {
    return this.data.size + this.counts.size;
  }

  async entityData(cmd: Cmd): Promise<void> {
    const cmdId = num(cmd, 'cmdId');
    const query = cmd.query;
    const sub = [cmd.historyCmd, cmd.latestCmd, cmd.tsCmd].find(isObject);
    // Validation errors of v2 commands are sent in the v1 shape, as ThingsBoard does.
    if (cmdId < 0) return this.s.send(errorUpdate(cmdId, WsErrorCode.BAD_REQUEST, WsMessages.negativeCmdId));
    let ctx = this.data.get(cmdId);
    if (!isObject(query) && (!sub || !ctx)) {
      return this.s.send(errorUpdate(cmdId, WsErrorCode.BAD_REQUEST, WsMessages.queryEmpty));
    }
    try {
      // One sub-command per cmd, in ThingsBoard's order of precedence, checked before anything is read.
      const history = isObject(cmd.historyCmd) ? historyPlan(cmd.historyCmd) : undefined;
      const latest = !history && isObject(cmd.latestCmd) ? entityKeys(cmd.latestCmd.keys) : undefined;
      const window = !history && !latest && isObject(cmd.tsCmd) ? windowPlan(cmd.tsCmd) : undefined;
      if (isObject(query)) {
        if (!ctx) {
          if (!this.s.admit()) return;
          ctx = new EntityDataSubscription(cmdId, this.s);
          this.data.set(cmdId, ctx);
        }
        await ctx.setQuery(query as unknown as EntityDataQuery);
      }
      if (!ctx) return;
      if (history) await ctx.history(history);
      else if (latest) await ctx.latest(latest);
      else if (window) await ctx.timeseries(window);
      else ctx.sendData();
    } catch (err) {
      if (isObject(query)) this.cancelData(cmdId);
      const f = classify(err, WsMessages.fetchData);
      if (f.code === WsErrorCode.INTERNAL_ERROR) this.s.log.warn({ err }, 'websocket entity data command failed');
      this.s.send(entityDataError(cmdId, f.code, f.msg));
    }
  }

  async entityCount(cmd: Cmd): Promise<void> {
    const cmdId = num(cmd, 'cmdId');
    if (cmdId < 0) return this.s.send(errorUpdate(cmdId, WsErrorCode.BAD_REQUEST, WsMessages.negativeCmdId));
    if (!isObject(cmd.query)) return this.s.send(errorUpdate(cmdId, WsErrorCode.BAD_REQUEST, WsMessages.queryEmpty));
    const existed = this.counts.has(cmdId);
    this.cancelCount(cmdId);
    if (!existed && !this.s.admit()) return;
    const ctx = new CountSubscription(cmdId, this.s, cmd.query as unknown as EntityCountQuery);
    this.counts.set(cmdId, ctx);
    try {
      await ctx.start();
    } catch (err) {
      this.cancelCount(cmdId);
      const f = classify(err, WsMessages.fetchData);
      if (f.code === WsErrorCode.INTERNAL_ERROR) this.s.log.warn({ err }, 'websocket entity count command failed');
      this.s.send(countError(cmdId, f.code, f.msg));
    }
  }

  unsubscribeData(cmd: Cmd): void {
    this.cancelData(num(cmd, 'cmdId'));
  }

  unsubscribeCount(cmd: Cmd): void {
    this.cancelCount(num(cmd, 'cmdId'));
  }

  /** The entity changed owner: data subscriptions showing it run their query again. */
  async recheck(entityId: string): Promise<void> {
    for (const [cmdId, ctx] of [...this.data]) {
      if (!ctx.shows(entityId)) continue;
      try {
        await ctx.requery();
      } catch (err) {
        if (this.data.get(cmdId) !== ctx) continue;
        this.cancelData(cmdId);
        const f = classify(err, WsMessages.fetchData);
        this.s.send(entityDataError(cmdId, f.code, f.msg));
      }
    }
  }

  cancelAll(): void {
    for (const id of [...this.data.keys()]) this.cancelData(id);
    for (const id of [...this.counts.keys()]) this.cancelCount(id);
  }

  private cancelData(cmdId: number): void {
    this.data.get(cmdId)?.cancel();
    this.data.delete(cmdId);
  }

  private cancelCount(cmdId: number): void {
    this.counts.get(cmdId)?.cancel();
    this.counts.delete(cmdId);
  }
}
