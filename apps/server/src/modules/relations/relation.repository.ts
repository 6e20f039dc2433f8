import type { Queryable } from '../../db/database.ts';
import type { EntityRef } from '../entities/entity-tables.ts';

export interface RelationRow {
  from_id: string;
  from_type: string;
  to_id: string;
  to_type: string;
  relation_type_group: string;
  relation_type: string;
  additional_info: unknown;
}

export type Direction = 'FROM' | 'TO';

/** SQL for the relation table (migration 0003); the primary key starts with the "from" side. */
export class RelationRepository {
  constructor(private readonly db: Queryable) {}

  /** Creates the relation or replaces its additionalInfo (the key is from, to, group and type). */
  async save(q: Queryable, r: RelationRow): Promise<void> {
    await q.query(
      `INSERT INTO relation (from_id, from_type, to_id, to_type, relation_type_group, relation_type, additional_info)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (from_id, from_type, relation_type_group, relation_type, to_id, to_type)
       DO UPDATE SET additional_info = EXCLUDED.additional_info`,
      [
        r.from_id,
        r.from_type,
        r.to_id,
        r.to_type,
        r.relation_type_group,
        r.relation_type,
        JSON.stringify(r.additional_info ?? null),
      ],
    );
  }

  async find(from: EntityRef, to: EntityRef, type: string, group: string, q: Queryable = this.db) {
    const rows = await q.query<RelationRow>(
      `SELECT * FROM relation WHERE from_id = $1 AND from_type = $2 AND to_id = $3 AND to_type = $4
         AND relation_type_group = $5 AND relation_type = $6`,
      [from.id, from.entityType, to.id, to.entityType, group, type],
    );
    return rows[0];
  }

  /** Deletes one relation; false when there was none. */
  async delete(q: Queryable, from: EntityRef, to: EntityRef, type: string, group: string): Promise<boolean> {
    const rows = await q.query(
      `DELETE FROM relation WHERE from_id = $1 AND from_type = $2 AND to_id = $3 AND to_type = $4
         AND relation_type_group = $5 AND relation_type = $6 RETURNING 1`,
      [from.id, from.entityType, to.id, to.entityType, group, type],
    );
    return rows.length > 0;
  }

  /** Deletes an entity's relations of one group, both directions; returns how many went. */
  async deleteOfEntity(q: Queryable, entity: EntityRef, group: string): Promise<number> {
    const rows = await q.query(
      `DELETE FROM relation WHERE relation_type_group = $3
         AND ((from_id = $1 AND from_type = $2) OR (to_id = $1 AND to_type = $2)) RETURNING 1`,
      [entity.id, entity.entityType, group],
    );
    return rows.length;
  }

  /** Relations from (direction FROM) or to (TO) an entity in a group, optionally of one type. */
  list(entity: EntityRef, direction: Direction, group: string, type?: string): Promise<RelationRow[]> {
    const side = direction === 'FROM' ? 'from' : 'to';
    const params: unknown[] = [entity.id, entity.entityType, group];
    let sql = `SELECT * FROM relation WHERE ${side}_id = $1 AND ${side}_type = $2 AND relation_type_group = $3`;
    if (type !== undefined) {
      params.push(type);
      sql += ' AND relation_type = $4';
    }
    return this.db.query<RelationRow>(`${sql} ORDER BY relation_type, from_type, from_id, to_type, to_id`, params);
  }

  /** One level of a relation walk: every relation leaving (FROM) or reaching (TO) any of the entities. */
  nextLevel(entities: readonly EntityRef[], direction: Direction, group: string): Promise<RelationRow[]> {
    const side = direction === 'FROM' ? 'from' : 'to';
    return this.db.query<RelationRow>(
      `SELECT r.* FROM relation r
       JOIN unnest($1::uuid[], $2::text[]) AS f(id, type) ON r.${side}_id = f.id AND r.${side}_type = f.type
       WHERE r.relation_type_group = $3`,
      [entities.map((e) => e.id), entities.map((e) => e.entityType), group],
    );
  }
}
