import type { EntityViewKeys } from '../entity-views/entity-view.repository.ts';
import type { AttributeKvEntry, AttributeScope, TsQuery } from './telemetry-types.ts';

/**
 * An entity view is a read-only window onto a device or asset (reference §4 "Entity views proxy
 * reads of their target entity"): reads go to the target, limited to [startTs, endTs) (0 = open)
 * and to the view's keys. Pure.
 *
 * Key lists follow ThingsBoard: an empty time-series list exposes every key of the target
 * (BaseTimeseriesService filters only when the list is non-empty); an empty attribute list for a
 * scope exposes none (ThingsBoard copies just the listed attributes to the view).
 */
export interface ViewWindow {
  target: { entityType: string; id: string };
  startTs: number;
  endTs: number;
  keys: EntityViewKeys;
}

/** What the entity view API returns, reduced to the window. */
export interface EntityViewLike {
  entityId: { entityType: string; id: string };
  keys: EntityViewKeys;
  startTimeMs: number;
  endTimeMs: number;
}

/** Open end of a window with no end time. */
export const OPEN_END = Number.MAX_SAFE_INTEGER;

export function viewWindow(view: EntityViewLike): ViewWindow {
  return {
    target: { entityType: view.entityId.entityType, id: view.entityId.id.toLowerCase() },
    startTs: view.startTimeMs > 0 ? view.startTimeMs : 0,
    endTs: view.endTimeMs > 0 ? view.endTimeMs : 0,
    keys: view.keys,
  };
}

/** Whether a timestamp falls inside the window. */
export function inWindow(w: ViewWindow, ts: number): boolean {
  return ts >= w.startTs && (w.endTs === 0 || ts < w.endTs);
}

/** The time-series keys the view exposes out of `wanted`; undefined `wanted` means "all it exposes". */
export function exposedTsKeys(w: ViewWindow, wanted?: readonly string[]): string[] | undefined {
  const listed = w.keys.timeseries;
  if (listed.length === 0) return wanted ? [...wanted] : undefined;
  return wanted ? wanted.filter((k) => listed.includes(k)) : [...listed];
}

/**
 * A history query narrowed to the view's keys and window; null when nothing is left to read. The
 * copy keeps what else the query carries (a planned query stays planned: narrowing keeps it in limits).
 */
export function clampQuery<Q extends TsQuery>(w: ViewWindow, q: Q): Q | null {
  const keys = exposedTsKeys(w, q.keys) ?? [];
  const startTs = Math.max(q.startTs, w.startTs);
  const endTs = w.endTs === 0 ? q.endTs : Math.min(q.endTs, w.endTs);
  if (keys.length === 0 || startTs >= endTs) return null;
  return { ...q, keys, startTs, endTs };
}

const SCOPE_LIST = { CLIENT_SCOPE: 'cs', SERVER_SCOPE: 'ss', SHARED_SCOPE: 'sh' } as const;

/** The target's attribute keys of a scope the view exposes, out of `wanted` when given. */
export function exposedAttributeKeys(w: ViewWindow, scope: AttributeScope, wanted?: readonly string[]): string[] {
  const listed = w.keys.attributes[SCOPE_LIST[scope]];
  return wanted ? wanted.filter((k) => listed.includes(k)) : [...listed];
}

/**
 * The view's attributes of a scope: its own (users may write server and shared attributes on a
 * view) and the target's exposed ones updated inside the window; on a clash the newer one wins.
 */
export function mergeViewAttributes(
  w: ViewWindow,
  own: readonly AttributeKvEntry[],
  fromTarget: readonly AttributeKvEntry[],
): AttributeKvEntry[] {
  const byKey = new Map(own.map((a) => [a.key, a]));
  for (const a of fromTarget) {
    if (!inWindow(w, a.lastUpdateTs)) continue;
    const mine = byKey.get(a.key);
    if (!mine || mine.lastUpdateTs < a.lastUpdateTs) byKey.set(a.key, a);
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
