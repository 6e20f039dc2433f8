import type { DynamicValue } from '@sapo/common';
import type { FieldKind } from './entity-fields.ts';
import type { Operand, Predicate } from './entity-query-parse.ts';
import type { SqlParams } from './sql-params.ts';

/**
 * Key-filter predicates as SQL conditions (spec 2-calls §3.3). A value is seen three ways — as
 * text (STRING predicates, text search), as a number (NUMERIC, DATE_TIME, numeric sort) and as a
 * boolean — so a predicate works whichever column the value was stored in. A missing value
 * reads as "" for STRING predicates (as ThingsBoard does) and never matches NUMERIC or BOOLEAN ones.
 */

/** SQL expressions of one value as text, numeric and boolean (each NULL when it has no such reading). */
export interface ValueSql {
  text: string;
  num: string;
  bool: string;
}

/** The row being filtered, for CURRENT_DEVICE dynamic values (the entity itself and its owners). */
export interface RowRefs {
  id: string;
  ownerCustomer: string;
  ownerTenant: string;
}

/** Where dynamic values come from: the caller's tenant, customer and user, and the row. */
export interface DynamicContext {
  tenantId: string;
  customerId: string;
  userId: string;
  row: RowRefs;
}

// Bounded digits and exponent: anything matching casts to numeric without overflow.
const NUMERIC_TEXT = String.raw`^\s*[-+]?(\d{1,200}(\.\d{0,200})?|\.\d{1,200})([eE][-+]?\d{1,3})?\s*$`;

/** A text expression as numeric when it looks like a number, else NULL (never a cast error). */
export function safeNumericSql(text: string): string {
  return `(CASE WHEN ${text} ~ '${NUMERIC_TEXT}' THEN (${text})::numeric END)`;
}

function safeBooleanSql(text: string): string {
  return `(CASE lower(${text}) WHEN 'true' THEN true WHEN 'false' THEN false END)`;
}

/** The readings of a typed key-value row (attribute_kv / ts_kv_latest columns under `alias`). */
export function kvValueSql(alias: string): ValueSql {
  const a = alias;
  return {
    text: `COALESCE(${a}.str_v, ${a}.bool_v::text, ${a}.long_v::text, ${a}.dbl_v::text, ${a}.json_v::text)`,
    num: `COALESCE(${a}.long_v::numeric, ${a}.dbl_v::numeric, ${safeNumericSql(`${a}.str_v`)})`,
    bool: `COALESCE(${a}.bool_v, ${safeBooleanSql(`${a}.str_v`)})`,
  };
}

/** The readings of an entity field column of the given kind. */
export function fieldValueSql(expr: string, kind: FieldKind): ValueSql {
  switch (kind) {
    case 'number':
      return { text: `(${expr})::text`, num: `(${expr})::numeric`, bool: 'NULL::boolean' };
    case 'json':
      return { text: `(${expr})::text`, num: 'NULL::numeric', bool: 'NULL::boolean' };
    case 'text':
      return { text: expr, num: safeNumericSql(expr), bool: safeBooleanSql(expr) };
  }
}

type Reading = keyof ValueSql;
const CAST: Record<Reading, string> = { text: 'text', num: 'numeric', bool: 'boolean' };

/** One attribute lookup of a dynamic value: newest of any scope (devices) or SERVER_SCOPE (owners). */
function attributeLookup(idSql: string, anyScope: boolean, keyParam: string, reading: Reading): string {
  const scope = anyScope ? '' : ` AND d.attribute_type = 'SERVER_SCOPE'`;
  return `(SELECT ${kvValueSql('d')[reading]} FROM attribute_kv d
    WHERE d.entity_id = ${idSql} AND d.attribute_key = ${keyParam}${scope}
    ORDER BY d.last_update_ts DESC LIMIT 1)`;
}

