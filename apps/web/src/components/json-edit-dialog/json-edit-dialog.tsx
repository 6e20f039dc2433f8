import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEditor } from '../code-editor';
import { canSaveJson, formatJson, parseJsonText } from './json-edit-model';

export interface JsonEditDialogProps {
  open: boolean;
  /** The JSON value to edit (shown formatted). */
  value: unknown;
  onSave: (value: unknown) => void;
  onCancel: () => void;
  /** Defaults to the 'Edit JSON' label. */
  title?: string;
  /** Disables Save while the caller is still loading or saving. */
  loading?: boolean;
  /** Empty text is invalid when required (default); otherwise it saves as undefined. */
  required?: boolean;
  fullScreen?: boolean;
}

/**
 * Edit-JSON dialog of spec 1-client §2.8: a JSON code editor; parse errors shown under it;
 * Save is disabled while loading, invalid or unchanged.
 */
export function JsonEditDialog(props: JsonEditDialogProps) {
  const { open, value, loading, required = true } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [text, setText] = useState(() => formatJson(value));
  useEffect(() => {
    if (open) setText(formatJson(value));
  }, [open, value]);

  const parsed = parseJsonText(text, required);
  const errorText = parsed.ok ? null : parsed.error.startsWith('Error:') ? parsed.error : t(parsed.error);

  return (
    <Dialog
      open={open}
      onClose={props.onCancel}
      fullWidth
      maxWidth="md"
      fullScreen={props.fullScreen ?? phone}
      aria-labelledby={titleId}
      data-testid="json-edit-dialog"
    >
      <DialogTitle id={titleId}>{props.title ?? t('details.edit-json')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1, minHeight: { sm: '60vh' } }}>
        <CodeEditor
          value={text}
          onChange={setText}
          language="json"
          label={props.title ?? t('details.edit-json')}
          height="100%"
          minHeight="200px"
          error={Boolean(errorText)}
          foldGutter
        />
        <Typography variant="body2" color="error" role="alert" sx={{ minHeight: 20, overflowWrap: 'anywhere' }}>
          {errorText}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={props.onCancel}>{t('action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!canSaveJson(parsed, value, loading)}
          onClick={() => parsed.ok && props.onSave(parsed.value)}
        >
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
