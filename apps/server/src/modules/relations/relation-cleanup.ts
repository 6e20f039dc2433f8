import type { Queryable } from '../../db/database.ts';

/**
 * Deleting an entity removes every relation from or to it (reference §2), in the caller's
 * transaction so the entity and its relations go together.
 */
export async function deleteEntityRelations(q: Queryable, entityType: string, entityId: string): Promise<void> {
  await q.query('DELETE FROM relation WHERE (from_id = $1 AND from_type = $2) OR (to_id = $1 AND to_type = $2)', [
    entityId,
    entityType,
  ]);
}

/** Deleting an entity also removes its attributes. */
export async function deleteEntityAttributes(q: Queryable, entityType: string, entityId: string): Promise<void> {
  await q.query('DELETE FROM attribute_kv WHERE entity_id = $1 AND entity_type = $2', [entityId, entityType]);
}
