// SQL of widgets bundles. Owners are tenant ids, SYSTEM_OWNER (the null id) for system bundles.
import type { PageData, PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { queryPage } from '../../lib/paging.ts';
import { OWNER_SQL, type WidgetsBundleRow } from './widget-wire.ts';

const COLS = 'id, created_time, tenant_id, alias, title, image, description';
const SORT = { title: 'lower(title)', name: 'lower(title)', alias: 'alias', createdTime: 'created_time' };

export class WidgetsBundleRepository {
  constructor(private readonly db: Queryable) {}

  /** With `forUpdate`, widget types cannot be added to the bundle until the transaction ends. */
  async findById(id: string, q: Queryable = this.db, forUpdate = false): Promise<WidgetsBundleRow | undefined> {
    const rows = await q.query<WidgetsBundleRow>(
      `SELECT ${COLS} FROM widgets_bundle WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  /** With `share`, the bundle cannot be deleted until the transaction ends (a widget type is being added). */
  async findByAlias(
    owner: string,
    alias: string,
    q: Queryable = this.db,
    share = false,
  ): Promise<WidgetsBundleRow | undefined> {
    const rows = await q.query<WidgetsBundleRow>(
      `SELECT ${COLS} FROM widgets_bundle WHERE ${OWNER_SQL} = $1 AND alias = $2${share ? ' FOR SHARE' : ''}`,
      [owner, alias],
    );
    return rows[0];
  }

  /** Every bundle of the owners, by title. */
  list(owners: readonly string[]): Promise<WidgetsBundleRow[]> {
    return this.db.query<WidgetsBundleRow>(
      `SELECT ${COLS} FROM widgets_bundle WHERE ${OWNER_SQL} = ANY($1::uuid[]) ORDER BY lower(title), id`,
      [owners],
    );
  }

  findPage(owners: readonly string[], link: PageLink): Promise<PageData<WidgetsBundleRow>> {
    return queryPage<WidgetsBundleRow>(
      this.db,
      {
        from: 'widgets_bundle',
        where: [`${OWNER_SQL} = ANY($1::uuid[])`],
        params: [owners],
        searchColumn: 'title',
        sortColumns: SORT,
        select: COLS,
      },
      { ...link, sortProperty: link.sortProperty ?? 'title' },
    );
  }

  /** Aliases of the owner equal to `base` or starting with `base_` (candidates for a clash). */
  async aliasesLike(q: Queryable, owner: string, base: string): Promise<string[]> {
    const rows = await q.query<{ alias: string }>(
      `SELECT alias FROM widgets_bundle WHERE ${OWNER_SQL} = $1 AND (alias = $2 OR starts_with(alias, $2 || '_'))`,
      [owner, base],
    );
    return rows.map((r) => r.alias);
  }

  async insert(q: Queryable, r: WidgetsBundleRow): Promise<void> {
    await q.query(`INSERT INTO widgets_bundle (${COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      r.id,
      r.created_time,
      r.tenant_id,
      r.alias,
      r.title,
      r.image,
      r.description,
    ]);
  }

  /** Title, image and description; the alias never changes. */
  async update(q: Queryable, r: WidgetsBundleRow): Promise<void> {
    await q.query('UPDATE widgets_bundle SET title = $2, image = $3, description = $4 WHERE id = $1', [
      r.id,
      r.title,
      r.image,
      r.description,
    ]);
  }

  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM widgets_bundle WHERE id = $1', [id]);
  }
}
