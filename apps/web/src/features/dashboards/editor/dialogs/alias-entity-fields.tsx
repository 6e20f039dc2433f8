import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EntityAutocomplete,
  type EntityOption,
  type EntitySearch,
} from '../../../../components/entity-autocomplete/entity-autocomplete';
import { EntityTypeSelect } from '../../../../components/entity-autocomplete/entity-type-select';
import { entityTypeKeys, type PickableEntityType } from '../../../../components/entity-autocomplete/entity-types';
import { isPseudoType } from './model/alias-filter-types';
import { pseudoEntity, type PickedEntity } from './model/alias-form';
import { useEntityNames } from './use-entity-names';

const toOption = (e: PickedEntity | null, names: Map<string, string>): EntityOption | null =>
  e ? { id: { entityType: e.entityType, id: e.id }, name: e.name ?? names.get(e.id) ?? e.id } : null;
const fromOption = (o: EntityOption | null): PickedEntity | null =>
  o ? { entityType: o.id.entityType, id: o.id.id, name: o.name } : null;

export interface EntityPickProps {
  entityType: string;
  value: PickedEntity | null;
  onChange: (entity: PickedEntity | null) => void;
  search: EntitySearch;
  label?: string;
  required?: boolean;
  error?: string | undefined;
}

/** One entity of a known type by name; stored entities without a name are looked up. */
export function EntityPick(props: EntityPickProps) {
  const names = useEntityNames([props.value]);
  return (
    <EntityAutocomplete
      entityType={props.entityType || null}
      value={toOption(props.value, names)}
      onChange={(option) => props.onChange(fromOption(option))}
      search={props.search}
      label={props.label}
      required={props.required}
      error={props.error}
    />
  );
}

export interface EntitySelectProps {
  value: PickedEntity | null;
  onChange: (entity: PickedEntity | null) => void;
  types: readonly PickableEntityType[];
  search: EntitySearch;
  typeLabel?: string;
  label?: string;
  required?: boolean;
  error?: string | undefined;
}

/**
 * Type then entity (spec 1-client §4.3): a pseudo-type needs no entity and takes the placeholder id;
 * changing the type clears the entity; a value is emitted only once both are chosen.
 */
export function EntitySelect(props: EntitySelectProps) {
  const [type, setType] = useState(props.value?.entityType ?? '');
  const pseudo = isPseudoType(type);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Stack sx={{ minWidth: { sm: 200 } }}>
        <EntityTypeSelect
          value={type || null}
          types={props.types}
          label={props.typeLabel}
          required={props.required}
          // Without a type the entity's message has no field to show under.
          showErrors={Boolean(props.error)}
          onChange={(next) => {
            setType(next);
            props.onChange(isPseudoType(next) ? pseudoEntity(next) : null);
          }}
        />
      </Stack>
      {!pseudo && (
        <Stack sx={{ flex: 1 }}>
          <EntityPick
            entityType={type}
            value={props.value}
            onChange={props.onChange}
            search={props.search}
            label={props.label}
            required={props.required}
            error={props.error}
          />
        </Stack>
      )}
    </Stack>
  );
}

export interface EntityListFieldProps {
  entityType: string;
  value: PickedEntity[];
  onChange: (list: PickedEntity[]) => void;
  search: EntitySearch;
  error?: string | undefined;
}

/** Several entities of one type as chips; picking one already listed changes nothing (spec §4.3). */
export function EntityListField(props: EntityListFieldProps) {
  const { t } = useTranslation();
  const names = useEntityNames(props.value);
  const [picking, setPicking] = useState<PickedEntity | null>(null);
  const add = (entity: PickedEntity | null) => {
    setPicking(null);
    if (entity && !props.value.some((e) => e.id === entity.id)) props.onChange([...props.value, entity]);
  };
  return (
    <Stack spacing={1}>
      <EntityPick
        entityType={props.entityType}
        value={picking}
        onChange={add}
        search={props.search}
        label={t('alias.add-entity')}
        error={props.error}
      />
      {props.value.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {props.value.map((e) => (
            <Chip
              key={e.id}
              label={e.name ?? names.get(e.id) ?? e.id}
              onDelete={() => props.onChange(props.value.filter((x) => x.id !== e.id))}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export interface EntityTypesFieldProps {
  value: string[];
  onChange: (types: string[]) => void;
  types: readonly PickableEntityType[];
  label: string;
}

/** A set of entity types (relation filters); empty means any type. */
export function EntityTypesField(props: EntityTypesFieldProps) {
  const { t } = useTranslation();
  return (
    <Autocomplete<string, true>
      multiple
      options={[...props.types]}
      value={props.value}
      onChange={(_e, next) => props.onChange([...new Set(next)])}
      getOptionLabel={(type) => {
        const keys = entityTypeKeys(type);
        return keys ? t(keys.one) : type;
      }}
      renderInput={(params) => (
        <TextField {...params} label={props.label} placeholder={props.value.length ? '' : t('alias.any-entity-type')} />
      )}
    />
  );
}
