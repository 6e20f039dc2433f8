import { describe, expect, it } from 'vitest';
import { previousInterval, resolveTimewindow } from './resolve.ts';
import { defaultTimewindow } from './time-window-defaults.ts';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  type HistoryWindow,
  type QuickInterval,
  type Timewindow,
  type TimewindowUnit,
} from './time-window-types.ts';
import { runtimeTimezone } from './zoned-time.ts';

const t = (iso: string): number => Date.parse(iso);
const BERLIN = 'Europe/Berlin';
const base = defaultTimewindow(500, t('2026-01-01T00:00:00Z'));

function realtime(
  patch: Partial<Timewindow['realtime']>,
  agg: Timewindow['aggregation'] = base.aggregation,
): Timewindow {
  return { ...base, selectedTab: 'REALTIME', realtime: { ...base.realtime, ...patch }, aggregation: agg };
}

function history(patch: Partial<HistoryWindow>, extra: Partial<Timewindow> = {}): Timewindow {
  return { ...base, ...extra, selectedTab: 'HISTORY', history: { ...base.history, ...patch } };
}

const quick = (q: QuickInterval, interval = 1000): Timewindow =>
  history({ historyType: 'INTERVAL', quickInterval: q, interval });
const fixed = (start: string, end: string): Timewindow =>
  history({ historyType: 'FIXED', fixedTimewindow: { startTimeMs: t(start), endTimeMs: t(end) } });

describe('resolveTimewindow', () => {
  const now = t('2026-05-01T10:00:07.500Z');

  it('realtime last interval: [now − length, now), realtime', () => {
    const r = resolveTimewindow(realtime({ timewindowMs: MINUTE_MS }), now, BERLIN);
    expect(r).toEqual({
      realtime: true,
      startTs: now - MINUTE_MS,
      endTs: now,
      timewindowMs: MINUTE_MS,
      interval: 1000,
      aggregation: { type: 'NONE', limit: 250 },
      timezone: BERLIN,
    });
  });

  it('an aggregated sliding window starts on a whole interval', () => {
    const tw = realtime({ timewindowMs: HOUR_MS, interval: 10_000 }, { type: 'AVG', limit: 500 });
    const r = resolveTimewindow(tw, now, BERLIN);
    expect(r.startTs).toBe(t('2026-05-01T09:00:00Z'));
    expect(r.endTs).toBe(now);
    expect(r.timewindowMs).toBe(HOUR_MS + 7_500);
  });

  it('realtime quick interval: the whole period, in the window zone', () => {
    const tw = { ...realtime({ realtimeType: 'INTERVAL', quickInterval: 'CURRENT_DAY' }), timezone: 'Asia/Taipei' };
    const r = resolveTimewindow(tw, now, BERLIN);
    expect(r).toMatchObject({
      realtime: true,
      startTs: t('2026-05-01T00:00:00+08:00'),
      endTs: t('2026-05-02T00:00:00+08:00'),
      // A 1 s interval is raised to the day's shortest: 86400 s / 500, up to 173 s.
      interval: 173_000,
      timezone: 'Asia/Taipei',
    });
  });

  it.each([
    ['last interval', history({ historyType: 'LAST_INTERVAL', timewindowMs: DAY_MS }), now - DAY_MS, now],
    [
      'fixed',
      fixed('2026-04-01T00:00:00Z', '2026-04-02T00:00:00Z'),
      t('2026-04-01T00:00:00Z'),
      t('2026-04-02T00:00:00Z'),
    ],
    ['quick interval', quick('YESTERDAY'), t('2026-04-30T00:00:00+02:00'), t('2026-05-01T00:00:00+02:00')],
  ])('history %s: its range, not realtime', (_name, tw, startTs, endTs) => {
    expect(resolveTimewindow(tw, now, BERLIN)).toMatchObject({
      realtime: false,
      startTs,
      endTs,
      timewindowMs: endTs - startTs,
    });
  });

  it('bounds the interval by a quick interval counting a month as 30 days', () => {
    // February has 28 days, but the limit uses 30: 30 d / 500 = 5184 s.
    expect(resolveTimewindow(quick('PREVIOUS_MONTH', HOUR_MS), t('2026-03-10T00:00:00Z'), BERLIN).interval).toBe(
      5_184_000,
    );
    expect(resolveTimewindow(quick('CURRENT_DAY', 7 * DAY_MS), now, BERLIN).interval).toBe(12_342_000);
  });

  it('clamps the aggregation limit into [7, maximum]', () => {
    const tw = (limit: number): Timewindow => realtime({}, { type: 'AVG', limit });
    expect(resolveTimewindow(tw(25_000), now, BERLIN).aggregation).toEqual({ type: 'AVG', limit: 500 });
    expect(resolveTimewindow(tw(25_000), now, BERLIN, 1000).aggregation.limit).toBe(1000);
    expect(resolveTimewindow(tw(3), now, BERLIN).aggregation.limit).toBe(7);
  });

  it("uses the window's zone, else the given one, else the runtime's", () => {
    const tw = quick('CURRENT_DAY');
    expect(resolveTimewindow({ ...tw, timezone: 'Asia/Taipei' }, now, BERLIN).timezone).toBe('Asia/Taipei');
    expect(resolveTimewindow({ ...tw, timezone: 'Mars/Olympus' }, now, BERLIN).timezone).toBe(BERLIN);
    expect(resolveTimewindow(tw, now).timezone).toBe(runtimeTimezone());
  });
});

