import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AlarmLiveMode } from './use-live-alarms';

const MODE_LABELS: Record<AlarmLiveMode, string> = {
  live: 'alarm.live-mode.live',
  connecting: 'alarm.live-mode.connecting',
  polling: 'alarm.live-mode.polling',
};

/** Says how the table stays current: live over the WebSocket, or polling every 5 s. */
export function LiveIndicator({ mode }: { mode: AlarmLiveMode }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexShrink: 0 }} role="status" data-live={mode}>
      <Box
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: mode === 'live' ? 'success.main' : mode === 'polling' ? 'info.main' : 'warning.main',
        }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {t(MODE_LABELS[mode])}
      </Typography>
    </Stack>
  );
}
