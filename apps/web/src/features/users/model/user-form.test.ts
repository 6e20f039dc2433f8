import { describe, expect, it } from 'vitest';
import type { User } from './user-types';
import {
  afterCreate,
  emptyUserForm,
  isUserFormChanged,
  saveUserQuery,
  userBody,
  userFormFromUser,
  validateUserForm,
  type UserForm,
} from './user-form';

const CUSTOMER = { kind: 'customer', customerId: 'c1' } as const;
const TENANT = { kind: 'tenant', tenantId: 't1' } as const;

const form = (patch: Partial<UserForm> = {}): UserForm => ({ ...emptyUserForm(CUSTOMER), email: 'a@b.io', ...patch });

const existing: User = {
  id: { entityType: 'USER', id: 'u1' },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 't1' },
  customerId: { entityType: 'CUSTOMER', id: 'c1' },
  email: 'old@b.io',
  authority: 'CUSTOMER_ADMIN',
  firstName: 'Old',
  lastName: null,
  additionalInfo: { description: 'was', lang: 'zh_TW', userCredentialsEnabled: true },
};

describe('activation mode → request', () => {
  it('display link: no mail, no password', () => {
    expect(saveUserQuery({ activation: 'DISPLAY_ACTIVATION_LINK', password: 'x' }, true)).toBe(
      'sendActivationMail=false',
    );
    expect(afterCreate('DISPLAY_ACTIVATION_LINK')).toBe('show-activation-link');
  });

  it('send mail: sendActivationMail=true and a "mail sent" toast', () => {
    expect(saveUserQuery({ activation: 'SEND_ACTIVATION_MAIL', password: '' }, true)).toBe('sendActivationMail=true');
    expect(afterCreate('SEND_ACTIVATION_MAIL')).toBe('mail-sent');
  });

  it('set password: the password travels URL-encoded, no mail', () => {
    const query = saveUserQuery({ activation: 'SET_PASSWORD_MANUALLY', password: 'p&ss =1' }, true);
    expect(new URLSearchParams(query).get('password')).toBe('p&ss =1');
    expect(new URLSearchParams(query).get('sendActivationMail')).toBe('false');
    expect(afterCreate('SET_PASSWORD_MANUALLY')).toBe('done');
  });

  it('an edit sends neither', () => {
    expect(saveUserQuery({ activation: 'SEND_ACTIVATION_MAIL', password: 'x' }, false)).toBe('');
  });
});

describe('validation', () => {
  it('email is required and must be an email', () => {
    expect(validateUserForm(form({ email: '  ' }), true).email).toBe('user.email-required');
    expect(validateUserForm(form({ email: 'nope' }), true).email).toBe('user.invalid-email-format');
    expect(validateUserForm(form({ email: ' ok@b.io ' }), true)).toEqual({});
  });

  it('a manual password needs a value and a matching repeat', () => {
    const manual = { activation: 'SET_PASSWORD_MANUALLY' } as const;
    expect(validateUserForm(form({ ...manual }), true)).toEqual({ password: 'login.password-required' });
    expect(validateUserForm(form({ ...manual, password: 'a1', password2: 'a2' }), true)).toEqual({
      password2: 'login.passwords-mismatch-error',
    });
    expect(validateUserForm(form({ ...manual, password: 'a1', password2: 'a1' }), true)).toEqual({});
  });

  it('passwords are ignored for other modes and for edits', () => {
    expect(validateUserForm(form({ password: 'a', password2: 'b' }), true)).toEqual({});
    expect(validateUserForm(form({ activation: 'SET_PASSWORD_MANUALLY' }), false)).toEqual({});
  });
});

describe('request body', () => {
  it('a new customer user references the customer and carries the description', () => {
    const body = userBody(
      form({ firstName: ' Ann ', lastName: '', description: ' hi ', authority: 'CUSTOMER_ADMIN' }),
      CUSTOMER,
    );
    expect(body).toEqual({
      email: 'a@b.io',
      firstName: 'Ann',
      lastName: null,
      authority: 'CUSTOMER_ADMIN',
      customerId: { entityType: 'CUSTOMER', id: 'c1' },
      additionalInfo: { description: 'hi' },
    });
  });

  it('a new tenant user references the tenant and starts as tenant administrator', () => {
    const body = userBody({ ...emptyUserForm(TENANT), email: 'x@y.io' }, TENANT);
    expect(body.tenantId).toEqual({ entityType: 'TENANT', id: 't1' });
    expect(body.authority).toBe('TENANT_ADMIN');
    expect(body.customerId).toBeUndefined();
  });

  it('an edit keeps the rest of the user, authority and other additionalInfo keys included', () => {
    const body = userBody({ ...userFormFromUser(existing), email: 'new@b.io', description: '' }, CUSTOMER, existing);
    expect(body).toMatchObject({ id: existing.id, authority: 'CUSTOMER_ADMIN', email: 'new@b.io', firstName: 'Old' });
    expect(body.additionalInfo).toMatchObject({ lang: 'zh_TW', description: '' });
  });

  it('an edit is "changed" only when a shown field differs after trimming', () => {
    const initial = userFormFromUser(existing);
    expect(initial.description).toBe('was');
    expect(isUserFormChanged(initial, { ...initial, firstName: 'Old ' })).toBe(false);
    expect(isUserFormChanged(initial, { ...initial, lastName: 'New' })).toBe(true);
  });
});
