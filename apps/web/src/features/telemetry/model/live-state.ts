import type { TsData } from '../../../lib/ws-client';

/** One key as the tables show it: the last value (a string, as the WebSocket sends it) and its time. */
export interface LiveEntry {
  key: string;
  ts: number;
  value: string;
  /** The update number that last changed it (0: part of the first snapshot); drives the flash. */
  changed: number;
}

export type LiveEntries = ReadonlyMap<string, LiveEntry>;

/** The newest pair of a list (history lists come newest first, updates oldest first: do not trust order). */
function newest(list: readonly [number, string][]): [number, string] | undefined {
  let best: [number, string] | undefined;
  for (const pair of list) if (!best || pair[0] >= best[0]) best = pair;
  return best;
}

/**
 * Merges a subscription reply into the table. The first reply after (re)subscribing is a snapshot
 * and replaces everything; later ones change the keys they name. A value older than the one shown is
 * ignored (replies can cross), and a key sent with an empty list was deleted.
 */
export function applyReply(current: LiveEntries, data: TsData, first: boolean, seq: number): LiveEntries {
  const next = new Map(first ? [] : current);
  for (const [key, list] of Object.entries(data)) {
    const pair = newest(list);
    if (!pair) {
      next.delete(key);
      continue;
    }
    const [ts, value] = pair;
    const shown = next.get(key);
    if (first) {
      next.set(key, { key, ts, value, changed: 0 });
    } else if (!shown || ts > shown.ts || (ts === shown.ts && value !== shown.value)) {
      next.set(key, { key, ts, value, changed: seq });
    }
  }
  return next;
}

/** The table without the given keys (right after a delete, before the server says so). */
export function withoutKeys(current: LiveEntries, keys: readonly string[]): LiveEntries {
  const next = new Map(current);
  for (const key of keys) next.delete(key);
  return next;
}

/** Rows to show: the keys or values containing the search text (any case), sorted by key. */
export function visibleEntries(entries: LiveEntries, search: string): LiveEntry[] {
  const needle = search.trim().toLowerCase();
  return [...entries.values()]
    .filter((e) => !needle || e.key.toLowerCase().includes(needle) || e.value.toLowerCase().includes(needle))
    .sort((a, b) => a.key.localeCompare(b.key));
}
