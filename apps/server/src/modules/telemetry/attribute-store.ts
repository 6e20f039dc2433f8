import type { KvEntry } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from './bus.ts';
import { columnArrays, fromColumns, VALUE_COLUMNS, type ValueColumns } from './ts-columns.ts';
import type { AttributeKvEntry, AttributeScope, Originator } from './telemetry-types.ts';

type AttributeRow = ValueColumns & { attribute_key: string; last_update_ts: number };

const toEntry = (r: AttributeRow): AttributeKvEntry => ({
  key: r.attribute_key,
  lastUpdateTs: Number(r.last_update_ts),
  ...fromColumns(r),
});

/** Attributes of any entity, trusted (callers check permissions); changes are published on the bus. */
export class AttributeStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly bus: Bus,
  ) {}

  /** Upserts the entries stamped `ts` (default now); resolves after commit. `q` joins a caller's transaction. */
  async save(
    target: Originator,
    scope: AttributeScope,
    entries: readonly KvEntry[],
    ts = this.clock.now(),
    q: Queryable = this.db,
  ): Promise<AttributeKvEntry[]> {
    // The last value of a key wins, as in a JSON object.
    const unique = [...new Map(entries.map((e) => [e.key, e])).values()];
    if (!unique.length) return [];
    const entityId = target.id.toLowerCase();
    const [b, s, l, d, j] = columnArrays(unique);
    await q.query(
      `INSERT INTO attribute_kv (entity_type, entity_id, attribute_type, attribute_key,
         bool_v, str_v, long_v, dbl_v, json_v, last_update_ts)
       SELECT $1, $2, $3, u.k, u.b, u.s, u.l, u.d, u.j, $4
       FROM unnest($5::text[], $6::boolean[], $7::text[], $8::bigint[], $9::float8[], $10::jsonb[]) AS u(k, b, s, l, d, j)
       ON CONFLICT (entity_id, attribute_type, attribute_key) DO UPDATE SET
         entity_type = EXCLUDED.entity_type, bool_v = EXCLUDED.bool_v, str_v = EXCLUDED.str_v,
         long_v = EXCLUDED.long_v, dbl_v = EXCLUDED.dbl_v, json_v = EXCLUDED.json_v,
         last_update_ts = EXCLUDED.last_update_ts`,
      [target.entityType, entityId, scope, ts, unique.map((e) => e.key), b, s, l, d, j],
    );
    const saved = unique.map((e) => ({ key: e.key, type: e.type, value: e.value, lastUpdateTs: ts }));
    // With a caller's transaction (`q`) the event precedes its commit by the rest of that request.
    this.bus.publish({
      kind: 'attributes',
      tenantId: target.tenantId,
      entityType: target.entityType,
      entityId,
      scope,
      entries: saved,
    });
    return saved;
  }

  /**
   * Upserts one entry for each of many entities in one statement (device activity times of every device
   * due in a tick), then publishes each like `save`.
   */
  async saveMany(
    scope: AttributeScope,
    items: readonly { target: Originator; entry: KvEntry }[],
    ts = this.clock.now(),
  ): Promise<void> {
    if (!items.length) return;
    const [b, s, l, d, j] = columnArrays(items.map((i) => i.entry));
    await this.db.query(
      `INSERT INTO attribute_kv (entity_type, entity_id, attribute_type, attribute_key,
         bool_v, str_v, long_v, dbl_v, json_v, last_update_ts)
       SELECT u.t, u.id, $1, u.k, u.b, u.s, u.l, u.d, u.j, $2
       FROM unnest($3::text[], $4::uuid[], $5::text[], $6::boolean[], $7::text[], $8::bigint[], $9::float8[], $10::jsonb[])
         AS u(t, id, k, b, s, l, d, j)
       ON CONFLICT (entity_id, attribute_type, attribute_key) DO UPDATE SET
         entity_type = EXCLUDED.entity_type, bool_v = EXCLUDED.bool_v, str_v = EXCLUDED.str_v,
         long_v = EXCLUDED.long_v, dbl_v = EXCLUDED.dbl_v, json_v = EXCLUDED.json_v,
         last_update_ts = EXCLUDED.last_update_ts`,
      [
        scope,
        ts,
        items.map((i) => i.target.entityType),
        items.map((i) => i.target.id.toLowerCase()),
        items.map((i) => i.entry.key),
        b,
        s,
        l,
        d,
        j,
      ],
    );
    for (const { target, entry } of items) {
      this.bus.publish({
        kind: 'attributes',
        tenantId: target.tenantId,
        entityType: target.entityType,
        entityId: target.id.toLowerCase(),
        scope,
        entries: [{ key: entry.key, type: entry.type, value: entry.value, lastUpdateTs: ts }],
      });
    }
  }

  /** Deletes keys; resolves with the keys that existed. */
  async delete(
    target: Originator,
    scope: AttributeScope,
    keys: readonly string[],
    q: Queryable = this.db,
  ): Promise<string[]> {
    const entityId = target.id.toLowerCase();
    const rows = await q.query<{ attribute_key: string }>(
      `DELETE FROM attribute_kv WHERE entity_id = $1 AND attribute_type = $2 AND attribute_key = ANY($3::text[])
       RETURNING attribute_key`,
      [entityId, scope, [...new Set(keys)]],
    );
    const deleted = rows.map((r) => r.attribute_key).sort();
    if (deleted.length) {
      this.bus.publish({
        kind: 'attributes-deleted',
        tenantId: target.tenantId,
        entityType: target.entityType,
        entityId,
        scope,
        keys: deleted,
      });
    }
    return deleted;
  }

  /** Attributes in a scope (all, or the given keys), sorted by key. */
  async find(entityId: string, scope: AttributeScope, keys?: readonly string[]): Promise<AttributeKvEntry[]> {
    if (keys && keys.length === 0) return [];
    const params: unknown[] = [entityId.toLowerCase(), scope];
    let sql = `SELECT attribute_key, ${VALUE_COLUMNS}, last_update_ts FROM attribute_kv
      WHERE entity_id = $1 AND attribute_type = $2`;
    if (keys) {
      params.push(keys);
      sql += ' AND attribute_key = ANY($3::text[])';
    }
    return (await this.db.query<AttributeRow>(`${sql} ORDER BY attribute_key`, params)).map(toEntry);
  }

  /** Keys in a scope, or in every scope when absent (distinct, sorted). */
  async keys(entityId: string, scope?: AttributeScope): Promise<string[]> {
    const params: unknown[] = [entityId.toLowerCase()];
    let sql = 'SELECT DISTINCT attribute_key FROM attribute_kv WHERE entity_id = $1';
    if (scope) {
      params.push(scope);
      sql += ' AND attribute_type = $2';
    }
    const rows = await this.db.query<{ attribute_key: string }>(`${sql} ORDER BY attribute_key`, params);
    return rows.map((r) => r.attribute_key);
  }
}
