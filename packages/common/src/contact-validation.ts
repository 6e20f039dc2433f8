import { PHONE_RE, isValidEmail } from './validators.ts';

/** Contact fields of tenants and customers (spec 1-client §3.9), in form order. */
export const CONTACT_FIELDS = ['country', 'state', 'city', 'address', 'address2', 'zip', 'phone', 'email'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type Contact = Record<ContactField, string | null>;

/**
 * Postal-code formats of the countries spec 2-calls §5 lists, keyed by the English country name that
 * is stored in `country`. Each is anchored and case-insensitive; countries not listed accept anything.
 */
export const POSTAL_CODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  // ZIP or ZIP+4.
  'United States': /^\d{5}(-\d{4})?$/,
  // Four digits.
  Australia: /^\d{4}$/,
  Austria: /^\d{4}$/,
  Belgium: /^\d{4}$/,
  Denmark: /^(DK-?)?\d{4}$/i,
  Hungary: /^[1-9]\d{3}$/,
  Luxembourg: /^(L-?)?\d{4}$/i,
  // Three digits.
  'Faroe Islands': /^(FO-?)?\d{3}$/i,
  // Five digits.
  Germany: /^\d{5}$/,
  Italy: /^\d{5}$/,
  // Provinces 01-52 followed by three digits.
  Spain: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  // Digits with a fixed separator.
  Brazil: /^\d{5}-?\d{3}$/,
  Japan: /^\d{3}-?\d{4}$/,
  Poland: /^\d{2}-\d{3}$/,
  Sweden: /^(SE-?)?\d{3} ?\d{2}$/i,
  // Letters and digits: "1234 AB", "K1A 0B1", "SW1A 1AA".
  Netherlands: /^[1-9]\d{3} ?[A-Z]{2}$/i,
  Canada: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  'United Kingdom': /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/i,
};

/** Spec 2-calls §5: a plus, a digit 1-9, then 1 to 14 digits. */
export function isValidPhone(value: string): boolean {
  return PHONE_RE.test(value);
}

/** True when the country has no known format, or the code fits it. */
export function isValidPostalCode(country: string | null | undefined, zip: string): boolean {
  const pattern = country ? POSTAL_CODE_PATTERNS[country.trim()] : undefined;
  return pattern ? pattern.test(zip) : true;
}

export type ContactErrorKey = 'user.invalid-email-format' | 'contact.phone-invalid' | 'contact.postal-code-invalid';
export type ContactErrors = Partial<Record<ContactField, ContactErrorKey>>;

/**
 * Field errors (translation keys) of a contact; every field is optional, so empty values pass.
 * Values are checked trimmed, as the server stores them.
 */
export function validateContact(contact: Partial<Record<ContactField, string | null | undefined>>): ContactErrors {
  const errors: ContactErrors = {};
  const email = contact.email?.trim();
  const phone = contact.phone?.trim();
  const zip = contact.zip?.trim();
  if (email && !isValidEmail(email)) errors.email = 'user.invalid-email-format';
  if (phone && !isValidPhone(phone)) errors.phone = 'contact.phone-invalid';
  if (zip && !isValidPostalCode(contact.country, zip)) errors.zip = 'contact.postal-code-invalid';
  return errors;
}
