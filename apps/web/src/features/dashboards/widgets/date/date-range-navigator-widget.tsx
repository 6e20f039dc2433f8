import Check from '@mui/icons-material/Check';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TimeRange } from '@sapo/common';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boolSetting } from '../shared/settings-readers';
import type { WidgetProps } from '../widget-types';
import {
  dateValue,
  daysRange,
  fixedTimewindow,
  lastDayValue,
  NAVIGATOR_INTERVALS,
  parseStoredRange,
  periodContaining,
  rangeLabel,
  readFirstDayOfWeek,
  readInterval,
  stepRange,
  type NavigatorInterval,
} from './model/date-range-navigator-model';

const INTERVAL_LABELS: Readonly<Record<NavigatorInterval, string>> = {
  hour: 'date-range-navigator.hour',
  day: 'date-range-navigator.day',
  week: 'date-range-navigator.week',
  twoWeeks: 'date-range-navigator.two-weeks',
  month: 'date-range-navigator.month',
  threeMonths: 'date-range-navigator.three-months',
  sixMonths: 'date-range-navigator.six-months',
};

const storageKey = (widgetId: string): string => `TB-date-range-navigator-${widgetId}`;

function IntervalSelect(props: {
  label: string;
  showLabel: boolean;
  value: NavigatorInterval;
  onChange: (v: NavigatorInterval) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      variant="standard"
      label={props.showLabel ? props.label : undefined}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as NavigatorInterval)}
      slotProps={{ htmlInput: { 'aria-label': props.label } }}
      sx={{ minWidth: 92 }}
    >
      {NAVIGATOR_INTERVALS.map((i) => (
        <MenuItem key={i} value={i}>
          {t(INTERVAL_LABELS[i])}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * date.date_range_navigator: previous/next buttons step the dashboard's window by the step size,
 * the interval select jumps to the whole period (hour … half year) around it, and the date picker
 * sets any range of days. Every change becomes a history FIXED window through ctx.setTimewindow.
 */
export function DateRangeNavigatorWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const s = ctx.settings;
  const zone = ctx.timewindow.timezone;
  const firstDay = readFirstDayOfWeek(s.firstDayOfWeek);
  const autoConfirm = boolSetting(s, 'autoConfirm', false);
  const showLabels = !boolSetting(s, 'hideLabels', false);
  const remember = boolSetting(s, 'useSessionStorage', true);
  const [interval, setIntervalChoice] = useState(() => readInterval(s.initialInterval, 'week'));
  const [step, setStep] = useState(() => readInterval(s.stepSize, 'day'));
  const current: TimeRange = { startTs: ctx.timewindow.startTs, endTs: ctx.timewindow.endTs };
  const [picked, setPicked] = useState({ from: dateValue(current.startTs, zone), to: lastDayValue(current, zone) });
  const [seen, setSeen] = useState(`${current.startTs}-${current.endTs}`);
  if (seen !== `${current.startTs}-${current.endTs}`) {
    // The window changed elsewhere (or by us): the picker follows it.
    setSeen(`${current.startTs}-${current.endTs}`);
    setPicked({ from: dateValue(current.startTs, zone), to: lastDayValue(current, zone) });
  }
  const canSet = ctx.setTimewindow !== undefined && !ctx.editing;

  const apply = (range: TimeRange) => {
    if (!canSet) return;
    ctx.setTimewindow?.(fixedTimewindow(ctx.timewindow, range));
    if (remember) sessionStorage.setItem(storageKey(ctx.widget.id), JSON.stringify(range));
  };

  // Once, on opening (or once editing ends): the remembered range of this session, else the
  // initial interval around now.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !canSet) return;
    started.current = true;
    const stored = remember ? parseStoredRange(sessionStorage.getItem(storageKey(ctx.widget.id))) : null;
    apply(stored ?? periodContaining(Date.now(), interval, zone, firstDay));
  }, [canSet]);

  const pickedRange = daysRange(picked.from, picked.to, zone);
  const changePicked = (next: { from: string; to: string }) => {
    setPicked(next);
    const range = daysRange(next.from, next.to, zone);
    if (autoConfirm && range) apply(range);
  };
  const compact = ctx.width < 480;

  return (
    <Stack
      direction="row"
      sx={{
        width: ctx.width,
        height: ctx.height,
        alignItems: 'center',
        justifyContent: 'center',
        flexWrap: 'wrap',
        columnGap: 1,
        rowGap: 0.5,
        px: 1,
        overflow: 'auto',
      }}
    >
      <Tooltip title={t('date-range-navigator.previous')}>
        <span>
          <IconButton size="small" disabled={!canSet} onClick={() => apply(stepRange(current, step, -1, zone))}>
            <ChevronLeft />
          </IconButton>
        </span>
      </Tooltip>
      {boolSetting(s, 'hidePicker', false) ? (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {rangeLabel(current, zone)}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          <TextField
            type="date"
            size="small"
            variant="standard"
            label={showLabels ? t('datetime.date-from') : undefined}
            value={picked.from}
            disabled={!canSet}
            onChange={(e) => changePicked({ ...picked, from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: picked.to } }}
            sx={{ width: compact ? 120 : 140 }}
          />
          <TextField
            type="date"
            size="small"
            variant="standard"
            label={showLabels ? t('datetime.date-to') : undefined}
            value={picked.to}
            disabled={!canSet}
            error={pickedRange === null}
            onChange={(e) => changePicked({ ...picked, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: picked.from } }}
            sx={{ width: compact ? 120 : 140 }}
          />
          {!autoConfirm && (
            <Tooltip title={t('action.apply')}>
              <span>
                <IconButton
                  size="small"
                  color="primary"
                  disabled={!canSet || pickedRange === null}
                  onClick={() => pickedRange && apply(pickedRange)}
                >
                  <Check fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Stack>
      )}
      <Tooltip title={t('date-range-navigator.next')}>
        <span>
          <IconButton size="small" disabled={!canSet} onClick={() => apply(stepRange(current, step, 1, zone))}>
            <ChevronRight />
          </IconButton>
        </span>
      </Tooltip>
      {!boolSetting(s, 'hideInterval', false) && (
        <IntervalSelect
          label={t('date-range-navigator.interval')}
          showLabel={showLabels}
          value={interval}
          onChange={(v) => {
            setIntervalChoice(v);
            apply(periodContaining(current.startTs, v, zone, firstDay));
          }}
        />
      )}
      {!boolSetting(s, 'hideStepSize', false) && (
        <IntervalSelect label={t('date-range-navigator.step')} showLabel={showLabels} value={step} onChange={setStep} />
      )}
    </Stack>
  );
}
