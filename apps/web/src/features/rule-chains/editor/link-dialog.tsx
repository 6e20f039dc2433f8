import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type LinkDialogResult = { types: string[] } | { remove: true } | null;

export interface LinkDialogProps {
  sourceName: string;
  targetName: string;
  /** The source node's relation types. */
  options: readonly string[];
  /** Free-text relation names allowed (switch nodes). */
  custom: boolean;
  initial: readonly string[];
  /** Editing an existing link: offers Delete. */
  existing: boolean;
  onClose: (result: LinkDialogResult) => void;
}

/** Picks the relation types a link carries (ThingsBoard's "Add link" / "Edit link" dialog). */
export function LinkDialog(props: LinkDialogProps) {
  const { t } = useTranslation();
  const [types, setTypes] = useState<string[]>([...props.initial]);
  const [tried, setTried] = useState(false);
  const invalid = types.length === 0;
  const submit = () => {
    setTried(true);
    if (!invalid) props.onClose({ types });
  };
  return (
    <Dialog open onClose={() => props.onClose(null)} fullWidth maxWidth="xs" aria-labelledby="link-dialog-title">
      <DialogTitle id="link-dialog-title">
        {props.existing ? t('rulenode.link-details') : t('rulenode.add-link')}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {props.sourceName} → {props.targetName}
        </Typography>
        <Autocomplete
          multiple
          freeSolo={props.custom}
          autoHighlight
          openOnFocus
          options={props.options as string[]}
          value={types}
          onChange={(_e, value) => setTypes(value.map((v) => v.trim()).filter(Boolean))}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={option} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              label={t('rulenode.link-labels')}
              error={tried && invalid}
              helperText={
                tried && invalid
                  ? t('rulenode.link-label-required')
                  : props.custom
                    ? t('rulenode.custom-link-label-hint')
                    : ' '
              }
            />
          )}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {props.existing && (
          <Button color="error" onClick={() => props.onClose({ remove: true })} sx={{ mr: 'auto' }}>
            {t('action.delete')}
          </Button>
        )}
        <Button onClick={() => props.onClose(null)}>{t('action.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {props.existing ? t('action.apply') : t('action.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
