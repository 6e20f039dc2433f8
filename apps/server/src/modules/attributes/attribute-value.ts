/** The typed columns of attribute_kv: exactly one is set per row. */
export interface AttributeColumns {
  bool_v: boolean | null;
  str_v: string | null;
  long_v: number | null;
  dbl_v: number | null;
  json_v: unknown;
}

/**
 * Places a JSON value in its column as ThingsBoard types key-values: booleans, whole numbers
 * (that fit a 64-bit integer exactly), other numbers, objects and arrays (JSON), strings.
 * Returns an error sentence for values that have no column (null, NaN, Infinity).
 */
export function toAttributeColumns(value: unknown): AttributeColumns | string {
  const cols: AttributeColumns = { bool_v: null, str_v: null, long_v: null, dbl_v: null, json_v: null };
  switch (typeof value) {
    case 'boolean':
      return { ...cols, bool_v: value };
    case 'number':
      if (!Number.isFinite(value)) return 'must be a finite number';
      return Number.isSafeInteger(value) ? { ...cols, long_v: value } : { ...cols, dbl_v: value };
    case 'string':
      return { ...cols, str_v: value };
    case 'object':
      if (value === null) return "can't be null";
      return { ...cols, json_v: value };
    default:
      return 'must be a string, number, boolean, object or array';
  }
}

/** The value of a stored row, whichever column holds it. */
export function fromAttributeColumns(r: AttributeColumns): unknown {
  if (r.bool_v !== null) return r.bool_v;
  if (r.long_v !== null) return Number(r.long_v);
  if (r.dbl_v !== null) return Number(r.dbl_v);
  if (r.str_v !== null) return r.str_v;
  return r.json_v ?? null;
}
