// SQL of widget types. Owners are tenant ids, SYSTEM_OWNER (the null id) for system widgets.
import type { Queryable } from '../../db/database.ts';
import { OWNER_SQL, type WidgetTypeInfoRow, type WidgetTypeRow } from './widget-wire.ts';

const COLS = 'id, created_time, tenant_id, bundle_alias, alias, name, descriptor, image, description';
const INFO_COLS = `id, created_time, tenant_id, bundle_alias, alias, name, image, description,
  descriptor->>'type' AS widget_type`;
const ORDER = 'ORDER BY lower(name), id';

export class WidgetTypeRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: string, q: Queryable = this.db): Promise<WidgetTypeRow | undefined> {
    const rows = await q.query<WidgetTypeRow>(`SELECT ${COLS} FROM widget_type WHERE id = $1`, [id]);
    return rows[0];
  }

  async findByAlias(owner: string, bundleAlias: string, alias: string): Promise<WidgetTypeRow | undefined> {
    const rows = await this.db.query<WidgetTypeRow>(
      `SELECT ${COLS} FROM widget_type WHERE ${OWNER_SQL} = $1 AND bundle_alias = $2 AND alias = $3`,
      [owner, bundleAlias, alias],
    );
    return rows[0];
  }

  list(owner: string, bundleAlias: string, q: Queryable = this.db): Promise<WidgetTypeRow[]> {
    return q.query<WidgetTypeRow>(
      `SELECT ${COLS} FROM widget_type WHERE ${OWNER_SQL} = $1 AND bundle_alias = $2 ${ORDER}`,
      [owner, bundleAlias],
    );
  }

  /** The list without descriptors (they can be large), each with its descriptor's type. */
  listInfos(owner: string, bundleAlias: string): Promise<WidgetTypeInfoRow[]> {
    return this.db.query<WidgetTypeInfoRow>(
      `SELECT ${INFO_COLS} FROM widget_type WHERE ${OWNER_SQL} = $1 AND bundle_alias = $2 ${ORDER}`,
      [owner, bundleAlias],
    );
  }

  /** Aliases in the owner's bundle equal to `base` or starting with `base_` (candidates for a clash). */
  async aliasesLike(q: Queryable, owner: string, bundleAlias: string, base: string): Promise<string[]> {
    const rows = await q.query<{ alias: string }>(
      `SELECT alias FROM widget_type WHERE ${OWNER_SQL} = $1 AND bundle_alias = $2
         AND (alias = $3 OR starts_with(alias, $3 || '_'))`,
      [owner, bundleAlias, base],
    );
    return rows.map((r) => r.alias);
  }

  async insert(q: Queryable, r: WidgetTypeRow): Promise<void> {
    await q.query(`INSERT INTO widget_type (${COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`, [
      r.id,
      r.created_time,
      r.tenant_id,
      r.bundle_alias,
      r.alias,
      r.name,
      JSON.stringify(r.descriptor),
      r.image,
      r.description,
    ]);
  }

  /** Name, descriptor, image and description; owner, bundle and alias never change. */
  async update(q: Queryable, r: WidgetTypeRow): Promise<void> {
    await q.query(
      'UPDATE widget_type SET name = $2, descriptor = $3::jsonb, image = $4, description = $5 WHERE id = $1',
      [r.id, r.name, JSON.stringify(r.descriptor), r.image, r.description],
    );
  }

  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM widget_type WHERE id = $1', [id]);
  }

  /** Deletes the widget types of a bundle; returns how many. */
  async deleteByBundle(q: Queryable, owner: string, bundleAlias: string): Promise<number> {
    const rows = await q.query<{ id: string }>(
      `DELETE FROM widget_type WHERE ${OWNER_SQL} = $1 AND bundle_alias = $2 RETURNING id`,
      [owner, bundleAlias],
    );
    return rows.length;
  }
}
