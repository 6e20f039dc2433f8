import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ContactField } from '@sapo/common';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactFields } from './contact-fields';
import type { TitledContactForm } from './model/titled-contact-form';

export interface TitledContactFieldsProps<F extends TitledContactForm> {
  form: F;
  change: (next: (current: F) => F, field: string) => void;
  fieldError: (field: string) => string | undefined;
  disabled?: boolean;
  /** Fields between the title and the description (the tenant's profile). */
  extra?: ReactNode;
}

/** Title, description and contact: the body of the tenant and customer dialogs. */
export function TitledContactFields<F extends TitledContactForm>({
  form,
  change,
  fieldError,
  disabled,
  extra,
}: TitledContactFieldsProps<F>) {
  const { t } = useTranslation();
  const setContact = (field: ContactField, value: string) =>
    change((current) => ({ ...current, contact: { ...current.contact, [field]: value } }), field);
  const contactErrors = Object.fromEntries(
    (['country', 'state', 'city', 'address', 'address2', 'zip', 'phone', 'email'] as const).map((field) => [
      field,
      fieldError(field),
    ]),
  );
  return (
    <>
      <TextField
        name="title"
        label={t('common.title')}
        value={form.title}
        onChange={(event) => change((current) => ({ ...current, title: event.target.value }), 'title')}
        required
        autoFocus
        disabled={disabled}
        error={Boolean(fieldError('title'))}
        helperText={fieldError('title')}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        fullWidth
      />
      {extra}
      <TextField
        name="description"
        label={t('common.description')}
        value={form.description}
        onChange={(event) => change((current) => ({ ...current, description: event.target.value }), 'description')}
        disabled={disabled}
        error={Boolean(fieldError('description'))}
        helperText={fieldError('description')}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
      />
      <Divider />
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {t('contact.contact')}
      </Typography>
      <ContactFields value={form.contact} onChange={setContact} errors={contactErrors} disabled={disabled} />
    </>
  );
}