/** Sources tried in order; `inherit` adds the owner chain (customer, then tenant). */
function dynamicSources(dv: DynamicValue, ctx: DynamicContext, params: SqlParams): Array<[string, boolean]> {
  // Placeholders are added only when used: PostgreSQL rejects a parameter the SQL never mentions.
  const tenant = (): [string, boolean] => [params.add(ctx.tenantId, 'uuid'), false];
  const customer = (): [string, boolean] => [params.add(ctx.customerId, 'uuid'), false];
  switch (dv.sourceType) {
    case 'CURRENT_TENANT':
      return [tenant()];
    case 'CURRENT_CUSTOMER':
      return dv.inherit ? [customer(), tenant()] : [customer()];
    case 'CURRENT_USER': {
      const user: [string, boolean] = [params.add(ctx.userId, 'uuid'), false];
      return dv.inherit ? [user, customer(), tenant()] : [user];
    }
    case 'CURRENT_DEVICE': {
      const self: [string, boolean] = [ctx.row.id, true];
      return dv.inherit ? [self, [ctx.row.ownerCustomer, false], [ctx.row.ownerTenant, false]] : [self];
    }
  }
}

/** The operand: a found dynamic value, else the static value (userValue over defaultValue). */
export function operandSql<T>(o: Operand<T>, reading: Reading, params: SqlParams, ctx: DynamicContext): string {
  const parts: string[] = [];
  if (o.dynamic) {
    const key = params.add(o.dynamic.sourceAttribute, 'text');
    for (const [id, anyScope] of dynamicSources(o.dynamic, ctx, params)) {
      parts.push(attributeLookup(id, anyScope, key, reading));
    }
  }
  if (o.value !== null) parts.push(params.add(o.value, CAST[reading]));
  return parts.length === 1 ? parts[0]! : `COALESCE(${parts.join(', ')})`;
}

const NUMERIC_OPS: Record<string, string> = {
  EQUAL: '=',
  NOT_EQUAL: '<>',
  GREATER: '>',
  LESS: '<',
  GREATER_OR_EQUAL: '>=',
  LESS_OR_EQUAL: '<=',
};

function stringCondition(op: string, v: string, o: string): string {
  switch (op) {
    case 'EQUAL':
      return `${v} = ${o}`;
    case 'NOT_EQUAL':
      return `${v} <> ${o}`;
    case 'STARTS_WITH':
      return `starts_with(${v}, ${o})`;
    case 'ENDS_WITH':
      return `right(${v}, length(${o})) = ${o}`;
    case 'CONTAINS':
      return `strpos(${v}, ${o}) > 0`;
    default: // NOT_CONTAINS
      return `strpos(${v}, ${o}) = 0`;
  }
}

/** A predicate over a value as a boolean SQL expression (never NULL). */
export function predicateSql(p: Predicate, v: ValueSql, params: SqlParams, ctx: DynamicContext): string {
  switch (p.type) {
    case 'COMPLEX': {
      if (p.predicates.length === 0) return 'TRUE';
      const parts = p.predicates.map((c) => predicateSql(c, v, params, ctx));
      return `(${parts.join(` ${p.operation} `)})`;
    }
    case 'STRING': {
      let value = `COALESCE(${v.text}, '')`;
      let operand = operandSql(p.value, 'text', params, ctx);
      if (p.ignoreCase) {
        value = `lower(${value})`;
        operand = `lower(${operand})`;
      }
      return `COALESCE(${stringCondition(p.operation, value, operand)}, false)`;
    }
    case 'NUMERIC':
      return `COALESCE(${v.num} ${NUMERIC_OPS[p.operation] ?? '='} ${operandSql(p.value, 'num', params, ctx)}, false)`;
    case 'BOOLEAN': {
      const op = p.operation === 'NOT_EQUAL' ? '<>' : '=';
      return `COALESCE(${v.bool} ${op} ${operandSql(p.value, 'bool', params, ctx)}, false)`;
    }
  }
}
