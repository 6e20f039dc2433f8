import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { KeyValueRow } from '../model/script-test-model';

export interface KeyValueEditorProps {
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  keyLabel?: string;
  valueLabel?: string;
  /** Marks empty keys and values (spec 2-calls §5: every key and value non-empty). */
  showErrors?: boolean;
}

/** A string→string map as editable rows (metadata, headers). */
export function KeyValueEditor({ rows, onChange, keyLabel, valueLabel, showErrors }: KeyValueEditorProps) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<KeyValueRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Box>
      <Stack spacing={1}>
        {rows.map((row, index) => (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              fullWidth
              label={keyLabel ?? t('key-val.key')}
              value={row.key}
              error={showErrors && !row.key.trim()}
              onChange={(e) => set(index, { key: e.target.value })}
            />
            <TextField
              size="small"
              fullWidth
              label={valueLabel ?? t('key-val.value')}
              value={row.value}
              error={showErrors && !row.value.trim()}
              onChange={(e) => set(index, { value: e.target.value })}
            />
            <IconButton
              aria-label={t('key-val.remove-entry')}
              onClick={() => onChange(rows.filter((_r, i) => i !== index))}
              sx={{ mt: 0.25 }}
            >
              <Close fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Button
        size="small"
        startIcon={<Add />}
        sx={{ mt: 1 }}
        onClick={() => onChange([...rows, { key: '', value: '' }])}
      >
        {t('key-val.add-entry')}
      </Button>
    </Box>
  );
}
