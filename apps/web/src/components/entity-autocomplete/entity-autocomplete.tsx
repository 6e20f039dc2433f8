import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { entityTypeKeys } from './entity-types';

export interface EntityOption {
  id: { entityType: string; id: string };
  name: string;
}

/** Finds up to `limit` entities of a type whose name starts with `text` (any case). */
export type EntitySearch = (entityType: string, text: string, signal: AbortSignal) => Promise<EntityOption[]>;

export interface EntityAutocompleteProps {
  /** The type to search; nothing can be picked while it is empty. */
  entityType: string | null;
  value: EntityOption | null;
  onChange: (entity: EntityOption | null) => void;
  /** The search call (the feature knows the role's endpoints; components make no calls of their own). */
  search: EntitySearch;
  label?: string;
  required?: boolean;
  /** Shows the required message before the field was left (a submit was tried). */
  showErrors?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  /** Entities that may not be picked (e.g. the entity itself). */
  excludeIds?: readonly string[];
  name?: string;
}

const DEBOUNCE_MS = 250;

/**
 * Pick one entity of a chosen type by name (spec 1-client §2.8): the server's prefix search, 50 matches,
 * 'no devices matching "x"' when none match.
 */
export function EntityAutocomplete(props: EntityAutocompleteProps) {
  const { t } = useTranslation();
  const { entityType, value, onChange, search } = props;
  const [inputValue, setInputValue] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  // The chosen entity's own name means "show everything", not "search for exactly this one".
  const text = value && inputValue === value.name ? '' : inputValue.trim();
  const debounced = useDebounced(text, DEBOUNCE_MS);

  useEffect(() => setInputValue(value?.name ?? ''), [value]);

  const query = useQuery({
    queryKey: queryKeys.entitySearch(entityType ?? '', debounced),
    queryFn: ({ signal }) => search(entityType ?? '', debounced, signal),
    enabled: open && Boolean(entityType),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const excluded = new Set(props.excludeIds ?? []);
  const options = (query.data ?? []).filter((option) => !excluded.has(option.id.id));

  const keys = entityType ? entityTypeKeys(entityType) : undefined;
  const entities = keys ? t(keys.many) : (entityType ?? '');
  const missing = props.required && !value && (touched || props.showErrors === true);
  const error = props.error ?? (missing ? t('entity.entity-required') : undefined);

  return (
    <Autocomplete<EntityOption>
      options={options}
      value={value}
      inputValue={inputValue}
      onInputChange={(_event, next) => setInputValue(next)}
      onChange={(_event, option) => onChange(option)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id.id}
      isOptionEqualToValue={(option, current) => option.id.id === current.id.id}
      loading={query.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={
        text
          ? t('entity.no-entities-matching', { entities, entity: text })
          : t('entity.no-entities-found', { entities })
      }
      disabled={props.disabled || !entityType}
      clearText={t('action.clear')}
      openText={t('action.open')}
      closeText={t('action.close')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name ?? 'entity'}
          label={props.label ?? (keys ? t(keys.one) : t('entity.entity'))}
          required={props.required}
          onBlur={() => setTouched(true)}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}
