import type { Queryable } from '../../db/database.ts';
import { deleteEntityAttributes, deleteEntityRelations } from '../relations/relation-cleanup.ts';

export interface DeletedEntityView {
  id: string;
  name: string;
}

/**
 * Deleting a device or an asset deletes the entity views that expose it, each with its relations
 * and attributes, in the caller's transaction. Returns the views removed (for the audit log).
 */
export async function deleteEntityViewsOf(
  q: Queryable,
  entityType: 'DEVICE' | 'ASSET',
  entityId: string,
): Promise<DeletedEntityView[]> {
  const views = await q.query<DeletedEntityView>(
    'DELETE FROM entity_view WHERE entity_id = $1 AND entity_type = $2 RETURNING id, name',
    [entityId, entityType],
  );
  for (const v of views) {
    await deleteEntityRelations(q, 'ENTITY_VIEW', v.id);
    await deleteEntityAttributes(q, 'ENTITY_VIEW', v.id);
  }
  return views;
}
