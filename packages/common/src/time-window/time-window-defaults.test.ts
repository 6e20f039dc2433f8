import { describe, expect, it } from 'vitest';
import { defaultTimewindow, normaliseTimewindow } from './time-window-defaults.ts';
import { DAY_MS, MINUTE_MS, SECOND_MS, type Timewindow } from './time-window-types.ts';

const NOW = Date.parse('2026-05-04T10:00:00Z');
const norm = (raw: unknown, max?: number): Timewindow => normaliseTimewindow(raw, max, NOW);

describe('defaultTimewindow', () => {
  it('is realtime, last minute at 1 s, CURRENT_DAY, history fixed on the last 24 h, NONE at half the maximum', () => {
    expect(defaultTimewindow(500, NOW)).toEqual({
      hideInterval: false,
      hideAggregation: false,
      hideAggInterval: false,
      hideTimezone: false,
      selectedTab: 'REALTIME',
      realtime: {
        realtimeType: 'LAST_INTERVAL',
        interval: SECOND_MS,
        timewindowMs: MINUTE_MS,
        quickInterval: 'CURRENT_DAY',
      },
      history: {
        historyType: 'LAST_INTERVAL',
        interval: SECOND_MS,
        timewindowMs: MINUTE_MS,
        fixedTimewindow: { startTimeMs: NOW - DAY_MS, endTimeMs: NOW },
        quickInterval: 'CURRENT_DAY',
      },
      aggregation: { type: 'NONE', limit: 250 },
    });
  });

  it('takes half of the server maximum, rounded down, after coercing it', () => {
    expect(defaultTimewindow(1001, NOW).aggregation.limit).toBe(500);
    expect(defaultTimewindow(3, NOW).aggregation.limit).toBe(4);
    expect(defaultTimewindow(undefined, NOW).aggregation.limit).toBe(250);
  });
});

describe('normaliseTimewindow: §4 inference', () => {
  it.each([
    ['realtime section → REALTIME tab', { realtime: { timewindowMs: 60_000 } }, 'REALTIME'],
    ['history only → HISTORY tab', { history: { timewindowMs: 60_000 } }, 'HISTORY'],
    ['no sections → HISTORY tab', {}, 'HISTORY'],
    ['explicit tab wins', { selectedTab: 'HISTORY', realtime: { timewindowMs: 60_000 } }, 'HISTORY'],
    ['numeric tab code', { selectedTab: 1, realtime: {} }, 'HISTORY'],
    ['garbage tab → inferred', { selectedTab: 'SIDEWAYS', realtime: {} }, 'REALTIME'],
  ])('%s', (_name, raw, tab) => {
    expect(norm(raw).selectedTab).toBe(tab);
  });

  it.each([
    ['quick interval → INTERVAL', { quickInterval: 'CURRENT_HOUR' }, 'INTERVAL'],
    ['window length only → LAST_INTERVAL', { timewindowMs: 300_000 }, 'LAST_INTERVAL'],
    ['empty → LAST_INTERVAL', {}, 'LAST_INTERVAL'],
    ['unknown quick interval does not count', { quickInterval: 'TOMORROW' }, 'LAST_INTERVAL'],
    ['explicit type wins', { realtimeType: 'LAST_INTERVAL', quickInterval: 'CURRENT_HOUR' }, 'LAST_INTERVAL'],
    ['code 1', { realtimeType: 1 }, 'INTERVAL'],
    ['code 0 with a quick interval', { realtimeType: 0, quickInterval: 'CURRENT_HOUR' }, 'LAST_INTERVAL'],
  ])('realtime: %s', (_name, realtime, type) => {
    expect(norm({ realtime }).realtime.realtimeType).toBe(type);
  });

  it.each([
    ['window length → LAST_INTERVAL', { timewindowMs: DAY_MS }, 'LAST_INTERVAL'],
    ['quick interval → INTERVAL', { quickInterval: 'PREVIOUS_WEEK' }, 'INTERVAL'],
    ['length beats quick interval', { timewindowMs: DAY_MS, quickInterval: 'PREVIOUS_WEEK' }, 'LAST_INTERVAL'],
    ['neither → FIXED', { fixedTimewindow: { startTimeMs: 1, endTimeMs: 2 } }, 'FIXED'],
    ['empty → FIXED', {}, 'FIXED'],
    ['invalid length does not count', { timewindowMs: -1 }, 'FIXED'],
    ['code 2', { historyType: 2 }, 'INTERVAL'],
    ['code 1', { historyType: 1, timewindowMs: DAY_MS }, 'FIXED'],
    ['name', { historyType: 'INTERVAL' }, 'INTERVAL'],
    ['out-of-range code → inferred', { historyType: 3, timewindowMs: DAY_MS }, 'LAST_INTERVAL'],
  ])('history: %s', (_name, history, type) => {
    expect(norm({ history }).history.historyType).toBe(type);
  });

  it('keeps the default section when a section is absent', () => {
    const base = defaultTimewindow(500, NOW);
    const tw = norm({ history: { historyType: 1, fixedTimewindow: { startTimeMs: 10, endTimeMs: 20 } } });
    expect(tw.realtime).toEqual(base.realtime);
    expect(tw.history.fixedTimewindow).toEqual({ startTimeMs: 10, endTimeMs: 20 });
    expect(norm({}).history).toEqual(base.history);
  });
});

