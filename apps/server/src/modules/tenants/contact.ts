import { isValidEmail } from '@sapo/common';
import { CONTACT_COLUMNS, type Contact } from './tenant.repository.ts';

/** Trims contact fields; empty → null. Returns an error message when the email is malformed. */
export function cleanContact(input: Partial<Record<keyof Contact, string | null>>): Contact | string {
  const out = {} as Contact;
  for (const c of CONTACT_COLUMNS) {
    const v = input[c];
    out[c] = typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  }
  if (out.email && !isValidEmail(out.email)) return `Invalid email address format '${out.email}'!`;
  return out;
}
