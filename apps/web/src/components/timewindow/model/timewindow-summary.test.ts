import { DAY_MS, defaultTimewindow, HOUR_MS } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import { summaryTimezoneAbbr, timewindowSummary } from './timewindow-summary';

const NOW = Date.UTC(2024, 4, 10, 12);
const base = defaultTimewindow(500, NOW);

describe('time window summary', () => {
  it('describes a realtime last interval and quick interval', () => {
    expect(timewindowSummary({ ...base, realtime: { ...base.realtime, timewindowMs: DAY_MS } })).toEqual({
      tab: 'REALTIME',
      kind: 'last',
      ms: DAY_MS,
    });
    expect(timewindowSummary({ ...base, realtime: { ...base.realtime, realtimeType: 'INTERVAL' } })).toEqual({
      tab: 'REALTIME',
      kind: 'quick',
      quickInterval: 'CURRENT_DAY',
    });
  });

  it('describes a history fixed range', () => {
    const tw = {
      ...base,
      selectedTab: 'HISTORY' as const,
      history: {
        ...base.history,
        historyType: 'FIXED' as const,
        fixedTimewindow: { startTimeMs: 0, endTimeMs: HOUR_MS },
      },
    };
    expect(timewindowSummary(tw)).toEqual({ tab: 'HISTORY', kind: 'fixed', startTs: 0, endTs: HOUR_MS });
  });

  it('adds a zone abbreviation only for a window with its own zone', () => {
    expect(summaryTimezoneAbbr(base, NOW)).toBeUndefined();
    expect(summaryTimezoneAbbr({ ...base, timezone: 'UTC' }, NOW)).toBe('UTC');
    expect(summaryTimezoneAbbr({ ...base, timezone: 'UTC', displayTimezoneAbbr: 'Z' }, NOW)).toBe('Z');
  });
});
