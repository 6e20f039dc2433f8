import {
  type KvEntry,
  parseJsonText,
  parseKvObject,
  parseTelemetryPayload,
  PayloadError,
  splitKeys,
  type TelemetryRecord,
} from '@sapo/common';
import type { ClientRpcRequest } from './client-rpc.ts';

/** Device payloads are at most 64 KiB (HTTP body and MQTT payload alike). */
export const MAX_DEVICE_PAYLOAD_BYTES = 64 * 1024;

/** JSON text of a device; PostgreSQL cannot store NUL, so it is refused here rather than failing the write. */
export function parseDeviceJson(text: string): unknown {
  if (text.includes('\u0000') || text.includes('\\u0000')) {
    throw new PayloadError('Payload must not contain NUL characters');
  }
  return parseJsonText(text);
}

export function parseTelemetry(text: string, now: number): TelemetryRecord[] {
  return parseTelemetryPayload(parseDeviceJson(text), now);
}

export function parseAttributes(text: string): KvEntry[] {
  const entries = parseKvObject(parseDeviceJson(text));
  if (!entries.length) throw new PayloadError('No attributes data found in request body!');
  return entries;
}

/** `{"clientKeys":"a,b","sharedKeys":"c"}`: absent or empty lists are null. */
export function parseAttributeRequest(text: string): { clientKeys: string[] | null; sharedKeys: string[] | null } {
  const body = text.trim() === '' ? {} : parseDeviceJson(text);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PayloadError('Request is not a JSON object');
  }
  const o = body as Record<string, unknown>;
  return { clientKeys: keyList(o.clientKeys), sharedKeys: keyList(o.sharedKeys) };
}

export function keyList(v: unknown): string[] | null {
  const keys = typeof v === 'string' ? splitKeys(v) : Array.isArray(v) ? splitKeys(v.join(',')) : [];
  return keys.length ? keys : null;
}

export function parseClaim(text: string): { secretKey: string | null; durationMs: number | undefined } {
  if (text.trim() === '') return { secretKey: null, durationMs: undefined };
  const body = parseDeviceJson(text);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PayloadError('Request is not a JSON object');
  }
  const o = body as Record<string, unknown>;
  if (o.secretKey !== undefined && o.secretKey !== null && typeof o.secretKey !== 'string') {
    throw new PayloadError("'secretKey' must be a string");
  }
  if (o.durationMs !== undefined && o.durationMs !== null && typeof o.durationMs !== 'number') {
    throw new PayloadError("'durationMs' must be a number of milliseconds");
  }
  return {
    secretKey: (o.secretKey as string | undefined) ?? null,
    durationMs: (o.durationMs as number | undefined) ?? undefined,
  };
}

export function parseClientRpc(text: string): ClientRpcRequest {
  const body = parseDeviceJson(text);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PayloadError('Request is not a JSON object');
  }
  const o = body as Record<string, unknown>;
  if (typeof o.method !== 'string' || o.method.trim() === '') {
    throw new PayloadError("Client-side RPC request must name its 'method'");
  }
  return { method: o.method, params: o.params ?? null };
}
