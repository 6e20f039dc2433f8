// Pure half of update_multiple_attributes: the form fields from the data keys of the first entity,
// typed input checking, and the save requests grouped by where each value is stored.
import { latestValue, toBoolean, toNumber } from '../shared/series-values';
import type { WidgetEntity, WidgetSeries } from '../widget-types';

export type SaveTarget = 'server' | 'shared' | 'timeseries';
export type FieldValueType =
  'string' | 'double' | 'integer' | 'booleanCheckbox' | 'booleanSwitch' | 'dateTime' | 'date' | 'time' | 'select';

export interface FormField {
  key: string;
  label: string;
  target: SaveTarget;
  valueType: FieldValueType;
  required: boolean;
  mode: 'editable' | 'disabled' | 'readonly';
  min: number | null;
  max: number | null;
  step: number;
  options: { value: string; label: string }[];
  /** The value as stored now ('' when none), as the form edits it. */
  current: string;
}

const VALUE_TYPES: readonly FieldValueType[] = [
  'string',
  'double',
  'integer',
  'booleanCheckbox',
  'booleanSwitch',
  'dateTime',
  'date',
  'time',
  'select',
];

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);
const numOrNull = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? toNumber(v) : null);

/** The editable fields of the first entity (hidden keys left out), in key order. */
export function formFields(series: readonly WidgetSeries[]): { entity: WidgetEntity | null; fields: FormField[] } {
  const entity = series.find((s) => s.entity)?.entity ?? null;
  const fields: FormField[] = [];
  for (const s of series) {
    if (entity && s.entity?.id !== entity.id) continue;
    const ks = s.dataKey.settings ?? {};
    if (ks.dataKeyHidden === true) continue;
    const target = str(ks.dataKeyType, s.dataKey.type === 'timeseries' ? 'timeseries' : 'server');
    const valueType = str(ks.dataKeyValueType, 'string');
    const mode = str(ks.isEditable, 'editable');
    const raw = latestValue(s);
    fields.push({
      key: s.dataKey.name,
      label: s.dataKey.label || s.dataKey.name,
      target: (['server', 'shared', 'timeseries'].includes(target) ? target : 'server') as SaveTarget,
      valueType: (VALUE_TYPES as readonly string[]).includes(valueType) ? (valueType as FieldValueType) : 'string',
      required: ks.required === true,
      mode: (['editable', 'disabled', 'readonly'].includes(mode) ? mode : 'editable') as FormField['mode'],
      min: numOrNull(ks.minValue),
      max: numOrNull(ks.maxValue),
      step: numOrNull(ks.step) ?? 1,
      options: Array.isArray(ks.selectOptions)
        ? (ks.selectOptions as unknown[]).flatMap((o) => {
            const r = o as { value?: unknown; label?: unknown } | null;
            return r && typeof r.value === 'string' ? [{ value: r.value, label: str(r.label, r.value) }] : [];
          })
        : [],
      current: raw === null ? '' : String(raw),
    });
  }
  return { entity, fields };
}

export const FIELD_ERRORS = {
  required: 'widget.control.field-required',
  number: 'widget.control.field-number',
  integer: 'widget.control.field-integer',
  min: 'widget.control.field-min',
  max: 'widget.control.field-max',
} as const;

/** The value to store for a form input, or the translation key of why it is invalid. */
export function fieldValue(field: FormField, input: string): { value: unknown } | { error: string } {
  const text = input.trim();
  if (field.valueType === 'booleanCheckbox' || field.valueType === 'booleanSwitch') {
    return { value: toBoolean(text) ?? false };
  }
  if (text === '') return field.required ? { error: FIELD_ERRORS.required } : { value: '' };
  if (field.valueType === 'double' || field.valueType === 'integer') {
    const n = toNumber(text);
    if (n === null) return { error: FIELD_ERRORS.number };
    if (field.valueType === 'integer' && !Number.isInteger(n)) return { error: FIELD_ERRORS.integer };
    if (field.min !== null && n < field.min) return { error: FIELD_ERRORS.min };
    if (field.max !== null && n > field.max) return { error: FIELD_ERRORS.max };
    return { value: n };
  }
  if (field.valueType === 'dateTime' || field.valueType === 'date') {
    // Dates are stored as epoch ms, as ThingsBoard's widget does.
    const ts = new Date(text).getTime();
    return Number.isFinite(ts) ? { value: ts } : { error: FIELD_ERRORS.number };
  }
  return { value: text };
}

/** A stored value as the form's input text (epoch ms → the input's local date format). */
export function inputText(field: FormField): string {
  const v = field.current;
  if (v === '') return '';
  if (field.valueType === 'dateTime' || field.valueType === 'date') {
    const n = toNumber(v);
    if (n === null) return v;
    const d = new Date(n);
    const pad = (x: number) => String(x).padStart(2, '0');
    const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    return field.valueType === 'date' ? day : `${day}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }
  return v;
}

export interface SaveRequest {
  path: string;
  body: Record<string, unknown>;
}

/**
 * The requests that save the form: one per place (server / shared attributes, time series), only
 * the changed fields unless `all`. Returns the errors instead when a field is invalid.
 */
export function saveRequests(
  entity: WidgetEntity,
  fields: readonly FormField[],
  draft: Readonly<Record<string, string>>,
  all: boolean,
): { requests: SaveRequest[] } | { errors: Record<string, string> } {
  const groups: Record<SaveTarget, Record<string, unknown>> = { server: {}, shared: {}, timeseries: {} };
  const errors: Record<string, string> = {};
  for (const f of fields) {
    if (f.mode !== 'editable') continue;
    const input = draft[f.key] ?? inputText(f);
    if (!all && input === inputText(f)) continue;
    const result = fieldValue(f, input);
    if ('error' in result) errors[f.key] = result.error;
    else groups[f.target][f.key] = result.value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const base = `/api/plugins/telemetry/${entity.entityType}/${entity.id}`;
  const paths: Record<SaveTarget, string> = {
    server: `${base}/attributes/SERVER_SCOPE`,
    shared: `${base}/attributes/SHARED_SCOPE`,
    timeseries: `${base}/timeseries/ANY`,
  };
  const requests = (Object.keys(groups) as SaveTarget[])
    .filter((t) => Object.keys(groups[t]).length > 0)
    .map((t) => ({ path: paths[t], body: groups[t] }));
  return { requests };
}
