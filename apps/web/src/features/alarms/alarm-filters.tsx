import FilterList from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ALARM_SEVERITY_LIST, type AlarmSeverity } from '@sapo/common';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALARM_FILTER_STATUSES,
  FILTER_STATUS_LABELS,
  severityColor,
  severityLabelKey,
  type AlarmFilterStatus,
} from './model/alarm-display';
import { DEFAULT_ALARM_FILTER, type AlarmFilter, type TimeWindowKind } from './model/alarm-query';

const WINDOWS: readonly TimeWindowKind[] = ['all', 'hour', 'day', 'week', 'custom'];
const WINDOW_LABELS: Record<TimeWindowKind, string> = {
  all: 'alarm.window.all',
  hour: 'alarm.window.hour',
  day: 'alarm.window.day',
  week: 'alarm.window.week',
  custom: 'alarm.window.custom',
};

/** `datetime-local` value (local time) ⇄ epoch ms. */
function toLocalInput(ms: number | undefined): string {
  if (ms === undefined) return '';
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}
function fromLocalInput(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

export function activeFilterCount(filter: AlarmFilter): number {
  return (
    Number(filter.status !== 'ANY') +
    Number(filter.severities.length > 0) +
    Number(filter.typeText.trim() !== '') +
    Number(filter.window !== 'all')
  );
}

/** Status, severities, type text and time window; a collapsible panel on phones. */
export function AlarmFilters({
  filter,
  onChange,
  children,
}: {
  filter: AlarmFilter;
  onChange: (next: AlarmFilter) => void;
  /** Extra controls at the end of the row (the live indicator). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filter);
  const set = (patch: Partial<AlarmFilter>) => onChange({ ...filter, ...patch });

  const fields = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}
    >
      <TextField
        select
        size="small"
        label={t('alarm.alarm-status-filter')}
        value={filter.status}
        onChange={(event) => set({ status: event.target.value as AlarmFilterStatus })}
        sx={{ minWidth: 170 }}
      >
        {ALARM_FILTER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(FILTER_STATUS_LABELS[status])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('alarm.severity')}
        value={filter.severities}
        onChange={(event) => {
          const value = event.target.value as unknown;
          set({ severities: (typeof value === 'string' ? value.split(',') : (value as string[])) as AlarmSeverity[] });
        }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) =>
              (selected as string[]).length === 0
                ? t('alarm.any-severity')
                : (selected as string[]).map((s) => t(severityLabelKey(s))).join(', '),
          },
          inputLabel: { shrink: true },
        }}
        sx={{ minWidth: 190, maxWidth: { sm: 280 } }}
      >
        {ALARM_SEVERITY_LIST.map((severity) => (
          <MenuItem key={severity} value={severity} dense>
            <Checkbox size="small" checked={filter.severities.includes(severity)} sx={{ p: 0.5, mr: 1 }} />
            <Box
              component="span"
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: severityColor(severity), mr: 1.25 }}
            />
            <ListItemText primary={t(severityLabelKey(severity))} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('alarm.type')}
        placeholder={t('alarm.type-filter-hint')}
        value={filter.typeText}
        onChange={(event) => set({ typeText: event.target.value })}
        sx={{ minWidth: 170 }}
      />
      <TextField
        select
        size="small"
        label={t('alarm.time-window')}
        value={filter.window}
        onChange={(event) => set({ window: event.target.value as TimeWindowKind })}
        sx={{ minWidth: 150 }}
      >
        {WINDOWS.map((window) => (
          <MenuItem key={window} value={window}>
            {t(WINDOW_LABELS[window])}
          </MenuItem>
        ))}
      </TextField>
      {filter.window === 'custom' && (
        <>
          <TextField
            size="small"
            type="datetime-local"
            label={t('alarm.from')}
            value={toLocalInput(filter.customStart)}
            onChange={(event) => set({ customStart: fromLocalInput(event.target.value) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="datetime-local"
            label={t('alarm.to')}
            value={toLocalInput(filter.customEnd)}
            onChange={(event) => set({ customEnd: fromLocalInput(event.target.value) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
      {count > 0 && (
        <Button size="small" onClick={() => onChange(DEFAULT_ALARM_FILTER)}>
          {t('alarm.reset-filters')}
        </Button>
      )}
    </Stack>
  );

  if (!phone) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ mb: 2, alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>{fields}</Box>
        {children}
      </Stack>
    );
  }
  return (
    <Box sx={{ mb: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          size="small"
          aria-expanded={open}
          startIcon={
            <Badge color="primary" badgeContent={count}>
              <FilterList />
            </Badge>
          }
          onClick={() => setOpen((value) => !value)}
        >
          {t('alarm.filters')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {children}
      </Stack>
      <Collapse in={open}>
        <Box sx={{ pt: 1.5 }}>{fields}</Box>
      </Collapse>
    </Box>
  );
}
