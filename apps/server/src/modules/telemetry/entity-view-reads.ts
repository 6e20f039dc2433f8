import type { TsKvEntry } from '@sapo/common';
import type { AttributeStore } from './attribute-store.ts';
import {
  OPEN_END,
  exposedAttributeKeys,
  exposedTsKeys,
  inWindow,
  mergeViewAttributes,
  type ViewWindow,
} from './entity-view-window.ts';
import type { TelemetryStore } from './telemetry-store.ts';
import type { AttributeKvEntry, AttributeScope } from './telemetry-types.ts';
import { planTsQuery, TS_QUERY_LIMITS } from './ts-query-plan.ts';

const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Reads through an entity view's window, shared by the REST API and the WebSocket so both show a
 * view the same way.
 */

/** The newest value of each exposed key inside the view's window (all exposed keys when none given). */
export async function viewLatest(
  telemetry: Pick<TelemetryStore, 'latest' | 'history'>,
  view: ViewWindow,
  keys?: readonly string[],
): Promise<TsKvEntry[]> {
  const exposed = exposedTsKeys(view, keys);
  if (exposed?.length === 0) return [];
  const latest = await telemetry.latest(view.target.id, exposed);
  const inside = latest.filter((e) => inWindow(view, e.ts));
  // A key whose latest value is past the window shows its last value inside it, if any.
  const past = latest.filter((e) => !inWindow(view, e.ts)).map((e) => e.key);
  // Read in chunks of the planner's key limit: a view may expose more keys than one query reads.
  for (let i = 0; i < past.length; i += TS_QUERY_LIMITS.maxKeys) {
    const older = await telemetry.history(
      view.target.id,
      planTsQuery({
        keys: past.slice(i, i + TS_QUERY_LIMITS.maxKeys),
        startTs: view.startTs,
        endTs: view.endTs || OPEN_END,
        limit: 1,
        orderBy: 'DESC',
      }),
    );
    for (const points of Object.values(older)) if (points[0]) inside.push(points[0]);
  }
  return inside.sort(byKey);
}

/** A view's attributes of one scope: its own plus its target's exposed ones inside the window. */
export async function viewAttributes(
  attributes: Pick<AttributeStore, 'find'>,
  view: ViewWindow,
  viewId: string,
  scope: AttributeScope,
  keys?: readonly string[],
): Promise<AttributeKvEntry[]> {
  const own = await attributes.find(viewId, scope, keys);
  const exposed = exposedAttributeKeys(view, scope, keys);
  const fromTarget = exposed.length > 0 ? await attributes.find(view.target.id, scope, exposed) : [];
  return mergeViewAttributes(view, own, fromTarget);
}
