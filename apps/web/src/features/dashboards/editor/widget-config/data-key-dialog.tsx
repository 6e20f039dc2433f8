import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorInput } from '../../../../components/color-picker';
import type { DataKey } from '../../model/data-key';
import { CodeField } from '../dialogs/code-field';

/** One key's label, colour, units and decimals (2-calls §3.5), and its post-processing function. */
export function DataKeyDialog({
  value,
  onSave,
  onClose,
}: {
  value: DataKey;
  onSave: (k: DataKey) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [key, setKey] = useState<DataKey>(value);
  const decimalsText = key.decimals === undefined ? '' : String(key.decimals);
  const decimalsBad =
    decimalsText !== '' && !(Number.isInteger(key.decimals) && (key.decimals ?? 0) >= 0 && (key.decimals ?? 0) <= 15);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="data-key-title">
      <DialogTitle id="data-key-title">{t('datakey.configuration')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField size="small" label={t('datakey.key')} value={key.name} disabled />
        <TextField
          size="small"
          label={t('datakey.label')}
          value={key.label}
          onChange={(e) => setKey({ ...key, label: e.target.value })}
        />
        <ColorInput
          label={t('datakey.color')}
          value={key.color}
          onChange={(color) => setKey({ ...key, color: color ?? key.color })}
        />
        <TextField
          size="small"
          label={t('datakey.units')}
          value={key.units ?? ''}
          onChange={(e) => setKey({ ...key, units: e.target.value })}
        />
        <TextField
          size="small"
          type="number"
          label={t('datakey.decimals')}
          value={decimalsText}
          error={decimalsBad}
          helperText={decimalsBad ? t('datakey.decimals-range') : undefined}
          onChange={(e) => {
            const next = { ...key };
            delete next.decimals;
            setKey(e.target.value === '' ? next : { ...next, decimals: Number(e.target.value) });
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={Boolean(key.usePostProcessing)}
              onChange={(e) =>
                setKey({
                  ...key,
                  usePostProcessing: e.target.checked,
                  postFuncBody: key.postFuncBody ?? 'return value;',
                })
              }
            />
          }
          label={t('datakey.use-data-post-processing-function')}
        />
        {key.usePostProcessing && (
          <CodeField
            language="js"
            label={t('datakey.data-post-processing-function')}
            hint={t('datakey.post-processing-hint')}
            value={typeof key.postFuncBody === 'string' ? key.postFuncBody : ''}
            onChange={(postFuncBody) => setKey({ ...key, postFuncBody })}
            minHeight="120px"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button variant="contained" disabled={decimalsBad} onClick={() => onSave(key)}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
