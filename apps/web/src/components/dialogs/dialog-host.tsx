import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogStore, type OpenDialog } from './dialog-store';

/** Renders the open shared dialogs, newest on top. */
export function DialogHost() {
  const stack = useSyncExternalStore(dialogStore.subscribe, dialogStore.snapshot);
  return (
    <>
      {stack.map((dialog) => (
        <SharedDialog key={dialog.id} dialog={dialog} />
      ))}
    </>
  );
}

function SharedDialog({ dialog }: { dialog: OpenDialog }) {
  const { t } = useTranslation();
  const { kind, resolve } = dialog;
  const titleId = `shared-dialog-${dialog.id}`;
  const texts = {
    confirm: {
      title: dialog.title,
      message: dialog.message,
      ok: dialog.okText ?? t('action.yes'),
      cancel: dialog.cancelText ?? t('action.no'),
    },
    alert: { title: dialog.title, message: dialog.message, ok: dialog.okText ?? t('action.ok'), cancel: undefined },
    'permission-denied': {
      title: t('access.permission-denied'),
      message: t('access.permission-denied-text'),
      ok: t('action.ok'),
      cancel: undefined,
    },
    forbidden: {
      title: t('access.access-forbidden'),
      message: t('access.access-forbidden-text'),
      ok: t('login.sign-in'),
      cancel: t('action.cancel'),
    },
  }[kind];

  return (
    <Dialog
      open
      fullScreen={dialog.fullscreen ?? false}
      onClose={() => resolve(false)}
      aria-labelledby={titleId}
      data-testid={`dialog-${kind}`}
      slotProps={{ paper: { sx: { minWidth: { sm: 400 } } } }}
    >
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      {texts.message && (
        <DialogContent>
          {typeof texts.message === 'string' ? <DialogContentText>{texts.message}</DialogContentText> : texts.message}
        </DialogContent>
      )}
      <DialogActions>
        {texts.cancel && <Button onClick={() => resolve(false)}>{texts.cancel}</Button>}
        <Button variant="contained" color={dialog.danger ? 'error' : 'primary'} onClick={() => resolve(true)} autoFocus>
          {texts.ok}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
