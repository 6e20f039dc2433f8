import {
  dict,
  type EntityData,
  type EntityDataQuery,
  type EntityKey,
  type EntityKeyType,
  type PageData,
  type TsValue,
} from '@sapo/common';
import type { TelemetryEvent } from '../../modules/telemetry/telemetry-types.ts';
import { planTsQuery, type PlannedTsQuery } from '../../modules/telemetry/ts-query-plan.ts';
import {
  attrPoint,
  listenIds,
  readAttributes,
  readHistory,
  readLatest,
  resolveSource,
  tsPoint,
  visibleAttrs,
  visibleTs,
  type DataSource,
} from './ws-data.ts';
import { bucketsOf, type BucketRange } from './ws-agg-buckets.ts';
import { ATTRIBUTE_TYPES, MISSING, SCOPE_OF, fillLatest, row } from './ws-entity-latest.ts';
import type { LiveListener } from './ws-hub.ts';
import { entityDataUpdate, type EntityDataDelta, type WsPoint } from './ws-messages.ts';
import type { WsSessionApi } from './ws-session-api.ts';

/** A tsCmd's window, planned (aggregated ones end on whole buckets); `step` 0 means raw points. */
type Mode = { kind: 'latest'; keys: EntityKey[] } | { kind: 'ts'; spec: PlannedTsQuery } | null;

const isAggregated = (spec: PlannedTsQuery) => spec.step > 0;

/** One entity of a data subscription on the hub; events that arrive before the first reply are held. */
class EntityListener implements LiveListener {
  held: TelemetryEvent[] | null = [];
  /** Aggregated windows: keys and times waiting for a bucket re-read that has not started yet. */
  staleBuckets: { keys: Set<string>; ts: number[] } | null = null;
  constructor(
    readonly sub: EntityDataSubscription,
    readonly data: EntityData,
    readonly src: DataSource,
  ) {}
  onEvent(ev: TelemetryEvent): void {
    if (this.held) this.held.push(ev);
    else this.sub.onEntityEvent(this, ev, false);
  }
}

const toTsValues = (points: readonly WsPoint[]): TsValue[] => points.map((p) => ({ ts: p.ts, value: p.value }));

/**
 * One entityDataCmd of a session (reference §5 v2): the query's page, then one of history (one
 * shot), latest values (live `update`s carrying only changed keys) or a time-series window (live
 * points). A dynamic page link is re-run periodically and re-sent when its entities change.
 */
export class EntityDataSubscription {
  private page: PageData<EntityData> | null = null;
  private sources: DataSource[] = [];
  private listeners: EntityListener[] = [];
  private mode: Mode = null;
  private initialSent = false;
  private query: EntityDataQuery | null = null;
  private stopRefresh: (() => void) | undefined;
  private cancelled = false;

  constructor(
    readonly cmdId: number,
    private readonly s: WsSessionApi,
  ) {}

  async setQuery(query: EntityDataQuery): Promise<void> {
    this.clearListeners();
    this.mode = null;
    this.query = query;
    this.initialSent = false;
    await this.load(query);
    if (query.pageLink.dynamic && !this.stopRefresh) {
      this.stopRefresh = this.s.hub.addPeriodic(() => this.s.serialize(() => this.refresh()));
    }
  }

  async history(p: PlannedTsQuery): Promise<void> {
    await this.forEachEntity(async (data, src) => {
      data.timeseries = this.seriesOf(p.keys, await this.historyPoints(src, p));
    });
    this.publish();
  }

  async latest(keys: EntityKey[]): Promise<void> {
    this.mode = { kind: 'latest', keys };
    await this.applyMode(false);
  }

  async timeseries(spec: PlannedTsQuery): Promise<void> {
    this.mode = { kind: 'ts', spec };
    await this.applyMode(false);
  }

  /** A cmd without a sub-command: the page alone, once. */
  sendData(): void {
    if (!this.initialSent) this.publish();
  }

  cancel(): void {
    this.cancelled = true;
    this.clearListeners();
    this.stopRefresh?.();
    this.stopRefresh = undefined;
  }

