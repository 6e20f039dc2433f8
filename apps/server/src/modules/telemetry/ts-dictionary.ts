import type { Queryable } from '../../db/database.ts';

/**
 * Time-series key text ↔ small integer id (ts_kv_dictionary). Ids never change once given, so they
 * are cached for the life of the process.
 */
export class TsDictionary {
  private readonly ids = new Map<string, number>();
  private readonly names = new Map<number, string>();

  constructor(private readonly db: Queryable) {}

  /** Cached id of a key, if known. */
  cached(key: string): number | undefined {
    return this.ids.get(key);
  }

  private remember(rows: { key: string; key_id: number }[]) {
    for (const r of rows) {
      this.ids.set(r.key, r.key_id);
      this.names.set(r.key_id, r.key);
    }
  }

  /** Ids of keys, creating the missing ones. */
  async idsOf(keys: Iterable<string>): Promise<Map<string, number>> {
    const missing = [...new Set(keys)].filter((k) => !this.ids.has(k));
    if (missing.length) {
      await this.db.query(`INSERT INTO ts_kv_dictionary (key) SELECT unnest($1::text[]) ON CONFLICT (key) DO NOTHING`, [
        missing,
      ]);
      this.remember(
        await this.db.query<{ key: string; key_id: number }>(
          'SELECT key, key_id FROM ts_kv_dictionary WHERE key = ANY($1::text[])',
          [missing],
        ),
      );
    }
    return this.ids;
  }

  /** Ids of keys that exist (unknown keys have no data and are left out). */
  async existingIds(keys: readonly string[]): Promise<Map<string, number>> {
    const missing = keys.filter((k) => !this.ids.has(k));
    if (missing.length) {
      this.remember(
        await this.db.query<{ key: string; key_id: number }>(
          'SELECT key, key_id FROM ts_kv_dictionary WHERE key = ANY($1::text[])',
          [missing],
        ),
      );
    }
    const out = new Map<string, number>();
    for (const k of keys) {
      const id = this.ids.get(k);
      if (id !== undefined) out.set(k, id);
    }
    return out;
  }
}
