/**
 * The date-time period picker's rules (spec 1-client §4.3, §5, §9): start stays at least 1 s
 * before end, end at least 1 s after start and never later than now; the default period is the
 * last 24 hours. Input values are wall-clock text in a zone (the viewer's when none). Pure.
 */
import { DAY_MS, resolveTimezone, SECOND_MS, wallClock, wallToEpoch } from '@sapo/common';

export const PERIOD_MIN_GAP_MS = SECOND_MS;
export const DEFAULT_PERIOD_MS = DAY_MS;

export interface Period {
  startTs: number;
  endTs: number;
}

export function defaultPeriod(now: number): Period {
  return { startTs: now - DEFAULT_PERIOD_MS, endTs: now };
}

/** The latest start allowed: 1 s before the end. */
export const maxStart = (p: Period): number => p.endTs - PERIOD_MIN_GAP_MS;
/** The earliest end allowed: 1 s after the start. */
export const minEnd = (p: Period): number => p.startTs + PERIOD_MIN_GAP_MS;

/** A new start; one later than allowed becomes end − 1 s. */
export function changeStart(p: Period, startTs: number): Period {
  return { startTs: Math.min(startTs, maxStart(p)), endTs: p.endTs };
}

/**
 * A new end; one earlier than allowed becomes start + 1 s, one later than now becomes now (and a
 * start that no longer fits before it moves back to keep the 1 s gap).
 */
export function changeEnd(p: Period, endTs: number, now: number): Period {
  const end = Math.min(Math.max(endTs, minEnd(p)), now);
  return { startTs: Math.min(p.startTs, end - PERIOD_MIN_GAP_MS), endTs: end };
}

/** Any period brought within the rules (e.g. one stored with an end in the future). */
export function clampPeriod(p: Period, now: number): Period {
  return changeEnd(p, p.endTs, now);
}

const pad = (n: number, len = 2): string => String(n).padStart(len, '0');

/** An instant as a datetime-local value with seconds ('2024-05-01T13:05:09') in the zone. */
export function toInputValue(ts: number, tz?: string | null): string {
  const w = wallClock(ts, resolveTimezone(tz));
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** A datetime-local value (seconds optional) read in the zone; null when empty or malformed. */
export function fromInputValue(value: string, tz?: string | null): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  return wallToEpoch(resolveTimezone(tz), y, mo, d, h, mi, s);
}

/** Date and time for display, 'YYYY-MM-DD HH:mm:ss' in the zone. */
export function formatDateTime(ts: number, tz?: string | null): string {
  return toInputValue(ts, tz).replace('T', ' ');
}
