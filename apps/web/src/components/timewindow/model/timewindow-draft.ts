/**
 * Editing a time window in the panel (spec 2-calls §2, §3.10, §5): the window length that bounds
 * the aggregation interval, keeping the interval inside those bounds when the window changes, the
 * form's validity and "changed" state, and when the trigger is disabled. Pure.
 */
import {
  boundedInterval,
  intervalBounds,
  isValidAggregationLimit,
  quickIntervalNominalMs,
  toTimewindowJson,
  type IntervalBounds,
  type Timewindow,
  type TimewindowType,
} from '@sapo/common';

/** The length the selected tab's aggregation interval is bounded by (a quick interval's nominal one). */
export function windowLengthMs(tw: Timewindow, tab: TimewindowType = tw.selectedTab): number {
  if (tab === 'REALTIME') {
    const rt = tw.realtime;
    return rt.realtimeType === 'INTERVAL' ? quickIntervalNominalMs(rt.quickInterval) : rt.timewindowMs;
  }
  const h = tw.history;
  switch (h.historyType) {
    case 'LAST_INTERVAL':
      return h.timewindowMs;
    case 'INTERVAL':
      return quickIntervalNominalMs(h.quickInterval);
    case 'FIXED':
      return h.fixedTimewindow.endTimeMs - h.fixedTimewindow.startTimeMs;
  }
}

export function aggregationBounds(tw: Timewindow, tab: TimewindowType = tw.selectedTab): IntervalBounds {
  return intervalBounds(windowLengthMs(tw, tab));
}

/** The selected tab's aggregation interval. */
export function tabInterval(tw: Timewindow, tab: TimewindowType = tw.selectedTab): number {
  return tab === 'REALTIME' ? tw.realtime.interval : tw.history.interval;
}

export function withTabInterval(tw: Timewindow, interval: number, tab: TimewindowType = tw.selectedTab): Timewindow {
  return tab === 'REALTIME'
    ? { ...tw, realtime: { ...tw.realtime, interval } }
    : { ...tw, history: { ...tw.history, interval } };
}

/**
 * After the window changed: both tabs' intervals brought inside their (possibly new) bounds
 * (§5: the aggregation interval is bounded by the window).
 */
export function reconcileIntervals(tw: Timewindow): Timewindow {
  const rt = boundedInterval(tw.realtime.interval, windowLengthMs(tw, 'REALTIME'));
  const h = boundedInterval(tw.history.interval, windowLengthMs(tw, 'HISTORY'));
  if (rt === tw.realtime.interval && h === tw.history.interval) return tw;
  return { ...tw, realtime: { ...tw.realtime, interval: rt }, history: { ...tw.history, interval: h } };
}

export type TimewindowFormError = 'window' | 'interval' | 'limit';

/**
 * What keeps Update disabled: an empty or reversed window, an interval outside its bounds (only
 * when aggregating), a limit outside [7, maximum] (only for NONE, where the limit is shown).
 */
export function timewindowErrors(tw: Timewindow, maxDatapoints: number): TimewindowFormError[] {
  const errors: TimewindowFormError[] = [];
  const length = windowLengthMs(tw);
  if (!Number.isFinite(length) || length < 1000) errors.push('window');
  if (tw.aggregation.type === 'NONE') {
    if (!isValidAggregationLimit(tw.aggregation.limit, maxDatapoints)) errors.push('limit');
  } else {
    const { min, max } = intervalBounds(length);
    const interval = tabInterval(tw);
    if (!(interval >= min && interval <= max)) errors.push('interval');
  }
  return errors;
}

/** True when the two windows would be stored differently. */
export function isTimewindowChanged(a: Timewindow, b: Timewindow): boolean {
  return JSON.stringify(toTimewindowJson(a)) !== JSON.stringify(toTimewindowJson(b));
}

export interface TimewindowSections {
  /** The aggregation section is offered (time-series widgets, the dashboard toolbar). */
  aggregation: boolean;
  /** The timezone section is offered. */
  timezone: boolean;
}

/**
 * The trigger is disabled when every section it would show is hidden by settings, unless the
 * dashboard is being edited (2-calls §2).
 */
export function isTimewindowDisabled(tw: Timewindow, isEdit: boolean, sections: TimewindowSections): boolean {
  if (isEdit) return false;
  const aggHidden = !sections.aggregation || (tw.hideAggregation && tw.hideAggInterval);
  const tzHidden = !sections.timezone || tw.hideTimezone;
  return tw.hideInterval && aggHidden && tzHidden;
}
