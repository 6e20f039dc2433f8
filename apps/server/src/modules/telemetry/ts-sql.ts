// SQL of the time-series writer and readers, in one place so the statements stay consistent.

/** Raw points known to be new (each newer than anything stored for its series): a plain insert. */
export const INSERT_NEW_POINTS = `
INSERT INTO ts_kv (entity_id, key, ts, bool_v, str_v, long_v, dbl_v, json_v)
SELECT * FROM unnest($1::uuid[], $2::int[], $3::bigint[], $4::boolean[], $5::text[], $6::bigint[],
                     $7::float8[], $8::jsonb[])`;

/** Raw points; returns the rows that overwrote an existing point (same entity, key and ts). */
export const INSERT_POINTS = `
WITH ins AS (
  INSERT INTO ts_kv (entity_id, key, ts, bool_v, str_v, long_v, dbl_v, json_v)
  SELECT * FROM unnest($1::uuid[], $2::int[], $3::bigint[], $4::boolean[], $5::text[], $6::bigint[],
                       $7::float8[], $8::jsonb[])
  ON CONFLICT (entity_id, key, ts) DO UPDATE SET bool_v = EXCLUDED.bool_v, str_v = EXCLUDED.str_v,
    long_v = EXCLUDED.long_v, dbl_v = EXCLUDED.dbl_v, json_v = EXCLUDED.json_v
  RETURNING entity_id, key, ts, xmax)
SELECT entity_id::text AS entity_id, key, ts FROM ins WHERE xmax::text <> '0'`;

/** Latest values; an older point never replaces a newer one. */
export const UPSERT_LATEST = `
INSERT INTO ts_kv_latest (entity_id, key, ts, bool_v, str_v, long_v, dbl_v, json_v)
SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::boolean[], $5::text[], $6::bigint[],
                     $7::float8[], $8::jsonb[])
ON CONFLICT (entity_id, key) DO UPDATE SET ts = EXCLUDED.ts, bool_v = EXCLUDED.bool_v,
  str_v = EXCLUDED.str_v, long_v = EXCLUDED.long_v, dbl_v = EXCLUDED.dbl_v, json_v = EXCLUDED.json_v
WHERE EXCLUDED.ts >= ts_kv_latest.ts`;

/** Aggregate columns of raw rows, named as AggRow. */
export const RAW_AGG_COLUMNS = `count(t.long_v) AS cl, count(t.dbl_v) AS cd, count(t.bool_v) AS cb,
  count(t.str_v) AS cs, count(t.json_v) AS cj, sum(t.long_v)::float8 AS sl, sum(t.dbl_v) AS sd,
  min(t.long_v) AS nl, max(t.long_v) AS xl, min(t.dbl_v) AS nd, max(t.dbl_v) AS xd`;

const ROLLUP_COLUMNS = `cnt_long, cnt_dbl, cnt_bool, cnt_str, cnt_json, sum_long, sum_dbl, min_long, max_long,
  min_dbl, max_dbl`;
const ROLLUP_SET = ROLLUP_COLUMNS.split(',')
  .map((c) => `${c.trim()} = EXCLUDED.${c.trim()}`)
  .join(', ');

/** Recomputes the given minutes of the given series from raw rows ($1 entity ids, $2 key ids, $3 minute starts). */
export const RECOMPUTE_MINUTES = `
INSERT INTO ts_kv_1m (entity_id, key, ts, ${ROLLUP_COLUMNS})
SELECT t.entity_id, t.key, m.m, ${RAW_AGG_COLUMNS}
FROM unnest($1::uuid[], $2::int[], $3::bigint[]) AS m(e, k, m)
JOIN ts_kv t ON t.entity_id = m.e AND t.key = m.k AND t.ts >= m.m AND t.ts < m.m + 60000
GROUP BY t.entity_id, t.key, m.m
ON CONFLICT (entity_id, key, ts) DO UPDATE SET ${ROLLUP_SET}`;

/** Writes minute aggregates computed in memory (columns in PartialAgg order after the ids). */
export const UPSERT_MINUTES = `
INSERT INTO ts_kv_1m (entity_id, key, ts, ${ROLLUP_COLUMNS})
SELECT * FROM unnest($1::uuid[], $2::int[], $3::bigint[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[],
                     $9::float8[], $10::float8[], $11::bigint[], $12::bigint[], $13::float8[], $14::float8[])
ON CONFLICT (entity_id, key, ts) DO UPDATE SET ${ROLLUP_SET}`;

