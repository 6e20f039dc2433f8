import type { EntityViewInfo } from '../entity-view-types';

/** Ids per call: stays well inside URL limits (36 characters an id). */
const IDS_PER_CALL = 100;

const LOOKUP: Record<string, { path: string; param: string }> = {
  DEVICE: { path: '/api/devices', param: 'deviceIds' },
  ASSET: { path: '/api/assets', param: 'assetIds' },
};

/**
 * ThingsBoard's EntityViewInfo has no name for the target, so the table looks names up with the
 * by-ids calls (GET /api/devices?deviceIds=…, /api/assets?assetIds=…): one call per type and 100 ids.
 */
export function targetLookupPaths(views: readonly Pick<EntityViewInfo, 'entityId'>[]): string[] {
  const byType = new Map<string, Set<string>>();
  for (const view of views) {
    if (!LOOKUP[view.entityId.entityType]) continue;
    const ids = byType.get(view.entityId.entityType) ?? new Set<string>();
    ids.add(view.entityId.id);
    byType.set(view.entityId.entityType, ids);
  }
  const paths: string[] = [];
  for (const [type, ids] of byType) {
    const lookup = LOOKUP[type]!;
    const all = [...ids];
    for (let i = 0; i < all.length; i += IDS_PER_CALL) {
      paths.push(`${lookup.path}?${lookup.param}=${all.slice(i, i + IDS_PER_CALL).join(',')}`);
    }
  }
  return paths;
}

/** The rows with `entityName` filled in from the looked-up entities (missing ones stay empty). */
export function withTargetNames<T extends Pick<EntityViewInfo, 'entityId'>>(
  views: readonly T[],
  found: readonly { id: { id: string }; name: string }[],
): (T & { entityName: string })[] {
  const names = new Map(found.map((entity) => [entity.id.id, entity.name]));
  return views.map((view) => ({ ...view, entityName: names.get(view.entityId.id) ?? '' }));
}
