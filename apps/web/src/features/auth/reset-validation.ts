import { isValidEmail } from '@sapo/common';

export type EmailError = 'user.email-required' | 'user.invalid-email-format';

/** Spec 1-client §5: the reset request needs an email, checked on submit. */
export function validateEmail(value: string): EmailError | undefined {
  const email = value.trim();
  if (!email) return 'user.email-required';
  return isValidEmail(email) ? undefined : 'user.invalid-email-format';
}

export interface NewPasswordErrors {
  password?: 'login.password-required';
  confirm?: 'login.password-again-required';
  /** Both are filled but differ: shown as an error toast (spec 1-client §8), not as a field error. */
  mismatch?: true;
}

/** Spec 1-client §5: the two passwords must match; length and other rules are the server's. */
export function validateNewPassword(password: string, confirm: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = 'login.password-required';
  if (!confirm) errors.confirm = 'login.password-again-required';
  if (password && confirm && password !== confirm) errors.mismatch = true;
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
