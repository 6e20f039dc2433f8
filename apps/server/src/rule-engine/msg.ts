// TbMsg helpers. A message may carry a parsed view of its `data` (a symbol-keyed property: never
// serialised, dropped by JSON) so that the nodes of one message parse its JSON at most once.
import type { KvEntry } from '@sapo/common';
import { newId } from '../lib/ids.ts';
import type { EntityRef, TbMsg } from './rule-engine-types.ts';

const PARSED = Symbol('tbMsgParsed');

interface ParsedView {
  /** The `data` string this view belongs to: a node that replaces `data` invalidates it. */
  data: string;
  json: unknown;
  /** Typed key-values the transport already made of this data (telemetry/attributes), when known. */
  kv?: readonly KvEntry[];
}

type WithView = TbMsg & { [PARSED]?: ParsedView };

export function newMsg(
  type: string,
  originator: EntityRef,
  metaData: Record<string, string>,
  data: string,
  ts = Date.now(),
  customerId?: string,
): TbMsg {
  const msg: TbMsg = { id: newId(), ts, type, originator, metaData, dataType: 'JSON', data };
  if (customerId) msg.customerId = customerId;
  return msg;
}

/** A copy with some fields replaced (nodes never mutate a message another branch may hold). */
export function copyMsg(msg: TbMsg, patch: Partial<TbMsg>): TbMsg {
  return { ...msg, ...patch };
}

/** The message with an extra metadata entry (a new object: metadata maps are shared by fan-out). */
export function withMeta(msg: TbMsg, key: string, value: string): TbMsg {
  return { ...msg, metaData: { ...msg.metaData, [key]: value } };
}

/** Remembers the parsed form of `msg.data` (and optionally its typed key-values). */
export function attachParsed(msg: TbMsg, json: unknown, kv?: readonly KvEntry[]): TbMsg {
  (msg as WithView)[PARSED] = { data: msg.data, json, kv };
  return msg;
}

/** `msg.data` parsed once per data string; throws on invalid JSON. */
export function msgJson(msg: TbMsg): unknown {
  const view = (msg as WithView)[PARSED];
  if (view && view.data === msg.data) return view.json;
  const json: unknown = JSON.parse(msg.data);
  (msg as WithView)[PARSED] = { data: msg.data, json };
  return json;
}

/** The typed key-values the transport attached, when `data` was not changed since. */
export function msgKv(msg: TbMsg): readonly KvEntry[] | undefined {
  const view = (msg as WithView)[PARSED];
  return view && view.data === msg.data ? view.kv : undefined;
}

/** What scripts get as `msg`: parsed JSON, or the text itself when the data is not JSON. */
export function scriptMsgArg(msg: TbMsg): unknown {
  if (msg.dataType !== 'JSON') return msg.data;
  try {
    return msgJson(msg);
  } catch {
    return msg.data;
  }
}
