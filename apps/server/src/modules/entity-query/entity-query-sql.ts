import type { EntityKey } from '@sapo/common';
import { fieldKind, type SchemaColumns } from './entity-fields.ts';
import { entitySetSql, type QueryCaller } from './entity-filter-sql.ts';
import type { ParsedCountQuery, ParsedDataQuery } from './entity-query-parse.ts';
import { fieldValueSql, kvValueSql, predicateSql, type DynamicContext, type ValueSql } from './key-filter-sql.ts';
import { SqlParams } from './sql-params.ts';

/**
 * The statements of an entity data query: one for the page, one for the count. Entity fields are
 * columns f<i> of the entity set `e`; every latest key (attribute or time series) the query reads is
 * a lateral join k<i> with the typed value columns and `ts`.
 */

export interface QueryInput {
  query: ParsedCountQuery & Partial<ParsedDataQuery>;
  caller: QueryCaller;
  schema: SchemaColumns;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** Which column holds which key: entity fields by slot, latest keys by join index. */
export interface KeyPlan {
  fieldKeys: string[];
  latestKeys: EntityKey[];
}

const SCOPES: Record<string, string> = {
  CLIENT_ATTRIBUTE: 'CLIENT_SCOPE',
  SHARED_ATTRIBUTE: 'SHARED_SCOPE',
  SERVER_ATTRIBUTE: 'SERVER_SCOPE',
};

const keyId = (k: EntityKey) => `${k.type}\u0000${k.key}`;

/** Keys read, in a fixed order: selection first, then filter and sort keys. */
export function planKeys(q: QueryInput['query']): KeyPlan {
  const all: EntityKey[] = [
    ...(q.entityFields ?? []),
    ...(q.latestValues ?? []),
    ...q.keyFilters.map((f) => f.key),
    ...(q.sortOrder ? [q.sortOrder.key] : []),
  ];
  if (q.textSearch && !q.entityFields?.length && !q.latestValues?.length)
    all.push({ type: 'ENTITY_FIELD', key: 'name' });
  const seen = new Set<string>();
  const plan: KeyPlan = { fieldKeys: [], latestKeys: [] };
  for (const k of all) {
    if (seen.has(keyId(k))) continue;
    seen.add(keyId(k));
    if (k.type === 'ENTITY_FIELD') plan.fieldKeys.push(k.key);
    else plan.latestKeys.push(k);
  }
  return plan;
}

function latestJoin(k: EntityKey, alias: string, params: SqlParams): string {
  const key = params.add(k.key, 'text');
  const cols = 'bool_v, str_v, long_v, dbl_v, json_v';
  let sub: string;
  if (k.type === 'TIME_SERIES') {
    sub = `SELECT ${cols}, ts FROM ts_kv_latest WHERE entity_id = e.id AND key = ${key}`;
  } else {
    // ATTRIBUTE (any scope) takes the most recently updated one, as ThingsBoard does.
    const scope = SCOPES[k.type];
    sub = `SELECT ${cols}, last_update_ts AS ts FROM attribute_kv WHERE entity_id = e.id AND attribute_key = ${key}${
      scope ? ` AND attribute_type = '${scope}'` : ' ORDER BY last_update_ts DESC LIMIT 1'
    }`;
  }
  return `LEFT JOIN LATERAL (${sub}) ${alias} ON true`;
}

class Builder {
  readonly params = new SqlParams();
  readonly plan: KeyPlan;
  private readonly used = new Set<number>();
  private readonly joinSql: string[] = [];

  constructor(private readonly input: QueryInput) {
    this.plan = planKeys(input.query);
  }

  /** The readings of a key; marks its join as needed. */
  value(k: EntityKey): ValueSql {
    if (k.type === 'ENTITY_FIELD') return fieldValueSql(`e.f${this.plan.fieldKeys.indexOf(k.key)}`, fieldKind(k.key));
    const i = this.plan.latestKeys.findIndex((l) => keyId(l) === keyId(k));
    this.used.add(i);
    return kvValueSql(`k${i}`);
  }

  /** WITH … e AS (…): the entity set. Built first so its placeholders come first. */
  entitySet(): string {
    const set = entitySetSql(this.input.query.filter, {
      params: this.params,
      caller: this.input.caller,
      schema: this.input.schema,
      fieldKeys: this.plan.fieldKeys,
    });
    return `WITH ${set.recursive ? 'RECURSIVE ' : ''}${[...set.ctes, `e AS (${set.select})`].join(',\n')}`;
  }

