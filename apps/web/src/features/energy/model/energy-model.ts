import { addCalendar, bucketStart, startOfDay, wallClock, type ConsumptionAnswer } from '@sapo/common';

/**
 * Pure figures of the energy page (docs/building-model.md): period comparisons, demand, base load,
 * cost and CO2, the day × hour matrix, sub-meter stacks, ranking and CSV. The server gives kWh per
 * bucket; everything here is arithmetic on that answer, so it is unit-tested without a browser.
 */

export type PeriodKind = 'day' | 'month' | 'year';

export interface PeriodRange {
  kind: PeriodKind;
  /** Start of the current period (local midnight / first of month / first of year). */
  start: number;
  /** Start of the previous period. */
  prevStart: number;
  /** The same elapsed time into the previous period: compare like with like. */
  prevEnd: number;
  /** Bucket size to ask the server for, over [prevStart, now). */
  bucket: 'QUARTER_HOUR' | 'DAY';
}

/** Today, this month and this year so far, each against the same elapsed part of the period before. */
export function periodRanges(now: number, zone: string): PeriodRange[] {
  const day = startOfDay(now, zone);
  const w = wallClock(now, zone);
  const month = bucketStart(now, 'MONTH', zone);
  const year = addCalendar(month, -(w.month - 1), 'month', zone);
  const range = (kind: PeriodKind, start: number, bucket: PeriodRange['bucket']): PeriodRange => {
    const unit = kind === 'day' ? 'day' : kind === 'month' ? 'month' : 'year';
    return {
      kind,
      start,
      prevStart: addCalendar(start, -1, unit, zone),
      prevEnd: addCalendar(now, -1, unit, zone),
      bucket,
    };
  };
  return [range('day', day, 'QUARTER_HOUR'), range('month', month, 'DAY'), range('year', year, 'DAY')];
}

export interface PeriodComparison {
  kind: PeriodKind;
  current: number | null;
  previous: number | null;
  /** Change against the previous period in %, null when there is nothing to compare with. */
  changePct: number | null;
}

const add = (a: number | null, b: number | null): number | null => (b === null ? a : (a ?? 0) + b);

/** Splits an answer over [prevStart, now) into the current period and the same part of the previous one. */
export function comparePeriod(
  range: PeriodRange,
  answer: Pick<ConsumptionAnswer, 'buckets' | 'total'>,
): PeriodComparison {
  let current: number | null = null;
  let previous: number | null = null;
  answer.buckets.forEach((b, i) => {
    const v = answer.total[i] ?? null;
    if (b.start >= range.start) current = add(current, v);
    else if (b.start >= range.prevStart && b.start < range.prevEnd) previous = add(previous, v);
  });
  const changePct =
    current !== null && previous !== null && previous > 0 ? ((current - previous) / previous) * 100 : null;
  return { kind: range.kind, current, previous, changePct };
}

export interface DemandPoint {
  ts: number;
  kw: number;
}

/** Average demand per bucket in kW: the bucket's kWh over its length in hours. */
export function demandSeries(answer: Pick<ConsumptionAnswer, 'buckets' | 'total'>): DemandPoint[] {
  const out: DemandPoint[] = [];
  answer.buckets.forEach((b, i) => {
    const v = answer.total[i];
    if (v === null || v === undefined || b.end <= b.start) return;
    out.push({ ts: b.start, kw: v / ((b.end - b.start) / 3_600_000) });
  });
  return out;
}

/** The highest 15-minute demand and when it started (the figure utilities bill as max demand). */
export function peakDemand(points: readonly DemandPoint[]): DemandPoint | null {
  let best: DemandPoint | null = null;
  for (const p of points) if (!best || p.kw > best.kw) best = p;
  return best;
}

/**
 * Base load: the demand the building never goes below for long, the 5th percentile of the 15-minute
 * demand (the minimum would be one glitch or a meter gap; HA and EMS tools use a low percentile).
 */
