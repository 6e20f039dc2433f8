import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceProfileInfo } from './device-profile-types';
import { useDeviceProfileInfos } from './device-profiles-queries';

export interface DeviceProfileAutocompleteProps {
  value: DeviceProfileInfo | null;
  onChange: (profile: DeviceProfileInfo | null) => void;
  /** Already translated; 'Device profile' by default. */
  label?: string;
  /** Shown when nothing is chosen (e.g. 'All device profiles' in a filter). */
  placeholder?: string;
  required?: boolean;
  error?: string | undefined;
  helperText?: string | undefined;
  disabled?: boolean;
  name?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/** Picks one of the tenant's device profiles, searched by name prefix on the server. */
export function DeviceProfileAutocomplete(props: DeviceProfileAutocompleteProps) {
  const { t } = useTranslation();
  const { value } = props;
  const [text, setText] = useState('');
  // Typing searches; showing the chosen profile's name does not.
  const search = value && text === value.name ? '' : text.trim();
  const infos = useDeviceProfileInfos(search, !props.disabled);
  const options = infos.data ?? [];
  return (
    <Autocomplete<DeviceProfileInfo>
      options={value && !options.some((o) => o.id.id === value.id.id) ? [value, ...options] : options}
      value={value}
      onChange={(_event, next) => props.onChange(next)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id.id === chosen.id.id}
      filterOptions={(list) => list} // the server filters (prefix search)
      loading={infos.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={
        search
          ? t('device-profile.no-device-profiles-matching', { entity: search })
          : t('device-profile.no-device-profiles-found')
      }
      disabled={props.disabled}
      size={props.size}
      fullWidth={props.fullWidth ?? true}
      sx={props.sx}
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name ?? 'profile'}
          label={props.label ?? t('device-profile.device-profile')}
          placeholder={props.placeholder}
          required={props.required}
          error={Boolean(props.error)}
          helperText={props.error ?? props.helperText}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: props.placeholder ? true : undefined },
          }}
        />
      )}
    />
  );
}
