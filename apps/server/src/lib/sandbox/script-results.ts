import { ScriptError } from './script-error.ts';

// Result checks per script kind, as ThingsBoard's script engine does them ("Wrong result type: X"
// with Jackson's node type names). Shared by the rule nodes and the script test API.

export type JsonNodeType = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'OBJECT' | 'ARRAY' | 'NULL' | 'MISSING';

export function jsonNodeType(v: unknown): JsonNodeType {
  if (v === undefined) return 'MISSING';
  if (v === null) return 'NULL';
  if (Array.isArray(v)) return 'ARRAY';
  switch (typeof v) {
    case 'string':
      return 'STRING';
    case 'number':
      return 'NUMBER';
    case 'boolean':
      return 'BOOLEAN';
    default:
      return 'OBJECT';
  }
}

const wrongType = (v: unknown) => new ScriptError('error', `Wrong result type: ${jsonNodeType(v)}`);

/** filter: must return a boolean. */
export function filterResult(v: unknown): boolean {
  if (typeof v !== 'boolean') throw wrongType(v);
  return v;
}

/** switch: a relation name or an array of them. */
export function switchResult(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) {
    for (const item of v) if (typeof item !== 'string') throw wrongType(item);
    return [...new Set(v as string[])];
  }
  throw wrongType(v);
}

/** string (log node): must return a string. */
export function stringResult(v: unknown): string {
  if (typeof v !== 'string') throw wrongType(v);
  return v;
}

export interface ScriptMsgParts {
  /** The payload as a JSON value. */
  msg: unknown;
  metadata: Record<string, string>;
  msgType: string;
}

/** Metadata values are strings; numbers and booleans are converted, nested values are written as JSON. */
export function toMetadata(v: unknown): Record<string, string> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw wrongType(v);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (val === null || val === undefined) continue;
    out[k] = typeof val === 'string' ? val : typeof val === 'object' ? JSON.stringify(val) : String(val);
  }
  return out;
}

/** update / generate: `{msg, metadata, msgType}`; a missing part keeps the input's. */
export function updateResult(v: unknown, input: ScriptMsgParts): ScriptMsgParts {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw wrongType(v);
  const r = v as Record<string, unknown>;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(r, k);
  return {
    msg: has('msg') ? r.msg : input.msg,
    metadata: has('metadata') ? toMetadata(r.metadata) : input.metadata,
    msgType: has('msgType') && r.msgType !== null && r.msgType !== undefined ? String(r.msgType) : input.msgType,
  };
}
