import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications';
import { copyToClipboard } from '../../components/copy-button/copy-to-clipboard';

export interface ActivationLinkDialogProps {
  email: string;
  link: string;
  onClose: () => void;
}

/** Shows a user's activation link to pass on by hand, with a copy button. */
export function ActivationLinkDialog({ email, link, onClose }: ActivationLinkDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const copy = async () => {
    const copied = await copyToClipboard(link);
    notify(
      copied
        ? { message: t('user.activation-link-copied-message'), type: 'success' }
        : { message: t('user.activation-link-copy-failed'), type: 'error', duration: 4000 },
    );
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('user.activation-link')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography>{t('user.activation-link-text', { email })}</Typography>
          <TextField
            label={t('user.activation-link')}
            value={link}
            fullWidth
            multiline
            onFocus={(event) => event.target.select()}
            slotProps={{
              input: {
                readOnly: true,
                sx: { fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' },
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('user.copy-activation-link')}>
                      <IconButton aria-label={t('user.copy-activation-link')} onClick={() => void copy()} edge="end">
                        <ContentCopy />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
              htmlInput: { 'data-testid': 'activation-link' },
            }}
          />
          <Alert severity="info">{t('user.activation-link-validity')}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
          {t('user.copy-activation-link')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('action.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
