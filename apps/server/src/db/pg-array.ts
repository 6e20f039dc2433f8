// Postgres array literals ('{…}') for the unnest() parameters of bulk writes. pg's generic encoder
// quotes every element and runs two regex replaces on it; on the telemetry path that is thousands of
// elements per batch, dozens of batches a second, all on the event loop. These build the same text in
// one pass. Pass the result where the SQL casts it (`$1::bigint[]`).

type Nullable<T> = T | null | undefined;

/** `{1,2.5,NULL}`; NaN and ±Infinity are spelled as Postgres reads them for float8. */
export function numberArray(values: readonly Nullable<number>[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i) out += ',';
    const v = values[i];
    out += v === null || v === undefined ? 'NULL' : String(v);
  }
  return out + '}';
}

/** `{t,f,NULL}` */
export function boolArray(values: readonly Nullable<boolean>[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i) out += ',';
    const v = values[i];
    out += v === null || v === undefined ? 'NULL' : v ? 't' : 'f';
  }
  return out + '}';
}

/** One quoted element: every element is quoted, so 'NULL', '', commas and braces stay text. */
export function quoteElement(v: string): string {
  if (v.indexOf('"') < 0 && v.indexOf('\\') < 0) return '"' + v + '"';
  return '"' + v.replace(/[\\"]/g, '\\$&') + '"';
}

/** `{"a","b \"c\"",NULL}`: text, uuid and jsonb (already serialised) elements. */
export function textArray(values: readonly Nullable<string>[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i) out += ',';
    const v = values[i];
    out += v === null || v === undefined ? 'NULL' : quoteElement(v);
  }
  return out + '}';
}
