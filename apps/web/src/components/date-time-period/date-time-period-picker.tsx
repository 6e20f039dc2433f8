import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  changeEnd,
  changeStart,
  fromInputValue,
  maxStart,
  minEnd,
  toInputValue,
  type Period,
} from './model/date-time-period-model';

export interface DateTimePeriodPickerProps {
  value: Period;
  onChange: (period: Period) => void;
  /** IANA zone the inputs show; the viewer's when absent. */
  timezone?: string;
  disabled?: boolean;
  /** Side by side from this width up (default: stacked on phones only). */
  direction?: 'row' | 'column';
}

/**
 * Start and end date-time inputs (1-client §2.8, §4.3): the end stays at least 1 s after the start
 * and never later than now. Native datetime-local inputs (no date-picker package is installed).
 */
export function DateTimePeriodPicker({ value, onChange, timezone, disabled, direction }: DateTimePeriodPickerProps) {
  const { t } = useTranslation();
  // "now" is read at each render/edit: the upper bound moves with the clock.
  const now = Date.now();
  return (
    <Stack direction={direction ?? { xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
      <TextField
        type="datetime-local"
        size="small"
        fullWidth
        label={t('datetime.date-from')}
        value={toInputValue(value.startTs, timezone)}
        disabled={disabled}
        onChange={(e) => {
          const ts = fromInputValue(e.target.value, timezone);
          if (ts !== null) onChange(changeStart(value, ts));
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { step: 1, max: toInputValue(maxStart(value), timezone) },
        }}
      />
      <TextField
        type="datetime-local"
        size="small"
        fullWidth
        label={t('datetime.date-to')}
        value={toInputValue(value.endTs, timezone)}
        disabled={disabled}
        onChange={(e) => {
          const ts = fromInputValue(e.target.value, timezone);
          if (ts !== null) onChange(changeEnd(value, ts, Date.now()));
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            step: 1,
            min: toInputValue(minEnd(value), timezone),
            max: toInputValue(now, timezone),
          },
        }}
      />
    </Stack>
  );
}
