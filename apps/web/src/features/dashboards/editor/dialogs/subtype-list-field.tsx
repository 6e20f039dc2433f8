import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUBTYPE_TEXT,
  filterSubtypes,
  subtypePlaceholderKey,
  useEntitySubtypes,
  type SubtypeClient,
  type SubtypeEntityType,
} from '../../../../components/entity-subtype';

export interface SubtypeListFieldProps {
  entityType: SubtypeEntityType;
  client: SubtypeClient;
  value: string[];
  onChange: (types: string[]) => void;
  required?: boolean;
  error?: string | undefined;
}

/** Splits typed text on the separators of spec 1-client §5 (Enter, comma, semicolon). */
function entries(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * A list of device/asset/entity-view types as chips (spec 1-client §5 subtype list): suggestions by
 * case-insensitive prefix, free text allowed, entries trimmed, duplicates ignored.
 */
export function SubtypeListField(props: SubtypeListFieldProps) {
  const { t } = useTranslation();
  const text = SUBTYPE_TEXT[props.entityType];
  const { data: types = [] } = useEntitySubtypes(props.client, props.entityType);
  const [input, setInput] = useState('');
  const commit = (next: readonly string[]) => props.onChange([...new Set(next.flatMap(entries))]);
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={types}
      value={props.value}
      onChange={(_e, next) => commit(next)}
      filterOptions={(options, state) =>
        filterSubtypes(options, state.inputValue).filter((x) => !props.value.includes(x))
      }
      inputValue={input}
      onInputChange={(_e, next, reason) => {
        // A comma or semicolon ends an entry as Enter does.
        if (reason === 'input' && /[,;]/.test(next)) {
          commit([...props.value, next]);
          setInput('');
        } else setInput(next);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t(text.label)}
          required={props.required}
          placeholder={props.value.length ? '' : t(subtypePlaceholderKey(props.entityType, props.required ?? false))}
          error={Boolean(props.error)}
          helperText={props.error}
        />
      )}
    />
  );
}
