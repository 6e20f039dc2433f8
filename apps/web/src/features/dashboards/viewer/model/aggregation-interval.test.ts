import { DAY_MS, MINUTE_MS, normaliseTimewindow, resolveTimewindow } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import { withSelectableInterval } from './aggregation-interval';

const now = Date.UTC(2026, 10, 22, 10, 7, 13);

describe('aggregation interval', () => {
  it('asks a 7-day average for a predefined interval, with buckets on whole minutes', () => {
    const tw = normaliseTimewindow(
      { selectedTab: 0, realtime: { realtimeType: 0, timewindowMs: 7 * DAY_MS }, aggregation: { type: 'AVG' } },
      50_000,
      now,
    );
    expect(resolveTimewindow(tw, now, 'UTC', 50_000).interval).toBe(1_210_000); // the bare lower bound
    const snapped = resolveTimewindow(withSelectableInterval(tw, now, 50_000), now, 'UTC', 50_000);
    expect(snapped.interval).toBe(30 * MINUTE_MS);
    expect(snapped.startTs % MINUTE_MS).toBe(0);
  });
  it('leaves raw windows and intervals that are already predefined alone', () => {
    const raw = normaliseTimewindow(
      { selectedTab: 0, realtime: { timewindowMs: DAY_MS }, aggregation: { type: 'NONE' } },
      500,
      now,
    );
    expect(withSelectableInterval(raw, now, 500)).toBe(raw);
    const hour = normaliseTimewindow(
      {
        selectedTab: 1,
        history: { historyType: 0, timewindowMs: DAY_MS, interval: 3_600_000 },
        aggregation: { type: 'MAX' },
      },
      500,
      now,
    );
    expect(withSelectableInterval(hour, now, 500)).toBe(hour);
  });
});
