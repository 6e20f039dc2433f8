import ButtonBase from '@mui/material/ButtonBase';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseColor } from './color-model';
import { ColorPickerDialog } from './color-picker-dialog';
import { ColorSwatch } from './color-swatch';

export interface ColorInputProps {
  value: string | null | undefined;
  /** A valid colour, or null when the field was emptied. */
  onChange: (color: string | null) => void;
  label?: string;
  required?: boolean;
  /** The error text shown when required and empty (spec §5: a supplied error text). */
  requiredText?: string;
  helperText?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  onBlur?: () => void;
  id?: string;
}

/**
 * A colour field: a swatch that opens the colour picker dialog, and the colour as text for typing
 * or pasting. Invalid text stays in the field (shown as an error) and is not passed on.
 */
export function ColorInput(props: ColorInputProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? props.value ?? '';
  const invalid = text.trim() !== '' && !parseColor(text);
  const missing = Boolean(props.required) && text.trim() === '';
  const errorText = invalid ? t('color.invalid-color') : missing ? props.requiredText : undefined;

  const type = (next: string) => {
    setDraft(next);
    if (next.trim() === '') props.onChange(null);
    else if (parseColor(next)) props.onChange(next.trim());
  };

  return (
    <>
      <TextField
        id={props.id}
        label={props.label}
        value={text}
        required={props.required}
        disabled={props.disabled}
        size={props.size}
        fullWidth={props.fullWidth ?? true}
        error={Boolean(errorText)}
        helperText={errorText ?? props.helperText}
        onChange={(event) => type(event.target.value)}
        onBlur={() => {
          // Leaving the field drops an unfinished text: the field shows the stored colour again.
          if (!invalid) setDraft(null);
          props.onBlur?.();
        }}
        slotProps={{
          htmlInput: { spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <ButtonBase
                  aria-label={t('color.select-color')}
                  disabled={props.disabled}
                  onClick={() => setOpen(true)}
                  sx={{ borderRadius: 1 }}
                >
                  <ColorSwatch color={parseColor(text) ? text : null} size={props.size === 'small' ? 20 : 24} />
                </ButtonBase>
              </InputAdornment>
            ),
          },
        }}
      />
      {open && (
        <ColorPickerDialog
          open
          value={props.value}
          allowClear={!props.required}
          onCancel={() => setOpen(false)}
          onSelect={(color) => {
            setOpen(false);
            setDraft(null);
            props.onChange(color);
          }}
        />
      )}
    </>
  );
}
