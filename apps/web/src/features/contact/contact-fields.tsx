import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { ContactField } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { CountryField } from './country-field';
import type { ContactForm } from './model/contact-form';

export interface ContactFieldsProps {
  value: ContactForm;
  onChange: (field: ContactField, value: string) => void;
  /** Already translated messages by field (client checks or a placed server message). */
  errors?: Partial<Record<string, string>>;
  disabled?: boolean;
}

interface TextSpec {
  field: Exclude<ContactField, 'country'>;
  label: string;
  autoComplete: string;
  type?: string;
  wide?: boolean;
  helper?: string;
}

/** The contact block of tenant and customer forms: two columns from the small breakpoint up. */
export function ContactFields({ value, onChange, errors = {}, disabled }: ContactFieldsProps) {
  const { t } = useTranslation();
  const texts: TextSpec[] = [
    { field: 'state', label: t('contact.state'), autoComplete: 'address-level1' },
    { field: 'city', label: t('contact.city'), autoComplete: 'address-level2' },
    { field: 'zip', label: t('contact.postal-code'), autoComplete: 'postal-code' },
    { field: 'address', label: t('contact.address'), autoComplete: 'address-line1', wide: true },
    { field: 'address2', label: t('contact.address2'), autoComplete: 'address-line2', wide: true },
    { field: 'phone', label: t('contact.phone'), autoComplete: 'tel', type: 'tel', helper: t('contact.phone-hint') },
    { field: 'email', label: t('contact.email'), autoComplete: 'email', type: 'email' },
  ];
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CountryField
          value={value.country}
          onChange={(name) => onChange('country', name)}
          disabled={disabled}
          error={errors.country}
        />
      </Grid>
      {texts.map((spec) => {
        const error = errors[spec.field];
        return (
          <Grid key={spec.field} size={{ xs: 12, sm: spec.wide ? 12 : 6 }}>
            <TextField
              name={spec.field}
              label={spec.label}
              type={spec.type ?? 'text'}
              autoComplete={spec.autoComplete}
              value={value[spec.field]}
              onChange={(event) => onChange(spec.field, event.target.value)}
              disabled={disabled}
              error={Boolean(error)}
              helperText={error ?? spec.helper}
              slotProps={{ htmlInput: { maxLength: 255 } }}
              fullWidth
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
