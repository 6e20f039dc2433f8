import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/date-time-period/model/date-time-period-model';
import {
  clampTime,
  DEFAULT_PLAYBACK_SPEED,
  DEFAULT_PLAYBACK_STEP_MS,
  nextTime,
  PLAYBACK_SPEEDS,
  playFrom,
  previousTime,
  tick,
  tickMs,
  type PlaybackRange,
} from './model/playback-model';

export interface PlaybackBarProps {
  /** First and last time with data; null for either shows "No data found". */
  minTime: number | null;
  maxTime: number | null;
  /** The current position (controlled). */
  value: number;
  /** Every move: ticks while playing, the slider, and the buttons. */
  onChange: (ts: number) => void;
  /** ms per step (default 1000). */
  step?: number;
  /** Timestamps next/previous jump between (e.g. the data's); absent = one step. */
  anchors?: readonly number[];
  /** Told when playing starts or stops. */
  onPlayingChange?: (playing: boolean) => void;
  /** The zone the time shows in (default the viewer's). */
  timezone?: string;
  /** Replaces the default 'YYYY-MM-DD HH:mm:ss' time text. */
  formatTime?: (ts: number) => string;
}

function Control(props: { title: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={props.title}>
      <span>
        <IconButton size="small" aria-label={props.title} disabled={props.disabled} onClick={props.onClick}>
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The history playback bar (2-calls §2, §4, §9): start, previous, play/pause, next, end, a speed
 * of 1/5/10/25 steps a second, a slider and the current time. Start, end, next and previous pause.
 */
export function PlaybackBar({
  minTime,
  maxTime,
  value,
  onChange,
  step = DEFAULT_PLAYBACK_STEP_MS,
  anchors,
  onPlayingChange,
  timezone,
  formatTime,
}: PlaybackBarProps) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(DEFAULT_PLAYBACK_SPEED);
  const range: PlaybackRange | null =
    minTime !== null && maxTime !== null && maxTime >= minTime ? { minTime, maxTime, step } : null;

  // The interval reads the latest position and callbacks through refs, so it is not restarted each tick.
  const latest = useRef({ value, onChange, range, onPlayingChange });
  latest.current = { value, onChange, range, onPlayingChange };

  const setPlay = (on: boolean) => {
    setPlaying(on);
    onPlayingChange?.(on);
  };

  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(() => {
      const { value: ts, onChange: emit, range: r, onPlayingChange: told } = latest.current;
      if (!r) return;
      const next = tick(r, ts);
      emit(next.ts);
      // Known at once, in case the parent has not re-rendered before the next tick.
      latest.current.value = next.ts;
      if (next.done) {
        setPlaying(false);
        told?.(false);
      }
    }, tickMs(speed));
    return () => window.clearInterval(id);
  }, [playing, speed]);

  if (!range) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'center', minHeight: 40, px: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('playback.no-data-found')}
        </Typography>
      </Stack>
    );
  }

  const current = clampTime(range, value);
  // Moving by hand pauses and emits the time (§4).
  const moveTo = (ts: number) => {
    if (playing) setPlay(false);
    onChange(ts);
  };
  const atStart = current <= range.minTime;
  const atEnd = current >= range.maxTime;

  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0, px: 1, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0 }}>
        <Control title={t('playback.start')} disabled={atStart} onClick={() => moveTo(range.minTime)}>
          <FirstPage fontSize="small" />
        </Control>
        <Control
          title={t('playback.previous')}
          disabled={atStart}
          onClick={() => moveTo(previousTime(range, current, anchors))}
        >
          <NavigateBefore fontSize="small" />
        </Control>
        {playing ? (
          <Control title={t('playback.pause')} disabled={false} onClick={() => setPlay(false)}>
            <Pause fontSize="small" />
          </Control>
        ) : (
          <Control
            title={t('playback.play')}
            disabled={range.maxTime === range.minTime}
            onClick={() => {
              const from = playFrom(range, current);
              if (from !== current) onChange(from);
              setPlay(true);
            }}
          >
            <PlayArrow fontSize="small" />
          </Control>
        )}
        <Control title={t('playback.next')} disabled={atEnd} onClick={() => moveTo(nextTime(range, current, anchors))}>
          <NavigateNext fontSize="small" />
        </Control>
        <Control title={t('playback.end')} disabled={atEnd} onClick={() => moveTo(range.maxTime)}>
          <LastPage fontSize="small" />
        </Control>
        <TextField
          select
          size="small"
          variant="standard"
          value={speed}
          onChange={(e) => setSpeed(Number(e.target.value))}
          slotProps={{ htmlInput: { 'aria-label': t('playback.speed') } }}
          sx={{ ml: 1, width: 56 }}
        >
          {PLAYBACK_SPEEDS.map((s) => (
            <MenuItem key={s} value={s}>
              {`${s}x`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Slider
        size="small"
        min={range.minTime}
        max={range.maxTime}
        step={range.step}
        value={current}
        onChange={(_e, v) => onChange(Array.isArray(v) ? (v[0] ?? current) : v)}
        aria-label={t('playback.time')}
        sx={{ flex: '1 1 160px', minWidth: 120, mx: 1 }}
      />
      <Typography
        variant="caption"
        data-testid="playback-time"
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {formatTime ? formatTime(current) : formatDateTime(current, timezone)}
      </Typography>
    </Stack>
  );
}
