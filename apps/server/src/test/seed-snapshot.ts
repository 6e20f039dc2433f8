import type { Db, Queryable } from '../db/database.ts';

// One embedded database per vitest worker, reused by its test files (test-app.ts): starting PGlite from
// the template took 4–6 s of a busy 2-core machine per file, putting the seeded rows back well under 1 s.
// The template keeps a copy of every seeded table in schema test_seed; a reused database gets its
// public tables truncated and refilled from it, tables a test created dropped, and the serial
// counters set back.

const SEED = 'test_seed';
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tablesOf(q: Queryable, schema: string): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY tablename',
    [schema],
  );
  return rows.map((r) => r.name);
}

/** In the template, after seeding: the copy a reused database is put back from. */
export async function snapshotSeed(db: Queryable): Promise<void> {
  await db.query(`CREATE SCHEMA ${SEED}`);
  for (const table of await tablesOf(db, 'public')) {
    await db.query(`CREATE TABLE ${SEED}.${quote(table)} AS TABLE public.${quote(table)}`);
  }
  await db.query(
    `CREATE TABLE ${SEED}.__sequences AS
       SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public'`,
  );
}

/** Puts a database made from the template back into its seeded state (one transaction). */
export async function restoreSeed(db: Db): Promise<void> {
  const seeded = (await tablesOf(db, SEED)).filter((t) => t !== '__sequences');
  if (seeded.length === 0) throw new Error('the template has no seed snapshot');
  await db.tx(async (q) => {
    // Rows go back verbatim: no foreign-key checks and no triggers (a tenant insert makes a profile).
    await q.query('SET LOCAL session_replication_role = replica');
    const extra = (await tablesOf(q, 'public')).filter((t) => !seeded.includes(t));
    if (extra.length > 0) await q.query(`DROP TABLE ${extra.map((t) => `public.${quote(t)}`).join(', ')} CASCADE`);
    await q.query(`TRUNCATE ${seeded.map((t) => `public.${quote(t)}`).join(', ')}`);
    for (const table of seeded) {
      await q.query(`INSERT INTO public.${quote(table)} SELECT * FROM ${SEED}.${quote(table)}`);
    }
    const sequences = await q.query<{ name: string; last_value: string | null }>(
      `SELECT name, last_value FROM ${SEED}.__sequences`,
    );
    for (const s of sequences) {
      await q.query('SELECT setval($1, $2, $3)', [`public.${quote(s.name)}`, s.last_value ?? 1, s.last_value !== null]);
    }
  });
}
