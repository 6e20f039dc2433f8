import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS, SELECTABLE_INTERVALS } from '@sapo/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntervalLabel } from './interval-label';
import {
  changePart,
  INTERVAL_PARTS,
  intervalToParts,
  isPredefined,
  predefinedIntervals,
  snapInterval,
  type IntervalPart,
  type IntervalParts,
} from './model/time-interval-model';

const PART_LABELS: Readonly<Record<IntervalPart, string>> = {
  days: 'timeunit.days',
  hours: 'timeunit.hours',
  minutes: 'timeunit.minutes',
  seconds: 'timeunit.seconds',
};

export interface TimeIntervalEditorProps {
  /** Interval in ms; null shows empty (a zero or invalid interval). */
  value: number | null;
  onChange: (ms: number | null) => void;
  /** Bounds, ms (default 1 s … 7300 days). */
  min?: number;
  max?: number;
  /** The simple mode's choices (default: the selectable intervals of 2-calls §9). */
  predefined?: readonly number[];
  label?: string;
  disabled?: boolean;
  /** Open in advanced mode; a value that is not a predefined choice opens there anyway. */
  advanced?: boolean;
}

/**
 * The time interval editor (1-client §2.8, §4.3): a select of predefined intervals, or (advanced)
 * days/hours/minutes/seconds fields that carry and borrow, all clamped into [min, max].
 */
export function TimeIntervalEditor({
  value,
  onChange,
  min = MIN_INTERVAL_MS,
  max = MAX_INTERVAL_MS,
  predefined = SELECTABLE_INTERVALS,
  label,
  disabled = false,
  advanced: advancedProp = false,
}: TimeIntervalEditorProps) {
  const { t } = useTranslation();
  const intervalLabel = useIntervalLabel();
  const options = predefinedIntervals(min, max, predefined);
  const [advanced, setAdvanced] = useState(
    () => advancedProp || options.length === 0 || (value !== null && !isPredefined(value, min, max, predefined)),
  );
  // The fields keep what was typed (normalised) even while the total is empty.
  const [parts, setParts] = useState<IntervalParts>(() => intervalToParts(value ?? 0));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // Adjusting state during render (not in an effect) when the parent changes the value.
    setSeen(value);
    if (value !== null) setParts(intervalToParts(value));
  }

  const toggleAdvanced = (on: boolean) => {
    setAdvanced(on);
    if (!on && options.length > 0) onChange(snapInterval(value ?? min, min, max, predefined));
  };

  const editPart = (part: IntervalPart, raw: string) => {
    const next = changePart(parts, part, raw === '' ? 0 : Number(raw), min, max);
    setParts(next.parts);
    onChange(next.value);
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        {label && (
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        )}
        <FormControlLabel
          sx={{ ml: 'auto', mr: 0 }}
          control={
            <Switch
              size="small"
              checked={advanced}
              disabled={disabled || options.length === 0}
              onChange={(e) => toggleAdvanced(e.target.checked)}
            />
          }
          label={<Typography variant="caption">{t('timeinterval.advanced')}</Typography>}
        />
      </Stack>
      {advanced ? (
        <Stack direction="row" sx={{ gap: 1, mt: 0.5 }}>
          {INTERVAL_PARTS.map((part) => (
            <TextField
              key={part}
              type="number"
              size="small"
              label={t(PART_LABELS[part])}
              value={parts[part]}
              disabled={disabled}
              error={value === null}
              onChange={(e) => editPart(part, e.target.value)}
              slotProps={{ htmlInput: { step: 1 } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
          ))}
        </Stack>
      ) : (
        <TextField
          select
          fullWidth
          size="small"
          value={value !== null && options.includes(value) ? value : ''}
          disabled={disabled}
          onChange={(e) => onChange(Number(e.target.value))}
          sx={{ mt: 0.5 }}
        >
          {options.map((ms) => (
            <MenuItem key={ms} value={ms}>
              {intervalLabel(ms)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
