import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import type { AttributeScope } from '../../lib/ws-client';
import type { TelemetryEntity } from './model/telemetry-paths';
import {
  resetForType,
  sameValue,
  typedValueOf,
  typedValueToValue,
  validateTypedValue,
  type TypedValue,
} from './model/typed-value';
import { useAttributeValue, useSaveAttribute } from './telemetry-queries';
import { TypedValueInput } from './typed-value-input';

export interface AttributeDialogProps {
  entity: TelemetryEntity;
  scope: AttributeScope;
  /** The key to edit; a new attribute when absent. */
  editKey?: string | undefined;
  onClose: () => void;
}

/** Add an attribute (key and typed value) or change one's value. */
export function AttributeDialog({ entity, scope, editKey, onClose }: AttributeDialogProps) {
  return editKey === undefined ? (
    <AttributeForm entity={entity} scope={scope} onClose={onClose} />
  ) : (
    <EditAttribute entity={entity} scope={scope} editKey={editKey} onClose={onClose} />
  );
}

/** Reads the stored value first: the table shows strings, the input needs the JSON type. */
function EditAttribute({ entity, scope, editKey, onClose }: AttributeDialogProps & { editKey: string }) {
  const { t } = useTranslation();
  const stored = useAttributeValue(entity, scope, editKey);
  if (stored.isPending) {
    return (
      <FormDialog open title={t('attribute.edit')} onClose={onClose} onSubmit={() => undefined} submitDisabled>
        <LinearProgress aria-label={t('common.loading')} />
      </FormDialog>
    );
  }
  return (
    <AttributeForm
      entity={entity}
      scope={scope}
      editKey={editKey}
      // A key deleted meanwhile is simply written again.
      initial={stored.data ? stored.data.value : undefined}
      onClose={onClose}
    />
  );
}

function AttributeForm({ entity, scope, editKey, initial, onClose }: AttributeDialogProps & { initial?: unknown }) {
  const { t } = useTranslation();
  const save = useSaveAttribute(entity);
  const editing = editKey !== undefined;
  const [key, setKey] = useState(editKey ?? '');
  const [value, setValue] = useState<TypedValue>(() =>
    initial === undefined ? resetForType('STRING') : typedValueOf(initial),
  );
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const keyError = key.trim() === '' ? 'attribute.key-required' : undefined;
  const valueError = validateTypedValue(value);
  const unchanged = editing && initial !== undefined && sameValue(typedValueToValue(value), initial);

  const onSubmit = () => {
    setTried(true);
    if (keyError || valueError) {
      document.querySelector<HTMLElement>(`[role="dialog"] [name="${keyError ? 'key' : 'value'}"]`)?.focus();
      return;
    }
    setServerError(undefined);
    save.mutate(
      { scope, key: key.trim(), value: typedValueToValue(value) },
      { onSuccess: onClose, onError: (error) => setServerError(error.message) },
    );
  };

  return (
    <FormDialog
      open
      title={editing ? t('attribute.edit') : t('attribute.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      submitDisabled={unchanged}
      error={serverError}
      submitText={editing ? t('action.save') : t('action.add')}
    >
      <TextField
        name="key"
        label={t('attribute.key')}
        required
        autoFocus={!editing}
        value={key}
        onChange={(event) => setKey(event.target.value)}
        disabled={editing || save.isPending}
        error={tried && Boolean(keyError)}
        helperText={tried && keyError ? t(keyError) : undefined}
        slotProps={{ htmlInput: { maxLength: 255, spellCheck: false } }}
      />
      <TypedValueInput
        value={value}
        onChange={(next) => {
          setValue(next);
          setServerError(undefined);
        }}
        error={tried ? valueError : undefined}
        disabled={save.isPending}
      />
    </FormDialog>
  );
}
