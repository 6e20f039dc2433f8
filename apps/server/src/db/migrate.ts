import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './database.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Applies numbered SQL files once each, every file in its own transaction. Returns the names applied. */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migration (version int PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)',
  );
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}-.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 4));
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const done = await db.tx(async (q) => {
      // Serialises concurrent starters against one PostgreSQL; a no-op cost on PGlite.
      await q.query('SELECT pg_advisory_xact_lock(814000)');
      const rows = await q.query('SELECT 1 FROM schema_migration WHERE version = $1', [version]);
      if (rows.length > 0) return false;
      await q.query(sql);
      await q.query('INSERT INTO schema_migration (version, name, applied_at) VALUES ($1, $2, $3)', [
        version,
        file,
        Date.now(),
      ]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