describe('normaliseTimewindow: aggregation', () => {
  it.each([
    ['unset → AVG with the maximum', undefined, 500, { type: 'AVG', limit: 500 }],
    ['unset, server maximum 1000', undefined, 1000, { type: 'AVG', limit: 1000 }],
    ['type only → limit is the maximum', { type: 'NONE' }, 500, { type: 'NONE', limit: 500 }],
    ['limit only → AVG', { limit: 100 }, 500, { type: 'AVG', limit: 100 }],
    ['lower case type', { type: 'max', limit: 50 }, 500, { type: 'MAX', limit: 50 }],
    ['unknown type → AVG', { type: 'MEDIAN', limit: 50 }, 500, { type: 'AVG', limit: 50 }],
    [
      'a limit above the maximum is kept for storage',
      { type: 'AVG', limit: 25_000 },
      500,
      { type: 'AVG', limit: 25_000 },
    ],
    ['invalid limit → the maximum', { type: 'SUM', limit: -3 }, 500, { type: 'SUM', limit: 500 }],
    ['garbage section', 'AVG', 500, { type: 'AVG', limit: 500 }],
  ])('%s', (_name, aggregation, max, expected) => {
    expect(norm({ realtime: {}, aggregation }, max).aggregation).toEqual(expected);
  });
});

describe('normaliseTimewindow: ThingsBoard 3.2 JSON', () => {
  it('reads a realtime widget window with numeric codes', () => {
    const tb = {
      displayValue: '',
      selectedTab: 0,
      realtime: { realtimeType: 0, interval: 1000, timewindowMs: 60000, quickInterval: 'CURRENT_DAY' },
      history: {
        historyType: 0,
        interval: 1000,
        timewindowMs: 60000,
        fixedTimewindow: { startTimeMs: 1616745600000, endTimeMs: 1616832000000 },
        quickInterval: 'CURRENT_DAY',
      },
      aggregation: { type: 'AVG', limit: 25000 },
      hideInterval: false,
      hideAggregation: true,
      hideAggInterval: false,
    };
    expect(norm(tb)).toEqual({
      displayValue: '',
      hideInterval: false,
      hideAggregation: true,
      hideAggInterval: false,
      hideTimezone: false,
      selectedTab: 'REALTIME',
      realtime: { realtimeType: 'LAST_INTERVAL', interval: 1000, timewindowMs: 60000, quickInterval: 'CURRENT_DAY' },
      history: {
        historyType: 'LAST_INTERVAL',
        interval: 1000,
        timewindowMs: 60000,
        fixedTimewindow: { startTimeMs: 1616745600000, endTimeMs: 1616832000000 },
        quickInterval: 'CURRENT_DAY',
      },
      aggregation: { type: 'AVG', limit: 25000 },
    });
  });

  it('reads the short forms widgets are saved with', () => {
    const realtime = norm({ realtime: { timewindowMs: 60000 }, aggregation: { type: 'AVG', limit: 25000 } });
    expect(realtime).toMatchObject({
      selectedTab: 'REALTIME',
      realtime: { realtimeType: 'LAST_INTERVAL', timewindowMs: 60000, interval: 1000 },
    });
    const history = norm({
      history: { historyType: 0, timewindowMs: 86400000 },
      aggregation: { type: 'NONE', limit: 200 },
    });
    expect(history).toMatchObject({
      selectedTab: 'HISTORY',
      history: { historyType: 'LAST_INTERVAL', timewindowMs: 86400000 },
      aggregation: { type: 'NONE', limit: 200 },
    });
  });

  it('keeps a valid timezone and display settings', () => {
    const tw = norm({ timezone: 'Asia/Taipei', displayTimezoneAbbr: 'CST', hideTimezone: true, realtime: {} });
    expect(tw).toMatchObject({ timezone: 'Asia/Taipei', displayTimezoneAbbr: 'CST', hideTimezone: true });
  });

  it('accepts numbers sent as text', () => {
    const tw = norm({
      selectedTab: '1',
      history: { historyType: '2', quickInterval: 'CURRENT_YEAR', interval: '60000' },
    });
    expect(tw.selectedTab).toBe('HISTORY');
    expect(tw.history).toMatchObject({ historyType: 'INTERVAL', interval: 60000, quickInterval: 'CURRENT_YEAR' });
  });
});

describe('normaliseTimewindow: invalid input', () => {
  it.each([null, undefined, 42, 'realtime', [], true])('%j gives the default window', (raw) => {
    expect(norm(raw)).toEqual(defaultTimewindow(500, NOW));
  });

  it('replaces each invalid field with its default', () => {
    const base = defaultTimewindow(500, NOW);
    const tw = norm({
      hideInterval: 'yes',
      timezone: 'Mars/Olympus',
      displayValue: 7,
      realtime: { interval: 'abc', timewindowMs: -5, quickInterval: 'TOMORROW', realtimeType: 'SOMETIMES' },
      history: { interval: 0, fixedTimewindow: { startTimeMs: 20, endTimeMs: 10 }, historyType: null },
    });
    expect(tw.hideInterval).toBe(false);
    expect(tw).not.toHaveProperty('timezone');
    expect(tw).not.toHaveProperty('displayValue');
    expect(tw.realtime).toEqual(base.realtime);
    expect(tw.history).toEqual({ ...base.history, historyType: 'FIXED' });
  });

  it('never throws, whatever it is given', () => {
    const junk: unknown[] = [null, undefined, 0, -1, Number.NaN, '', 'x', [], {}, [1, 2], { a: 1 }, true];
    for (const a of junk) {
      for (const b of junk) {
        const raw = {
          selectedTab: a,
          realtime: a,
          history: { historyType: a, fixedTimewindow: b, timewindowMs: b },
          aggregation: b,
        };
        expect(() => norm(raw, a as number)).not.toThrow();
        expect(() => norm({ realtime: { realtimeType: b, interval: a, quickInterval: b } })).not.toThrow();
      }
    }
  });
});
