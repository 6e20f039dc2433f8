import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-validation';
import { displayName, greetingName, initials } from './user-display';

describe('validateLogin', () => {
  it('accepts an email and a password', () => {
    expect(validateLogin({ username: ' tenant@sapo.local ', password: 'tenant' })).toEqual({});
  });

  it('requires both fields and an email-shaped username', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'user.email-required',
      password: 'login.password-required',
    });
    expect(validateLogin({ username: 'tenant', password: 'x' })).toEqual({
      username: 'user.invalid-email-format',
    });
  });
});

describe('user display', () => {
  const noName = { email: 'tenant@sapo.local', firstName: null, lastName: '' };

  it('shows first and last name when either is set, else the email', () => {
    expect(displayName({ email: 'a@b.c', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ email: 'a@b.c', lastName: 'Lovelace' })).toBe('Lovelace');
    expect(displayName(noName)).toBe('tenant@sapo.local');
  });

  it('greets by first name, else by email', () => {
    expect(greetingName({ email: 'a@b.c', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada');
    expect(greetingName(noName)).toBe('tenant@sapo.local');
  });

  it('builds avatar initials', () => {
    expect(initials({ email: 'a@b.c', firstName: 'ada', lastName: 'lovelace' })).toBe('AL');
    expect(initials(noName)).toBe('T');
  });
});
