import type { Aggregation, TsKvEntry } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { aggFromRow, finalizeAgg, type AggRow } from './ts-aggregate.ts';
import { MINUTE_MS, planBuckets, ROLLUP_MIN_STEP_MS, splitForRollup } from './ts-bucket-plan.ts';
import { fromColumns, VALUE_COLUMNS, type ValueColumns } from './ts-columns.ts';
import { RAW_AGG_COLUMNS } from './ts-sql.ts';

type AggFn = Exclude<Aggregation, 'NONE'>;

const ROLLUP_AGG_SQL = `
SELECT x.k, sum(x.cl) AS cl, sum(x.cd) AS cd, sum(x.cb) AS cb, sum(x.cs) AS cs, sum(x.cj) AS cj,
  sum(x.sl) AS sl, sum(x.sd) AS sd, min(x.nl) AS nl, max(x.xl) AS xl, min(x.nd) AS nd, max(x.xd) AS xd
FROM (
  SELECT c.k, r.cnt_long AS cl, r.cnt_dbl AS cd, r.cnt_bool AS cb, r.cnt_str AS cs, r.cnt_json AS cj,
    r.sum_long AS sl, r.sum_dbl AS sd, r.min_long AS nl, r.max_long AS xl, r.min_dbl AS nd, r.max_dbl AS xd
  FROM unnest($3::bigint[], $4::bigint[], $5::int[]) AS c(lo, hi, k)
  JOIN ts_kv_1m r ON r.entity_id = $1 AND r.key = $2 AND r.ts >= c.lo AND r.ts < c.hi
  UNION ALL
  SELECT c.k, ${RAW_AGG_COLUMNS}
  FROM unnest($6::bigint[], $7::bigint[], $8::int[]) AS c(lo, hi, k)
  JOIN ts_kv t ON t.entity_id = $1 AND t.key = $2 AND t.ts >= c.lo AND t.ts < c.hi
  GROUP BY c.k
) x GROUP BY x.k`;

/**
 * Buckets on whole minutes (what dashboards ask for): one range scan of the rollup minutes before
 * the watermark and one of the raw rows after it, both grouped by bucket. Hundreds of buckets then cost
 * two index scans instead of one probe per bucket.
 */
const ALIGNED_AGG_SQL = `
SELECT x.k, sum(x.cl) AS cl, sum(x.cd) AS cd, sum(x.cb) AS cb, sum(x.cs) AS cs, sum(x.cj) AS cj,
  sum(x.sl) AS sl, sum(x.sd) AS sd, min(x.nl) AS nl, max(x.xl) AS xl, min(x.nd) AS nd, max(x.xd) AS xd
FROM (
  SELECT ((r.ts - $3) / $6)::int AS k, r.cnt_long AS cl, r.cnt_dbl AS cd, r.cnt_bool AS cb, r.cnt_str AS cs,
    r.cnt_json AS cj, r.sum_long AS sl, r.sum_dbl AS sd, r.min_long AS nl, r.max_long AS xl, r.min_dbl AS nd,
    r.max_dbl AS xd
  FROM ts_kv_1m r WHERE r.entity_id = $1 AND r.key = $2 AND r.ts >= $3 AND r.ts < $4
  UNION ALL
  SELECT ((t.ts - $3) / $6)::int AS k, ${RAW_AGG_COLUMNS}
  FROM ts_kv t WHERE t.entity_id = $1 AND t.key = $2 AND t.ts >= $4 AND t.ts < $5
  GROUP BY 1
) x GROUP BY x.k`;

/** Reads of one series: raw points, or ThingsBoard-style aggregation buckets. */
export class TsReader {
  constructor(private readonly db: Queryable) {}

  async raw(
    entityId: string,
    key: string,
    keyId: number,
    startTs: number,
    endTs: number,
    limit: number,
    order: 'ASC' | 'DESC',
  ): Promise<TsKvEntry[]> {
    const rows = await this.db.query<ValueColumns & { ts: number }>(
      `SELECT ts, ${VALUE_COLUMNS} FROM ts_kv WHERE entity_id = $1 AND key = $2 AND ts >= $3 AND ts < $4
       ORDER BY ts ${order === 'ASC' ? 'ASC' : 'DESC'} LIMIT $5`,
      [entityId, keyId, startTs, endTs, limit],
    );
    return rows.map((r) => ({ key, ts: Number(r.ts), ...fromColumns(r) }));
  }

  /**
   * Aggregated buckets in time order, empty buckets left out. Steps of two minutes and more read
   * whole minutes from the rollup table (before `watermark`) and only the edges raw.
   */
  async aggregate(
    entityId: string,
    key: string,
    keyId: number,
    q: { startTs: number; endTs: number; interval: number; agg: AggFn },
    watermark: number,
  ): Promise<TsKvEntry[]> {
    const buckets = planBuckets(q.startTs, q.endTs, q.interval);
    const step = buckets.length > 1 ? buckets[1]!.start - buckets[0]!.start : Math.max(q.interval, 1000);
    let rows: (AggRow & { k: number })[];
    const end = buckets[buckets.length - 1]!.end;
    if (step >= ROLLUP_MIN_STEP_MS && step % MINUTE_MS === 0 && q.startTs % MINUTE_MS === 0) {
      // Rollup minutes end at the watermark (and at the window's last whole minute).
      const rollupEnd = Math.max(
        q.startTs,
        Math.min(Math.floor(end / MINUTE_MS), Math.floor(watermark / MINUTE_MS)) * MINUTE_MS,
      );
      rows = await this.db.query(ALIGNED_AGG_SQL, [entityId, keyId, q.startTs, rollupEnd, end, step]);
    } else if (step >= ROLLUP_MIN_STEP_MS) {
      const { rollup, raw } = splitForRollup(buckets, watermark);
      rows = await this.db.query(ROLLUP_AGG_SQL, [
        entityId,
        keyId,
        rollup.map((r) => r.lo),
        rollup.map((r) => r.hi),
        rollup.map((r) => r.k),
        raw.map((r) => r.lo),
        raw.map((r) => r.hi),
        raw.map((r) => r.k),
      ]);
    } else {
      rows = await this.db.query(
        `SELECT ((t.ts - $3) / $5)::int AS k, ${RAW_AGG_COLUMNS} FROM ts_kv t
         WHERE t.entity_id = $1 AND t.key = $2 AND t.ts >= $3 AND t.ts < $4 GROUP BY 1`,
        [entityId, keyId, q.startTs, end, step],
      );
    }
    const out: TsKvEntry[] = [];
    for (const r of rows.sort((a, b) => Number(a.k) - Number(b.k))) {
      const bucket = buckets[Number(r.k)];
      const v = bucket && finalizeAgg(aggFromRow(r), q.agg);
      if (bucket && v) out.push({ key, ts: bucket.ts, ...v });
    }
    return out;
  }
}
