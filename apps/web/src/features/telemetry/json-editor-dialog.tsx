import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateTypedValue } from './model/typed-value';

export interface JsonEditorDialogProps {
  /** The JSON text to start from. */
  value: string;
  title?: string;
  onSave: (text: string) => void;
  onClose: () => void;
}

/**
 * Spec 1-client §2.8 edit-JSON dialog, full screen: title defaults to 'Edit JSON'; Save is disabled
 * while the text is invalid or unchanged. A plain monospace editor for now.
 */
export function JsonEditorDialog({ value, title, onSave, onClose }: JsonEditorDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [text, setText] = useState(value);
  const error = validateTypedValue({ type: 'JSON', text, bool: false });
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title ?? t('details.edit-json')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column' }}>
        <TextField
          autoFocus
          multiline
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(error)}
          helperText={error ? t(error) : ' '}
          slotProps={{
            htmlInput: { 'aria-label': t('value.json-value'), spellCheck: false, style: { fontFamily: 'monospace' } },
          }}
          sx={{ flex: 1, '& .MuiInputBase-root': { height: '100%', alignItems: 'flex-start', overflow: 'auto' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button variant="contained" disabled={Boolean(error) || text === value} onClick={() => onSave(text)}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
