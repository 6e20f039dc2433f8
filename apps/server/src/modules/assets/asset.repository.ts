import type { Queryable } from '../../db/database.ts';
import { OwnedEntityRepository, type OwnedRow } from '../entities/owned-entity.repository.ts';

export interface AssetRow extends OwnedRow {
  label: string | null;
}

/** Sortable columns of the asset tables (all index-backed within a tenant, see migration 0005). */
const SORT = {
  createdTime: 'created_time',
  name: 'name',
  type: 'type',
  label: 'label',
  customerTitle: 'customer_title',
};

export class AssetRepository extends OwnedEntityRepository<AssetRow> {
  constructor(db: Queryable) {
    super(db, 'asset', SORT);
  }

  async insert(q: Queryable, r: AssetRow): Promise<void> {
    await q.query(
      `INSERT INTO asset (id, created_time, tenant_id, customer_id, name, type, label, additional_info)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.id, r.created_time, r.tenant_id, r.customer_id, r.name, r.type, r.label, JSON.stringify(r.additional_info)],
    );
  }

  async update(q: Queryable, r: AssetRow): Promise<void> {
    await q.query('UPDATE asset SET name = $2, type = $3, label = $4, additional_info = $5 WHERE id = $1', [
      r.id,
      r.name,
      r.type,
      r.label,
      JSON.stringify(r.additional_info),
    ]);
  }
}
