import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkProgress } from './use-bulk-runner';

/** A modal progress bar while a bulk action runs (it cannot be dismissed half-way). */
export function BulkProgressDialog({ progress }: { progress: BulkProgress | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const value = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  return (
    <Dialog open={progress !== null} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{progress?.label}</DialogTitle>
      <DialogContent>
        <LinearProgress variant="determinate" value={value} aria-label={progress?.label} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('assignment.progress', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
