/**
 * Key-values as ThingsBoard types them (reference §4, §6): what devices send, what is stored and
 * how values are written back as strings. Pure; shared by the server transports and the web app.
 */

import {
  MAX_KEYS_PER_MESSAGE,
  depthMessage,
  jsonTextTooDeep,
  jsonValueProblem,
  storable,
  storableText,
  textProblem,
  tooManyKeysMessage,
} from './json-limits.ts';

export type DataType = 'BOOLEAN' | 'LONG' | 'DOUBLE' | 'STRING' | 'JSON';

/** A typed key-value. `value` is a boolean, a number, a string or (JSON) any object or array. */
export interface KvEntry {
  key: string;
  type: DataType;
  value: unknown;
}

/** A time-series point. */
export interface TsKvEntry extends KvEntry {
  ts: number;
}

/** One timestamp's values of a telemetry payload. */
export interface TelemetryRecord {
  ts: number;
  values: KvEntry[];
}

export type Aggregation = 'MIN' | 'MAX' | 'AVG' | 'SUM' | 'COUNT' | 'NONE';
export const AGGREGATIONS: readonly Aggregation[] = ['MIN', 'MAX', 'AVG', 'SUM', 'COUNT', 'NONE'];

/** A bad payload; `message` is ThingsBoard's sentence where it has one. */
export class PayloadError extends Error {}

const NUMERIC_STRING = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const MAX_KEY_LENGTH = 255;

function numberEntry(key: string, n: number, raw?: string): KvEntry {
  if (!Number.isFinite(n)) throw new PayloadError(`Value of '${key}' is not a finite number`);
  const looksDouble = raw !== undefined ? /[.eE]/.test(raw) : !Number.isInteger(n);
  if (!looksDouble) {
    if (!Number.isSafeInteger(n)) throw new PayloadError('Big integer values are not supported!');
    return { key, type: 'LONG', value: n };
  }
  return { key, type: 'DOUBLE', value: n };
}

/**
 * Types one value: booleans, numbers (whole → LONG, else DOUBLE; beyond 2^53 → error), objects
 * and arrays (JSON), strings — numeric-looking strings become numbers when `typeCast` is on, as
 * ThingsBoard's default `type_cast_enabled` does. `null`/`undefined` → null (ignored). Text the
 * database cannot store (NUL, lone surrogates) and JSON nested too deep are refused here, so one
 * caller's bad value never reaches a statement shared with others.
 */
export function toKvEntry(key: string, value: unknown, typeCast = true): KvEntry | null {
  switch (typeof value) {
    case 'boolean':
      return { key, type: 'BOOLEAN', value };
    case 'number':
      return numberEntry(key, value);
    case 'string': {
      if (!storable(value)) throw new PayloadError(`Invalid value of '${storableText(key)}': ${textProblem(value)}`);
      if (typeCast && NUMERIC_STRING.test(value.trim())) return numberEntry(key, Number(value), value.trim());
      return { key, type: 'STRING', value };
    }
    case 'object': {
      if (value === null) return null;
      const problem = jsonValueProblem(value, storableText(key));
      if (problem) throw new PayloadError(problem);
      return { key, type: 'JSON', value };
    }
    default:
      return null;
  }
}

function checkKey(raw: string): string {
  const key = raw.trim();
  if (!key) throw new PayloadError('Key cannot be empty or contains only spaces');
  if (key.length > MAX_KEY_LENGTH)
    throw new PayloadError(`Key '${storableText(key.slice(0, 40))}…' is longer than ${MAX_KEY_LENGTH}`);
  if (!storable(key)) throw new PayloadError(`Invalid key '${storableText(key)}': ${textProblem(key)}`);
  return key;
}

/**
 * A flat JSON object as typed key-values (attributes, or one telemetry record); at most
 * MAX_KEYS_PER_MESSAGE keys. Any key is data, `__proto__` and `constructor` included.
 */
export function parseKvObject(obj: unknown, typeCast = true): KvEntry[] {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
    throw new PayloadError('Request is not a JSON object');
  }
  const fields = Object.entries(obj as Record<string, unknown>);
  if (fields.length > MAX_KEYS_PER_MESSAGE) throw new PayloadError(tooManyKeysMessage(fields.length));
  const out = new Map<string, KvEntry>();
  for (const [rawKey, value] of fields) {
    const key = checkKey(rawKey);
    const entry = toKvEntry(key, value, typeCast);
    if (entry) out.set(key, entry);
  }
  return [...out.values()];
}

function isTsValues(o: Record<string, unknown>): boolean {
  return 'ts' in o && 'values' in o;
}

function parseRecord(o: unknown, now: number, typeCast: boolean): TelemetryRecord {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) {
    throw new PayloadError('Unable to parse timeseries payload: Invalid JSON body!');
  }
  const rec = o as Record<string, unknown>;
  if (isTsValues(rec)) {
    const ts = typeof rec.ts === 'string' && /^\d+$/.test(rec.ts) ? Number(rec.ts) : rec.ts;
    if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < 0) {
      throw new PayloadError("Unable to parse timeseries payload: 'ts' must be epoch milliseconds");
    }
    return { ts, values: parseKvObject(rec.values, typeCast) };
  }
  return { ts: now, values: parseKvObject(rec, typeCast) };
}

/**
 * A telemetry payload in any of ThingsBoard's forms — `{"k":v}`, `{"ts":…,"values":{…}}` or an
 * array of either — as records (values without a ts get `now`). Throws PayloadError when it is
 * not one of those or holds no values.
 */
export function parseTelemetryPayload(json: unknown, now: number, typeCast = true): TelemetryRecord[] {
  const items = Array.isArray(json) ? json : [json];
  const records = items.map((o) => parseRecord(o, now, typeCast)).filter((r) => r.values.length > 0);
  if (records.length === 0) throw new PayloadError('No timeseries data found in request body!');
  if (records.length > 1) {
    const keys = new Set<string>();
    for (const r of records) for (const v of r.values) keys.add(v.key);
    if (keys.size > MAX_KEYS_PER_MESSAGE) throw new PayloadError(tooManyKeysMessage(keys.size));
  }
  return records;
}

/**
 * Parses JSON text within the limits of json-limits.ts (nesting, NUL, lone surrogates); the error
 * names the problem instead of a stack.
 */
export function parseJsonText(text: string): unknown {
  if (jsonTextTooDeep(text)) throw new PayloadError(depthMessage());
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`Invalid JSON: ${(err as Error).message}`);
  }
  const problem = jsonValueProblem(json);
  if (problem) throw new PayloadError(problem);
  return json;
}

/**
 * ThingsBoard's getValueAsString: doubles keep a decimal point as Java prints them ("21.0"),
 * JSON is serialized, booleans are "true"/"false".
 */
export function valueAsString(e: Pick<KvEntry, 'type' | 'value'>): string {
  switch (e.type) {
    case 'DOUBLE': {
      const n = e.value as number;
      return Number.isInteger(n) && Math.abs(n) < 1e7 ? n.toFixed(1) : String(n);
    }
    case 'JSON':
      return JSON.stringify(e.value);
    default:
      return String(e.value);
  }
}

/** Time-series keys are comma-separated in query strings. */
export function splitKeys(keys: string | undefined | null): string[] {
  if (!keys) return [];
  return [
    ...new Set(
      keys
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
}
