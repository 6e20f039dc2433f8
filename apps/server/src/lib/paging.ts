import { Type, type Static } from 'typebox';
import { parseSortOrder, type PageData, type PageLink, toPageData } from '@sapo/common';
import type { Queryable } from '../db/database.ts';
import { badRequest } from './app-error.ts';

/** ThingsBoard's page-link query parameters (reference §0). */
export const PageQuery = Type.Object({
  pageSize: Type.Integer({ minimum: 1, maximum: 100000 }),
  // A Java int in ThingsBoard; unbounded, page × pageSize outgrew SQL's OFFSET (a 500 found by fuzzing).
  page: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  textSearch: Type.Optional(Type.String({ maxLength: 255 })),
  sortProperty: Type.Optional(Type.String({ maxLength: 64 })),
  sortOrder: Type.Optional(Type.String({ maxLength: 8 })),
});
export type PageQuery = Static<typeof PageQuery>;

export function toPageLink(q: PageQuery): PageLink {
  const order = parseSortOrder(q.sortOrder);
  if (typeof order === 'object') throw badRequest(order.error);
  return {
    pageSize: q.pageSize,
    page: q.page,
    textSearch: q.textSearch || undefined,
    sortProperty: q.sortProperty || undefined,
    sortOrder: order,
  };
}

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
export function likePrefix(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
}

export interface PageSpec {
  /** FROM clause (a table or join). */
  from: string;
  /** AND-ed conditions using $1.. for params. */
  where: string[];
  params: unknown[];
  /** Column the case-insensitive textSearch prefix applies to. */
  searchColumn: string;
  /** Allowed sortProperty values → SQL expressions. */
  sortColumns: Record<string, string>;
  select?: string;
}

/** Runs a count and a page query; unknown sort properties are a 400 naming the allowed ones. */
export async function queryPage<Row>(q: Queryable, spec: PageSpec, link: PageLink): Promise<PageData<Row>> {
  const where = [...spec.where];
  const params = [...spec.params];
  if (link.textSearch) {
    params.push(likePrefix(link.textSearch));
    where.push(`lower(${spec.searchColumn}) LIKE lower($${params.length})`);
  }
  let orderBy = 'created_time DESC, id';
  if (link.sortProperty) {
    const col = spec.sortColumns[link.sortProperty];
    if (!col) {
      throw badRequest(
        `Unsupported sort property '${link.sortProperty}'! Allowed: ${Object.keys(spec.sortColumns).join(', ')}`,
      );
    }
    orderBy = `${col} ${link.sortOrder}, id`;
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countRows = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${spec.from} ${whereSql}`, params);
  const total = countRows[0]?.n ?? 0;
  params.push(link.pageSize, link.page * link.pageSize);
  const rows = await q.query<Row>(
    `SELECT ${spec.select ?? '*'} FROM ${spec.from} ${whereSql} ORDER BY ${orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return toPageData(rows, total, link);
}

export function mapPage<A, B>(page: PageData<A>, fn: (a: A) => B): PageData<B> {
  return { ...page, data: page.data.map(fn) };
}
