import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TOAST_ANIMATION_MS,
  dismissNotification,
  notificationStore,
  type NotificationType,
} from '../../lib/notifications';

const SEVERITY: Record<NotificationType, 'error' | 'warning' | 'success' | 'info'> = {
  error: 'error',
  warn: 'warning',
  success: 'success',
  info: 'info',
};

/** Shows queued toasts one at a time, at the position each asks for (default bottom left). */
export function Toaster() {
  const { t } = useTranslation();
  const queue = useSyncExternalStore(notificationStore.subscribe, notificationStore.snapshot);
  const current = queue[0];
  if (!current) return null;
  const close = () => dismissNotification(current.id);
  return (
    <Snackbar
      key={current.id}
      open
      anchorOrigin={{ vertical: current.verticalPosition, horizontal: current.horizontalPosition }}
      autoHideDuration={current.autoHideMs}
      transitionDuration={TOAST_ANIMATION_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert
        severity={SEVERITY[current.type]}
        variant="filled"
        onClose={close}
        slotProps={{ closeButton: { title: t('action.close') } }}
        sx={{ minWidth: { sm: 320 }, maxWidth: 560, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        data-testid={`toast-${current.type}`}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
