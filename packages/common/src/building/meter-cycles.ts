/**
 * Cumulative meters (energy kWh, water m³) as Home Assistant's `total_increasing`: the running total is
 * turned into a cycle-corrected total that only rises, so consumption is never negative and a reset
 * or rollover never shows as a spike (docs/building-model.md "Cumulative meters").
 */

export interface MeterSample {
  ts: number;
  value: number;
}

export interface MeterOptions {
  /** The register wraps to zero at this value. */
  rollover?: number;
  /** The most the meter can take per hour (kW for kWh, m³/h for m³); a faster step is a glitch. */
  maxRatePerHour?: number;
  /** A drop smaller than this share of the reading is noise, not a reset (default 0.1, as HA). */
  noiseFraction?: number;
}

/** The corrected total at a reading: consumption since the first reading. */
export interface MeterPoint {
  ts: number;
  total: number;
}

export interface MeterTotals {
  points: MeterPoint[];
  /** Times of the readings that started a new cycle (reset, rollover, replaced meter, glitch). */
  cycles: number[];
}

const HOUR = 3_600_000;

/** Corrected totals of a meter's readings (any order; non-finite values and repeated times dropped). */
export function meterTotals(samples: readonly MeterSample[], opts: MeterOptions = {}): MeterTotals {
  const sorted = samples
    .filter((s) => Number.isFinite(s.value) && Number.isFinite(s.ts))
    .sort((a, b) => a.ts - b.ts)
    .filter((s, i, all) => i === 0 || all[i - 1]!.ts !== s.ts);
  const points: MeterPoint[] = [];
  const cycles: number[] = [];
  const first = sorted[0];
  if (!first) return { points, cycles };
  const noise = opts.noiseFraction ?? 0.1;
  let base = first.value;
  let prevTs = first.ts;
  let total = 0;
  points.push({ ts: first.ts, total });
  for (const s of sorted.slice(1)) {
    const maxStep = opts.maxRatePerHour !== undefined ? (opts.maxRatePerHour * (s.ts - prevTs)) / HOUR : Infinity;
    let step = 0;
    if (s.value >= base) {
      step = s.value - base;
      if (step > maxStep) {
        // A jump no load could cause: a replaced meter or a corrupt reading. Start over from it.
        step = 0;
        cycles.push(s.ts);
      }
      base = s.value;
    } else if (base - s.value > noise * Math.abs(base)) {
      const wrap = opts.rollover !== undefined ? opts.rollover - base + s.value : NaN;
      const wrapped = wrap >= 0 && (opts.maxRatePerHour !== undefined ? wrap <= maxStep : base >= 0.9 * opts.rollover!);
      // After a reset the meter counted up from zero: its reading is what was used since.
      step = wrapped ? wrap : s.value >= 0 && s.value <= maxStep ? s.value : 0;
      cycles.push(s.ts);
      base = s.value;
    }
    // else: a small dip is noise; the higher reading stays the base so the climb back is not counted twice.
    total += step;
    prevTs = s.ts;
    points.push({ ts: s.ts, total });
  }
  return { points, cycles };
}

/**
 * The corrected total at `t`, linear between readings (consumption spread evenly over the time
 * between two readings); undefined outside the readings.
 */
export function totalAt(points: readonly MeterPoint[], t: number): number | undefined {
  const n = points.length;
  if (!n || t < points[0]!.ts || t > points[n - 1]!.ts) return undefined;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.ts <= t) lo = mid;
    else hi = mid;
  }
  const a = points[lo]!;
  const b = points[hi]!;
  if (b.ts === a.ts) return a.total;
  return a.total + ((b.total - a.total) * (t - a.ts)) / (b.ts - a.ts);
}
