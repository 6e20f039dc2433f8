/**
 * What the time-window button says (e.g. "Realtime - last day", "History - from … to …"), as data:
 * the component turns it into words. Pure.
 */
import { timezoneInfo, type QuickInterval, type Timewindow, type TimewindowType } from '@sapo/common';

export type TimewindowSummary =
  | { tab: TimewindowType; kind: 'last'; ms: number }
  | { tab: TimewindowType; kind: 'quick'; quickInterval: QuickInterval }
  | { tab: TimewindowType; kind: 'fixed'; startTs: number; endTs: number };

export function timewindowSummary(tw: Timewindow): TimewindowSummary {
  const tab = tw.selectedTab;
  if (tab === 'REALTIME') {
    const rt = tw.realtime;
    return rt.realtimeType === 'INTERVAL'
      ? { tab, kind: 'quick', quickInterval: rt.quickInterval }
      : { tab, kind: 'last', ms: rt.timewindowMs };
  }
  const h = tw.history;
  switch (h.historyType) {
    case 'LAST_INTERVAL':
      return { tab, kind: 'last', ms: h.timewindowMs };
    case 'INTERVAL':
      return { tab, kind: 'quick', quickInterval: h.quickInterval };
    case 'FIXED':
      return { tab, kind: 'fixed', startTs: h.fixedTimewindow.startTimeMs, endTs: h.fixedTimewindow.endTimeMs };
  }
}

/** The zone's abbreviation to append ('CST', 'GMT+8'), only when the window has its own zone. */
export function summaryTimezoneAbbr(tw: Timewindow, now: number): string | undefined {
  if (!tw.timezone) return undefined;
  return tw.displayTimezoneAbbr || timezoneInfo(tw.timezone, now).abbr || undefined;
}
