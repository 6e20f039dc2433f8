import type { Queryable } from '../../db/database.ts';
import type { AttributeColumns } from './attribute-value.ts';

export interface AttributeRow extends AttributeColumns {
  attribute_key: string;
  last_update_ts: number;
}

export interface AttributeEntry extends AttributeColumns {
  key: string;
}

/** SQL for attribute_kv (migration 0003): one row per entity, scope and key. */
export class AttributesRepository {
  constructor(private readonly db: Queryable) {}

  /** Inserts or overwrites the entries in one statement (keys must be distinct). */
  async upsert(
    q: Queryable,
    entityType: string,
    entityId: string,
    scope: string,
    entries: readonly AttributeEntry[],
    ts: number,
  ): Promise<void> {
    if (entries.length === 0) return;
    await q.query(
      `INSERT INTO attribute_kv (entity_type, entity_id, attribute_type, attribute_key,
         bool_v, str_v, long_v, dbl_v, json_v, last_update_ts)
       SELECT $1, $2, $3, u.k, u.b, u.s, u.l, u.d, u.j, $4
       FROM unnest($5::text[], $6::boolean[], $7::text[], $8::bigint[], $9::double precision[], $10::jsonb[])
         AS u(k, b, s, l, d, j)
       ON CONFLICT (entity_id, attribute_type, attribute_key) DO UPDATE SET
         entity_type = EXCLUDED.entity_type, bool_v = EXCLUDED.bool_v, str_v = EXCLUDED.str_v,
         long_v = EXCLUDED.long_v, dbl_v = EXCLUDED.dbl_v, json_v = EXCLUDED.json_v,
         last_update_ts = EXCLUDED.last_update_ts`,
      [
        entityType,
        entityId,
        scope,
        ts,
        entries.map((e) => e.key),
        entries.map((e) => e.bool_v),
        entries.map((e) => e.str_v),
        entries.map((e) => e.long_v),
        entries.map((e) => e.dbl_v),
        entries.map((e) => (e.json_v === null ? null : JSON.stringify(e.json_v))),
      ],
    );
  }

  /** Attributes of an entity in a scope, all or the given keys, by key. */
  find(entityType: string, entityId: string, scope: string, keys?: readonly string[], q: Queryable = this.db) {
    const params: unknown[] = [entityId, entityType, scope];
    let sql = `SELECT attribute_key, bool_v, str_v, long_v, dbl_v, json_v, last_update_ts FROM attribute_kv
      WHERE entity_id = $1 AND entity_type = $2 AND attribute_type = $3`;
    if (keys) {
      params.push(keys);
      sql += ' AND attribute_key = ANY($4::text[])';
    }
    return q.query<AttributeRow>(`${sql} ORDER BY attribute_key`, params);
  }
}
