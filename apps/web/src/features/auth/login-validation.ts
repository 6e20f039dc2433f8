import { isValidEmail } from '@sapo/common';
import type { LoginRequest } from './auth-types';

/** Translation keys of the field errors; an empty object means the form may be sent. */
export interface LoginErrors {
  username?: 'user.email-required' | 'user.invalid-email-format';
  password?: 'login.password-required';
}

/** Spec 1-client §5: username required and an email; an invalid submit sends nothing. */
export function validateLogin({ username, password }: LoginRequest): LoginErrors {
  const errors: LoginErrors = {};
  const email = username.trim();
  if (!email) errors.username = 'user.email-required';
  else if (!isValidEmail(email)) errors.username = 'user.invalid-email-format';
  if (!password) errors.password = 'login.password-required';
  return errors;
}
