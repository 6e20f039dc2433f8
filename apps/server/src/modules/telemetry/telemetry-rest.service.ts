import {
  dict,
  NULL_UUID,
  type EntityType,
  type KvEntry,
  PayloadError,
  type TelemetryRecord,
  type TsKvEntry,
  depthMessage,
  jsonTextTooDeep,
  jsonValueProblem,
  parseKvObject,
  parseTelemetryPayload,
  valueAsString,
} from '@sapo/common';
import { badRequest } from '../../lib/app-error.ts';
import type { Caller } from '../auth/caller.ts';
import type { ActionType, AuditService } from '../audit-logs/audit.service.ts';
import type { EntityAccess } from '../entities/entity-access.ts';
import type { EntityNames } from '../entities/entity-names.ts';
import type { EntityRef } from '../entities/entity-tables.ts';
import type { AttributeStore } from './attribute-store.ts';
import type { TelemetryStore } from './telemetry-store.ts';
import type { AttributeKvEntry, AttributeScope, Originator, TsDeleteQuery } from './telemetry-types.ts';
import type { PlannedTsQuery } from './ts-query-plan.ts';
import { type EntityViewLike, type ViewWindow, clampQuery, viewWindow } from './entity-view-window.ts';
import { viewAttributes, viewLatest } from './entity-view-reads.ts';
import { ATTRIBUTE_SCOPES } from './telemetry-params.ts';

export const VIEW_READ_ONLY = "Telemetry data can't be stored for entity view. Read only";
const TS_BAD_JSON = 'Unable to parse timeseries payload: Invalid JSON body!';
const NO_TS_DATA = 'No timeseries data found in request body!';

/** Time series on the wire: `{"key":[{"ts":…,"value":…}]}`; keys without data are absent. */
export type TsWire = Record<string, { ts: number; value: unknown }[]>;
/** Attributes on the wire: native values. */
export interface AttributeWire {
  lastUpdateTs: number;
  key: string;
  value: unknown;
}

export interface TelemetryRestDeps {
  telemetry: Pick<TelemetryStore, 'saveTimeseries' | 'deleteTimeseries' | 'latest' | 'keys' | 'history'>;
  attributes: Pick<AttributeStore, 'save' | 'delete' | 'find' | 'keys'>;
  entityAccess: Pick<EntityAccess, 'check'>;
  /** Reads an entity view the caller may see (its target, keys and window). */
  entityView: (caller: Caller, id: string) => Promise<EntityViewLike>;
  entityNames: Pick<EntityNames, 'nameOf'>;
  audit: Pick<AuditService, 'log'>;
  now: () => number;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The body as JSON within the limits of json-limits.ts: PostgreSQL cannot store NUL or a lone
 * surrogate, so they are refused here — before anything is written — rather than failing in SQL.
 */
function parseJson(text: string, badJson: (detail: string) => string): unknown {
  if (jsonTextTooDeep(text)) throw badRequest(depthMessage());
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw badRequest(badJson((err as Error).message));
  }
  const problem = jsonValueProblem(json);
  if (problem) throw badRequest(problem);
  return json;
}

/** Keys given a null value in a flat object: the web app's way of saying "delete" (spec 2-calls §4). */
function nullKeys(obj: unknown): string[] {
  if (!isPlainObject(obj)) return [];
  return Object.entries(obj)
    .filter(([k, v]) => v === null && k.trim() !== '')
    .map(([k]) => k.trim());
}

/** Null-valued keys of any telemetry payload form (flat, ts+values, arrays of either). */
function nullTsKeys(json: unknown): string[] {
  const items = Array.isArray(json) ? json : [json];
  const keys = items.flatMap((o) =>
    isPlainObject(o) && 'ts' in o && 'values' in o ? nullKeys(o.values) : nullKeys(o),
  );
  return [...new Set(keys)];
}