export function baseLoad(points: readonly DemandPoint[], percentile = 5): number | null {
  if (points.length === 0) return null;
  const sorted = points.map((p) => p.kw).sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export interface EnergySettings {
  energyTariff: number | null;
  currency: string | null;
  co2Factor: number | null;
}

/** Cost (tariff × kWh) and CO2 in kg (factor × kWh); null where the tenant has not set the figure. */
export function costAndCo2(kwh: number | null, s: EnergySettings): { cost: number | null; co2Kg: number | null } {
  if (kwh === null) return { cost: null, co2Kg: null };
  return {
    cost: s.energyTariff !== null ? kwh * s.energyTariff : null,
    co2Kg: s.co2Factor !== null ? kwh * s.co2Factor : null,
  };
}

export interface HeatMatrix {
  /** Local midnight of each row. */
  days: number[];
  /** kWh per [day][hour]; null where no data. */
  values: (number | null)[][];
  max: number;
}

/** kWh per local day × hour of day, from buckets of an hour or less. */
export function dayHourMatrix(answer: Pick<ConsumptionAnswer, 'buckets' | 'total'>, zone: string): HeatMatrix {
  const rows = new Map<number, (number | null)[]>();
  answer.buckets.forEach((b, i) => {
    const v = answer.total[i] ?? null;
    const day = startOfDay(b.start, zone);
    let row = rows.get(day);
    if (!row) rows.set(day, (row = new Array<number | null>(24).fill(null)));
    const h = wallClock(b.start, zone).hour;
    row[h] = add(row[h] ?? null, v);
  });
  const days = [...rows.keys()].sort((a, b) => a - b);
  const values = days.map((d) => rows.get(d)!);
  const max = Math.max(0, ...values.flat().map((v) => v ?? 0));
  return { days, values, max };
}

export interface StackGroup {
  start: number;
  /** kWh per series, in the order of `StackedConsumption.series`. */
  values: number[];
}

export interface StackedConsumption {
  series: { id: string; name: string }[];
  groups: StackGroup[];
}

/**
 * Consumption by sub-meter, grouped into days (or hours when the answer spans a day or less). With no
 * sub-meters, the main meters stand in so the chart is never empty for a building with one meter.
 */
export function stackBySubMeter(answer: ConsumptionAnswer, zone: string): StackedConsumption {
  const subs = answer.meters.filter((m) => m.meterRole === 'sub');
  const meters = subs.length > 0 ? subs : answer.meters;
  const first = answer.buckets[0]?.start ?? 0;
  const last = answer.buckets.at(-1)?.end ?? 0;
  const unit = last - first <= 26 * 3_600_000 ? 'HOUR' : 'DAY';
  const groups = new Map<number, number[]>();
  answer.buckets.forEach((b, i) => {
    const key = bucketStart(b.start, unit, zone);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = new Array<number>(meters.length).fill(0)));
    meters.forEach((m, j) => (g[j]! += m.values[i] ?? 0));
  });
  return {
    series: meters.map((m) => ({ id: m.deviceId, name: m.label || m.name })),
    groups: [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([start, values]) => ({ start, values })),
  };
}

export interface RankedConsumer {
  deviceId: string;
  name: string;
  loadType: string | null;
  kwh: number;
  /** Share of the sub-meters' total, %. */
  sharePct: number;
}

/** Sub-meters (or main meters when there are none) by consumption over the answer, largest first. */
export function rankConsumers(answer: ConsumptionAnswer): RankedConsumer[] {
  const subs = answer.meters.filter((m) => m.meterRole === 'sub');
  const meters = subs.length > 0 ? subs : answer.meters;
  const sums = meters.map((m) => ({
    deviceId: m.deviceId,
    name: m.label || m.name,
    loadType: m.loadType,
    kwh: m.values.reduce<number>((s, v) => s + (v ?? 0), 0),
  }));
  const total = sums.reduce((s, m) => s + m.kwh, 0);
  return sums.map((m) => ({ ...m, sharePct: total > 0 ? (m.kwh / total) * 100 : 0 })).sort((a, b) => b.kwh - a.kwh);
}

/** True when the newest reading is older than `maxAgeMs` (or there is none). */
export function isStale(lastTs: number | null, now: number, maxAgeMs: number): boolean {
  return lastTs === null || now - lastTs > maxAgeMs;
}

type Cell = string | number | null | undefined;

function csvCell(v: Cell): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(Math.round(v * 1000) / 1000) : '') : v;
  // Quote what would break the row; a leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV: a header row and the rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** ISO-like local time for CSV cells: `2026-11-26 14:15` on the tenant's wall clock. */
export function localStamp(ts: number, zone: string): string {
  const w = wallClock(ts, zone);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${p(w.month)}-${p(w.day)} ${p(w.hour)}:${p(w.minute)}`;
}
