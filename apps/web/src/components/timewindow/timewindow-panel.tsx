import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { DEFAULT_MAX_DATAPOINTS, type Timewindow, type TimewindowType } from '@sapo/common';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HideBox } from './hide-box';
import { isTimewindowChanged, reconcileIntervals, timewindowErrors } from './model/timewindow-draft';
import { TimewindowAggregationSection } from './timewindow-aggregation-section';
import { TAB_LABELS } from './timewindow-labels';
import { TimewindowWindowSection } from './timewindow-window-section';
import { TimezoneSelect } from './timezone-select';

export interface TimewindowPanelProps {
  value: Timewindow;
  /** Update: the edited window (only enabled when valid and changed). */
  onApply: (tw: Timewindow) => void;
  onCancel: () => void;
  /** The server's maximum datapoints (coerced); bounds the limit. */
  maxDatapoints?: number;
  /** Dashboard edit mode: every section shows, with its "Hide" box. */
  isEdit?: boolean;
  /** Offer the aggregation section (default true). */
  aggregation?: boolean;
  /** Offer the timezone section (default true). */
  timezone?: boolean;
  /** Only the History tab (e.g. a widget that never streams). */
  historyOnly?: boolean;
  /** Realtime quick intervals limited to CURRENT_* (default true). */
  realtimeQuickCurrentOnly?: boolean;
  loading?: boolean;
}

/** A new zone; the stored abbreviation belonged to the old one, so it goes too. */
function withTimezone(tw: Timewindow, zone: string | undefined): Timewindow {
  const next: Timewindow = { ...tw };
  delete next.displayTimezoneAbbr;
  if (zone) next.timezone = zone;
  else delete next.timezone;
  return next;
}

function Section({ title, hide, children }: { title: string; hide?: ReactNode; children: ReactNode }) {
  return (
    <Stack sx={{ gap: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 32 }}>
        <Typography variant="subtitle2">{title}</Typography>
        {hide}
      </Stack>
      {children}
    </Stack>
  );
}

/**
 * The time-window panel (2-calls §2, §3.10): Realtime and History tabs, then aggregation and
 * timezone. Update is disabled while loading, when invalid, or when nothing changed; ticking a
 * "hide" box (edit mode) disables the matching controls and counts as a change.
 */
export function TimewindowPanel({
  value,
  onApply,
  onCancel,
  maxDatapoints = DEFAULT_MAX_DATAPOINTS,
  isEdit = false,
  aggregation = true,
  timezone = true,
  historyOnly = false,
  realtimeQuickCurrentOnly = true,
  loading = false,
}: TimewindowPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Timewindow>(() => (historyOnly ? { ...value, selectedTab: 'HISTORY' } : value));
  const update = (tw: Timewindow) => setDraft(reconcileIntervals(tw));
  const valid = timewindowErrors(draft, maxDatapoints).length === 0;
  const canApply = !loading && valid && isTimewindowChanged(value, draft);
  const showWindow = isEdit || !draft.hideInterval;
  const showAggregation = aggregation && (isEdit || !(draft.hideAggregation && draft.hideAggInterval));
  const showTimezone = timezone && (isEdit || !draft.hideTimezone);

  return (
    <Stack sx={{ flex: '1 1 auto', minHeight: 0 }}>
      {!historyOnly && (
        <Tabs
          value={draft.selectedTab}
          onChange={(_e, tab: TimewindowType) => update({ ...draft, selectedTab: tab })}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
        >
          {(['REALTIME', 'HISTORY'] as const).map((tab) => (
            <Tab key={tab} value={tab} label={t(TAB_LABELS[tab])} />
          ))}
        </Tabs>
      )}
      <Stack sx={{ gap: 2, p: 2, overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {showWindow && (
          <Section
            title={t('timewindow.time-window')}
            hide={
              isEdit && <HideBox checked={draft.hideInterval} onChange={(v) => update({ ...draft, hideInterval: v })} />
            }
          >
            <TimewindowWindowSection
              draft={draft}
              onChange={update}
              disabled={draft.hideInterval}
              quickIntervalOnlyCurrent={realtimeQuickCurrentOnly}
            />
          </Section>
        )}
        {showAggregation && (
          <>
            <Divider />
            <Section title={t('aggregation.aggregation')}>
              <TimewindowAggregationSection
                draft={draft}
                onChange={update}
                maxDatapoints={maxDatapoints}
                isEdit={isEdit}
              />
            </Section>
          </>
        )}
        {showTimezone && (
          <>
            <Divider />
            <Section
              title={t('timezone.timezone')}
              hide={
                isEdit && (
                  <HideBox checked={draft.hideTimezone} onChange={(v) => update({ ...draft, hideTimezone: v })} />
                )
              }
            >
              <TimezoneSelect
                value={draft.timezone}
                disabled={draft.hideTimezone}
                onChange={(zone) => update(withTimezone(draft, zone))}
              />
            </Section>
          </>
        )}
      </Stack>
      <Stack
        direction="row"
        sx={{ justifyContent: 'flex-end', gap: 1, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', flexShrink: 0 }}
      >
        <Button onClick={onCancel}>{t('action.cancel')}</Button>
        <Button variant="contained" disabled={!canApply} onClick={() => onApply(draft)}>
          {t('timewindow.update')}
        </Button>
      </Stack>
    </Stack>
  );
}
