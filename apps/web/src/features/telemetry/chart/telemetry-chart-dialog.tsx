import Close from '@mui/icons-material/Close';
import type { Aggregation } from '@sapo/common';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pointCount } from '../model/chart-series';
import {
  allowedIntervals,
  clampEnd,
  clampStart,
  fromLocalInput,
  intervalParts,
  REALTIME_WINDOWS,
  seriesQuery,
  toLocalInput,
  type RealtimeWindowId,
} from '../model/chart-window';
import type { TelemetryEntity } from '../model/telemetry-paths';
import { useSeries } from '../telemetry-queries';
import { UplotChart } from './uplot-chart';
import { useRealtimeSeries } from './use-realtime-series';

const AGGREGATION_LABELS: Record<Aggregation, string> = {
  NONE: 'aggregation.none',
  AVG: 'aggregation.avg',
  MIN: 'aggregation.min',
  MAX: 'aggregation.max',
  SUM: 'aggregation.sum',
  COUNT: 'aggregation.count',
};
const AGGREGATIONS = Object.keys(AGGREGATION_LABELS) as Aggregation[];
const INTERVAL_UNITS = {
  seconds: 'timeinterval.seconds',
  minutes: 'timeinterval.minutes',
  hours: 'timeinterval.hours',
  days: 'timeinterval.days',
} as const;
const DAY = 24 * 60 * 60 * 1000;

export interface TelemetryChartDialogProps {
  entity: TelemetryEntity;
  keys: readonly string[];
  onClose: () => void;
}

/**
 * A chart of time-series keys: realtime (the last minute … 30 days, live) or a fixed history range,
 * with the aggregation and grouping interval of spec 2-calls §9 unless the user picks others.
 * Full screen on phones.
 */
export default function TelemetryChartDialog({ entity, keys, onClose }: TelemetryChartDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [mode, setMode] = useState<'realtime' | 'history'>('realtime');
  const [windowId, setWindowId] = useState<RealtimeWindowId>('1h');
  const [period, setPeriod] = useState(() => {
    const end = Date.now();
    return { start: end - DAY, end }; // spec §4.3: the default period is the last 24 hours
  });
  // The user's choice; undefined follows the rules for the range.
  const [agg, setAgg] = useState<Aggregation>();
  const [interval, setChosenInterval] = useState<number>();

  const windowMs = REALTIME_WINDOWS.find((w) => w.id === windowId)?.ms ?? DAY;
  const range = mode === 'realtime' ? windowMs : period.end - period.start;
  const effective = seriesQuery(0, range, agg, interval);
  const intervals = useMemo(() => allowedIntervals(range), [range]);
  const historyQuery = useMemo(
    () => (mode === 'history' ? seriesQuery(period.start, period.end, effective.agg, effective.interval) : null),
    [mode, period, effective.agg, effective.interval],
  );

  const realtime = useRealtimeSeries(entity, keys, windowMs, effective.agg, effective.interval, mode === 'realtime');
  const history = useSeries(entity, keys, historyQuery);
  const series = mode === 'realtime' ? realtime.series : (history.data ?? {});
  const xRange = useMemo(
    () => (mode === 'realtime' ? realtime.xRange : ([period.start, period.end] as const)),
    [mode, realtime.xRange, period],
  );
  const loading = mode === 'realtime' ? realtime.loading : history.isFetching;
  const error = mode === 'realtime' ? realtime.error : history.error?.message;
  const points = pointCount(series);

  /** A new range starts from the rules' aggregation and interval again. */
  const resetAggregation = () => {
    setAgg(undefined);
    setChosenInterval(undefined);
  };
  const intervalLabel = (ms: number) => {
    const { count, unit } = intervalParts(ms);
    return t(INTERVAL_UNITS[unit], { count });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { height: { sm: 'min(720px, calc(100% - 64px))' } } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', pr: 1 }}>
        <DialogTitle id={titleId} sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {keys.join(', ')}
        </DialogTitle>
        <IconButton aria-label={t('action.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <LinearProgress sx={{ visibility: loading ? 'visible' : 'hidden' }} aria-hidden={!loading} />
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 2 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={mode}
            onChange={(_event, next: 'realtime' | 'history' | null) => {
              if (!next) return;
              setMode(next);
              resetAggregation();
            }}
          >
            <ToggleButton value="realtime">{t('timewindow.realtime')}</ToggleButton>
            <ToggleButton value="history">{t('timewindow.history')}</ToggleButton>
          </ToggleButtonGroup>
          {mode === 'realtime' ? (
            <TextField
              select
              size="small"
              label={t('timewindow.time-window')}
              value={windowId}
              onChange={(event) => {
                setWindowId(event.target.value as RealtimeWindowId);
                resetAggregation();
              }}
              sx={{ minWidth: 160 }}
            >
              {REALTIME_WINDOWS.map((w) => (
                <MenuItem key={w.id} value={w.id}>
                  {t('timewindow.last', { interval: intervalLabel(w.ms) })}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <>
              <TextField
                type="datetime-local"
                size="small"
                label={t('datetime.date-from')}
                value={toLocalInput(period.start)}
                onChange={(event) => {
                  const start = fromLocalInput(event.target.value);
                  if (start === null) return;
                  setPeriod((p) => ({ ...p, start: clampStart(start, p.end) }));
                  resetAggregation();
                }}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: { xs: '100%', sm: 220 } }}
              />
              <TextField
                type="datetime-local"
                size="small"
                label={t('datetime.date-to')}
                value={toLocalInput(period.end)}
                onChange={(event) => {
                  const end = fromLocalInput(event.target.value);
                  if (end === null) return;
                  setPeriod((p) => ({ ...p, end: clampEnd(p.start, end, Date.now()) }));
                  resetAggregation();
                }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: toLocalInput(Date.now()) } }}
                sx={{ width: { xs: '100%', sm: 220 } }}
              />
            </>
          )}
          <TextField
            select
            size="small"
            label={t('aggregation.aggregation')}
            value={effective.agg}
            onChange={(event) => setAgg(event.target.value as Aggregation)}
            sx={{ minWidth: 130, flex: { xs: 1, sm: 'none' } }}
          >
            {AGGREGATIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {t(AGGREGATION_LABELS[a])}
              </MenuItem>
            ))}
          </TextField>
          {effective.agg !== 'NONE' && (
            <TextField
              select
              size="small"
              label={t('aggregation.group-interval')}
              value={effective.interval}
              onChange={(event) => setChosenInterval(Number(event.target.value))}
              sx={{ minWidth: 150, flex: { xs: 1, sm: 'none' } }}
            >
              {intervals.map((ms) => (
                <MenuItem key={ms} value={ms}>
                  {intervalLabel(ms)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        <Box
          data-testid="telemetry-chart"
          data-points={points}
          sx={{ position: 'relative', flex: 1, display: 'flex', flexDirection: 'column', minHeight: 300 }}
        >
          <UplotChart keys={keys} series={series} xRange={xRange} timeLabel={t('attribute.time')} />
          {!loading && (error || points === 0) && (
            <Typography
              role={error ? 'alert' : 'status'}
              color={error ? 'error' : 'text.secondary'}
              variant="body2"
              sx={{ position: 'absolute', top: '40%', left: 0, right: 0, textAlign: 'center', pointerEvents: 'none' }}
            >
              {error ?? t('attribute.no-chart-data')}
            </Typography>
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
