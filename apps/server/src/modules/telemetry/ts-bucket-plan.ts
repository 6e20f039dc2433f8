import { MAX_TS_INTERVALS, MIN_AGG_INTERVAL_MS } from './ts-query-plan.ts';

/** ThingsBoard's smallest aggregation step. */
export const MIN_AGG_STEP_MS = MIN_AGG_INTERVAL_MS;
export const MINUTE_MS = 60_000;
/** Below this step a bucket holds at most one whole minute: rollups would not save reads. */
export const ROLLUP_MIN_STEP_MS = 2 * MINUTE_MS;

export interface Bucket {
  k: number;
  start: number;
  end: number;
  /** The point's ts: the middle of the (possibly shortened last) bucket. */
  ts: number;
}

export interface Range {
  k: number;
  lo: number;
  hi: number;
}

/**
 * Buckets [startTs + n·step, +step) up to endTs, the last one cut at endTs, each reported at its
 * middle — ThingsBoard's aggregation windows. Queries come planned (ts-query-plan.ts); the count is
 * checked again here, before anything is allocated, as the last guard against an unbounded plan.
 */
export function planBuckets(startTs: number, endTs: number, interval: number): Bucket[] {
  const step = Math.max(interval, MIN_AGG_STEP_MS);
  const endPeriod = Math.max(startTs + 1, endTs);
  // A truncated count of MAX_TS_INTERVALS may leave one shortened bucket more.
  if (Math.ceil((endPeriod - startTs) / step) > MAX_TS_INTERVALS + 1) {
    throw new Error(`Refusing to plan ${Math.ceil((endPeriod - startTs) / step)} buckets`);
  }
  const out: Bucket[] = [];
  for (let start = startTs, k = 0; start < endPeriod; start += step, k++) {
    const end = Math.min(start + step, endPeriod);
    out.push({ k, start, end, ts: start + Math.floor((end - start) / 2) });
  }
  return out;
}

const floorMin = (t: number) => Math.floor(t / MINUTE_MS) * MINUTE_MS;
const ceilMin = (t: number) => Math.ceil(t / MINUTE_MS) * MINUTE_MS;

/**
 * Splits buckets into whole minutes read from the rollup table (only minutes before `watermark`,
 * which the rollup holds) and raw ranges for the rest (bucket edges and recent data).
 */
export function splitForRollup(buckets: readonly Bucket[], watermark: number): { rollup: Range[]; raw: Range[] } {
  const rollup: Range[] = [];
  const raw: Range[] = [];
  for (const b of buckets) {
    const cs = ceilMin(b.start);
    const ce = Math.min(floorMin(b.end), floorMin(watermark));
    if (ce - cs >= MINUTE_MS) {
      rollup.push({ k: b.k, lo: cs, hi: ce });
      if (cs > b.start) raw.push({ k: b.k, lo: b.start, hi: cs });
      if (b.end > ce) raw.push({ k: b.k, lo: ce, hi: b.end });
    } else {
      raw.push({ k: b.k, lo: b.start, hi: b.end });
    }
  }
  return { rollup, raw };
}
