import { CONTACT_FIELDS, validateContact, type Contact, type ContactErrors, type ContactField } from '@sapo/common';

/** The contact part of a tenant or customer form: every field as text (empty = not set). */
export type ContactForm = Record<ContactField, string>;

export function emptyContactForm(): ContactForm {
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, ''])) as ContactForm;
}

/** Starting values from a loaded entity; missing or null fields become empty text. */
export function contactFormFrom(
  entity: Partial<Record<ContactField, string | null | undefined>> | undefined,
): ContactForm {
  const form = emptyContactForm();
  if (!entity) return form;
  for (const field of CONTACT_FIELDS) form[field] = entity[field] ?? '';
  return form;
}

/** What the server stores: trimmed text, or null for an empty field. */
export function contactPayload(form: ContactForm): Contact {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = form[field].trim();
      return [field, value === '' ? null : value];
    }),
  ) as Contact;
}

/** Field errors (translation keys): email format, phone pattern, postal code of the chosen country. */
export function contactFormErrors(form: ContactForm): ContactErrors {
  return validateContact(form);
}
