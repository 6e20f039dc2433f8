import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  quickIntervalOptions,
  type HistoryWindowType,
  type QuickInterval,
  type RealtimeWindowType,
  type Timewindow,
} from '@sapo/common';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePeriodPicker } from '../date-time-period/date-time-period-picker';
import { editorValue } from '../time-interval/model/time-interval-model';
import { TimeIntervalEditor } from '../time-interval/time-interval-editor';
import { QUICK_INTERVAL_LABELS } from './timewindow-labels';

type WindowType = RealtimeWindowType | HistoryWindowType;

const TYPE_LABELS: Readonly<Record<WindowType, string>> = {
  LAST_INTERVAL: 'timewindow.type-last',
  FIXED: 'timewindow.type-fixed',
  INTERVAL: 'timewindow.type-interval',
};

export interface TimewindowWindowSectionProps {
  draft: Timewindow;
  onChange: (tw: Timewindow) => void;
  disabled: boolean;
  /** Realtime quick intervals are limited to the CURRENT_* ones (2-calls §3.10). */
  quickIntervalOnlyCurrent?: boolean;
}

function QuickSelect(props: {
  value: QuickInterval;
  onlyCurrent: boolean;
  disabled: boolean;
  onChange: (q: QuickInterval) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      size="small"
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value as QuickInterval)}
    >
      {quickIntervalOptions(props.onlyCurrent).map((q) => (
        <MenuItem key={q} value={q}>
          {t(QUICK_INTERVAL_LABELS[q])}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One radio choice with its editor below it, enabled only while chosen. */
function Choice({ type, selected, children }: { type: WindowType; selected: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ gap: 0.5 }}>
      <FormControlLabel value={type} control={<Radio size="small" />} label={t(TYPE_LABELS[type])} />
      {selected && <Stack sx={{ pl: 4 }}>{children}</Stack>}
    </Stack>
  );
}

/** The window of the selected tab: last interval, fixed period (history) or quick interval. */
export function TimewindowWindowSection({
  draft,
  onChange,
  disabled,
  quickIntervalOnlyCurrent,
}: TimewindowWindowSectionProps) {
  if (draft.selectedTab === 'REALTIME') {
    const rt = draft.realtime;
    const set = (patch: Partial<Timewindow['realtime']>) => onChange({ ...draft, realtime: { ...rt, ...patch } });
    return (
      <RadioGroup value={rt.realtimeType} onChange={(e) => set({ realtimeType: e.target.value as RealtimeWindowType })}>
        <Choice type="LAST_INTERVAL" selected={rt.realtimeType === 'LAST_INTERVAL'}>
          <TimeIntervalEditor
            value={editorValue(rt.timewindowMs)}
            disabled={disabled}
            onChange={(ms) => set({ timewindowMs: ms ?? 0 })}
          />
        </Choice>
        <Choice type="INTERVAL" selected={rt.realtimeType === 'INTERVAL'}>
          <QuickSelect
            value={rt.quickInterval}
            onlyCurrent={quickIntervalOnlyCurrent ?? true}
            disabled={disabled}
            onChange={(q) => set({ quickInterval: q })}
          />
        </Choice>
      </RadioGroup>
    );
  }
  const h = draft.history;
  const set = (patch: Partial<Timewindow['history']>) => onChange({ ...draft, history: { ...h, ...patch } });
  return (
    <RadioGroup value={h.historyType} onChange={(e) => set({ historyType: e.target.value as HistoryWindowType })}>
      <Choice type="LAST_INTERVAL" selected={h.historyType === 'LAST_INTERVAL'}>
        <TimeIntervalEditor
          value={editorValue(h.timewindowMs)}
          disabled={disabled}
          onChange={(ms) => set({ timewindowMs: ms ?? 0 })}
        />
      </Choice>
      <Choice type="FIXED" selected={h.historyType === 'FIXED'}>
        <DateTimePeriodPicker
          value={{ startTs: h.fixedTimewindow.startTimeMs, endTs: h.fixedTimewindow.endTimeMs }}
          timezone={draft.timezone}
          disabled={disabled}
          direction="column"
          onChange={(p) => set({ fixedTimewindow: { startTimeMs: p.startTs, endTimeMs: p.endTs } })}
        />
      </Choice>
      <Choice type="INTERVAL" selected={h.historyType === 'INTERVAL'}>
        <QuickSelect
          value={h.quickInterval}
          onlyCurrent={false}
          disabled={disabled}
          onChange={(q) => set({ quickInterval: q })}
        />
      </Choice>
    </RadioGroup>
  );
}
