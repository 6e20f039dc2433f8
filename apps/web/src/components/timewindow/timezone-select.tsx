import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { listTimezones, runtimeTimezone, type TimezoneInfo } from '@sapo/common';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface TimezoneSelectProps {
  /** IANA zone id; undefined = the viewer's zone. */
  value: string | undefined;
  onChange: (zone: string | undefined) => void;
  disabled?: boolean;
  /** Without a zone the field is in error (timezone.timezone-required). */
  required?: boolean;
  label?: string;
}

const optionLabel = (z: TimezoneInfo): string => `${z.name} (${z.offset})`;

/**
 * The timezone selector (2-calls §2, §3.10): every zone the browser knows, west to east, searchable
 * by name or offset. Clearing it means "the viewer's zone" unless required.
 */
export function TimezoneSelect({ value, onChange, disabled, required, label }: TimezoneSelectProps) {
  const { t } = useTranslation();
  // Offsets are taken now; a DST change while the panel is open does not matter.
  const zones = useMemo(() => listTimezones(Date.now()), []);
  const selected = zones.find((z) => z.id === value) ?? null;
  return (
    <Autocomplete
      size="small"
      options={zones}
      value={selected}
      disabled={disabled}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, zone) => onChange(zone?.id)}
      noOptionsText={t('timezone.no-timezones-matching')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('timezone.timezone')}
          placeholder={t('timezone.viewer-timezone', { zone: runtimeTimezone() })}
          error={required === true && !selected}
          helperText={required === true && !selected ? t('timezone.timezone-required') : undefined}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