/** Every minute before $1 from raw rows (first start, and after a bulk load). */
export const REBUILD_ROLLUPS = `
INSERT INTO ts_kv_1m (entity_id, key, ts, ${ROLLUP_COLUMNS})
SELECT t.entity_id, t.key, (t.ts / 60000) * 60000, ${RAW_AGG_COLUMNS}
FROM ts_kv t WHERE t.ts < $1
GROUP BY t.entity_id, t.key, (t.ts / 60000) * 60000
ON CONFLICT (entity_id, key, ts) DO UPDATE SET ${ROLLUP_SET}`;

/**
 * After a crash the latest table may miss points written after its last flush: take the newest raw
 * point of every known series when it is newer (one index probe per series).
 */
export const REPAIR_LATEST = `
INSERT INTO ts_kv_latest (entity_id, key, ts, bool_v, str_v, long_v, dbl_v, json_v)
SELECT l.entity_id, l.key, t.ts, t.bool_v, t.str_v, t.long_v, t.dbl_v, t.json_v
FROM ts_kv_latest l
JOIN ts_kv_dictionary d ON d.key = l.key
CROSS JOIN LATERAL (
  SELECT r.ts, r.bool_v, r.str_v, r.long_v, r.dbl_v, r.json_v FROM ts_kv r
  WHERE r.entity_id = l.entity_id AND r.key = d.key_id AND r.ts > l.ts ORDER BY r.ts DESC LIMIT 1) t
ON CONFLICT (entity_id, key) DO UPDATE SET ts = EXCLUDED.ts, bool_v = EXCLUDED.bool_v,
  str_v = EXCLUDED.str_v, long_v = EXCLUDED.long_v, dbl_v = EXCLUDED.dbl_v, json_v = EXCLUDED.json_v`;

/** Minute aggregates of raw rows at or after $1 for series written since then (rebuilds pending minutes). */
export const PENDING_MINUTES = `
SELECT l.entity_id::text AS entity_id, d.key_id AS key, a.m, a.cl, a.cd, a.cb, a.cs, a.cj, a.sl, a.sd,
  a.nl, a.xl, a.nd, a.xd
FROM ts_kv_latest l
JOIN ts_kv_dictionary d ON d.key = l.key
CROSS JOIN LATERAL (
  SELECT (t.ts / 60000) * 60000 AS m, ${RAW_AGG_COLUMNS} FROM ts_kv t
  WHERE t.entity_id = l.entity_id AND t.key = d.key_id AND t.ts >= $1
  GROUP BY 1) a
WHERE l.ts >= $1`;

/** Raw points in bulk (history imports), overwriting any at the same time, reporting nothing. */
export const UPSERT_POINTS_QUIET = `
INSERT INTO ts_kv (entity_id, key, ts, bool_v, str_v, long_v, dbl_v, json_v)
SELECT * FROM unnest($1::uuid[], $2::int[], $3::bigint[], $4::boolean[], $5::text[], $6::bigint[],
                     $7::float8[], $8::jsonb[])
ON CONFLICT (entity_id, key, ts) DO UPDATE SET bool_v = EXCLUDED.bool_v, str_v = EXCLUDED.str_v,
  long_v = EXCLUDED.long_v, dbl_v = EXCLUDED.dbl_v, json_v = EXCLUDED.json_v`;

/** Every minute in [$2, $3) of the entities $1 from raw rows (after a history import). */
export const REBUILD_ENTITY_MINUTES = `
INSERT INTO ts_kv_1m (entity_id, key, ts, ${ROLLUP_COLUMNS})
SELECT t.entity_id, t.key, (t.ts / 60000) * 60000, ${RAW_AGG_COLUMNS}
FROM ts_kv t WHERE t.entity_id = ANY($1::uuid[]) AND t.ts >= $2 AND t.ts < $3
GROUP BY t.entity_id, t.key, (t.ts / 60000) * 60000
ON CONFLICT (entity_id, key, ts) DO UPDATE SET ${ROLLUP_SET}`;