describe('previousInterval', () => {
  const range = (tw: Timewindow) => [
    new Date(tw.history.fixedTimewindow.startTimeMs).toISOString(),
    new Date(tw.history.fixedTimewindow.endTimeMs).toISOString(),
  ];
  const iso = (a: string, b: string) => [new Date(t(a)).toISOString(), new Date(t(b)).toISOString()];

  it.each([
    ['CURRENT_MONTH', '2026-03-29T14:00:00+02:00', '2026-02-01T00:00:00+01:00', '2026-03-01T00:00:00+01:00'],
    ['CURRENT_MONTH_SO_FAR', '2026-03-31T14:00:00+02:00', '2026-02-01T00:00:00+01:00', '2026-02-28T14:00:00+01:00'],
    ['CURRENT_DAY', '2026-03-30T09:00:00+02:00', '2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00'],
    ['CURRENT_DAY_SO_FAR', '2026-03-30T09:00:00+02:00', '2026-03-29T00:00:00+01:00', '2026-03-29T09:00:00+02:00'],
    ['YESTERDAY', '2026-03-30T09:00:00+02:00', '2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00+01:00'],
    ['THIS_DAY_LAST_WEEK', '2026-03-30T09:00:00+02:00', '2026-03-22T00:00:00+01:00', '2026-03-23T00:00:00+01:00'],
    ['CURRENT_WEEK_ISO', '2026-04-01T09:00:00+02:00', '2026-03-23T00:00:00+01:00', '2026-03-30T00:00:00+02:00'],
    ['PREVIOUS_WEEK', '2026-04-01T09:00:00+02:00', '2026-03-15T00:00:00+01:00', '2026-03-22T00:00:00+01:00'],
    ['CURRENT_HOUR', '2026-03-29T03:10:00+02:00', '2026-03-29T01:00:00+01:00', '2026-03-29T02:00:00+01:00'],
    ['PREVIOUS_YEAR', '2026-03-29T14:00:00+02:00', '2024-01-01T00:00:00+01:00', '2025-01-01T00:00:00+01:00'],
  ] as const)('%s moves back one of its periods', (q, now, start, end) => {
    const prev = previousInterval({ ...quick(q), timezone: BERLIN }, t(now));
    expect(prev.selectedTab).toBe('HISTORY');
    expect(prev.history.historyType).toBe('FIXED');
    expect(range(prev)).toEqual(iso(start, end));
  });

  it('moves other windows back by their own length', () => {
    const now = t('2026-05-01T10:00:00Z');
    const last = previousInterval(history({ historyType: 'LAST_INTERVAL', timewindowMs: HOUR_MS }), now, BERLIN);
    expect(range(last)).toEqual(iso('2026-05-01T08:00:00Z', '2026-05-01T09:00:00Z'));
    const live = previousInterval(realtime({ timewindowMs: 2 * MINUTE_MS }), now, BERLIN);
    expect(live.selectedTab).toBe('HISTORY');
    expect(range(live)).toEqual(iso('2026-05-01T09:56:00Z', '2026-05-01T09:58:00Z'));
    const odd = previousInterval(fixed('2026-05-01T10:00:00Z', '2026-05-01T13:30:00Z'), now, BERLIN);
    expect(range(odd)).toEqual(iso('2026-05-01T06:30:00Z', '2026-05-01T10:00:00Z'));
  });

  it('keeps stepping whole days across a DST change', () => {
    let tw: Timewindow = { ...quick('CURRENT_DAY'), timezone: BERLIN };
    const days: string[][] = [];
    let now = t('2026-03-31T12:00:00+02:00');
    for (let i = 0; i < 3; i++) {
      tw = previousInterval(tw, now);
      now += 1; // a later call sees a FIXED window, stepped by calendar days
      days.push(range(tw));
    }
    expect(days).toEqual([
      iso('2026-03-30T00:00:00+02:00', '2026-03-31T00:00:00+02:00'),
      iso('2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00'),
      iso('2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00+01:00'),
    ]);
  });

  it('keeps stepping whole months, whatever their length', () => {
    let tw: Timewindow = { ...quick('CURRENT_MONTH'), timezone: 'America/New_York' };
    tw = previousInterval(tw, t('2026-03-15T12:00:00-04:00'));
    tw = previousInterval(tw, t('2026-03-15T12:00:00-04:00'));
    expect(range(tw)).toEqual(iso('2026-01-01T00:00:00-05:00', '2026-02-01T00:00:00-05:00'));
  });

  it.each([
    ['DAYS', '2026-03-28T12:00:00+01:00', '2026-03-29T12:00:00+02:00'],
    ['HOURS', '2026-03-29T11:00:00+02:00', '2026-03-30T11:00:00+02:00'],
    ['MINUTES', '2026-03-29T11:59:00+02:00', '2026-03-30T11:59:00+02:00'],
    ['SECONDS', '2026-03-29T11:59:59+02:00', '2026-03-30T11:59:59+02:00'],
  ] as const)('a step of one unit (%s) moves both ends back by it', (unit: TimewindowUnit, start, end) => {
    const tw = fixed('2026-03-29T12:00:00+02:00', '2026-03-30T12:00:00+02:00');
    expect(range(previousInterval(tw, 0, BERLIN, unit))).toEqual(iso(start, end));
  });

  it('keeps the other settings and leaves the original alone', () => {
    const tw = {
      ...quick('CURRENT_DAY', 60_000),
      timezone: 'Asia/Taipei',
      aggregation: { type: 'MAX' as const, limit: 100 },
    };
    const copy = structuredClone(tw);
    const prev = previousInterval(tw, t('2026-05-01T10:00:00Z'));
    expect(tw).toEqual(copy);
    expect(prev).toMatchObject({
      timezone: 'Asia/Taipei',
      aggregation: { type: 'MAX', limit: 100 },
      realtime: tw.realtime,
      history: { interval: 60_000, quickInterval: 'CURRENT_DAY' },
    });
    expect(range(prev)).toEqual(iso('2026-04-30T00:00:00+08:00', '2026-05-01T00:00:00+08:00'));
  });
});
