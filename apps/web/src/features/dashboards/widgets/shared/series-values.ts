// Small reads over widget series that most widgets need.
import type { WidgetPoint, WidgetSeries, WidgetValue } from '../widget-types';

/** The newest point of a series, or null when it has none. */
export function latestPoint(series: WidgetSeries | undefined): WidgetPoint | null {
  const data = series?.data;
  return data && data.length > 0 ? (data[data.length - 1] ?? null) : null;
}

export function latestValue(series: WidgetSeries | undefined): WidgetValue {
  return latestPoint(series)?.[1] ?? null;
}

/** A value as a finite number, or null (telemetry arrives as strings over the WebSocket). */
export function toNumber(value: WidgetValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** True, false or null for a value shown as a state ('true', 1, 'on'…). */
export function toBoolean(value: WidgetValue | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(v)) return true;
    if (['false', '0', 'off', 'no'].includes(v)) return false;
  }
  return null;
}
