// Writes the built-in system widgets into the database; run at every start, idempotent.
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { SystemBundleDef } from './system-widget-kit.ts';
import { SYSTEM_WIDGET_BUNDLES } from './system-widgets.ts';

/** Serialises starters sharing one PostgreSQL (the advisory lock key of this job). */
const LOCK_KEY = 814011;

const hashes = new WeakMap<readonly SystemBundleDef[], string>();

function definitionsHash(bundles: readonly SystemBundleDef[]): string {
  let hash = hashes.get(bundles);
  if (!hash) {
    hash = createHash('sha256').update(JSON.stringify(bundles)).digest('hex');
    hashes.set(bundles, hash);
  }
  return hash;
}

async function storedHash(q: Queryable): Promise<string | undefined> {
  const rows = await q.query<{ definitions_hash: string }>('SELECT definitions_hash FROM system_widgets_state');
  return rows[0]?.definitions_hash;
}

async function writeBundle(q: Queryable, b: SystemBundleDef, now: number): Promise<void> {
  const found = await q.query<{ id: string }>('SELECT id FROM widgets_bundle WHERE tenant_id IS NULL AND alias = $1', [
    b.alias,
  ]);
  const bundleId = found[0]?.id;
  if (bundleId) {
    await q.query(
      `UPDATE widgets_bundle SET title = $2, description = $3
       WHERE id = $1 AND (title IS DISTINCT FROM $2 OR description IS DISTINCT FROM $3)`,
      [bundleId, b.title, b.description],
    );
  } else {
    await q.query(
      `INSERT INTO widgets_bundle (id, created_time, tenant_id, alias, title, image, description)
       VALUES ($1, $2, NULL, $3, $4, NULL, $5)`,
      [newId(), now, b.alias, b.title, b.description],
    );
  }
  const types = await q.query<{ id: string; alias: string }>(
    'SELECT id, alias FROM widget_type WHERE tenant_id IS NULL AND bundle_alias = $1',
    [b.alias],
  );
  const idByAlias = new Map(types.map((t) => [t.alias, t.id]));
  for (const w of b.widgets) {
    const descriptor = JSON.stringify(w.descriptor);
    const id = idByAlias.get(w.alias);
    if (id) {
      await q.query(
        `UPDATE widget_type SET name = $2, descriptor = $3::jsonb, description = $4
         WHERE id = $1 AND (name IS DISTINCT FROM $2 OR descriptor IS DISTINCT FROM $3::jsonb
           OR description IS DISTINCT FROM $4)`,
        [id, w.name, descriptor, w.description],
      );
    } else {
      await q.query(
        `INSERT INTO widget_type (id, created_time, tenant_id, bundle_alias, alias, name, descriptor, image, description)
         VALUES ($1, $2, NULL, $3, $4, $5, $6::jsonb, NULL, $7)`,
        [newId(), now, b.alias, w.alias, w.name, descriptor, w.description],
      );
    }
  }
}

/**
 * Inserts missing system bundles and widget types and rewrites those whose definition changed.
 * Costs one SELECT when the definitions are those last written. Widgets the system administrator
 * added are left alone; a built-in one they deleted returns only when the definitions change.
 * Returns whether anything was written.
 */
export async function ensureSystemWidgets(
  db: Db,
  clock: Clock,
  bundles: readonly SystemBundleDef[] = SYSTEM_WIDGET_BUNDLES,
): Promise<boolean> {
  const hash = definitionsHash(bundles);
  if ((await storedHash(db)) === hash) return false;
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    if ((await storedHash(q)) === hash) return false;
    const now = clock.now();
    for (const b of bundles) await writeBundle(q, b, now);
    await q.query(
      `INSERT INTO system_widgets_state (id, definitions_hash, updated_time) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET definitions_hash = EXCLUDED.definitions_hash, updated_time = EXCLUDED.updated_time`,
      [hash, now],
    );
    return true;
  });
}
