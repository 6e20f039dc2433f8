// Small helpers shared by the script, enrichment, transformation, RPC, generator and delay nodes.
import { randomUUID } from 'node:crypto';
import type { DataType } from '@sapo/common';
import type { NodeOutput, TbMsg } from '../rule-engine-types.ts';

/** Configuration read leniently: the web may send numbers as strings and omit defaults. */
export function cfgString(c: Record<string, unknown>, key: string, fallback = ''): string {
  const v = c[key];
  return typeof v === 'string' ? v : v === undefined || v === null ? fallback : String(v);
}

export function cfgNumber(c: Record<string, unknown>, key: string, fallback: number): number {
  const v = c[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

export function cfgBool(c: Record<string, unknown>, key: string, fallback = false): boolean {
  const v = c[key];
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.toLowerCase() === 'true';
  return fallback;
}

/** A list of non-empty strings (chip inputs); anything else is ignored. */
export function cfgStringList(c: Record<string, unknown>, key: string): string[] {
  const v = c[key];
  if (!Array.isArray(v)) return [];
  return v.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim());
}

/** A string→string map (attrMapping, fieldsMapping). */
export function cfgStringMap(c: Record<string, unknown>, key: string): Record<string, string> {
  const v = c[key];
  const out: Record<string, string> = {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    if (typeof val === 'string' && k.trim() !== '') out[k] = val;
  }
  return out;
}

/** The message payload as a script sees it: parsed JSON for JSON messages, else the text. */
export function msgPayload(msg: TbMsg): unknown {
  if (msg.dataType !== 'JSON') return msg.data;
  try {
    return JSON.parse(msg.data);
  } catch {
    return msg.data;
  }
}

/** The payload as a JSON object, or an Error message for nodes that need one. */
export function msgObject(msg: TbMsg): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(msg.data);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * ThingsBoard's `${key}` templates: every `${metadataKey}` is replaced by that metadata value;
 * placeholders without a value stay as written.
 */
export function processPattern(pattern: string, metaData: Record<string, string>): string {
  if (!pattern.includes('${')) return pattern;
  return pattern.replace(/\$\{([^}]+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(metaData, key) ? metaData[key]! : whole,
  );
}

/** A typed value as ThingsBoard writes it into metadata (Java's toString for doubles). */
export function kvToString(type: DataType, value: unknown): string {
  if (type === 'JSON') return typeof value === 'string' ? value : JSON.stringify(value);
  if (type === 'DOUBLE' && typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e7) {
    return value.toFixed(1);
  }
  return String(value);
}

/** Script results into a metadata map: strings as they are, other values as JSON text. */
export function toStringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    if (val === undefined || val === null) continue;
    out[k] = typeof val === 'string' ? val : typeof val === 'object' ? JSON.stringify(val) : String(val);
  }
  return out;
}

/** A copy of the message with a new id (ThingsBoard's `ctx.newMsg` / `transformMsg`). */
export function derivedMsg(msg: TbMsg, patch: Partial<Omit<TbMsg, 'id'>>): TbMsg {
  return { ...msg, ...patch, id: randomUUID() };
}

/** Failure output for a message whose node runs asynchronously (emit): error text as `ctx.tellFailure` leaves it. */
export function failureOut(msg: TbMsg, error: string): NodeOutput {
  return { relation: 'Failure', msg: { ...msg, metaData: { ...msg.metaData, error } } };
}

/** Time units of ThingsBoard's interval settings. */
export { TIME_UNITS } from '@sapo/common';
const UNIT_MS: Record<string, number> = {
  MILLISECONDS: 1,
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};
export function unitToMs(unit: string): number {
  return UNIT_MS[unit] ?? 60_000;
}

/** The relations query of the related-entity nodes (`relationsQuery`). */
export interface NodeRelationsQuery {
  direction: 'FROM' | 'TO';
  maxLevel: number;
  fetchLastLevelOnly: boolean;
  filters: { relationType: string | null; entityTypes: string[] }[];
}

export const DEFAULT_RELATIONS_QUERY = {
  direction: 'FROM',
  maxLevel: 1,
  filters: [{ relationType: 'Contains', entityTypes: [] }],
} as const;

/** Reads `relationsQuery`, throwing a readable error when it cannot work. */
export function parseRelationsQuery(v: unknown): NodeRelationsQuery {
  if (!v || typeof v !== 'object') throw new Error('Relations query is not set!');
  const q = v as Record<string, unknown>;
  const direction = q.direction === 'TO' ? 'TO' : q.direction === 'FROM' || q.direction === undefined ? 'FROM' : null;
  if (!direction) throw new Error(`Unknown relation direction: ${String(q.direction)}`);
  const filters = Array.isArray(q.filters)
    ? q.filters
        .filter((f): f is Record<string, unknown> => !!f && typeof f === 'object')
        .map((f) => ({
          relationType: typeof f.relationType === 'string' && f.relationType !== '' ? f.relationType : null,
          entityTypes: Array.isArray(f.entityTypes)
            ? f.entityTypes.filter((t): t is string => typeof t === 'string')
            : [],
        }))
    : [];
  return {
    direction,
    maxLevel: cfgNumber(q, 'maxLevel', 1),
    fetchLastLevelOnly: cfgBool(q, 'fetchLastLevelOnly'),
    filters,
  };
}

/** Wraps a script whose arguments ThingsBoard names differently (generator: prevMsg…). */
export function renameScriptArgs(script: string, names: readonly [string, string, string]): string {
  // An inner function gives the script its own scope, so it may declare `let msg` freely.
  return `return (function(${names.join(', ')}) {\n${script}\n})(msg, metadata, msgType);`;
}
