// Realtime aggregated subscriptions (tsCmd with agg ≠ NONE): buckets sit on a fixed grid from the
// window's start, every one a whole interval long, so a value that arrives later lands in a bucket the
// widget already has (same middle timestamp) or in the next one, and is sent as that bucket's new value.
// The window itself is planned by ts-query-plan.ts (planTsWindow); `interval` here is the plan's step.

export interface BucketRange {
  start: number;
  end: number;
}

/** The bucket of the grid that holds `ts`. */
export function bucketOf(ts: number, startTs: number, interval: number): BucketRange {
  const start = startTs + Math.floor((ts - startTs) / interval) * interval;
  return { start, end: start + interval };
}

/** The distinct buckets of some timestamps, oldest first. */
export function bucketsOf(timestamps: readonly number[], startTs: number, interval: number): BucketRange[] {
  const byStart = new Map<number, BucketRange>();
  for (const ts of timestamps) {
    const b = bucketOf(ts, startTs, interval);
    byStart.set(b.start, b);
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}
