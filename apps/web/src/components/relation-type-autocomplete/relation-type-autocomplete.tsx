import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRelationTypes, RELATION_TYPES } from './relation-types';

export interface RelationTypeAutocompleteProps {
  /** The typed or chosen relation type ('' for none). */
  value: string;
  onChange: (type: string) => void;
  required?: boolean;
  /** Shows the required message even before the field was left (a submit was tried). */
  showErrors?: boolean;
  /** A message from elsewhere (the server) that wins over the required message. */
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
}

/**
 * Relation type of spec 1-client §2.8/§5: free text with the predefined types as suggestions (prefix,
 * any case), a clear button that puts the caret back in the field, 'relation type' as placeholder when
 * required and 'any relation type' when empty means any.
 */
export function RelationTypeAutocomplete(props: RelationTypeAutocompleteProps) {
  const { t } = useTranslation();
  const { value, onChange, required = false } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  const [touched, setTouched] = useState(false);
  const missing = required && value.trim() === '' && (touched || props.showErrors === true);
  const error = props.error ?? (missing ? t('relation.relation-type-required') : undefined);

  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={[...RELATION_TYPES]}
      filterOptions={(options, state) => matchRelationTypes(state.inputValue, options)}
      inputValue={value}
      onInputChange={(_event, text, reason) => {
        onChange(text);
        // The clear button takes focus away from the input; give it back so typing can go on.
        if (reason === 'clear') requestAnimationFrame(() => inputRef.current?.focus());
      }}
      value={value === '' ? null : value}
      onChange={(_event, option) => onChange(option ?? '')}
      disabled={props.disabled}
      autoHighlight={false}
      clearText={t('action.clear')}
      openText={t('action.open')}
      closeText={t('action.close')}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          name={props.name ?? 'relationType'}
          label={t('relation.relation-type')}
          placeholder={required ? t('relation.relation-type') : t('relation.any-relation-type')}
          required={required}
          autoFocus={props.autoFocus}
          onBlur={() => setTouched(true)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, maxLength: 255 },
          }}
        />
      )}
    />
  );
}