function tsWire(entries: Iterable<TsKvEntry>, strict: boolean, out: TsWire = dict()): TsWire {
  for (const e of entries) {
    (out[e.key] ??= []).push({ ts: e.ts, value: strict ? e.value : valueAsString(e) });
  }
  return out;
}

const attributeWire = (a: AttributeKvEntry): AttributeWire => ({
  lastUpdateTs: a.lastUpdateTs,
  key: a.key,
  value: a.value,
});

/**
 * The telemetry and attribute REST calls (reference §4) for a signed-in caller: permission checks,
 * entity-view windows and ThingsBoard's wire shapes on top of the trusted stores. Writes go through
 * the stores, so live subscribers hear them; each one is audited.
 */
export class TelemetryRestService {
  constructor(private readonly d: TelemetryRestDeps) {}

  // ---- time series ----

  async timeseriesKeys(caller: Caller, ref: EntityRef): Promise<string[]> {
    const view = await this.readable(caller, ref);
    if (!view) return this.d.telemetry.keys(ref.id);
    return (await viewLatest(this.d.telemetry, view)).map((e) => e.key);
  }

  async latest(caller: Caller, ref: EntityRef, keys: string[] | undefined, strict: boolean): Promise<TsWire> {
    const view = await this.readable(caller, ref);
    const entries = view ? await viewLatest(this.d.telemetry, view, keys) : await this.d.telemetry.latest(ref.id, keys);
    return tsWire(entries, strict);
  }

  async history(caller: Caller, ref: EntityRef, q: PlannedTsQuery, strict: boolean): Promise<TsWire> {
    const view = await this.readable(caller, ref);
    const query = view ? clampQuery(view, q) : q;
    if (!query || query.keys.length === 0) return {};
    const result = await this.d.telemetry.history(view ? view.target.id : ref.id, query);
    const out: TsWire = dict();
    for (const points of Object.values(result)) tsWire(points, strict, out);
    return out;
  }

  /** Saves a telemetry payload; null-valued keys are deleted instead (all their data). */
  async saveTimeseries(caller: Caller, ref: EntityRef, body: string): Promise<void> {
    const target = await this.writable(caller, ref);
    if (ref.entityType === 'ENTITY_VIEW') throw badRequest(VIEW_READ_ONLY);
    const json = parseJson(body, () => TS_BAD_JSON);
    const deleted = nullTsKeys(json);
    let records: TelemetryRecord[] = [];
    try {
      records = parseTelemetryPayload(json, this.d.now(), true);
    } catch (err) {
      if (!(err instanceof PayloadError)) throw err;
      if (!(err.message === NO_TS_DATA && deleted.length > 0)) throw badRequest(err.message);
    }
    if (deleted.length > 0) {
      await this.removeTimeseries(caller, target, {
        keys: deleted,
        deleteAllDataForKeys: true,
        rewriteLatestIfDeleted: false,
      });
    }
    if (records.length === 0) return;
    await this.d.telemetry.saveTimeseries(target, records);
    const timeseries = records.flatMap((r) => r.values.map((v) => ({ ts: r.ts, key: v.key, value: v.value })));
    await this.log(caller, ref, 'TIMESERIES_UPDATED', { timeseries });
  }

  async deleteTimeseries(caller: Caller, ref: EntityRef, q: TsDeleteQuery): Promise<void> {
    await this.removeTimeseries(caller, await this.writable(caller, ref), q);
  }

  // ---- attributes ----

  async attributeKeys(caller: Caller, ref: EntityRef, scope?: AttributeScope): Promise<string[]> {
    const view = await this.readable(caller, ref);
    if (!view) return [...new Set(await this.d.attributes.keys(ref.id, scope))];
    const keys = new Set<string>();
    for (const s of scope ? [scope] : ATTRIBUTE_SCOPES) {
      for (const a of await viewAttributes(this.d.attributes, view, ref.id, s)) keys.add(a.key);
    }
    return [...keys].sort();
  }

