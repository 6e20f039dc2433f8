import { DAY_MS, defaultTimewindow, HOUR_MS, MINUTE_MS, SECOND_MS, type Timewindow } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import {
  isTimewindowChanged,
  isTimewindowDisabled,
  reconcileIntervals,
  tabInterval,
  timewindowErrors,
  windowLengthMs,
  withTabInterval,
} from './timewindow-draft';

const NOW = Date.UTC(2024, 4, 10, 12);
const base = defaultTimewindow(500, NOW);

const history = (patch: Partial<Timewindow['history']>): Timewindow => ({
  ...base,
  selectedTab: 'HISTORY',
  history: { ...base.history, ...patch },
});

describe('window length', () => {
  it('is the last-interval length, a quick interval nominal length, or the fixed range', () => {
    expect(windowLengthMs(base)).toBe(MINUTE_MS);
    expect(windowLengthMs({ ...base, realtime: { ...base.realtime, realtimeType: 'INTERVAL' } })).toBe(DAY_MS);
    expect(
      windowLengthMs(history({ historyType: 'FIXED', fixedTimewindow: { startTimeMs: 0, endTimeMs: HOUR_MS } })),
    ).toBe(HOUR_MS);
    expect(windowLengthMs(history({ historyType: 'INTERVAL', quickInterval: 'PREVIOUS_MONTH' }))).toBe(30 * DAY_MS);
  });
});

describe('interval bounds', () => {
  it('brings an interval back inside the new window bounds', () => {
    // A 1 s interval over 30 days would be 2.6 M points: the minimum is 30 d / 500.
    const tw = { ...base, realtime: { ...base.realtime, timewindowMs: 30 * DAY_MS } };
    expect(reconcileIntervals(tw).realtime.interval).toBe((30 * DAY_MS) / 500);
    // An hour-long interval over a minute is cut to a minute / 7, down to a whole second.
    const short = { ...base, realtime: { ...base.realtime, interval: HOUR_MS } };
    expect(reconcileIntervals(short).realtime.interval).toBe(8 * SECOND_MS);
  });

  it('returns the same object when nothing needs to change', () => {
    expect(reconcileIntervals(base)).toBe(base);
  });

  it('reads and writes the selected tab interval', () => {
    const tw = withTabInterval(history({}), 5000);
    expect(tw.history.interval).toBe(5000);
    expect(tabInterval(tw)).toBe(5000);
    expect(tw.realtime.interval).toBe(base.realtime.interval);
  });
});

describe('form validity', () => {
  it('accepts the default window', () => {
    expect(timewindowErrors(base, 500)).toEqual([]);
  });

  it('needs a limit between 7 and the maximum datapoints for NONE', () => {
    expect(timewindowErrors({ ...base, aggregation: { type: 'NONE', limit: 6 } }, 500)).toEqual(['limit']);
    expect(timewindowErrors({ ...base, aggregation: { type: 'NONE', limit: 501 } }, 500)).toEqual(['limit']);
    expect(timewindowErrors({ ...base, aggregation: { type: 'NONE', limit: 500 } }, 500)).toEqual([]);
  });

  it('needs an interval inside the window bounds when aggregating', () => {
    const tw = {
      ...base,
      aggregation: { type: 'AVG' as const, limit: 500 },
      realtime: { ...base.realtime, interval: HOUR_MS },
    };
    expect(timewindowErrors(tw, 500)).toEqual(['interval']);
  });

  it('flags an empty window', () => {
    expect(timewindowErrors({ ...base, realtime: { ...base.realtime, timewindowMs: 0 } }, 500)).toContain('window');
  });
});

describe('changed and disabled', () => {
  it('sees a changed hide box as a change', () => {
    expect(isTimewindowChanged(base, { ...base })).toBe(false);
    expect(isTimewindowChanged(base, { ...base, hideTimezone: true })).toBe(true);
  });

  it('disables the trigger only when every section is hidden and not editing', () => {
    const hidden = { ...base, hideInterval: true, hideAggregation: true, hideAggInterval: true, hideTimezone: true };
    const all = { aggregation: true, timezone: true };
    expect(isTimewindowDisabled(hidden, false, all)).toBe(true);
    expect(isTimewindowDisabled(hidden, true, all)).toBe(false);
    expect(isTimewindowDisabled({ ...hidden, hideTimezone: false }, false, all)).toBe(false);
    expect(isTimewindowDisabled({ ...base, hideInterval: true }, false, { aggregation: false, timezone: false })).toBe(
      true,
    );
  });
});
