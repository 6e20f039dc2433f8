import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions, type CountryOption } from './model/country-options';

export interface CountryFieldProps {
  /** The stored (English) country name, or ''. */
  value: string;
  onChange: (name: string) => void;
  disabled?: boolean;
  error?: string | undefined;
}

/** Country as an autocomplete of the country list, named in the reader's language. */
export function CountryField({ value, onChange, disabled, error }: CountryFieldProps) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language, value), [i18n.language, value]);
  const selected = options.find((option) => option.name === value) ?? null;
  return (
    <Autocomplete<CountryOption>
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.name ?? '')}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, current) => option.name === current.name}
      disabled={disabled}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          name="country"
          label={t('contact.country')}
          autoComplete="country-name"
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
