// Alarm rule schedules (reference §8): ANY_TIME, SPECIFIC_TIME, CUSTOM; startsOn > endsOn is overnight.
import type { AlarmSchedule } from './alarm-rule-types.ts';

const DAY_MS = 86_400_000;
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** Day of week (Mon=1..Sun=7) and ms since local midnight of `ts` in `timezone` (UTC when empty/invalid). */
export function localTime(ts: number, timezone: string | undefined): { day: number; msOfDay: number } {
  let f: Intl.DateTimeFormat;
  try {
    f = formatter(timezone || 'UTC');
  } catch {
    f = formatter('UTC');
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(ts))) parts[p.type] = p.value;
  const ms = ((ts % 1000) + 1000) % 1000;
  const msOfDay = (Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000 + ms;
  return { day: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 1, msOfDay };
}

const prevDay = (day: number): number => (day === 1 ? 7 : day - 1);

/**
 * Whether a window on `days` is active. Overnight (startsOn > endsOn): from startsOn on a listed day until
 * endsOn of the next day. startsOn === endsOn === 0 means the whole day.
 */
function inWindow(
  isDayEnabled: (d: number) => boolean,
  startsOn: number,
  endsOn: number,
  day: number,
  t: number,
): boolean {
  if (startsOn === 0 && endsOn === 0) return isDayEnabled(day);
  if (startsOn <= endsOn) return isDayEnabled(day) && t >= startsOn && t <= endsOn;
  return (isDayEnabled(day) && t >= startsOn) || (isDayEnabled(prevDay(day)) && t < endsOn);
}

export function isScheduleActive(schedule: AlarmSchedule | null | undefined, ts: number): boolean {
  if (!schedule || schedule.type === 'ANY_TIME') return true;
  const { day, msOfDay } = localTime(ts, schedule.timezone);
  if (schedule.type === 'SPECIFIC_TIME') {
    const days = new Set(schedule.daysOfWeek ?? []);
    if (days.size === 0) return false;
    return inWindow((d) => days.has(d), schedule.startsOn % DAY_MS, schedule.endsOn % DAY_MS, day, msOfDay);
  }
  if (schedule.type === 'CUSTOM') {
    for (const item of schedule.items ?? []) {
      if (!item.enabled) continue;
      const enabled = (d: number): boolean => d === item.dayOfWeek;
      if (inWindow(enabled, item.startsOn % DAY_MS, item.endsOn % DAY_MS, day, msOfDay)) return true;
    }
    return false;
  }
  return true;
}
