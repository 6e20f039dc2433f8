import { addCalendar, startOfDay, wallClock, wallToEpoch, zoneOffsetMs } from '../time-window/zoned-time.ts';
import { totalAt, type MeterPoint } from './meter-cycles.ts';

/** Consumption bucket sizes the pages offer. */
export type ConsumptionBucket = 'QUARTER_HOUR' | 'HOUR' | 'DAY' | 'MONTH';
export const CONSUMPTION_BUCKETS: readonly ConsumptionBucket[] = ['QUARTER_HOUR', 'HOUR', 'DAY', 'MONTH'];

/** The longest range a request may span per bucket size (bounded work per meter). */
export const MAX_CONSUMPTION_RANGE_MS: Readonly<Record<ConsumptionBucket, number>> = {
  QUARTER_HOUR: 32 * 86_400_000,
  HOUR: 93 * 86_400_000,
  DAY: 732 * 86_400_000,
  MONTH: 5 * 366 * 86_400_000,
};

const QUARTER = 900_000;
const HOUR = 3_600_000;
const mod = (a: number, m: number) => ((a % m) + m) % m;

/** The start of the bucket containing `ts`, on the zone's wall clock. */
export function bucketStart(ts: number, bucket: ConsumptionBucket, zone: string): number {
  switch (bucket) {
    case 'QUARTER_HOUR':
      // Every zone's offset is a whole number of quarter hours: local quarters are UTC quarters.
      return ts - mod(ts, QUARTER);
    case 'HOUR':
      return ts - mod(ts + zoneOffsetMs(ts, zone), HOUR);
    case 'DAY':
      return startOfDay(ts, zone);
    case 'MONTH': {
      const w = wallClock(ts, zone);
      return wallToEpoch(zone, w.year, w.month, 1);
    }
  }
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucketStart(start: number, bucket: ConsumptionBucket, zone: string): number {
  switch (bucket) {
    case 'QUARTER_HOUR':
      return start + QUARTER;
    case 'HOUR':
      // Absolute hours: the repeated hour when DST ends is a bucket of its own.
      return bucketStart(start + HOUR, 'HOUR', zone);
    case 'DAY':
      return startOfDay(addCalendar(start, 1, 'day', zone), zone);
    case 'MONTH': {
      const w = wallClock(start, zone);
      return wallToEpoch(zone, w.year, w.month + 1, 1);
    }
  }
}

export interface BucketRange {
  start: number;
  end: number;
}

/** Buckets covering [startTs, endTs): the first starts at or before startTs (at most `max`). */
export function consumptionBuckets(
  startTs: number,
  endTs: number,
  bucket: ConsumptionBucket,
  zone: string,
  max = 10_000,
): BucketRange[] {
  const out: BucketRange[] = [];
  let s = bucketStart(startTs, bucket, zone);
  while (s < endTs) {
    if (out.length >= max) throw new RangeError(`More than ${max} buckets`);
    const e = nextBucketStart(s, bucket, zone);
    out.push({ start: s, end: e });
    s = e;
  }
  return out;
}

export interface BucketValue extends BucketRange {
  /** Consumption in the bucket; null where the meter has no readings around it. */
  value: number | null;
  /** Part of the value is spread over a gap between readings longer than `gapMs`. */
  estimated: boolean;
}

/**
 * Consumption per bucket from corrected totals: the difference of the total at the bucket's edges,
 * each edge clamped to the readings (so the bucket of the first reading counts from it, and the
 * current bucket up to the last reading). `gapMs`: readings further apart than this mark the
 * buckets they span as estimated.
 */
export function bucketConsumption(
  points: readonly MeterPoint[],
  buckets: readonly BucketRange[],
  gapMs: number,
): BucketValue[] {
  const first = points[0]?.ts;
  const last = points[points.length - 1]?.ts;
  const gaps: BucketRange[] = [];
  for (let i = 1; i < points.length; i++) {
    if (points[i]!.ts - points[i - 1]!.ts > gapMs) gaps.push({ start: points[i - 1]!.ts, end: points[i]!.ts });
  }
  return buckets.map((b) => {
    if (first === undefined || last === undefined) return { ...b, value: null, estimated: false };
    const a = Math.max(b.start, first);
    const z = Math.min(b.end, last);
    if (a >= z) return { ...b, value: null, estimated: false };
    const value = Math.max(0, (totalAt(points, z) ?? 0) - (totalAt(points, a) ?? 0));
    const estimated = gaps.some((g) => g.start < b.end && g.end > b.start);
    return { ...b, value, estimated };
  });
}

/** A sensible gap threshold: three times the median interval between readings, at least 15 minutes. */
export function typicalGapMs(points: readonly { ts: number }[]): number {
  const d: number[] = [];
  for (let i = 1; i < points.length; i++) d.push(points[i]!.ts - points[i - 1]!.ts);
  d.sort((x, y) => x - y);
  const median = d.length ? d[Math.floor(d.length / 2)]! : 0;
  return Math.max(QUARTER, 3 * median);
}

/** Adds series bucket by bucket; a bucket is null only when every series is null there. */
export function sumBuckets(series: readonly (readonly (number | null)[])[], length: number): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(length).fill(null);
  for (const s of series) {
    for (let i = 0; i < length; i++) {
      const v = s[i];
      if (v !== null && v !== undefined) out[i] = (out[i] ?? 0) + v;
    }
  }
  return out;
}
