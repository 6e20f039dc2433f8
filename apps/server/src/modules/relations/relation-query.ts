import type { EntityRef } from '../entities/entity-tables.ts';
import { refKey } from '../entities/entity-tables.ts';
import type { Direction, RelationRow } from './relation.repository.ts';

/** EntityRelationsQuery.parameters (reference §2.2 "Relations"). */
export interface RelationSearchParameters {
  rootId: string;
  rootType: string;
  direction: Direction;
  relationTypeGroup?: string | null;
  /** Levels to walk; 0 or absent = no limit. */
  maxLevel?: number | null;
  /** Only the relations of the last level (level maxLevel; the deepest level found when unlimited). */
  fetchLastLevelOnly?: boolean | null;
}

export interface RelationFilter {
  relationType?: string | null;
  entityTypes?: string[] | null;
}

export type FetchLevel = (entities: EntityRef[], direction: Direction, group: string) => Promise<RelationRow[]>;

/** The entity a relation leads to when walking in a direction. */
export const farEnd = (r: RelationRow, direction: Direction): EntityRef =>
  direction === 'FROM' ? { entityType: r.to_type, id: r.to_id } : { entityType: r.from_type, id: r.from_id };

/**
 * Walks relations breadth-first from the root, one query per level. Every entity is expanded at
 * most once (the root included), so cycles end and shared descendants are not walked twice;
 * relations that lead back to an entity already seen are still returned, as ThingsBoard does.
 * (A recursive CTE tracking paths would revisit an entity once per path — exponential on
 * diamond-shaped graphs — and its per-path cycle check would not give this "each entity once".)
 */
export async function walkRelations(fetch: FetchLevel, p: RelationSearchParameters): Promise<RelationRow[][]> {
  const group = p.relationTypeGroup || 'COMMON';
  const maxLevel = p.maxLevel && p.maxLevel > 0 ? p.maxLevel : Infinity;
  const seen = new Set([refKey(p.rootType, p.rootId)]);
  let frontier: EntityRef[] = [{ entityType: p.rootType, id: p.rootId }];
  const levels: RelationRow[][] = [];
  for (let level = 1; level <= maxLevel && frontier.length > 0; level++) {
    const rows = await fetch(frontier, p.direction, group);
    if (rows.length === 0) break;
    levels.push(rows);
    const next: EntityRef[] = [];
    for (const r of rows) {
      const end = farEnd(r, p.direction);
      const key = refKey(end.entityType, end.id);
      if (!seen.has(key)) {
        seen.add(key);
        next.push(end);
      }
    }
    frontier = next;
  }
  return levels;
}

/** ThingsBoard's filter match: any filter whose type (if set) and entity types (if any) fit. */
export function matchesFilters(r: RelationRow, filters: readonly RelationFilter[], direction: Direction): boolean {
  if (filters.length === 0) return true;
  const endType = farEnd(r, direction).entityType;
  return filters.some(
    (f) =>
      (!f.relationType || f.relationType === r.relation_type) &&
      (!f.entityTypes || f.entityTypes.length === 0 || f.entityTypes.includes(endType)),
  );
}

/** Runs an EntityRelationsQuery: the walk, the last-level option, then the filters. */
export async function findByQuery(
  fetch: FetchLevel,
  p: RelationSearchParameters,
  filters: readonly RelationFilter[],
): Promise<RelationRow[]> {
  const levels = await walkRelations(fetch, p);
  let rows: RelationRow[];
  if (p.fetchLastLevelOnly) {
    const bounded = p.maxLevel && p.maxLevel > 0;
    rows = bounded ? (levels.length === p.maxLevel ? levels[levels.length - 1]! : []) : (levels.at(-1) ?? []);
  } else {
    rows = levels.flat();
  }
  return rows.filter((r) => matchesFilters(r, filters, p.direction));
}
