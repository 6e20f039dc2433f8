import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown while rows are selected: how many, the bulk actions, and a way to clear the selection. */
export function SelectionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label={t('action.selected', { count })}
      sx={(theme) => ({
        mb: 1.5,
        px: 1.5,
        py: 1,
        bgcolor: theme.palette.mode === 'dark' ? 'rgba(144, 202, 249, 0.12)' : 'rgba(48, 86, 128, 0.08)',
      })}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tooltip title={t('action.clear-selection')}>
          <IconButton size="small" aria-label={t('action.clear-selection')} onClick={onClear}>
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
        <Typography variant="subtitle2" sx={{ mr: 'auto' }}>
          {t('action.selected', { count })}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
