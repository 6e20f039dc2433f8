// In-memory evaluation of key filter predicates for alarm rules (reference §8, spec 2-calls §3.3).
import type { DynamicValue, EntityKeyValueType, FilterPredicateValue, KeyFilterPredicate } from '@sapo/common';

/** Primitive value as stored (attribute / telemetry / entity field). */
export type Primitive = string | number | boolean;

/** Finds an attribute on the device (CURRENT_DEVICE) or its owner (CURRENT_CUSTOMER / CURRENT_TENANT). */
export type DynamicSourceLookup = (
  source: 'DEVICE' | 'CUSTOMER' | 'TENANT',
  attribute: string,
) => Primitive | null | undefined;

/** Resolves a dynamic value; inherit falls through device → customer → tenant. Null when not found. */
export function resolveDynamic(dv: DynamicValue, lookup: DynamicSourceLookup): Primitive | null {
  if (!dv.sourceAttribute) return null;
  const chain: ('DEVICE' | 'CUSTOMER' | 'TENANT')[] =
    dv.sourceType === 'CURRENT_DEVICE'
      ? ['DEVICE', 'CUSTOMER', 'TENANT']
      : dv.sourceType === 'CURRENT_CUSTOMER'
        ? ['CUSTOMER', 'TENANT']
        : dv.sourceType === 'CURRENT_TENANT'
          ? ['TENANT']
          : [];
  const tried = dv.inherit ? chain : chain.slice(0, 1);
  for (const src of tried) {
    const v = lookup(src, dv.sourceAttribute);
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

/** Operand: a found dynamic value, else defaultValue (userValue is ignored for alarm rules). */
function operand<T>(v: FilterPredicateValue<T>, lookup: DynamicSourceLookup): Primitive | null {
  if (v.dynamicValue) {
    const found = resolveDynamic(v.dynamicValue, lookup);
    if (found !== null) return found;
  }
  return (v.defaultValue as Primitive | null | undefined) ?? null;
}

export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function toBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true') return true;
    if (s === 'false') return false;
    const n = toNumber(s);
    return n === null ? null : n !== 0;
  }
  return null;
}

const toStr = (v: Primitive): string => (typeof v === 'string' ? v : String(v));

/** Parses a stored/constant value per the filter's value type (DATE_TIME is numeric). */
export function coerce(v: unknown, valueType: EntityKeyValueType): Primitive | null {
  if (v === null || v === undefined) return null;
  switch (valueType) {
    case 'NUMERIC':
    case 'DATE_TIME':
      return toNumber(v);
    case 'BOOLEAN':
      return toBoolean(v);
    default:
      return typeof v === 'object' ? JSON.stringify(v) : toStr(v as Primitive);
  }
}

/** Evaluates one predicate; a missing value (null/undefined) is false. */
export function evaluatePredicate(
  predicate: KeyFilterPredicate,
  value: Primitive | null | undefined,
  lookup: DynamicSourceLookup,
): boolean {
  if (value === null || value === undefined) return false;
  switch (predicate.type) {
    case 'STRING': {
      const right = operand(predicate.value, lookup);
      if (right === null) return false;
      let a = toStr(value);
      let b = toStr(right);
      if (predicate.ignoreCase) {
        a = a.toLowerCase();
        b = b.toLowerCase();
      }
      switch (predicate.operation) {
        case 'EQUAL':
          return a === b;
        case 'NOT_EQUAL':
          return a !== b;
        case 'STARTS_WITH':
          return a.startsWith(b);
        case 'ENDS_WITH':
          return a.endsWith(b);
        case 'CONTAINS':
          return a.includes(b);
        case 'NOT_CONTAINS':
          return !a.includes(b);
        default:
          return false;
      }
    }
    case 'NUMERIC': {
      const a = toNumber(value);
      const b = toNumber(operand(predicate.value, lookup));
      if (a === null || b === null) return false;
      switch (predicate.operation) {
        case 'EQUAL':
          return a === b;
        case 'NOT_EQUAL':
          return a !== b;
        case 'GREATER':
          return a > b;
        case 'LESS':
          return a < b;
        case 'GREATER_OR_EQUAL':
          return a >= b;
        case 'LESS_OR_EQUAL':
          return a <= b;
        default:
          return false;
      }
    }
    case 'BOOLEAN': {
      const a = toBoolean(value);
      const b = toBoolean(operand(predicate.value, lookup));
      if (a === null || b === null) return false;
      if (predicate.operation === 'EQUAL') return a === b;
      if (predicate.operation === 'NOT_EQUAL') return a !== b;
      return false;
    }
    case 'COMPLEX': {
      const children = predicate.predicates ?? [];
      if (predicate.operation === 'AND') return children.every((p) => evaluatePredicate(p, value, lookup));
      return children.some((p) => evaluatePredicate(p, value, lookup));
    }
    default:
      return false;
  }
}
