export interface PasswordPolicy {
  minimumLength?: number | null;
  maximumLength?: number | null;
  minimumUppercaseLetters?: number | null;
  minimumLowercaseLetters?: number | null;
  minimumDigits?: number | null;
  minimumSpecialCharacters?: number | null;
  allowWhitespaces?: boolean | null;
  passwordExpirationPeriodDays?: number | null;
  passwordReuseFrequencyDays?: number | null;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minimumLength: 6, maximumLength: 72 };

/** bcrypt ignores bytes past 72, so longer passwords would silently match shorter ones. */
export const BCRYPT_MAX_BYTES = 72;

function count(password: string, re: RegExp): number {
  return (password.match(re) ?? []).length;
}

/** Returns the list of rule violations, worded like ThingsBoard's (Passay) messages; empty = valid. */
export function checkPasswordPolicy(password: string, policy: PasswordPolicy): string[] {
  const errors: string[] = [];
  const min = policy.minimumLength ?? 0;
  const max = Math.min(policy.maximumLength || BCRYPT_MAX_BYTES, BCRYPT_MAX_BYTES);
  const bytes = new TextEncoder().encode(password).length;
  if (password.length < min) errors.push(`Password must be ${min} or more characters in length.`);
  if (bytes > max) errors.push(`Password must be no more than ${max} characters in length.`);
  const rules: [number | null | undefined, RegExp, string][] = [
    [policy.minimumUppercaseLetters, /\p{Lu}/gu, 'uppercase'],
    [policy.minimumLowercaseLetters, /\p{Ll}/gu, 'lowercase'],
    [policy.minimumDigits, /\p{Nd}/gu, 'digit'],
    [policy.minimumSpecialCharacters, /[^\p{L}\p{Nd}\s]/gu, 'special'],
  ];
  for (const [required, re, kind] of rules) {
    if (required && count(password, re) < required) {
      errors.push(`Password must contain ${required} or more ${kind} characters.`);
    }
  }
  if (policy.allowWhitespaces === false && /\s/.test(password))
    errors.push('Password contains a whitespace character.');
  return errors;
}
