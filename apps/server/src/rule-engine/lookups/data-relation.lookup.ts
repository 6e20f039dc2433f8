// Relation reads of the check-relation, related-attributes and change-originator nodes (group COMMON).
import type { Db } from '../../db/database.ts';
import { farEnd, findByQuery, type FetchLevel } from '../../modules/relations/relation-query.ts';
import type { RelationRow } from '../../modules/relations/relation.repository.ts';
import type { NodeRelationsQuery } from '../nodes/data-node-helpers.ts';
import type { EntityRef } from '../rule-engine-types.ts';
import { findEntityRow, isUuid } from './data-entity.lookup.ts';

/** True when the relation `from -type-> to` exists. */
export async function relationExists(db: Db, from: EntityRef, to: EntityRef, type: string): Promise<boolean> {
  if (!isUuid(from.id) || !isUuid(to.id)) return false;
  const rows = await db.query(
    `SELECT 1 FROM relation WHERE from_id = $1 AND from_type = $2 AND to_id = $3 AND to_type = $4
       AND relation_type_group = 'COMMON' AND relation_type = $5 LIMIT 1`,
    [from.id, from.entityType, to.id, to.entityType, type],
  );
  return rows.length > 0;
}

/** True when any relation of the type leaves (`side` 'from') or reaches (`side` 'to') the entity. */
export async function anyRelation(db: Db, entity: EntityRef, side: 'from' | 'to', type: string): Promise<boolean> {
  if (!isUuid(entity.id)) return false;
  const rows = await db.query(
    `SELECT 1 FROM relation WHERE ${side}_id = $1 AND ${side}_type = $2
       AND relation_type_group = 'COMMON' AND relation_type = $3 LIMIT 1`,
    [entity.id, entity.entityType, type],
  );
  return rows.length > 0;
}

function levelFetcher(db: Db): FetchLevel {
  return (entities, direction, group) => {
    const side = direction === 'FROM' ? 'from' : 'to';
    // Ordered so "the first related entity" is the same every time.
    return db.query<RelationRow>(
      `SELECT r.* FROM relation r
       JOIN unnest($1::uuid[], $2::text[]) AS f(id, type) ON r.${side}_id = f.id AND r.${side}_type = f.type
       WHERE r.relation_type_group = $3
       ORDER BY r.relation_type, r.from_type, r.from_id, r.to_type, r.to_id`,
      [entities.map((e) => e.id), entities.map((e) => e.entityType), group],
    );
  };
}

/** Entities related to the root by the query, in walk order, without duplicates (not tenant-checked). */
export async function findRelatedRefs(db: Db, root: EntityRef, q: NodeRelationsQuery): Promise<EntityRef[]> {
  if (!isUuid(root.id)) return [];
  const rows = await findByQuery(
    levelFetcher(db),
    {
      rootId: root.id,
      rootType: root.entityType,
      direction: q.direction,
      maxLevel: q.maxLevel,
      fetchLastLevelOnly: q.fetchLastLevelOnly,
    },
    q.filters,
  );
  const seen = new Set<string>();
  const out: EntityRef[] = [];
  for (const r of rows) {
    const end = farEnd(r, q.direction);
    const key = `${end.entityType}:${end.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ entityType: end.entityType, id: end.id });
  }
  return out;
}

/** The first related entity that belongs to the tenant (ThingsBoard uses the first one found). */
export async function findFirstRelated(
  db: Db,
  tenantId: string,
  root: EntityRef,
  q: NodeRelationsQuery,
): Promise<EntityRef | null> {
  for (const ref of await findRelatedRefs(db, root, q)) {
    if (await findEntityRow(db, tenantId, ref)) return ref;
  }
  return null;
}
