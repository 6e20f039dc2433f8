import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardOption } from './dashboard-options';

interface DefaultDashboardFieldProps {
  value: string | null;
  onChange: (dashboardId: string | null) => void;
  options: readonly DashboardOption[];
  loading: boolean;
  disabled?: boolean;
}

/**
 * Picks the dashboard opened after sign-in. A saved id that is not among the options (deleted, or no
 * longer assigned) still shows, as 'Unavailable dashboard', so the user sees it is set and can clear it.
 */
export function DefaultDashboardField({ value, onChange, options, loading, disabled }: DefaultDashboardFieldProps) {
  const { t } = useTranslation();
  const { selected, choices } = useMemo(() => {
    if (!value) return { selected: null, choices: options };
    const found = options.find((option) => option.id.id === value);
    if (found) return { selected: found, choices: options };
    const missing: DashboardOption = {
      id: { entityType: 'DASHBOARD', id: value },
      title: t('profile.unavailable-dashboard'),
    };
    return { selected: missing, choices: [missing, ...options] }; // an Autocomplete value must be one of its options
  }, [options, t, value]);

  return (
    <Autocomplete
      options={choices}
      value={selected}
      onChange={(_event, option) => onChange(option?.id.id ?? null)}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(option, current) => option.id.id === current.id.id}
      loading={loading}
      loadingText={t('common.loading')}
      noOptionsText={t('profile.no-dashboards')}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('profile.default-dashboard')}
          helperText={t('profile.default-dashboard-hint')}
        />
      )}
    />
  );
}
