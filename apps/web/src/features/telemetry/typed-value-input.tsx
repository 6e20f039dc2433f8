import OpenInFull from '@mui/icons-material/OpenInFull';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonEditorDialog } from './json-editor-dialog';
import { resetForType, VALUE_TYPES, type TypedValue, type ValueType } from './model/typed-value';

const VALUE_LABELS: Record<Exclude<ValueType, 'BOOLEAN'>, string> = {
  STRING: 'value.string-value',
  INTEGER: 'value.integer-value',
  DOUBLE: 'value.double-value',
  JSON: 'value.json-value',
};

export interface TypedValueInputProps {
  value: TypedValue;
  onChange: (value: TypedValue) => void;
  /** Translation key of the message to show, if any. */
  error?: string | undefined;
  disabled?: boolean;
}

/** Spec 1-client §2.8 typed value input: the type, then the input that suits it. */
export function TypedValueInput({ value, onChange, error, disabled }: TypedValueInputProps) {
  const { t } = useTranslation();
  const [editingJson, setEditingJson] = useState(false);
  const numeric = value.type === 'INTEGER' || value.type === 'DOUBLE';

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        select
        name="valueType"
        label={t('value.type')}
        value={value.type}
        // §4.3: a new type starts from that type's empty value.
        onChange={(event) => onChange(resetForType(event.target.value as ValueType))}
        disabled={disabled}
        sx={{ minWidth: { sm: 150 } }}
      >
        {VALUE_TYPES.map((option) => (
          <MenuItem key={option.type} value={option.type}>
            {t(option.label)}
          </MenuItem>
        ))}
      </TextField>
      {value.type === 'BOOLEAN' ? (
        <FormControlLabel
          sx={{ pt: { sm: 1 } }}
          control={
            <Checkbox
              name="value"
              checked={value.bool}
              onChange={(event) => onChange({ ...value, bool: event.target.checked })}
              disabled={disabled}
            />
          }
          label={value.bool ? t('value.true') : t('value.false')}
        />
      ) : (
        <TextField
          name="value"
          required
          fullWidth
          label={t(VALUE_LABELS[value.type])}
          value={value.text}
          onChange={(event) => onChange({ ...value, text: event.target.value })}
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
          disabled={disabled}
          multiline={value.type === 'JSON'}
          maxRows={value.type === 'JSON' ? 8 : undefined}
          slotProps={{
            htmlInput: {
              inputMode: numeric ? (value.type === 'INTEGER' ? 'numeric' : 'decimal') : undefined,
              spellCheck: value.type === 'STRING',
              style: value.type === 'JSON' ? { fontFamily: 'monospace' } : undefined,
            },
            input:
              value.type === 'JSON'
                ? {
                    endAdornment: (
                      <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 1.5 }}>
                        <Tooltip title={t('details.edit-json')}>
                          <IconButton
                            size="small"
                            edge="end"
                            aria-label={t('details.edit-json')}
                            onClick={() => setEditingJson(true)}
                            disabled={disabled}
                          >
                            <OpenInFull fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </InputAdornment>
                    ),
                  }
                : undefined,
          }}
        />
      )}
      {editingJson && (
        <JsonEditorDialog
          value={value.text}
          onClose={() => setEditingJson(false)}
          onSave={(text) => {
            onChange({ ...value, text });
            setEditingJson(false);
          }}
        />
      )}
    </Stack>
  );
}
