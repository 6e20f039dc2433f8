import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeviceActionItem } from './use-device-actions';
import type { DeviceInfo } from './device-types';

export interface DeviceSelectionBarProps {
  selected: DeviceInfo[];
  /** The bulk actions: each applies to the selected devices it makes sense for. */
  actions: readonly { id: string; label: string; icon: DeviceActionItem['icon']; danger?: boolean; run: () => void }[];
  busy: boolean;
  onClear: () => void;
}

/** Shown while devices are selected (across pages): how many, the bulk actions, and a way out. */
export function DeviceSelectionBar({ selected, actions, busy, onClear }: DeviceSelectionBarProps) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label={t('device.selection-actions')}
      sx={{ mb: 1.5, px: 1.5, py: 1, bgcolor: 'action.selected' }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tooltip title={t('action.clear-selection')}>
          <IconButton size="small" aria-label={t('action.clear-selection')} onClick={onClear} disabled={busy}>
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
        <Typography variant="subtitle2" sx={{ mr: 'auto' }}>
          {t('action.selected', { count: selected.length })}
        </Typography>
        {actions.map((action) => (
          <Button
            key={action.id}
            size="small"
            variant="outlined"
            color={action.danger ? 'error' : 'primary'}
            startIcon={action.icon}
            disabled={busy}
            onClick={action.run}
          >
            {action.label}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}
