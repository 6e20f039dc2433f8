import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Authority } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import type { EntitySearch } from '../../../../components/entity-autocomplete/entity-autocomplete';
import { EntityTypeSelect } from '../../../../components/entity-autocomplete/entity-type-select';
import { EntitySubtypeAutocomplete, type SubtypeClient } from '../../../../components/entity-subtype';
import { EntityListField, EntityPick, EntitySelect } from './alias-entity-fields';
import { AliasQueryFields } from './alias-query-fields';
import {
  aliasEntityTypes,
  filterTakesPseudoTypes,
  isPseudoType,
  isQueryFilter,
  isSubtypeFilter,
  SUBTYPE_FILTERS,
} from './model/alias-filter-types';
import type { AliasForm } from './model/alias-form';
import { changeEntityType, type AliasErrors } from './model/alias-validation';

export interface AliasFilterFieldsProps {
  form: AliasForm;
  onChange: (form: AliasForm) => void;
  /** Messages to show (translation keys): all of them once a save was tried. */
  errors: AliasErrors;
  authority: Authority;
  search: EntitySearch;
  client: SubtypeClient;
}

/** The fields of the chosen filter type (spec 2-calls §3.4). */
export function AliasFilterFields(props: AliasFilterFieldsProps) {
  const { t } = useTranslation();
  const { form, onChange, errors, authority } = props;
  const type = form.type;
  const err = (key: string | undefined) => (key ? t(key) : undefined);
  const set = (patch: Partial<AliasForm>) => onChange({ ...form, ...patch });

  if (!type || type === 'apiUsageState') return null;

  if (type === 'singleEntity' || type === 'entityList' || type === 'entityName' || type === 'entityType') {
    const types = aliasEntityTypes(authority, filterTakesPseudoTypes(type));
    const pseudo = isPseudoType(form.entityType);
    return (
      <>
        <EntityTypeSelect
          value={form.entityType || null}
          types={types}
          required
          onChange={(next) => onChange(changeEntityType(form, next))}
        />
        {errors.entityType && (
          <Typography variant="caption" color="error">
            {t(errors.entityType)}
          </Typography>
        )}
        {type === 'singleEntity' && form.entityType && !pseudo && (
          <EntityPick
            entityType={form.entityType}
            value={form.entity}
            onChange={(entity) => set({ entity })}
            search={props.search}
            required
            error={err(errors.entity)}
          />
        )}
        {type === 'entityList' && form.entityType && !pseudo && (
          <EntityListField
            entityType={form.entityType}
            value={form.entityList}
            onChange={(entityList) => set({ entityList })}
            search={props.search}
            error={err(errors.entityList)}
          />
        )}
        {type === 'entityName' && (
          <TextField
            label={t('alias.name-starts-with')}
            required
            value={form.nameFilter}
            onChange={(e) => set({ nameFilter: e.target.value })}
            error={Boolean(errors.nameFilter)}
            helperText={err(errors.nameFilter)}
          />
        )}
      </>
    );
  }

  if (type === 'stateEntity') {
    return (
      <>
        <TextField
          label={t('alias.state-entity-parameter-name')}
          placeholder={t('alias.default-entity-parameter-name')}
          value={form.stateEntityParamName}
          onChange={(e) => set({ stateEntityParamName: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <EntitySelect
          value={form.defaultStateEntity}
          onChange={(defaultStateEntity) => set({ defaultStateEntity })}
          types={aliasEntityTypes(authority, false)}
          typeLabel={t('alias.default-state-entity-type')}
          label={t('alias.default-state-entity')}
          search={props.search}
        />
      </>
    );
  }

  if (isSubtypeFilter(type)) {
    const entityType = SUBTYPE_FILTERS[type].entityType;
    return (
      <>
        <EntitySubtypeAutocomplete
          entityType={entityType}
          client={props.client}
          value={form.subtype}
          onChange={(subtype) => set({ subtype })}
          required
          error={err(errors.subtype)}
        />
        <TextField
          label={t('alias.name-starts-with')}
          value={form.nameFilter}
          onChange={(e) => set({ nameFilter: e.target.value })}
        />
      </>
    );
  }

  if (isQueryFilter(type)) return <AliasQueryFields {...props} />;
  return null;
}
