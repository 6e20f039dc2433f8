// Pure logic of the gauges: the scale, where a value sits on it, its colour (blended level colours
// or fixed ranges), the coloured bands of a dial and the tick values of a linear scale.

type Rec = Readonly<Record<string, unknown>>;

export interface GaugeScale {
  min: number;
  max: number;
}

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** minValue/maxValue with fallbacks; a reversed or empty range becomes a usable one. */
export function readScale(settings: Rec, fallback: GaugeScale = { min: 0, max: 100 }): GaugeScale {
  const min = num(settings.minValue) ?? fallback.min;
  let max = num(settings.maxValue) ?? fallback.max;
  if (max <= min) max = min + 1;
  return { min, max };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Where `value` sits on the scale, 0..1 (values outside the scale stick to its ends). */
export function scaleFraction(value: number, { min, max }: GaugeScale): number {
  if (!(max > min)) return 0;
  return (clamp(value, min, max) - min) / (max - min);
}

export interface ColorRange {
  /** null: open towards the minimum / maximum. */
  from: number | null;
  to: number | null;
  color: string;
}

/** A bound as we store it (a number) or as ThingsBoard 3.x does (`{ value, type: 'constant' }`). */
function bound(v: unknown): number | null {
  if (typeof v === 'object' && v !== null) return num((v as Rec).value);
  return num(v);
}

/** Colour ranges (`highlights`, `fixedLevelColors`), dropping entries without a colour. */
export function readRanges(raw: unknown): ColorRange[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): ColorRange[] => {
    if (typeof item !== 'object' || item === null) return [];
    const r = item as Rec;
    const color = typeof r.color === 'string' && r.color.trim() !== '' ? r.color : null;
    return color ? [{ from: bound(r.from), to: bound(r.to), color }] : [];
  });
}

/** Level colours: plain strings, or `{ color }` objects some imported dashboards hold. */
export function readLevelColors(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c): string[] => {
    if (typeof c === 'string' && c.trim() !== '') return [c];
    if (typeof c === 'object' && c !== null && typeof (c as Rec).color === 'string')
      return [(c as Rec).color as string];
    return [];
  });
}

type Rgba = [number, number, number, number];

/** #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() and rgba(); null for anything else (named colours…). */
export function parseColor(color: string): Rgba | null {
  const c = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(c)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((h) => h + h).join('') : hex;
    const parts = full.match(/../g)?.map((p) => parseInt(p, 16)) ?? [];
    return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, (parts[3] ?? 255) / 255];
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(c);
  if (fn) {
    const alpha = fn[4] === undefined ? 1 : fn[4].endsWith('%') ? parseFloat(fn[4]) / 100 : parseFloat(fn[4]);
    return [Number(fn[1]), Number(fn[2]), Number(fn[3]), alpha];
  }
  return null;
}

function mix(a: Rgba, b: Rgba, t: number): string {
  const ch = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * t);
  const alpha = Math.round((a[3] + (b[3] - a[3]) * t) * 100) / 100;
  return alpha >= 1 ? `rgb(${ch(0)}, ${ch(1)}, ${ch(2)})` : `rgba(${ch(0)}, ${ch(1)}, ${ch(2)}, ${alpha})`;
}

/**
 * The colour of a value: with fixed ranges, the first range holding it (else `fallback`); otherwise
 * the level colours spread evenly from min to max, blended between neighbours (a value at 75 % of
 * green→amber→red is amber-red). Colours that cannot be blended switch at the midpoint.
 */
export function levelColor(
  value: number,
  scale: GaugeScale,
  levels: readonly string[],
  fixed: readonly ColorRange[] | null,
  fallback: string,
): string {
  if (fixed && fixed.length > 0) {
    const hit = fixed.find((r) => (r.from === null || value >= r.from) && (r.to === null || value <= r.to));
    return hit?.color ?? fallback;
  }
  if (levels.length === 0) return fallback;
  if (levels.length === 1) return levels[0] ?? fallback;
  const pos = scaleFraction(value, scale) * (levels.length - 1);
  const i = Math.min(levels.length - 2, Math.floor(pos));
  const t = pos - i;
  const from = levels[i] ?? fallback;
  const to = levels[i + 1] ?? fallback;
  const a = parseColor(from);
  const b = parseColor(to);
  if (!a || !b) return t < 0.5 ? from : to;
  if (t === 0) return from;
  if (t === 1) return to;
  return mix(a, b, t);
}

/**
 * The colour stops of a dial's axis line (ECharts: `[[fraction, colour], …]`, each colour up to its
 * fraction): the ranges in scale order, with `base` in the gaps and after the last range.
 */
export function rangeStops(ranges: readonly ColorRange[], scale: GaugeScale, base: string): [number, string][] {
  const frac = (v: number | null, open: number) => (v === null ? open : scaleFraction(v, scale));
  const sorted = ranges
    .map((r) => ({ f0: frac(r.from, 0), f1: frac(r.to, 1), color: r.color }))
    .filter((r) => r.f1 > r.f0)
    .sort((a, b) => a.f0 - b.f0);
  const stops: [number, string][] = [];
  let cursor = 0;
  for (const r of sorted) {
    if (r.f1 <= cursor) continue;
    if (r.f0 > cursor) stops.push([r.f0, base]);
    stops.push([r.f1, r.color]);
    cursor = r.f1;
  }
  if (cursor < 1) stops.push([1, base]);
  return stops;
}

/** Tick values from min to max for `count` intervals, thinned so at most `maxLabels` remain. */
export function tickValues({ min, max }: GaugeScale, count: number, maxLabels = Infinity): number[] {
  let n = Math.max(1, Math.round(count));
  // Keep only every k-th interval when the scale is too short to show them all.
  while (n + 1 > maxLabels && n > 1) {
    const k = [2, 3, 4, 5].find((d) => n % d === 0);
    n = k ? n / k : 1;
  }
  return Array.from({ length: n + 1 }, (_, i) => roundTick(min + ((max - min) * i) / n));
}

/** A tick value without floating-point noise (0.30000000000000004 → 0.3). */
export function roundTick(v: number): number {
  return Number(v.toPrecision(12));
}

/** A tick label: up to 2 decimals, no trailing zeros. */
export function tickLabel(v: number): string {
  return String(Math.round(v * 100) / 100);
}
