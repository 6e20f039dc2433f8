// Same shape of check the client uses for 'user.invalid-email-format'.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(value: string): boolean {
  return value.length <= 255 && EMAIL_RE.test(value);
}

/** Spec 2-calls §5: a plus, a digit 1-9, then 1 to 14 digits. */
export const PHONE_RE = /^\+[1-9]\d{1,14}$/;
