import Clear from '@mui/icons-material/Clear';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaterialIcon } from './material-icon';
import { MaterialIconPicker } from './material-icon-picker';

export interface IconInputProps {
  /** A Material Icons name ('thermostat'), or empty for none. */
  value: string | null | undefined;
  onChange: (name: string | null) => void;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  error?: boolean;
  size?: 'small' | 'medium';
  id?: string;
}

/** An icon field: shows the chosen icon and its name; a click opens the icon picker. */
export function IconInput(props: IconInputProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const openPicker = () => !props.disabled && setOpen(true);
  return (
    <>
      <TextField
        id={props.id}
        label={props.label}
        value={props.value ?? ''}
        required={props.required}
        disabled={props.disabled}
        error={props.error}
        helperText={props.helperText}
        size={props.size}
        fullWidth
        onClick={openPicker}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            openPicker();
          }
        }}
        slotProps={{
          htmlInput: { readOnly: true, style: { cursor: 'pointer' } },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <ButtonBase aria-label={t('icon.select-icon')} disabled={props.disabled} onClick={openPicker}>
                  {/* An empty field shows a bundled placeholder: no reason to load the full icon set. */}
                  {props.value ? <MaterialIcon name={props.value} color="action" /> : <HelpOutline color="disabled" />}
                </ButtonBase>
              </InputAdornment>
            ),
            endAdornment:
              props.value && !props.required && !props.disabled ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label={t('action.clear')}
                    onClick={(event) => {
                      event.stopPropagation();
                      props.onChange(null);
                    }}
                  >
                    <Clear fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
          },
        }}
      />
      {open && (
        <MaterialIconPicker
          open
          value={props.value}
          onCancel={() => setOpen(false)}
          onSelect={(name) => {
            setOpen(false);
            props.onChange(name);
          }}
        />
      )}
    </>
  );
}
