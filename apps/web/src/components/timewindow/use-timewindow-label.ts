import type { Timewindow } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../date-time-period/model/date-time-period-model';
import { useIntervalLabel } from '../time-interval/interval-label';
import { summaryTimezoneAbbr, timewindowSummary } from './model/timewindow-summary';
import { QUICK_INTERVAL_LABELS, TAB_LABELS } from './timewindow-labels';

/** "Realtime - last day", "History - Yesterday", "History - from … to …" (+ the zone's abbreviation). */
export function useTimewindowLabel(tw: Timewindow): string {
  const { t } = useTranslation();
  const intervalLabel = useIntervalLabel();
  const s = timewindowSummary(tw);
  const tab = t(TAB_LABELS[s.tab]);
  let text: string;
  switch (s.kind) {
    case 'last':
      text = t('timewindow.summary-last', { tab, interval: intervalLabel(s.ms, { bare: true }) });
      break;
    case 'quick':
      text = t('timewindow.summary-interval', { tab, interval: t(QUICK_INTERVAL_LABELS[s.quickInterval]) });
      break;
    case 'fixed':
      text = t('timewindow.summary-period', {
        tab,
        start: formatDateTime(s.startTs, tw.timezone),
        end: formatDateTime(s.endTs, tw.timezone),
      });
      break;
  }
  const abbr = summaryTimezoneAbbr(tw, Date.now());
  return abbr ? `${text} ${abbr}` : text;
}
