import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SUBTYPE_TEXT, subtypePlaceholderKey, subtypeSuggestions, type SubtypeEntityType } from './subtype-model';
import { useEntitySubtypes, type SubtypeClient } from './use-entity-subtypes';

/** A disabled entry carrying the 'no … matching' message. */
const NO_MATCH = '\u0000no-match';

export interface EntitySubtypeAutocompleteProps {
  entityType: SubtypeEntityType;
  client: SubtypeClient;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Offer the typed text as a new type when nothing matches (default); else a 'no … matching' message. */
  allowNew?: boolean;
  /** Already translated error (e.g. the required message once a save was tried, or the server's). */
  error?: string | undefined;
  /** Already translated; the entity's "… type" label by default. */
  label?: string;
  name?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
}

/**
 * Free-text type with suggestions of the types in use (spec 1-client §2.8, §5): case-insensitive prefix
 * filtering, a clear button, 'enter … type' / 'any …' placeholders.
 */
export function EntitySubtypeAutocomplete(props: EntitySubtypeAutocompleteProps) {
  const { t } = useTranslation();
  const { entityType, value, required = false, allowNew = true } = props;
  const text = SUBTYPE_TEXT[entityType];
  const { data: types = [], isLoading } = useEntitySubtypes(props.client, entityType);

  // Free text always (a type is just a name); the message entries below are disabled options,
  // because a free-text autocomplete shows no 'no options' text of its own.
  const noMatch = value.trim() ? t(text.noTypesMatching, { entitySubtype: value.trim() }) : t(text.noTypes);
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={types}
      value={value || null}
      inputValue={value}
      onInputChange={(_event, next) => props.onChange(next)}
      onChange={(_event, next) => props.onChange(next === NO_MATCH ? value : (next ?? ''))}
      filterOptions={(options, state) => {
        if (isLoading) return [];
        const { options: matches, newType } = subtypeSuggestions(options, state.inputValue, allowNew);
        if (newType) return [newType];
        return matches.length > 0 ? matches : [NO_MATCH];
      }}
      getOptionDisabled={(option) => option === NO_MATCH}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps;
        if (option === NO_MATCH) {
          return (
            <li key={key} {...rest}>
              <Typography variant="body2" color="text.secondary">
                {noMatch}
              </Typography>
            </li>
          );
        }
        const isNew = !types.includes(option);
        return (
          <li key={key} {...rest}>
            {option}
            {isNew && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {t('entity.new-type')}
              </Typography>
            )}
          </li>
        );
      }}
      loading={isLoading}
      loadingText={t('common.loading')}
      disabled={props.disabled}
      size={props.size}
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name ?? 'type'}
          label={props.label ?? t(text.label)}
          placeholder={t(subtypePlaceholderKey(entityType, required))}
          required={required}
          autoFocus={props.autoFocus}
          error={Boolean(props.error)}
          helperText={props.error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 255 } }}
        />
      )}
    />
  );
}