  /** One scope, or all of them (client, shared, server — ThingsBoard's order) one after another. */
  async attributes(caller: Caller, ref: EntityRef, scope?: AttributeScope, keys?: string[]): Promise<AttributeWire[]> {
    const view = await this.readable(caller, ref);
    const out: AttributeWire[] = [];
    for (const s of scope ? [scope] : ATTRIBUTE_SCOPES) {
      const found = view
        ? await viewAttributes(this.d.attributes, view, ref.id, s, keys)
        : await this.d.attributes.find(ref.id, s, keys);
      out.push(...found.map(attributeWire));
    }
    return out;
  }

  /** Saves a flat JSON object; null-valued keys are deleted instead. */
  async saveAttributes(caller: Caller, ref: EntityRef, scope: AttributeScope, body: string): Promise<void> {
    const target = await this.writable(caller, ref);
    const json = parseJson(body, (detail) => `Invalid JSON: ${detail}`);
    if (!isPlainObject(json)) throw badRequest('Request is not a JSON object');
    const deleted = nullKeys(json);
    let entries: KvEntry[];
    try {
      // REST typing (reference §4): strings stay strings, no numeric-string cast.
      entries = parseKvObject(json, false);
    } catch (err) {
      if (err instanceof PayloadError) throw badRequest(err.message);
      throw err;
    }
    if (entries.length === 0 && deleted.length === 0) throw badRequest('No attributes data found in request body!');
    if (deleted.length > 0) await this.removeAttributes(caller, target, scope, deleted);
    if (entries.length === 0) return;
    await this.d.attributes.save(target, scope, entries);
    const attributes = Object.fromEntries(entries.map((e) => [e.key, e.value]));
    await this.log(caller, ref, 'ATTRIBUTES_UPDATED', { scope, attributes });
  }

  async deleteAttributes(caller: Caller, ref: EntityRef, scope: AttributeScope, keys: string[]): Promise<void> {
    await this.removeAttributes(caller, await this.writable(caller, ref), scope, keys);
  }

  // ---- helpers ----

  /** Checks READ; for an entity view, also returns its window (reads then go to its target). */
  private async readable(caller: Caller, ref: EntityRef): Promise<ViewWindow | undefined> {
    await this.d.entityAccess.check(caller, ref, 'READ');
    if (ref.entityType !== 'ENTITY_VIEW') return undefined;
    return viewWindow(await this.d.entityView(caller, ref.id));
  }

  /** Checks WRITE and names the entity with its tenant (live updates are routed by tenant). */
  private async writable(caller: Caller, ref: EntityRef): Promise<Originator> {
    const owner = await this.d.entityAccess.check(caller, ref, 'WRITE');
    return { tenantId: owner.tenantId ?? NULL_UUID, entityType: ref.entityType, id: ref.id };
  }

  private async removeTimeseries(caller: Caller, target: Originator, q: TsDeleteQuery): Promise<void> {
    await this.d.telemetry.deleteTimeseries(target, q);
    const range = q.deleteAllDataForKeys ? {} : { startTs: q.startTs, endTs: q.endTs };
    await this.log(caller, target, 'TIMESERIES_DELETED', { timeseries: q.keys, ...range });
  }

  private async removeAttributes(caller: Caller, target: Originator, scope: AttributeScope, keys: string[]) {
    await this.d.attributes.delete(target, scope, keys);
    await this.log(caller, target, 'ATTRIBUTES_DELETED', { scope, attributes: keys });
  }

  private async log(caller: Caller, ref: EntityRef, action: ActionType, data: unknown): Promise<void> {
    const entityName = (await this.d.entityNames.nameOf(ref)) ?? null;
    await this.d.audit.log({
      actor: caller,
      entityType: ref.entityType as EntityType,
      entityId: ref.id,
      entityName,
      action,
      data,
    });
  }
}
