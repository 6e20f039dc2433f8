import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityAutocomplete, type EntityOption } from '../../components/entity-autocomplete/entity-autocomplete';
import { EntityTypeSelect } from '../../components/entity-autocomplete/entity-type-select';
import { allowedEntityTypes, type PickableEntityType } from '../../components/entity-autocomplete/entity-types';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { RelationTypeAutocomplete } from '../../components/relation-type-autocomplete/relation-type-autocomplete';
import { notify } from '../../lib/notifications';
import { useCurrentUser } from '../auth/auth-queries';
import type { EntityId } from '../auth/auth-types';
import { useEntityForm } from '../../components/entity-form/use-entity-form';
import { useEntitySearch } from './entity-search';
import {
  emptyRelationForm,
  relationPayload,
  validateRelationForm,
  type RelationDirection,
  type RelationForm,
} from './model/relations';
import { useSaveRelation } from './relations-queries';

const FIELDS = ['type', 'target', 'additionalInfo'] as const;

export interface RelationDialogProps {
  /** The entity whose relations tab is open. */
  entity: EntityId;
  /** Preselected direction (the section the add button was in). */
  direction: RelationDirection;
  onClose: () => void;
}

/** Add a relation from or to the entity: direction, type, the other entity, optional JSON info. */
export function RelationDialog({ entity, direction, onClose }: RelationDialogProps) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const search = useEntitySearch();
  const save = useSaveRelation();
  const types = useMemo(() => (user ? allowedEntityTypes(user.authority) : []), [user]);
  const [targetType, setTargetType] = useState<PickableEntityType | null>(
    types.includes('DEVICE') ? 'DEVICE' : (types[0] ?? null),
  );
  const [target, setTarget] = useState<EntityOption | null>(null);
  const { form, change, fieldError, generalError, submit } = useEntityForm<RelationForm>({
    initial: { ...emptyRelationForm(), direction },
    validate: validateRelationForm,
    fields: FIELDS,
  });

  const onSubmit = () =>
    void submit(async (values) => {
      await save.mutateAsync(relationPayload(values, entity));
      notify({ message: t('relation.relation-added'), type: 'success' });
      onClose();
    });

  return (
    <FormDialog
      open
      title={t('relation.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      error={generalError}
      submitText={t('action.add')}
    >
      <TextField
        select
        name="direction"
        label={t('relation.direction')}
        value={form.direction}
        onChange={(event) => change((f) => ({ ...f, direction: event.target.value as RelationDirection }))}
        disabled={save.isPending}
      >
        <MenuItem value="FROM">{t('relation.from-this-entity')}</MenuItem>
        <MenuItem value="TO">{t('relation.to-this-entity')}</MenuItem>
      </TextField>
      <RelationTypeAutocomplete
        required
        value={form.type}
        onChange={(type) => change((f) => ({ ...f, type }), 'type')}
        error={fieldError('type')}
        disabled={save.isPending}
      />
      <EntityTypeSelect
        required
        types={types}
        value={targetType}
        onChange={(type) => {
          // Spec 1-client §4.3: changing the type clears the entity.
          setTargetType(type);
          setTarget(null);
          change((f) => ({ ...f, target: null }), 'target');
        }}
        disabled={save.isPending}
      />
      <EntityAutocomplete
        required
        name="target"
        entityType={targetType}
        value={target}
        onChange={(option) => {
          setTarget(option);
          change((f) => ({ ...f, target: option ? option.id : null }), 'target');
        }}
        search={search}
        excludeIds={[entity.id]}
        error={fieldError('target')}
        disabled={save.isPending}
      />
      <TextField
        name="additionalInfo"
        label={t('relation.additional-info')}
        value={form.additionalInfo}
        onChange={(event) => change((f) => ({ ...f, additionalInfo: event.target.value }), 'additionalInfo')}
        multiline
        minRows={3}
        maxRows={10}
        placeholder='{"note": "…"}'
        error={Boolean(fieldError('additionalInfo'))}
        helperText={fieldError('additionalInfo') ?? t('relation.additional-info-hint')}
        disabled={save.isPending}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
    </FormDialog>
  );
}
