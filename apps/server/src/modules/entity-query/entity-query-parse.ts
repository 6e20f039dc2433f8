import {
  ENTITY_KEY_VALUE_TYPES,
  type DynamicValue,
  type EntityFilter,
  type EntityKey,
  type EntityKeyType,
} from '@sapo/common';
import { parseFilter } from './entity-filter-parse.ts';
import { fail, list, obj, oneOf, optBool, optString, type Obj } from './parse-helpers.ts';

/**
 * Checks an entity data query as it arrives (REST body or WebSocket command) and normalises it, so
 * a bad query is a 400 naming the field instead of an SQL error. The SQL builders trust the result.
 */

export const LATEST_KEY_TYPES = [
  'ATTRIBUTE',
  'CLIENT_ATTRIBUTE',
  'SHARED_ATTRIBUTE',
  'SERVER_ATTRIBUTE',
  'TIME_SERIES',
] as const satisfies readonly EntityKeyType[];
export type LatestKeyType = (typeof LATEST_KEY_TYPES)[number];
const FILTER_KEY_TYPES: readonly string[] = ['ENTITY_FIELD', ...LATEST_KEY_TYPES];

const MAX_KEYS = 200;
/** As the other paged calls (lib/paging.ts PageQuery). */
const MAX_PAGE_SIZE = 100_000;
const MAX_KEY_FILTERS = 100;
const MAX_PREDICATE_DEPTH = 10;

/** A predicate operand: the static value (userValue over defaultValue) and an optional dynamic source. */
export interface Operand<T> {
  value: T | null;
  dynamic: DynamicValue | null;
}
export type Predicate =
  | { type: 'STRING'; operation: string; ignoreCase: boolean; value: Operand<string> }
  | { type: 'NUMERIC'; operation: string; value: Operand<number> }
  | { type: 'BOOLEAN'; operation: string; value: Operand<boolean> }
  | { type: 'COMPLEX'; operation: 'AND' | 'OR'; predicates: Predicate[] };

export interface ParsedKeyFilter {
  key: EntityKey;
  predicate: Predicate;
}
export interface ParsedCountQuery {
  filter: EntityFilter;
  keyFilters: ParsedKeyFilter[];
}
export interface ParsedDataQuery extends ParsedCountQuery {
  entityFields: EntityKey[];
  latestValues: EntityKey[];
  page: number;
  pageSize: number;
  textSearch: string | null;
  sortOrder: { key: EntityKey; direction: 'ASC' | 'DESC' } | null;
}

function entityKey(v: unknown, path: string, types: readonly string[]): EntityKey {
  const o = obj(v, path);
  if (typeof o.type !== 'string' || !types.includes(o.type)) {
    fail(`${path}.type`, `unsupported key type '${String(o.type)}'; allowed: ${types.join(', ')}`);
  }
  if (typeof o.key !== 'string' || o.key.trim() === '') fail(`${path}.key`, 'must be a non-empty string');
  if (o.key.length > 255) fail(`${path}.key`, 'must be at most 255 characters');
  return { type: o.type as EntityKeyType, key: o.key };
}

function operand<T>(v: unknown, path: string, cast: (x: unknown) => T | undefined, what: string): Operand<T> {
  const o = obj(v, path);
  const typed = (x: unknown, at: string): T | null => {
    if (x === undefined || x === null) return null;
    const c = cast(x);
    if (c === undefined) fail(at, `must be ${what}`);
    return c;
  };
  const value = typed(o.userValue, `${path}.userValue`) ?? typed(o.defaultValue, `${path}.defaultValue`);
  let dynamic: DynamicValue | null = null;
  if (o.dynamicValue !== undefined && o.dynamicValue !== null) {
    const d = obj(o.dynamicValue, `${path}.dynamicValue`);
    const attr = optString(d.sourceAttribute, `${path}.dynamicValue.sourceAttribute`);
    // ThingsBoard ignores a dynamic value without an attribute (the UI sends one half-filled).
    if (d.sourceType !== undefined && d.sourceType !== null && attr) {
      const sourceType = oneOf(
        d.sourceType,
        ['CURRENT_TENANT', 'CURRENT_CUSTOMER', 'CURRENT_USER', 'CURRENT_DEVICE'] as const,
        `${path}.dynamicValue.sourceType`,
      );
      dynamic = { sourceType, sourceAttribute: attr, inherit: optBool(d.inherit, `${path}.dynamicValue.inherit`) };
    }
  }
  if (value === null && dynamic === null) fail(`${path}.defaultValue`, `must be ${what}`);
  return { value, dynamic };
}

const asString = (x: unknown) =>
  typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'boolean' ? String(x) : undefined;
