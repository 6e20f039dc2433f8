import type { DataType, KvEntry } from '@sapo/common';
import { boolArray, numberArray, textArray } from '../../db/pg-array.ts';

/** The typed value columns shared by ts_kv, ts_kv_latest and attribute_kv: exactly one is set. */
export interface ValueColumns {
  bool_v: boolean | null;
  str_v: string | null;
  long_v: number | null;
  dbl_v: number | null;
  json_v: unknown;
}

/** The SQL list of the value columns, in ValueColumns order. */
export const VALUE_COLUMNS = 'bool_v, str_v, long_v, dbl_v, json_v';

/** The value of a row and its type, whichever column holds it. */
export function fromColumns(r: ValueColumns): { type: DataType; value: unknown } {
  if (r.bool_v !== null && r.bool_v !== undefined) return { type: 'BOOLEAN', value: r.bool_v };
  if (r.long_v !== null && r.long_v !== undefined) return { type: 'LONG', value: Number(r.long_v) };
  if (r.dbl_v !== null && r.dbl_v !== undefined) return { type: 'DOUBLE', value: Number(r.dbl_v) };
  if (r.str_v !== null && r.str_v !== undefined) return { type: 'STRING', value: r.str_v };
  return { type: 'JSON', value: r.json_v ?? null };
}

/**
 * Array literals for an `unnest($n::boolean[], $n::text[], $n::bigint[], $n::float8[], $n::jsonb[])`,
 * one per value column (see pg-array.ts for why literals rather than JS arrays).
 */
export function columnArrays(entries: readonly Pick<KvEntry, 'type' | 'value'>[]) {
  const b: (boolean | null)[] = [];
  const s: (string | null)[] = [];
  const l: (number | null)[] = [];
  const d: (number | null)[] = [];
  const j: (string | null)[] = [];
  for (const e of entries) {
    b.push(e.type === 'BOOLEAN' ? (e.value as boolean) : null);
    s.push(e.type === 'STRING' ? (e.value as string) : null);
    l.push(e.type === 'LONG' ? (e.value as number) : null);
    d.push(e.type === 'DOUBLE' ? (e.value as number) : null);
    j.push(e.type === 'JSON' ? JSON.stringify(e.value) : null);
  }
  return [boolArray(b), textArray(s), numberArray(l), numberArray(d), textArray(j)] as const;
}
