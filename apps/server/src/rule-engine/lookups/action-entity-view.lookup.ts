// The entity views of a device or asset, for the copy-to-view node.
import type { Queryable } from '../../db/database.ts';
import type { EntityViewKeys } from '../../modules/entity-views/entity-view.repository.ts';

export interface ViewOfEntity {
  id: string;
  keys: EntityViewKeys;
  startTs: number;
  endTs: number;
}

export async function findViewsOfEntity(db: Queryable, tenantId: string, entityId: string): Promise<ViewOfEntity[]> {
  const rows = await db.query<{ id: string; keys: EntityViewKeys | null; start_ts: number; end_ts: number }>(
    `SELECT id, keys, start_ts, end_ts FROM entity_view WHERE tenant_id = $1 AND entity_id = $2`,
    [tenantId, entityId],
  );
  return rows.map((r) => ({
    id: r.id,
    keys: r.keys ?? { timeseries: [], attributes: { cs: [], ss: [], sh: [] } },
    startTs: Number(r.start_ts),
    endTs: Number(r.end_ts),
  }));
}
