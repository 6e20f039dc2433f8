import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addKeys, hasSeparator, removeKey, type KeysValue } from './model/keys-list';

export interface KeysInputProps {
  label: string;
  value: KeysValue;
  onChange: (value: KeysValue) => void;
  name: string;
  disabled?: boolean;
  helperText?: string;
}

/**
 * Keys as chips (spec 1-client §4.3 keys list): type and press Enter, or a comma or semicolon, to add;
 * a repeat is ignored; pasted "a, b; c" becomes three chips; text left in the field is added on blur.
 */
export function KeysInput({ label, value, onChange, name, disabled, helperText }: KeysInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const commit = (typed: string) => {
    onChange(addKeys(value, typed));
    setText('');
  };

  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={value ?? []}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input' && hasSeparator(next)) commit(next);
        else if (reason === 'input') setText(next);
      }}
      onChange={(_event, next, reason) => {
        if (reason === 'createOption') commit(text || String(next.at(-1) ?? ''));
        else if (reason === 'removeOption' || reason === 'clear') {
          const removed = (value ?? []).filter((key) => !next.includes(key));
          onChange(removed.reduce<KeysValue>((current, key) => removeKey(current, key), value));
        }
      }}
      disabled={disabled}
      clearText={t('action.clear')}
      renderValue={(keys, getItemProps) =>
        keys.map((key, index) => {
          const { key: itemKey, ...itemProps } = getItemProps({ index });
          return <Chip key={itemKey} size="small" label={key} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          placeholder={value?.length ? undefined : t('entity-view.keys-placeholder')}
          helperText={helperText}
          onBlur={() => {
            if (text.trim()) commit(text);
          }}
        />
      )}
    />
  );
}
