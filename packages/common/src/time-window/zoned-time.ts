/**
 * Wall-clock arithmetic in an IANA timezone, on the platform's Intl data (Node and browsers).
 *
 * Not dayjs' timezone plugin: its `add`/`subtract` in a zone keep the old UTC offset across a DST
 * change (in Europe/Berlin, `startOf('day').add(1, 'day')` on 2026-03-29 lands at 23:00 instead of
 * midnight), and `dayjs(ts).tz()` parses through the runtime's own zone. Here every calendar step
 * happens on wall-clock fields and is converted back to an instant once, deterministically.
 */
import { DAY_MS, type TimezoneInfo } from './time-window-types.ts';

/** A moment as read on a clock in some zone; month 1-12, weekday 0 = Sunday. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZoneName: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone the code runs in (the viewer's, in a browser); UTC when the platform cannot tell. */
export function runtimeTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** True for a zone id the platform knows, e.g. 'Asia/Taipei'. */
export function isValidTimezone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz.trim() === '') return false;
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The given zone when valid, else the runtime's: a bad zone never breaks a dashboard. */
export function resolveTimezone(tz?: string | null): string {
  return isValidTimezone(tz) ? tz : runtimeTimezone();
}

const msOf = (ts: number): number => ((ts % 1000) + 1000) % 1000;

function fieldsAt(ts: number, zone: string): Omit<WallClock, 'weekday' | 'millisecond'> {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of formatter(zone).formatToParts(ts)) {
    if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  }
  return out;
}

/** Milliseconds the zone's clock is ahead of UTC at `ts` (Taipei: +8 h). */
export function zoneOffsetMs(ts: number, zone: string): number {
  const f = fieldsAt(ts, zone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - (ts - msOf(ts));
}

export function wallClock(ts: number, zone: string): WallClock {
  const f = fieldsAt(ts, zone);
  const weekday = new Date(Date.UTC(f.year, f.month - 1, f.day)).getUTCDay();
  return { ...f, millisecond: msOf(ts), weekday };
}

/**
 * The instant a zone's clock shows the given wall time. Out-of-range fields carry over like
 * Date.UTC (day 0 = the previous month's last day). A time that occurs twice (DST ends) gives the
 * earlier instant; a time skipped (DST starts) gives the instant the clock jumps past it.
 */
export function wallToEpoch(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
): number {
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  // Offsets a day either side are the ones before and after any change near this time.
  const before = zoneOffsetMs(local - DAY_MS, zone);
  const after = zoneOffsetMs(local + DAY_MS, zone);
  const valid = [local - before, local - after].filter((ts) => local - zoneOffsetMs(ts, zone) === ts);
  return valid.length > 0 ? Math.min(...valid) : local - before;
}

/** Local midnight of the day containing `ts` (or the first instant of it where midnight is skipped). */
export function startOfDay(ts: number, zone: string): number {
  const w = wallClock(ts, zone);
  return wallToEpoch(zone, w.year, w.month, w.day);
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Moves `ts` by whole calendar days, months or years keeping its wall-clock time (a day may be 23
 * or 25 hours). A day of month the target month lacks becomes its last day (31 Mar − 1 month = 28 Feb).
 */
export function addCalendar(ts: number, amount: number, unit: 'day' | 'month' | 'year', zone: string): number {
  const w = wallClock(ts, zone);
  let { year, month, day } = w;
  if (unit === 'day') {
    day += amount;
  } else {
    const months = year * 12 + (month - 1) + (unit === 'month' ? amount : amount * 12);
    year = Math.floor(months / 12);
    month = (months % 12) + 1;
    day = Math.min(day, daysInMonth(year, month));
  }
  return wallToEpoch(zone, year, month, day, w.hour, w.minute, w.second, w.millisecond);
}

function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** A picker entry for a zone at instant `at` (offsets and abbreviations change with DST). */
export function timezoneInfo(id: string, at: number): TimezoneInfo {
  const nOffset = Math.round(zoneOffsetMs(at, id) / 60_000);
  const abbr =
    formatter(id)
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  return { id, name: id.replace(/_/g, ' '), offset: formatOffset(nOffset), nOffset, abbr };
}

/** Every zone the platform knows, west to east, then by id. */
export function listTimezones(at: number): TimezoneInfo[] {
  return Intl.supportedValuesOf('timeZone')
    .map((id) => timezoneInfo(id, at))
    .sort((a, b) => a.nOffset - b.nOffset || a.id.localeCompare(b.id));
}
