import { CONTACT_FIELDS, type Contact, type ContactField } from '@sapo/common';
import { contactFormErrors, contactFormFrom, contactPayload, type ContactForm } from './contact-form';

/**
 * What tenants and customers have in common: a title, a description (additionalInfo.description) and
 * contact fields. Both forms build on this.
 */
export interface TitledContactEntity extends Partial<Record<ContactField, string | null>> {
  id?: { id: string; entityType: string } | null;
  title?: string | null;
  additionalInfo?: Record<string, unknown> | null;
}

export interface TitledContactForm {
  title: string;
  description: string;
  contact: ContactForm;
}

/** Every field the form shows, by the name server messages use ("… title …", "… 'email' …"). */
export const TITLED_CONTACT_FIELDS = ['title', 'description', ...CONTACT_FIELDS] as const;
export type TitledContactField = (typeof TITLED_CONTACT_FIELDS)[number];

export type TitledContactErrorKey =
  'common.title-required' | NonNullable<ReturnType<typeof contactFormErrors>[ContactField]>;
export type TitledContactErrors = Partial<Record<TitledContactField, TitledContactErrorKey>>;

export function titledContactFormFrom(entity: TitledContactEntity | undefined): TitledContactForm {
  const description = entity?.additionalInfo?.description;
  return {
    title: entity?.title ?? '',
    description: typeof description === 'string' ? description : '',
    contact: contactFormFrom(entity),
  };
}

export function validateTitledContact(form: TitledContactForm): TitledContactErrors {
  const errors: TitledContactErrors = { ...contactFormErrors(form.contact) };
  if (!form.title.trim()) errors.title = 'common.title-required';
  return errors;
}

/**
 * The body for POST: the loaded entity with the form's fields merged in (ThingsBoard saves entities
 * whole), so fields and additionalInfo keys this form does not show travel back unchanged.
 */
export function titledContactPayload<E extends TitledContactEntity>(
  form: TitledContactForm,
  original: E | undefined,
): Omit<E, ContactField | 'title' | 'additionalInfo'> &
  Contact & { title: string; additionalInfo: Record<string, unknown> } {
  const info: Record<string, unknown> = { ...(original?.additionalInfo ?? {}) };
  const description = form.description.trim();
  info.description = description;
  return {
    ...(original ?? ({} as E)),
    ...contactPayload(form.contact),
    title: form.title.trim(),
    additionalInfo: info,
  };
}