  where(withTextSearch: boolean): string {
    const { query, caller } = this.input;
    const ctx: DynamicContext = {
      tenantId: caller.tenantId,
      customerId: caller.customerId,
      userId: caller.userId,
      row: { id: 'e.id', ownerCustomer: 'e.owner_customer', ownerTenant: 'e.owner_tenant' },
    };
    const conds = query.keyFilters.map((f) => predicateSql(f.predicate, this.value(f.key), this.params, ctx));
    if (withTextSearch && query.textSearch) {
      const selected = [...(query.entityFields ?? []), ...(query.latestValues ?? [])];
      const keys: EntityKey[] = selected.length ? selected : [{ type: 'ENTITY_FIELD', key: 'name' }];
      const needle = `lower(${this.params.add(query.textSearch, 'text')})`;
      const any = keys.map((k) => `strpos(lower(COALESCE(${this.value(k).text}, '')), ${needle}) > 0`);
      conds.push(`(${any.join(' OR ')})`);
    }
    return conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  }

  orderBy(): string {
    const s = this.input.query.sortOrder;
    if (!s) return 'ORDER BY e.created_time DESC, e.id';
    const v = this.value(s.key);
    // Entity fields sort by their column (text as text, as ThingsBoard); attribute and time-series
    // values sort as numbers when they are numbers, the others following by text.
    const kind = s.key.type === 'ENTITY_FIELD' ? fieldKind(s.key.key) : null;
    const parts = kind === 'number' ? [v.num] : kind ? [v.text] : [v.num, v.text];
    return `ORDER BY ${parts.map((p) => `${p} ${s.direction} NULLS LAST`).join(', ')}, e.entity_type, e.id`;
  }

  /** Joins of the latest keys used so far (or all of them); each join's SQL is built once. */
  joins(all: boolean): string {
    return this.plan.latestKeys
      .map((k, i) => {
        if (!all && !this.used.has(i)) return '';
        return (this.joinSql[i] ??= latestJoin(k, `k${i}`, this.params));
      })
      .filter(Boolean)
      .join('\n');
  }
}

/** SELECT count(*) of the entities matching the filter, key filters and (for find) the text search. */
export function countStatement(input: QueryInput, withTextSearch: boolean): Statement {
  const b = new Builder(input);
  const withSql = b.entitySet();
  const where = b.where(withTextSearch);
  const joins = b.joins(false);
  return { sql: `${withSql}\nSELECT count(*)::int AS n FROM e\n${joins}\n${where}`, params: b.params.values };
}

/**
 * The page: ids, entity-field slots f<i> and latest columns k<i>_{b,s,l,d,j,ts}. The inner query
 * pages with only the joins its conditions and sort read; the values merely shown are joined to
 * the page's rows alone, so a large entity set costs one lookup per shown value, not per entity.
 */
export function pageStatement(input: QueryInput & { query: ParsedDataQuery }): Statement & { plan: KeyPlan } {
  const b = new Builder(input);
  const withSql = b.entitySet();
  const where = b.where(true);
  const order = b.orderBy();
  const usedJoins = b.joins(false);
  const { page, pageSize } = input.query;
  const limit = `LIMIT ${b.params.add(pageSize, 'bigint')} OFFSET ${b.params.add(page * pageSize, 'bigint')}`;
  const allJoins = b.joins(true);
  const cols = [
    'e.id',
    'e.entity_type',
    ...b.plan.fieldKeys.map((_, i) => `e.f${i}`),
    ...b.plan.latestKeys.flatMap((_, i) =>
      ['bool_v b', 'str_v s', 'long_v l', 'dbl_v d', 'json_v j', 'ts ts'].map((c) => {
        const [col, suffix] = c.split(' ');
        return `k${i}.${col} AS k${i}_${suffix}`;
      }),
    ),
  ];
  const paged = `SELECT e.* FROM e\n${usedJoins}\n${where}\n${order}\n${limit}`;
  return {
    sql: `${withSql}\nSELECT ${cols.join(', ')} FROM (${paged}) e\n${allJoins}\n${order}`,
    params: b.params.values,
    plan: b.plan,
  };
}
