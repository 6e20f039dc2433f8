import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AlarmSchedule } from '@sapo/common';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DAYS_OF_WEEK,
  defaultSchedule,
  msToTimeInput,
  rangeParts,
  SCHEDULE_TYPES,
  timeInputToMs,
} from './model/alarm-rules-model';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = (): string[] => {
  const supported = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC'];
};

export interface ScheduleDialogProps {
  schedule: AlarmSchedule | null | undefined;
  onClose: (result: { schedule: AlarmSchedule | null } | null) => void;
}

function TimeRange(props: {
  startsOn: number;
  endsOn: number;
  onChange: (startsOn: number, endsOn: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        size="small"
        type="time"
        label={t('device-profile.schedule-start-time')}
        value={msToTimeInput(props.startsOn)}
        onChange={(e) => props.onChange(timeInputToMs(e.target.value), props.endsOn)}
        disabled={props.disabled}
      />
      <TextField
        size="small"
        type="time"
        label={t('device-profile.schedule-end-time')}
        value={msToTimeInput(props.endsOn)}
        onChange={(e) => props.onChange(props.startsOn, timeInputToMs(e.target.value))}
        disabled={props.disabled}
      />
      {!props.disabled && (
        <Typography variant="caption" color="text.secondary" data-testid="range-display">
          {rangeParts(props.startsOn, props.endsOn).join(' · ')}
        </Typography>
      )}
    </Stack>
  );
}

/** When a rule applies: any time, specific days and hours, or custom hours per day, in a time zone. */
export function ScheduleDialog({ schedule, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<AlarmSchedule | null>(schedule ?? null);
  const zoneOptions = useMemo(zones, []);
  const type = value?.type ?? 'ANY_TIME';
  const timezone = value && value.type !== 'ANY_TIME' ? value.timezone : browserZone();

  return (
    <Dialog open onClose={() => onClose(null)} fullWidth maxWidth="sm">
      <DialogTitle>{t('device-profile.schedule')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <RadioGroup
            row
            value={type}
            onChange={(e) => setValue(defaultSchedule(e.target.value as (typeof SCHEDULE_TYPES)[number], timezone))}
          >
            {SCHEDULE_TYPES.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio />}
                label={t(`device-profile.schedule-type-${option}`)}
              />
            ))}
          </RadioGroup>
          {value && value.type !== 'ANY_TIME' && (
            <Autocomplete
              options={zoneOptions}
              value={value.timezone}
              disableClearable
              onChange={(_e, zone) => setValue({ ...value, timezone: zone })}
              renderInput={(params) => (
                <TextField {...params} size="small" label={t('device-profile.schedule-timezone')} />
              )}
              noOptionsText={t('timezone.no-timezones-matching', { defaultValue: 'no timezones matching' })}
            />
          )}
          {value?.type === 'SPECIFIC_TIME' && (
            <>
              <FormGroup row>
                {DAYS_OF_WEEK.map((day) => (
                  <FormControlLabel
                    key={day}
                    control={
                      <Checkbox
                        checked={value.daysOfWeek.includes(day)}
                        onChange={(e) =>
                          setValue({
                            ...value,
                            daysOfWeek: e.target.checked
                              ? [...value.daysOfWeek, day].sort()
                              : value.daysOfWeek.filter((d) => d !== day),
                          })
                        }
                      />
                    }
                    label={t(`device-profile.schedule-day-${day}`)}
                  />
                ))}
              </FormGroup>
              <TimeRange
                startsOn={value.startsOn}
                endsOn={value.endsOn}
                onChange={(startsOn, endsOn) => setValue({ ...value, startsOn, endsOn })}
              />
            </>
          )}
          {value?.type === 'CUSTOM' &&
            value.items.map((item, index) => (
              <Stack
                key={item.dayOfWeek}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <FormControlLabel
                  sx={{ minWidth: 130 }}
                  control={
                    <Checkbox
                      checked={item.enabled}
                      onChange={(e) =>
                        setValue({
                          ...value,
                          items: value.items.map((it, i) => (i === index ? { ...it, enabled: e.target.checked } : it)),
                        })
                      }
                    />
                  }
                  label={t(`device-profile.schedule-day-${item.dayOfWeek}`)}
                />
                <TimeRange
                  startsOn={item.startsOn}
                  endsOn={item.endsOn}
                  disabled={!item.enabled}
                  onChange={(startsOn, endsOn) =>
                    setValue({
                      ...value,
                      items: value.items.map((it, i) => (i === index ? { ...it, startsOn, endsOn } : it)),
                    })
                  }
                />
              </Stack>
            ))}
          {value && value.type !== 'ANY_TIME' && (
            <Typography variant="caption" color="text.secondary">
              {t('device-profile.schedule-overnight-hint')}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)}>{t('action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={value?.type === 'SPECIFIC_TIME' && value.daysOfWeek.length === 0}
          onClick={() => onClose({ schedule: value })}
        >
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
