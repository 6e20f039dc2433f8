import type { Db } from '../../db/database.ts';
import { numberArray, textArray } from '../../db/pg-array.ts';
import { MINUTE_MS } from './ts-bucket-plan.ts';
import { columnArrays } from './ts-columns.ts';
import type { SeriesPoint } from './ts-pending.ts';
import { REBUILD_ENTITY_MINUTES, UPSERT_POINTS_QUIET } from './ts-sql.ts';

const CHUNK = 10_000;

/**
 * Writes points older than `watermark` in large statements and rebuilds the rollup minutes they
 * touch, in one transaction. Runs inside the writer's `exclusive` so the watermark cannot move and
 * no batch interleaves; points at or after the watermark are the caller's to write the ordinary way.
 */
export async function importOldPoints(db: Db, points: readonly SeriesPoint[], watermark: number): Promise<void> {
  if (!points.length) return;
  const entities = [...new Set(points.map((p) => p.entityId))];
  const from = Math.floor(Math.min(...points.map((p) => p.ts)) / MINUTE_MS) * MINUTE_MS;
  await db.tx(async (q) => {
    for (let i = 0; i < points.length; i += CHUNK) {
      const chunk = points.slice(i, i + CHUNK);
      const [b, s, l, d, j] = columnArrays(chunk);
      await q.query(UPSERT_POINTS_QUIET, [
        textArray(chunk.map((p) => p.entityId)),
        numberArray(chunk.map((p) => p.keyId)),
        numberArray(chunk.map((p) => p.ts)),
        b,
        s,
        l,
        d,
        j,
      ]);
    }
    await q.query(REBUILD_ENTITY_MINUTES, [entities, from, watermark]);
  });
}
