import { valueAsString, type TsKvEntry } from '@sapo/common';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../../modules/auth/caller.ts';
import type {
  AttributeKvEntry,
  AttributeScope,
  TelemetryEvent,
  TsQueryResult,
} from '../../modules/telemetry/telemetry-types.ts';
import type { PlannedTsQuery } from '../../modules/telemetry/ts-query-plan.ts';
import {
  clampQuery,
  exposedAttributeKeys,
  exposedTsKeys,
  inWindow,
  viewWindow,
  type ViewWindow,
} from '../../modules/telemetry/entity-view-window.ts';
import { viewAttributes, viewLatest } from '../../modules/telemetry/entity-view-reads.ts';
import type { Services } from '../../services.ts';
import { WsErrorCode, WsMessages, type WsPoint } from './ws-messages.ts';

export const ALL_SCOPES: readonly AttributeScope[] = ['CLIENT_SCOPE', 'SHARED_SCOPE', 'SERVER_SCOPE'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A readable entity as subscriptions see it: for an entity view, its data lives at its target. */
export interface DataSource {
  entityType: string;
  entityId: string;
  targetId: string;
  view: ViewWindow | null;
}

/** The entity ids whose events a source hears: a view has attributes of its own besides its target's. */
export const listenIds = (src: DataSource): string[] =>
  src.targetId === src.entityId ? [src.entityId] : [src.entityId, src.targetId];

/** A failure as a v1/v2 error code and message. */
export interface WsFailure {
  code: number;
  msg: string;
}

/**
 * Permission failures (missing, another tenant's or customer's entity) answer UNAUTHORIZED without
 * saying which; a rejected query (400) keeps its reason; anything else is the generic message.
 */
export function classify(err: unknown, fallback: string): WsFailure {
  if (err instanceof AppError) {
    if (err.status === 401 || err.status === 403 || err.status === 404) {
      return { code: WsErrorCode.UNAUTHORIZED, msg: WsMessages.unauthorized };
    }
    if (err.status === 400) return { code: WsErrorCode.BAD_REQUEST, msg: err.message };
  }
  return { code: WsErrorCode.INTERNAL_ERROR, msg: fallback };
}

export class BadCommand extends AppError {
  constructor(message: string = WsMessages.badRequest) {
    super(31, message, 400);
  }
}

/** Checks READ permission and, for an entity view, loads the keys and window it exposes. */
export async function resolveSource(
  services: Services,
  caller: Caller,
  entityType: string,
  entityId: string,
): Promise<DataSource> {
  if (!UUID.test(entityId)) throw new BadCommand();
  const id = entityId.toLowerCase();
  await services.entityAccess.check(caller, { entityType, id }, 'READ');
  if (entityType !== 'ENTITY_VIEW') return { entityType, entityId: id, targetId: id, view: null };
  const view = viewWindow(await services.entityViews.get(caller, id));
  return { entityType, entityId: id, targetId: view.target.id, view };
}

/** Latest values (all keys when null); for a view, the newest of each exposed key inside its window. */
export async function readLatest(
  services: Services,
  src: DataSource,
  keys: readonly string[] | null,
): Promise<TsKvEntry[]> {
  if (!src.view) return services.telemetry.latest(src.targetId, keys ?? undefined);
  return viewLatest(services.telemetry, src.view, keys ?? undefined);
}

/** A planned history read (commands plan theirs newest first), clamped to a view's keys and window. */
export async function readHistory(services: Services, src: DataSource, q: PlannedTsQuery): Promise<TsQueryResult> {
  const query = src.view ? clampQuery(src.view, q) : q;
  if (!query || query.keys.length === 0 || query.endTs <= query.startTs) return {};
  return services.telemetry.history(src.targetId, query);
}

/** Attributes of one scope or of all of them (client, shared, server — ThingsBoard's order). */
export async function readAttributes(
  services: Services,
  src: DataSource,
  scope: AttributeScope | null,
  keys: readonly string[] | null,
): Promise<AttributeKvEntry[]> {
  const out: AttributeKvEntry[] = [];
  const ks = keys ? [...keys] : undefined;
  for (const s of scope ? [scope] : ALL_SCOPES) {
    // A view's attributes: its own plus its target's exposed ones (as the REST API reads them).
    out.push(
      ...(src.view
        ? await viewAttributes(services.attributeStore, src.view, src.entityId, s, ks)
        : await services.attributeStore.find(src.entityId, s, ks)),
    );
  }
  return out;
}

export const tsPoint = (e: TsKvEntry): WsPoint => ({ key: e.key, ts: e.ts, value: valueAsString(e) });
export const attrPoint = (e: AttributeKvEntry): WsPoint => ({
  key: e.key,
  ts: e.lastUpdateTs,
  value: valueAsString(e),
});

/** Newest-first points of a history result, key by key. */
export function historyPoints(res: TsQueryResult): WsPoint[] {
  return Object.values(res).flatMap((list) => list.map(tsPoint));
}

/** The time-series entries of a live event a source may see (a view's keys and window). */
export function visibleTs(src: DataSource, ev: TelemetryEvent & { kind: 'timeseries' }): TsKvEntry[] {
  const view = src.view;
  if (!view) return ev.entries;
  if (ev.entityId.toLowerCase() !== src.targetId) return [];
  const exposed = exposedTsKeys(view);
  return ev.entries.filter((e) => (!exposed || exposed.includes(e.key)) && inWindow(view, e.ts));
}

/** The attribute entries of a live event a source may see (a view's own, or its target's exposed ones). */
export function visibleAttrs(src: DataSource, ev: TelemetryEvent & { kind: 'attributes' }): AttributeKvEntry[] {
  const view = src.view;
  if (!view || ev.entityId.toLowerCase() === src.entityId) return ev.entries;
  const exposed = exposedAttributeKeys(view, ev.scope);
  return ev.entries.filter((e) => exposed.includes(e.key) && inWindow(view, e.lastUpdateTs));
}
