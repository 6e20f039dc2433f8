import type { Queryable } from '../../db/database.ts';
import { type EntityRef, type EntitySchema, groupByType, refKey } from './entity-tables.ts';

/**
 * Display names of entities of any type (tenant and customer titles, user emails, device, asset and
 * entity-view names, dashboard titles…), one query per type. Types whose table does not exist
 * yet, and entities that are gone, are simply absent from the result.
 */
export class EntityNames {
  constructor(
    private readonly db: Queryable,
    private readonly schema: EntitySchema,
  ) {}

  async lookup(refs: readonly EntityRef[], q: Queryable = this.db): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const [type, ids] of groupByType(refs)) {
      const spec = await this.schema.table(type, q);
      if (!spec) continue;
      const rows = await q.query<{ id: string; name: string | null }>(
        `SELECT id, ${spec.nameColumn} AS name FROM ${spec.table} WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      for (const r of rows) if (r.name !== null) names.set(refKey(type, r.id), r.name);
    }
    return names;
  }

  async nameOf(ref: EntityRef, q: Queryable = this.db): Promise<string | undefined> {
    return (await this.lookup([ref], q)).get(refKey(ref.entityType, ref.id));
  }
}