const asNumber = (x: unknown) => {
  const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const asBoolean = (x: unknown) =>
  typeof x === 'boolean' ? x : x === 'true' ? true : x === 'false' ? false : undefined;

function predicate(v: unknown, path: string, depth: number, budget: { left: number }): Predicate {
  if (--budget.left < 0) fail(path, `too many predicates (at most ${MAX_KEY_FILTERS * 2})`);
  const o = obj(v, path);
  const type = oneOf(o.type, ['STRING', 'NUMERIC', 'BOOLEAN', 'COMPLEX'] as const, `${path}.type`);
  const op = `${path}.operation`;
  switch (type) {
    case 'STRING':
      return {
        type,
        operation: oneOf(
          o.operation,
          ['EQUAL', 'NOT_EQUAL', 'STARTS_WITH', 'ENDS_WITH', 'CONTAINS', 'NOT_CONTAINS'],
          op,
        ),
        ignoreCase: optBool(o.ignoreCase, `${path}.ignoreCase`),
        value: operand(o.value, `${path}.value`, asString, 'a string'),
      };
    case 'NUMERIC':
      return {
        type,
        operation: oneOf(
          o.operation,
          ['EQUAL', 'NOT_EQUAL', 'GREATER', 'LESS', 'GREATER_OR_EQUAL', 'LESS_OR_EQUAL'],
          op,
        ),
        value: operand(o.value, `${path}.value`, asNumber, 'a finite number'),
      };
    case 'BOOLEAN':
      return {
        type,
        operation: oneOf(o.operation, ['EQUAL', 'NOT_EQUAL'], op),
        value: operand(o.value, `${path}.value`, asBoolean, 'a boolean'),
      };
    case 'COMPLEX': {
      if (depth >= MAX_PREDICATE_DEPTH) fail(path, `complex predicates nest at most ${MAX_PREDICATE_DEPTH} deep`);
      const children = list(o.predicates, `${path}.predicates`, MAX_KEY_FILTERS);
      return {
        type,
        operation: oneOf(o.operation, ['AND', 'OR'] as const, op),
        predicates: children.map((c, i) => predicate(c, `${path}.predicates[${i}]`, depth + 1, budget)),
      };
    }
  }
}

function keyFilters(v: unknown): ParsedKeyFilter[] {
  const budget = { left: MAX_KEY_FILTERS * 2 };
  return list(v, 'keyFilters', MAX_KEY_FILTERS).map((raw, i) => {
    const path = `keyFilters[${i}]`;
    const o = obj(raw, path);
    if (o.valueType !== undefined && o.valueType !== null)
      oneOf(o.valueType, ENTITY_KEY_VALUE_TYPES, `${path}.valueType`);
    return {
      key: entityKey(o.key, `${path}.key`, FILTER_KEY_TYPES),
      predicate: predicate(o.predicate, `${path}.predicate`, 0, budget),
    };
  });
}

export function parseCountQuery(raw: unknown): ParsedCountQuery {
  const q = obj(raw, 'query');
  if (q.entityFilter === undefined || q.entityFilter === null) fail('entityFilter', 'is required');
  return { filter: parseFilter(q.entityFilter), keyFilters: keyFilters(q.keyFilters) };
}

export function parseDataQuery(raw: unknown): ParsedDataQuery {
  const base = parseCountQuery(raw);
  const q = raw as Obj;
  const link = obj(q.pageLink, 'pageLink');
  const pageSize = link.pageSize;
  if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize <= 0 || pageSize > MAX_PAGE_SIZE) {
    fail('pageLink.pageSize', `must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
  const page = link.page ?? 0;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 0 || page * pageSize > Number.MAX_SAFE_INTEGER) {
    fail('pageLink.page', 'must be an integer of at least 0');
  }
  let sortOrder: ParsedDataQuery['sortOrder'] = null;
  if (link.sortOrder !== undefined && link.sortOrder !== null) {
    const s = obj(link.sortOrder, 'pageLink.sortOrder');
    sortOrder = {
      key: entityKey(s.key, 'pageLink.sortOrder.key', FILTER_KEY_TYPES),
      direction:
        s.direction === undefined || s.direction === null
          ? 'ASC'
          : oneOf(s.direction, ['ASC', 'DESC'] as const, 'pageLink.sortOrder.direction'),
    };
  }
  return {
    ...base,
    entityFields: list(q.entityFields, 'entityFields', MAX_KEYS).map((k, i) =>
      entityKey(k, `entityFields[${i}]`, ['ENTITY_FIELD']),
    ),
    latestValues: list(q.latestValues, 'latestValues', MAX_KEYS).map((k, i) =>
      entityKey(k, `latestValues[${i}]`, LATEST_KEY_TYPES),
    ),
    page,
    pageSize,
    textSearch: optString(link.textSearch, 'pageLink.textSearch') || null,
    sortOrder,
  };
}
