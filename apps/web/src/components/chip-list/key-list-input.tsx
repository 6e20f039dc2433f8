import { ChipList } from './chip-list';
import { keyListValue } from './chip-list-model';

export interface KeyListInputProps {
  /** The keys, or null for none (spec §4.3: removing the last key yields null). */
  value: readonly string[] | null | undefined;
  onChange: (keys: string[] | null) => void;
  suggestions?: readonly string[];
  label?: string;
  placeholder?: string;
  required?: boolean;
  /** Shown when required and empty. */
  requiredText?: string;
  helperText?: string;
  disabled?: boolean;
}

/** A list of plain keys as chips: typed entries trimmed, duplicates ignored, order by drag and drop. */
export function KeyListInput(props: KeyListInputProps) {
  const keys = props.value ?? [];
  const missing = Boolean(props.required) && keys.length === 0;
  return (
    <ChipList<string>
      items={keys}
      getLabel={(key) => key}
      onChange={(next) => props.onChange(keyListValue(next))}
      onAdd={(key) => props.onChange([...keys, key])}
      suggestions={props.suggestions}
      label={props.label}
      placeholder={props.placeholder}
      disabled={props.disabled}
      error={missing}
      helperText={missing ? props.requiredText : props.helperText}
    />
  );
}
