import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A password-style text field with a show/hide toggle (and room for more end buttons). */
export function SecretField({ extra, ...props }: TextFieldProps & { extra?: ReactNode }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const label = shown ? t('device.hide-secret') : t('device.show-secret');
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={label}>
                <IconButton aria-label={label} onClick={() => setShown((value) => !value)}>
                  {shown ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </Tooltip>
              {extra}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
