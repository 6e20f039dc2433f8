import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../auth/auth-provider';
import type { Dashboard } from '../../dashboard-types';
import { usePickerDashboards } from '../../viewer/viewer-queries';
import { configStates, type DashboardOption } from '../../model/dashboard-picker';

/** The states of another dashboard (the target state of an "open dashboard" action). */
export function useDashboardStates(dashboardId: string | null | undefined) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['dashboard-editor', 'target-states', dashboardId],
    queryFn: async ({ signal }) =>
      configStates(
        (
          await client.get<Dashboard>(`/api/dashboard/${dashboardId}`, {
            signal,
            ignoreLoading: true,
            ignoreErrors: true,
          })
        ).configuration,
      ),
    enabled: Boolean(dashboardId),
    staleTime: 60_000,
  });
}

export interface DashboardSelectProps {
  value: string | null;
  onChange: (id: string | null) => void;
  label?: string;
  required?: boolean;
  error?: string | undefined;
}

/** Pick a dashboard by title. A stored id outside the first 100 stays selected, shown by its id. */
export function DashboardSelect(props: DashboardSelectProps) {
  const { t } = useTranslation();
  const { data: options = [], isLoading } = usePickerDashboards();
  const selected: DashboardOption | null = props.value
    ? (options.find((o) => o.id === props.value) ?? { id: props.value, title: props.value })
    : null;
  return (
    <Autocomplete<DashboardOption>
      options={options}
      value={selected}
      onChange={(_e, option) => props.onChange(option?.id ?? null)}
      getOptionLabel={(o) => o.title}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      loading={isLoading}
      loadingText={t('common.loading')}
      noOptionsText={t('dashboard.no-dashboards-text')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label ?? t('widget-action.target-dashboard')}
          required={props.required}
          error={Boolean(props.error)}
          helperText={props.error}
        />
      )}
    />
  );
}
