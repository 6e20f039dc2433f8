import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  submitting?: boolean;
  /** A server message that belongs to no single field. */
  error?: string | undefined;
  submitText?: string;
  /** Disables submit (e.g. nothing changed). */
  submitDisabled?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/** Create/edit dialog: a form with Cancel and Save, progress and disabled buttons while saving. */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.submitting) props.onSubmit();
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.submitting ? undefined : props.onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={submit} style={{ display: 'contents' }}>
        <LinearProgress sx={{ visibility: props.submitting ? 'visible' : 'hidden' }} />
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            {props.error && (
              <Alert severity="error" role="alert">
                {props.error}
              </Alert>
            )}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={props.onClose} disabled={props.submitting}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={props.submitting || props.submitDisabled}>
            {props.submitText ?? t('action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
