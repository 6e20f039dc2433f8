import { describe, expect, it } from 'vitest';
import { normaliseTimewindow } from './time-window-defaults.ts';
import {
  parseHistoryWindowType,
  parseRealtimeWindowType,
  parseTimewindowType,
  toTimewindowJson,
} from './time-window-json.ts';
import { HISTORY_WINDOW_TYPES, REALTIME_WINDOW_TYPES, TIMEWINDOW_TYPES, type Timewindow } from './time-window-types.ts';

const NOW = Date.parse('2026-05-04T10:00:00Z');

describe("ThingsBoard's numeric codes", () => {
  it.each([
    [0, 'REALTIME'],
    [1, 'HISTORY'],
    ['1', 'HISTORY'],
    ['REALTIME', 'REALTIME'],
    [2, undefined],
    [-1, undefined],
    [0.5, undefined],
    ['realtime', undefined],
    [null, undefined],
  ])('selectedTab %j → %s', (value, name) => {
    expect(parseTimewindowType(value)).toBe(name);
  });

  it.each([
    [0, 'LAST_INTERVAL'],
    [1, 'INTERVAL'],
    ['INTERVAL', 'INTERVAL'],
    [2, undefined],
    ['FIXED', undefined],
  ])('realtimeType %j → %s', (value, name) => {
    expect(parseRealtimeWindowType(value)).toBe(name);
  });

  it.each([
    [0, 'LAST_INTERVAL'],
    [1, 'FIXED'],
    [2, 'INTERVAL'],
    [' 2 ', 'INTERVAL'],
    ['FIXED', 'FIXED'],
    [3, undefined],
    [{}, undefined],
  ])('historyType %j → %s', (value, name) => {
    expect(parseHistoryWindowType(value)).toBe(name);
  });
});

describe('toTimewindowJson', () => {
  const tw: Timewindow = {
    ...normaliseTimewindow(undefined, 500, NOW),
    selectedTab: 'HISTORY',
    timezone: 'Europe/Berlin',
    history: {
      historyType: 'INTERVAL',
      interval: 60_000,
      timewindowMs: 3_600_000,
      fixedTimewindow: { startTimeMs: 1, endTimeMs: 2 },
      quickInterval: 'PREVIOUS_MONTH',
    },
  };

  it('writes the window types as ThingsBoard codes and the rest by name', () => {
    const json = toTimewindowJson(tw);
    expect(json).toMatchObject({
      selectedTab: 1,
      timezone: 'Europe/Berlin',
      realtime: { realtimeType: 0, quickInterval: 'CURRENT_DAY' },
      history: { historyType: 2, quickInterval: 'PREVIOUS_MONTH', interval: 60_000 },
      aggregation: { type: 'NONE', limit: 250 },
    });
    expect(json).not.toHaveProperty('displayValue');
  });

  it('round-trips through stored JSON for every combination of window types', () => {
    for (const selectedTab of TIMEWINDOW_TYPES) {
      for (const realtimeType of REALTIME_WINDOW_TYPES) {
        for (const historyType of HISTORY_WINDOW_TYPES) {
          const original: Timewindow = {
            ...tw,
            displayValue: 'Last 5 minutes',
            selectedTab,
            realtime: { ...tw.realtime, realtimeType },
            history: { ...tw.history, historyType },
          };
          const stored: unknown = JSON.parse(JSON.stringify(toTimewindowJson(original)));
          expect(normaliseTimewindow(stored, 500, NOW)).toEqual(original);
        }
      }
    }
  });

  it('stores a ThingsBoard window as ThingsBoard wrote it', () => {
    const tb = {
      hideInterval: false,
      hideAggregation: false,
      hideAggInterval: false,
      hideTimezone: false,
      selectedTab: 1,
      realtime: { realtimeType: 1, interval: 5000, timewindowMs: 300000, quickInterval: 'CURRENT_HOUR' },
      history: {
        historyType: 1,
        interval: 60000,
        timewindowMs: 86400000,
        fixedTimewindow: { startTimeMs: 1616745600000, endTimeMs: 1616832000000 },
        quickInterval: 'YESTERDAY',
      },
      aggregation: { type: 'MAX', limit: 300 },
    };
    expect(toTimewindowJson(normaliseTimewindow(tb, 500, NOW))).toEqual(tb);
  });
});
