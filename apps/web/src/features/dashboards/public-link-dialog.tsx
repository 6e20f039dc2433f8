import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button/copy-button';

export interface PublicLinkDialogProps {
  title: string;
  link: string;
  onClose: () => void;
}

/** Shown after "Make dashboard public": the link anyone can open without signing in. */
export function PublicLinkDialog({ title, link, onClose }: PublicLinkDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('dashboard.public-dashboard-title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">{t('dashboard.public-dashboard-text', { title })}</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label={t('dashboard.public-link')}
              value={link}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'dashboard-public-link' } }}
            />
            <CopyButton text={link} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.public-dashboard-notice')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose}>
          {t('action.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
