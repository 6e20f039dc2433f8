import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePickerDashboards } from './viewer-queries';

/**
 * The dashboard select panel of the toolbar (1-client §2.8): the user's dashboards by title (first 100,
 * the built-in ones hidden); choosing one opens it in the same mode.
 */
export function DashboardSelectPanel({ currentId, basePath }: { currentId: string; basePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: options = [] } = usePickerDashboards();
  if (options.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={t('dashboard.select-dashboard')}
      value={options.some((o) => o.id === currentId) ? currentId : ''}
      onChange={(e) => void navigate(`${basePath}/${e.target.value}`)}
      sx={{ width: { xs: '100%', sm: 300 }, maxWidth: 320 }}
      slotProps={{
        select: {
          MenuProps: { slotProps: { paper: { sx: { maxHeight: { xs: 150, md: 250 }, width: 320 } } } },
        },
        htmlInput: { 'data-testid': 'dashboard-select' },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.title}
        </MenuItem>
      ))}
    </TextField>
  );
}
