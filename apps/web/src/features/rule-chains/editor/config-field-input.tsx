import Science from '@mui/icons-material/Science';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RuleNodeConfigField } from '@sapo/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEditor } from '../../../components/code-editor';
import { KeysInput } from '../../entity-views/keys-input';
import { isValidJson, toMap, toRows, type KeyValueRow } from '../model/script-test-model';
import { KeyValueEditor } from '../script-test/key-value-editor';

export interface ConfigFieldInputProps {
  field: RuleNodeConfigField;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Translation key of the field's error, shown once a save was tried. */
  error?: string | undefined;
  /** 'script' fields: opens the test dialog with the current script. */
  onTestScript?: (script: string) => void;
}

const asString = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : String(value);

/** One settings field of a rule node, drawn from its descriptor (RuleNodeConfigField.kind). */
export function ConfigFieldInput({ field, value, onChange, error, onTestScript }: ConfigFieldInputProps) {
  const { t } = useTranslation();
  const label = field.label + (field.required ? ' *' : '');
  const message = error ? t(error) : field.helpText;
  switch (field.kind) {
    case 'boolean':
      return (
        <Box>
          <FormControlLabel
            control={
              <Switch checked={value === true || value === 'true'} onChange={(e) => onChange(e.target.checked)} />
            }
            label={field.label}
          />
          {field.helpText && <FormHelperText sx={{ mt: -0.5 }}>{field.helpText}</FormHelperText>}
        </Box>
      );
    case 'number':
      return (
        <TextField
          type="number"
          label={label}
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
          error={Boolean(error)}
          helperText={message}
          slotProps={{ htmlInput: { min: field.min, max: field.max, name: field.key } }}
        />
      );
    case 'select':
      return (
        <TextField
          select
          label={label}
          value={asString(value)}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={message}
        >
          {(field.options ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'multiselect': {
      const options = field.options ?? [];
      const selected = Array.isArray(value) ? (value as string[]) : [];
      return (
        <Autocomplete
          multiple
          options={options.map((o) => o.value)}
          getOptionLabel={(v) => options.find((o) => o.value === v)?.label ?? v}
          value={selected}
          onChange={(_e, next) => onChange(next)}
          renderValue={(values, getItemProps) =>
            values.map((v, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return (
                <Chip key={key} size="small" label={options.find((o) => o.value === v)?.label ?? v} {...itemProps} />
              );
            })
          }
          renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={message} />}
        />
      );
    }
    case 'stringList':
      return (
        <KeysInput
          name={field.key}
          label={label}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next) => onChange(next ?? [])}
          helperText={message}
        />
      );
    case 'keyValue':
      return (
        <KeyValueField label={label} value={value} onChange={onChange} helperText={message} error={Boolean(error)} />
      );
    case 'json':
      return <JsonField label={label} value={value} onChange={onChange} helperText={message} />;
    case 'script':
      return (
        <Box>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
              {label}
              {field.scriptReturns && (
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {t('rulenode.script-returns', { type: field.scriptReturns })}
                </Typography>
              )}
            </Typography>
            {onTestScript && (
              <Button size="small" startIcon={<Science />} onClick={() => onTestScript(asString(value))}>
                {t('rulenode.test-script-function')}
              </Button>
            )}
          </Stack>
          <CodeEditor
            language="js"
            label={field.label}
            value={asString(value)}
            onChange={onChange}
            minHeight="140px"
            error={Boolean(error)}
            testId={`script-field-${field.key}`}
          />
          {message && <FormHelperText error={Boolean(error)}>{message}</FormHelperText>}
        </Box>
      );
    case 'text':
    default:
      return (
        <TextField
          label={label}
          value={asString(value)}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={message}
          slotProps={{ htmlInput: { name: field.key } }}
        />
      );
  }
}

function KeyValueField(props: {
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  helperText?: string | undefined;
  error: boolean;
}) {
  const [rows, setRows] = useState<KeyValueRow[]>(() =>
    toRows(props.value && typeof props.value === 'object' ? (props.value as Record<string, unknown>) : {}),
  );
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {props.label}
      </Typography>
      <KeyValueEditor
        rows={rows}
        onChange={(next) => {
          setRows(next);
          props.onChange(toMap(next.filter((row) => row.key.trim())));
        }}
      />
      {props.helperText && <FormHelperText error={props.error}>{props.helperText}</FormHelperText>}
    </Box>
  );
}

/** Free JSON: edited as text, written back only while it parses. */
function JsonField(props: {
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  helperText?: string | undefined;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(props.value ?? {}, null, 2));
  const valid = isValidJson(text);
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {props.label}
      </Typography>
      <CodeEditor
        language="json"
        label={props.label}
        value={text}
        minHeight="100px"
        error={!valid}
        onChange={(next) => {
          setText(next);
          if (isValidJson(next)) props.onChange(JSON.parse(next));
        }}
      />
      <FormHelperText error={!valid}>{valid ? props.helperText : t('rulenode.invalid-json')}</FormHelperText>
    </Box>
  );
}
