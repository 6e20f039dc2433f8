import type { Queryable } from '../../db/database.ts';
import type { AlarmRow } from './alarm.repository.ts';

/** An uncleared alarm the rule engine keeps updating, with the entities it is propagated to. */
export interface HotAlarm {
  row: AlarmRow;
  ids: string[];
  /** endTs/details changed in memory and not yet written. */
  dirty: boolean;
}

const keyOf = (originatorId: string, type: string) => `${originatorId.toLowerCase()}\n${type}`;

/**
 * Active alarms the rule engine updates on every matching message (ThingsBoard moves `endTs` and the
 * details each time). Such an update changes nothing else, so it is applied here and written at most
 * once a second per alarm, in one statement for all of them; every other change goes through the
 * transactional path after `take()` has written and dropped the entry. Reads of those two fields may
 * lag by up to a second; the rule engine's outputs carry the current values.
 */
export class AlarmHotCache {
  private readonly entries = new Map<string, HotAlarm>();

  get(originatorId: string, type: string): HotAlarm | undefined {
    return this.entries.get(keyOf(originatorId, type));
  }

  set(row: AlarmRow, ids: string[]): void {
    this.entries.set(keyOf(row.originator_id, row.type), { row, ids, dirty: false });
  }

  /** Removes the entry of an alarm (by id), returning it so pending changes can be written first. */
  takeById(id: string): HotAlarm | undefined {
    for (const [key, entry] of this.entries) {
      if (entry.row.id === id) {
        this.entries.delete(key);
        return entry;
      }
    }
    return undefined;
  }

  take(originatorId: string, type: string): HotAlarm | undefined {
    const key = keyOf(originatorId, type);
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry;
  }

  dropOriginator(originatorId: string): void {
    const prefix = `${originatorId.toLowerCase()}\n`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** The entries with unwritten changes, marked clean. */
  drainDirty(): HotAlarm[] {
    const out: HotAlarm[] = [];
    for (const entry of this.entries.values()) {
      if (!entry.dirty) continue;
      entry.dirty = false;
      out.push(entry);
    }
    return out;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Writes endTs and details of several alarms in one statement (only while they are still uncleared). */
export async function writeHotAlarms(q: Queryable, rows: readonly AlarmRow[]): Promise<void> {
  if (!rows.length) return;
  await q.query(
    `UPDATE alarm a SET end_ts = u.end_ts, details = u.details::jsonb
       FROM unnest($1::uuid[], $2::bigint[], $3::text[]) AS u(id, end_ts, details)
      WHERE a.id = u.id AND a.clear_ts = 0`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.end_ts),
      rows.map((r) => (r.details === null || r.details === undefined ? null : JSON.stringify(r.details))),
    ],
  );
}
