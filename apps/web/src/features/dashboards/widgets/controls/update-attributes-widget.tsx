import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boolSetting, numSetting, strSetting } from '../shared/settings-readers';
import { toBoolean } from '../shared/series-values';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { formFields, inputText, saveRequests, type FormField } from './update-attributes-model';

type Result = { kind: 'ok' } | { kind: 'error'; message: string } | null;

/** update_multiple_attributes: a form editing several values of one entity, saved in one go. */
export function UpdateAttributesWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const s = ctx.settings;
  const { entity, fields } = formFields(ctx.data.series);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Result>(null);

  if (ctx.data.error) return <WidgetMessage text={ctx.data.error} />;
  if (!entity || fields.length === 0) return <WidgetMessage text={ctx.noDataMessage ?? 'widget.no-data'} />;

  const valueOf = (f: FormField) => draft[f.key] ?? inputText(f);
  const changed = fields.some((f) => draft[f.key] !== undefined && draft[f.key] !== inputText(f));
  const set = (key: string, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
    setResult(null);
  };
  const save = async () => {
    if (ctx.editing || saving) return;
    const plan = saveRequests(entity, fields, draft, boolSetting(s, 'updateAllValues', false));
    if ('errors' in plan) {
      setErrors(plan.errors);
      return;
    }
    setSaving(true);
    try {
      for (const r of plan.requests) await ctx.api.post(r.path, r.body, { ignoreErrors: true });
      setDraft({});
      setResult({ kind: 'ok' });
    } catch (error) {
      setResult({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  };

  const column = strSetting(s, 'fieldsAlignment', 'row') === 'column' || ctx.width < 420;
  const perRow = column ? 1 : Math.max(1, Math.min(10, numSetting(s, 'fieldsInRow', 2)));
  const groupTitle = strSetting(s, 'groupTitle', '${entityName}')
    .replace(/\$\{entityName\}/g, entity.name)
    .replace(/\$\{entityLabel\}/g, entity.label ?? entity.name);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      sx={{ height: '100%', overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 1, p: 0.5 }}
    >
      {boolSetting(s, 'showGroupTitle', false) ? <Typography variant="subtitle1">{groupTitle}</Typography> : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))`, gap: 1.5, pt: 1 }}>
        {fields.map((f) => (
          <FieldInput
            key={f.key}
            field={f}
            value={valueOf(f)}
            error={errors[f.key] ? t(errors[f.key] ?? '') : ''}
            disabled={f.mode === 'disabled' || saving || ctx.editing}
            onChange={(v) => set(f.key, v)}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 'auto' }}>
        {boolSetting(s, 'showResultMessage', true) && result ? (
          <Typography variant="caption" color={result.kind === 'ok' ? 'success.main' : 'error'} sx={{ flex: 1 }}>
            {result.kind === 'ok' ? t('widget.control.saved') : result.message}
          </Typography>
        ) : (
          <Box sx={{ flex: 1 }} />
        )}
        {boolSetting(s, 'showActionButtons', true) ? (
          <>
            <Button size="small" disabled={!changed || saving} onClick={() => setDraft({})}>
              {strSetting(s, 'resetButtonLabel', t('action.undo'))}
            </Button>
            <Button
              size="small"
              variant="contained"
              type="submit"
              disabled={ctx.editing || saving || (!changed && !boolSetting(s, 'updateAllValues', false))}
            >
              {strSetting(s, 'saveButtonLabel', t('action.save'))}
            </Button>
          </>
        ) : null}
      </Box>
    </Box>
  );
}

interface FieldProps {
  field: FormField;
  value: string;
  error: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

function FieldInput({ field, value, error, disabled, onChange }: FieldProps) {
  if (field.valueType === 'booleanCheckbox' || field.valueType === 'booleanSwitch') {
    const checked = toBoolean(value) ?? false;
    const Control = field.valueType === 'booleanSwitch' ? Switch : Checkbox;
    return (
      <FormControlLabel
        disabled={disabled || field.mode === 'readonly'}
        control={<Control checked={checked} onChange={(_, c) => onChange(String(c))} />}
        label={field.label}
      />
    );
  }
  const inputType: Record<string, string> = {
    double: 'number',
    integer: 'number',
    dateTime: 'datetime-local',
    date: 'date',
    time: 'time',
  };
  return (
    <TextField
      size="small"
      fullWidth
      select={field.valueType === 'select'}
      type={inputType[field.valueType] ?? 'text'}
      label={field.label}
      value={value}
      required={field.required}
      disabled={disabled}
      error={error !== ''}
      helperText={error || undefined}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          readOnly: field.mode === 'readonly',
          ...(field.valueType === 'double' || field.valueType === 'integer'
            ? { min: field.min ?? undefined, max: field.max ?? undefined, step: field.step }
            : {}),
        },
      }}
    >
      {field.valueType === 'select'
        ? field.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))
        : null}
    </TextField>
  );
}
