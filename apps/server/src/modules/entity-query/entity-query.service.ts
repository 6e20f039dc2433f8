import {
  toPageData,
  type EntityCountQuery,
  type EntityData,
  type EntityDataQuery,
  type EntityKeysResult,
  type PageData,
} from '@sapo/common';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireAuthority, type Caller } from '../auth/caller.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { toEntityData, type PageRow } from './entity-data-mapper.ts';
import { queryableTables, type SchemaColumns } from './entity-fields.ts';
import type { QueryCaller } from './entity-filter-sql.ts';
import { parseCountQuery, parseDataQuery } from './entity-query-parse.ts';
import { countStatement, pageStatement } from './entity-query-sql.ts';

export interface FindKeysOptions {
  timeseries: boolean;
  attributes: boolean;
}

/** find/keys looks at no more entities than this (ThingsBoard's cap). */
export const KEYS_MAX_PAGE_SIZE = 100;

/**
 * Entity data queries (reference §7), for the REST routes and the WebSocket entityDataCmds. Every
 * query runs as one count and one page statement; what the caller may see is part of the SQL.
 * Queries arrive untrusted (JSON bodies, WebSocket commands) and are checked here: a bad one is a 400.
 *
 * Decisions where ThingsBoard is silent or odd:
 * - stateEntity = its `singleEntity`, else `defaultStateEntity` (states resolve on the client);
 *   apiUsageState is empty (no usage states are recorded); dashboards appear once their table exists.
 * - Entity fields carry the query time as ts (ThingsBoard's EntityDataAdapter does); a field the type
 *   lacks or a NULL column is ""; a missing latest value is {ts: 0, value: ""}.
 * - ATTRIBUTE (any scope) is the most recently updated scope's value.
 * - STRING predicates read any value as text (missing = ""); NUMERIC reads longs, doubles and
 *   numeric strings; BOOLEAN reads booleans and "true"/"false". COMPLEX nests with proper grouping.
 * - Dynamic values: CURRENT_TENANT/CUSTOMER/USER read that entity's SERVER_SCOPE attribute;
 *   CURRENT_DEVICE is the row's own entity (any scope). `inherit` continues customer → tenant.
 * - Sort: entity fields by column; attribute/time-series values numerically, non-numbers after by
 *   text; missing values last; no sort order = newest first. Text search = case-insensitive
 *   "contains" over the selected fields and values (the name when nothing is selected).
 * - Relation filters walk COMMON relations up to 50 levels ("unlimited" included).
 * - Filters and sort read latest time series from ts_kv_latest, which the store updates every
 *   few hundred ms; the values shown come from the store and are always current.
 */
export class EntityQueryService {
  private columns: Promise<SchemaColumns> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly telemetry: Pick<TelemetryStore, 'latestMany'>,
  ) {}

  async findEntityData(caller: Caller, query: EntityDataQuery): Promise<PageData<EntityData>> {
    const q = parseDataQuery(query);
    const input = { query: q, caller: this.queryCaller(caller), schema: await this.schema() };
    const total = await this.count(countStatement(input, true));
    let data: EntityData[] = [];
    if (total > q.page * q.pageSize) {
      const page = pageStatement(input);
      const rows = await this.db.query<PageRow>(page.sql, page.params);
      const tsKeys = q.latestValues.filter((k) => k.type === 'TIME_SERIES').map((k) => k.key);
      const fresh =
        tsKeys.length && rows.length
          ? await this.telemetry.latestMany(
              rows.map((r) => r.id),
              tsKeys,
            )
          : undefined;
      const now = this.clock.now();
      data = rows.map((r) => toEntityData(r, q, page.plan, now, fresh?.get(r.id)));
    }
    return toPageData(data, total, q);
  }

  async countEntities(caller: Caller, query: EntityCountQuery): Promise<number> {
    const q = parseCountQuery(query);
    return this.count(
      countStatement({ query: q, caller: this.queryCaller(caller), schema: await this.schema() }, false),
    );
  }

  /** Time-series and attribute keys of the entities on the query's page (at most 100 entities). */
  async findKeys(caller: Caller, query: EntityDataQuery, opts: FindKeysOptions): Promise<EntityKeysResult> {
    const q = parseDataQuery(query);
    q.pageSize = Math.min(q.pageSize, KEYS_MAX_PAGE_SIZE);
    const page = pageStatement({ query: q, caller: this.queryCaller(caller), schema: await this.schema() });
    const ids = (await this.db.query<PageRow>(page.sql, page.params)).map((r) => r.id);
    const keys = async (sql: string) =>
      ids.length ? (await this.db.query<{ k: string }>(sql, [ids])).map((r) => r.k).sort() : [];
    // Time-series keys from the store: it includes series whose latest value is not written yet.
    const tsKeys = async () => {
      const latest = await this.telemetry.latestMany(ids);
      return [...new Set([...latest.values()].flatMap((es) => es.map((e) => e.key)))].sort();
    };
    return {
      timeseries: opts.timeseries && ids.length ? await tsKeys() : [],
      attribute: opts.attributes
        ? await keys('SELECT DISTINCT attribute_key AS k FROM attribute_kv WHERE entity_id = ANY($1::uuid[])')
        : [],
    };
  }

  private async count(s: { sql: string; params: unknown[] }): Promise<number> {
    const rows = await this.db.query<{ n: number }>(s.sql, s.params);
    return rows[0]?.n ?? 0;
  }

  /** Tenant and customer roles only (reference §7); the system administrator owns no entities here. */
  private queryCaller(c: Caller): QueryCaller {
    requireAuthority(c, 'TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER');
    return { authority: c.authority, tenantId: c.tenantId, customerId: c.customerId, userId: c.userId };
  }

  /** Columns of the entity tables, read once: migrations run before the app, tables later issues add may be absent. */
  private schema(): Promise<SchemaColumns> {
    this.columns ??= this.db
      .query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = ANY($1::text[])`,
        [queryableTables()],
      )
      .then((rows) => {
        const map = new Map<string, Set<string>>();
        for (const r of rows) {
          if (!map.has(r.table_name)) map.set(r.table_name, new Set());
          map.get(r.table_name)!.add(r.column_name);
        }
        return map;
      })
      .catch((err: unknown) => {
        this.columns = undefined;
        throw err;
      });
    return this.columns;
  }
}
