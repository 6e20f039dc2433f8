// Aggregated windows ask for one of the predefined intervals (2-calls §9: 1 min, 5 min, 30 min, 1 h…)
// rather than the bare lower bound (a 7-day window's is 20 min 10 s). Whole-minute buckets are read
// from the server's minute rollups; odd-sized ones need raw reads at every bucket edge, several
// times slower. The user's own choice in the panel is already a predefined interval and stays.
import { resolveTimewindow, snapToSelectableInterval, type Timewindow } from '@sapo/common';

export function withSelectableInterval(tw: Timewindow, now: number, maxDatapoints: number): Timewindow {
  if (tw.aggregation.type === 'NONE') return tw;
  const r = resolveTimewindow(tw, now, undefined, maxDatapoints);
  const interval = snapToSelectableInterval(r.interval, r.endTs - r.startTs);
  if (interval === r.interval) return tw;
  return tw.selectedTab === 'REALTIME'
    ? { ...tw, realtime: { ...tw.realtime, interval } }
    : { ...tw, history: { ...tw.history, interval } };
}
