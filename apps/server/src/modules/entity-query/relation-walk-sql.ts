import type { EntityId, EntitySearchDirection } from '@sapo/common';
import type { SqlParams } from './sql-params.ts';

/** Deepest level walked; "unlimited" walks stop here too, so a cycle of relations ends. */
export const MAX_WALK_LEVEL = 50;

export interface WalkSpec {
  root: EntityId;
  direction: EntitySearchDirection;
  /** ≤ 0 or null: unlimited (MAX_WALK_LEVEL). */
  maxLevel: number | null;
  fetchLastLevelOnly: boolean;
  /** Condition on a hop `h` (h.relation_type, h.far_type) an entity must be reached by. */
  match: (h: string) => string;
}

/**
 * CTEs `walk`, `hop` and `reached(id, entity_type)`: the entities related to the root, walked over
 * COMMON relations in one recursive query. Rows are distinct per (relation, level), never per path,
 * so diamonds do not multiply; a relation's level is the least level it is met at, which is the
 * level a breadth-first walk expanding each entity once gives it (the relations API's semantics).
 * With fetchLastLevelOnly only hops of the last level count: level maxLevel, or the deepest level
 * found when unlimited. Filters apply to the hop that reaches an entity, as in ThingsBoard.
 */
export function relationWalkCtes(spec: WalkSpec, params: SqlParams): string[] {
  const [near, far] = spec.direction === 'FROM' ? ['from', 'to'] : ['to', 'from'];
  const bounded = spec.maxLevel !== null && spec.maxLevel > 0;
  const cap = params.add(bounded ? Math.min(spec.maxLevel!, MAX_WALK_LEVEL) : MAX_WALK_LEVEL, 'int');
  const cols = `r.${near}_id, r.${near}_type, r.${far}_id, r.${far}_type, r.relation_type`;
  const walk = `walk(near_id, near_type, far_id, far_type, relation_type, lvl) AS (
    SELECT ${cols}, 1 FROM relation r
    WHERE r.${near}_id = ${params.add(spec.root.id, 'uuid')} AND r.${near}_type = ${params.add(spec.root.entityType, 'text')}
      AND r.relation_type_group = 'COMMON'
    UNION
    SELECT ${cols}, w.lvl + 1 FROM walk w
    JOIN relation r ON r.${near}_id = w.far_id AND r.${near}_type = w.far_type
    WHERE r.relation_type_group = 'COMMON' AND w.lvl < ${cap}
  )`;
  const hop = `hop AS (
    SELECT near_id, near_type, far_id, far_type, relation_type, min(lvl) AS lvl FROM walk
    GROUP BY near_id, near_type, far_id, far_type, relation_type
  )`;
  const conditions = [spec.match('h')];
  if (spec.fetchLastLevelOnly) conditions.push(bounded ? `h.lvl = ${cap}` : 'h.lvl = (SELECT max(lvl) FROM hop)');
  const reached = `reached AS (
    SELECT DISTINCT h.far_id AS id, h.far_type AS entity_type FROM hop h WHERE ${conditions.join(' AND ')}
  )`;
  return [walk, hop, reached];
}