  onEntityEvent(l: EntityListener, ev: TelemetryEvent, held: boolean): void {
    if (this.cancelled || !this.mode) return;
    if (this.mode.kind === 'ts') {
      if (ev.kind !== 'timeseries') return;
      const spec = this.mode.spec;
      const keys = spec.keys;
      if (isAggregated(spec)) {
        // Aggregated: the buckets the new values fall in are read again and sent as their new values.
        // Values arriving before that re-read starts join it, so a busy device costs one read, not one each.
        const arrived = visibleTs(l.src, ev).filter((e) => keys.includes(e.key));
        if (arrived.length === 0) return;
        const queued = l.staleBuckets !== null;
        const stale = (l.staleBuckets ??= { keys: new Set(), ts: [] });
        for (const e of arrived) {
          stale.keys.add(e.key);
          stale.ts.push(e.ts);
        }
        if (queued) return;
        void this.s.serialize(() => {
          l.staleBuckets = null;
          return this.reloadBuckets(l, spec, [...stale.keys], bucketsOf(stale.ts, spec.startTs, spec.step));
        });
        return;
      }
      const newest = (k: string) => l.data.timeseries[k]?.[0]?.ts ?? -1;
      const points = visibleTs(l.src, ev)
        .filter((e) => keys.includes(e.key) && (!held || e.ts > newest(e.key)))
        .map(tsPoint)
        .sort((a, b) => b.ts - a.ts);
      if (points.length === 0) return;
      const timeseries = dict<TsValue[]>();
      for (const p of points) (timeseries[p.key] ??= []).push({ ts: p.ts, value: p.value });
      this.sendDelta({ entityId: l.data.entityId, latest: null, timeseries });
      return;
    }
    const keys = this.mode.keys;
    const changed: EntityData['latest'] = {};
    const apply = (type: EntityKeyType, points: WsPoint[]) => {
      const wanted = new Set(keys.filter((k) => k.type === type).map((k) => k.key));
      const current = row(l.data, type);
      for (const p of points) {
        if (!wanted.has(p.key)) continue;
        const cur = current[p.key];
        if (cur && (p.ts < cur.ts || (p.ts === cur.ts && p.value === cur.value))) continue;
        current[p.key] = { ts: p.ts, value: p.value };
        (changed[type] ??= dict())[p.key] = { ts: p.ts, value: p.value };
      }
    };
    if (ev.kind === 'timeseries') apply('TIME_SERIES', visibleTs(l.src, ev).map(tsPoint));
    else if (ev.kind === 'attributes') {
      const points = visibleAttrs(l.src, ev).map(attrPoint);
      for (const type of ATTRIBUTE_TYPES) if (type === 'ATTRIBUTE' || SCOPE_OF[type] === ev.scope) apply(type, points);
    } else if (ev.kind === 'timeseries-deleted' || ev.kind === 'attributes-deleted') {
      // A deletion may uncover an older value (or none): read what is latest now.
      const deleted = ev.keys;
      void this.s.serialize(() => this.reloadLatest(l, ev.kind === 'timeseries-deleted', deleted));
      return;
    }
    if (Object.keys(changed).length > 0)
      this.sendDelta({ entityId: l.data.entityId, latest: changed, timeseries: null });
  }

  /** Whether the current page holds the entity. */
  shows(entityId: string): boolean {
    return this.sources.some((src) => src.entityId === entityId);
  }

  /** Runs the query again now (the caller's access changed): a different page is sent again as `data`. */
  requery(): Promise<void> {
    return this.refresh();
  }

  /** Re-runs a dynamic query; a different page of entities is sent again as `data`. */
  private async refresh(): Promise<void> {
    if (this.cancelled || !this.query || !this.page) return;
    const before = this.page;
    const fresh = await this.s.services.entityQuery.findEntityData(this.s.caller, this.query);
    if (this.cancelled) return;
    const ids = (p: PageData<EntityData>) => p.data.map((d) => d.entityId.id).join(',');
    if (ids(fresh) === ids(before) && fresh.totalElements === before.totalElements) return;
    this.clearListeners();
    await this.load(this.query, fresh);
    this.initialSent = false;
    if (this.mode) await this.applyMode(true);
    else this.publish();
  }

  private async load(query: EntityDataQuery, page?: PageData<EntityData>): Promise<void> {
    const found = page ?? (await this.s.services.entityQuery.findEntityData(this.s.caller, query));
    for (const d of found.data) {
      d.latest ??= {};
      d.timeseries ??= {};
    }
    this.page = found;
    this.sources = [];
    for (const d of found.data) this.sources.push(await this.sourceOf(d));
  }

  /** Entities come from the caller's own query, so only views need a lookup (their window). */
  private async sourceOf(d: EntityData): Promise<DataSource> {
    const id = d.entityId.id.toLowerCase();
    const entityType = d.entityId.entityType;
    if (entityType !== 'ENTITY_VIEW') return { entityType, entityId: id, targetId: id, view: null };
    return resolveSource(this.s.services, this.s.caller, entityType, id);
  }

