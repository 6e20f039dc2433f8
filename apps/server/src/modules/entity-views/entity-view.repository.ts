import type { Queryable } from '../../db/database.ts';
import { OwnedEntityRepository, type OwnedRow } from '../entities/owned-entity.repository.ts';

/** Which telemetry and attribute keys of its target an entity view exposes. */
export interface EntityViewKeys {
  timeseries: string[];
  attributes: { cs: string[]; ss: string[]; sh: string[] };
}

export interface EntityViewRow extends OwnedRow {
  entity_type: string;
  entity_id: string;
  keys: EntityViewKeys;
  start_ts: number;
  end_ts: number;
}

const SORT = {
  createdTime: 'created_time',
  name: 'name',
  type: 'type',
  customerTitle: 'customer_title',
};

export class EntityViewRepository extends OwnedEntityRepository<EntityViewRow> {
  constructor(db: Queryable) {
    super(db, 'entity_view', SORT);
  }

  async insert(q: Queryable, r: EntityViewRow): Promise<void> {
    await q.query(
      `INSERT INTO entity_view (id, created_time, tenant_id, customer_id, entity_type, entity_id, name, type, keys,
         start_ts, end_ts, additional_info)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        r.id,
        r.created_time,
        r.tenant_id,
        r.customer_id,
        r.entity_type,
        r.entity_id,
        r.name,
        r.type,
        JSON.stringify(r.keys),
        r.start_ts,
        r.end_ts,
        JSON.stringify(r.additional_info),
      ],
    );
  }

  async update(q: Queryable, r: EntityViewRow): Promise<void> {
    await q.query(
      `UPDATE entity_view SET entity_type = $2, entity_id = $3, name = $4, type = $5, keys = $6, start_ts = $7,
         end_ts = $8, additional_info = $9 WHERE id = $1`,
      [
        r.id,
        r.entity_type,
        r.entity_id,
        r.name,
        r.type,
        JSON.stringify(r.keys),
        r.start_ts,
        r.end_ts,
        JSON.stringify(r.additional_info),
      ],
    );
  }
}
