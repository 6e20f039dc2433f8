import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WsStatus } from '../../lib/ws-client';

/** A dot and a word saying whether the table is live, connecting or waiting to reconnect. */
export function LiveStatus({
  status,
  loading,
  children,
}: {
  status: WsStatus;
  loading: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const live = status === 'open' && !loading;
  const text = live
    ? t('attribute.live')
    : status === 'closed'
      ? t('attribute.disconnected')
      : t('attribute.connecting');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', minHeight: 36, flexWrap: 'wrap' }}>
      {children}
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', ml: 'auto' }} role="status">
        <Box
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: live ? 'success.main' : status === 'closed' ? 'error.main' : 'warning.main',
          }}
        />
        <Typography variant="caption" color="text.secondary">
          {text}
        </Typography>
      </Stack>
    </Stack>
  );
}