  private async applyMode(resend: boolean): Promise<void> {
    this.clearListeners();
    const mode = this.mode;
    if (!mode || !this.page) return;
    const listeners = this.page.data.map((d, i) => new EntityListener(this, d, this.sources[i] as DataSource));
    this.listeners = listeners;
    for (const l of listeners) for (const id of listenIds(l.src)) this.s.hub.add(id, l);
    if (mode.kind === 'latest') {
      const page = this.page;
      const rows = page.data.map((data, i) => ({ data, src: this.sources[i] as DataSource }));
      await fillLatest(this.s.services, rows, mode.keys);
    } else {
      const p = mode.spec;
      await this.forEachEntity(async (data, src) => {
        data.timeseries = this.seriesOf(p.keys, await this.historyPoints(src, p));
      });
    }
    if (this.cancelled || this.listeners !== listeners) return;
    if (resend) this.initialSent = false;
    this.publish();
    for (const l of listeners) {
      const held = l.held ?? [];
      l.held = null;
      for (const ev of held) this.onEntityEvent(l, ev, true);
    }
  }

  private async reloadBuckets(
    l: EntityListener,
    spec: PlannedTsQuery,
    keys: string[],
    buckets: readonly BucketRange[],
  ): Promise<void> {
    if (this.cancelled || this.mode?.kind !== 'ts' || this.mode.spec !== spec || !this.listeners.includes(l)) return;
    const timeseries = dict<TsValue[]>();
    for (const b of buckets) {
      // One bucket of the planned grid, planned like any read.
      const bucket = planTsQuery({ ...spec, keys, startTs: b.start, endTs: b.end });
      const points = await this.historyPoints(l.src, bucket);
      for (const p of points) (timeseries[p.key] ??= []).push({ ts: p.ts, value: p.value });
    }
    if (this.cancelled || this.mode?.spec !== spec) return;
    for (const list of Object.values(timeseries)) list.sort((a, b) => b.ts - a.ts);
    if (Object.keys(timeseries).length > 0) this.sendDelta({ entityId: l.data.entityId, latest: null, timeseries });
  }

  private async reloadLatest(l: EntityListener, timeseries: boolean, keys: readonly string[]): Promise<void> {
    if (this.cancelled || this.mode?.kind !== 'latest' || !this.listeners.includes(l)) return;
    const changed: EntityData['latest'] = {};
    for (const type of timeseries ? (['TIME_SERIES'] as const) : ATTRIBUTE_TYPES) {
      const affected = this.mode.keys.filter((k) => k.type === type && keys.includes(k.key)).map((k) => k.key);
      if (affected.length === 0) continue;
      const points = timeseries
        ? (await readLatest(this.s.services, l.src, affected)).map(tsPoint)
        : (await readAttributes(this.s.services, l.src, SCOPE_OF[type] ?? null, affected)).map(attrPoint);
      const current = row(l.data, type);
      for (const k of affected) {
        const p = points.filter((x) => x.key === k).sort((a, b) => b.ts - a.ts)[0];
        current[k] = p ? { ts: p.ts, value: p.value } : { ...MISSING };
        (changed[type] ??= dict())[k] = current[k];
      }
    }
    if (Object.keys(changed).length > 0)
      this.sendDelta({ entityId: l.data.entityId, latest: changed, timeseries: null });
  }

  private async historyPoints(src: DataSource, p: PlannedTsQuery): Promise<WsPoint[]> {
    const res = await readHistory(this.s.services, src, p);
    return Object.values(res).flatMap((list) => list.map(tsPoint));
  }

  /** Every requested key, newest first; keys without data get an empty list. */
  private seriesOf(keys: readonly string[], points: readonly WsPoint[]): Record<string, TsValue[]> {
    const out = dict<TsValue[]>();
    for (const k of keys) out[k] = toTsValues(points.filter((p) => p.key === k));
    return out;
  }

  private async forEachEntity(fn: (data: EntityData, src: DataSource) => Promise<void>): Promise<void> {
    const page = this.page;
    if (!page) return;
    for (let i = 0; i < page.data.length; i++) {
      const data = page.data[i] as EntityData;
      await fn(data, this.sources[i] as DataSource);
    }
  }

  /** The first message carries the page (`data`); later ones the entities as an `update`. */
  private publish(): void {
    if (this.cancelled || !this.page) return;
    if (!this.initialSent) this.s.send(entityDataUpdate(this.cmdId, this.page, null));
    else this.s.send(entityDataUpdate(this.cmdId, null, this.page.data));
    this.initialSent = true;
  }

  private sendDelta(delta: EntityDataDelta): void {
    if (!this.cancelled) this.s.send(entityDataUpdate(this.cmdId, null, [delta]));
  }

  private clearListeners(): void {
    for (const l of this.listeners) for (const id of listenIds(l.src)) this.s.hub.remove(id, l);
    this.listeners = [];
  }
}
