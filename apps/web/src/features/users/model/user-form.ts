import { isValidEmail, type Authority } from '@sapo/common';
import { scopeRoles, type ActivationMode, type User, type UserBody, type UserScope } from './user-types';

/** What the add/edit dialog edits. */
export interface UserForm {
  email: string;
  firstName: string;
  lastName: string;
  description: string;
  authority: Authority;
  activation: ActivationMode;
  password: string;
  password2: string;
}

export type UserFormField = keyof UserForm;
/** Translation keys of the messages, per field. */
export type UserFormErrors = Partial<Record<UserFormField, string>>;

/** Fields a server 400 message can be placed on (placeServerError names). */
export const SERVER_ERROR_FIELDS: readonly UserFormField[] = [
  'email',
  'firstName',
  'lastName',
  'password',
  'description',
];

// ThingsBoard's add-user dialog starts on "display activation link": it works without a mail server.
export function emptyUserForm(scope: UserScope): UserForm {
  return {
    email: '',
    firstName: '',
    lastName: '',
    description: '',
    authority: scopeRoles(scope)[0] ?? 'CUSTOMER_USER',
    activation: 'DISPLAY_ACTIVATION_LINK',
    password: '',
    password2: '',
  };
}

export function userFormFromUser(user: User): UserForm {
  const description = user.additionalInfo?.description;
  return {
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    description: typeof description === 'string' ? description : '',
    authority: user.authority,
    activation: 'DISPLAY_ACTIVATION_LINK',
    password: '',
    password2: '',
  };
}

/**
 * Spec 1-client §5: email required and an email (user.invalid-email-format); two passwords must match
 * (login.passwords-mismatch-error). Passwords only matter for a new user whose password is set here; the
 * server applies the password policy.
 */
export function validateUserForm(form: UserForm, isNew: boolean): UserFormErrors {
  const errors: UserFormErrors = {};
  const email = form.email.trim();
  if (!email) errors.email = 'user.email-required';
  else if (!isValidEmail(email)) errors.email = 'user.invalid-email-format';
  if (isNew && form.activation === 'SET_PASSWORD_MANUALLY') {
    if (!form.password) errors.password = 'login.password-required';
    if (form.password2 !== form.password) errors.password2 = 'login.passwords-mismatch-error';
  }
  return errors;
}

const textOrNull = (value: string) => value.trim() || null;

/**
 * The user to POST. A new user gets the scope's owner reference; an edited one travels back whole
 * (ThingsBoard saves users whole), so additionalInfo keys this dialog does not show (language, default
 * dashboard…) are kept. Authority changes only through promote/demote, so an edit keeps it.
 */
export function userBody(form: UserForm, scope: UserScope, existing?: User): UserBody {
  const fields = {
    email: form.email.trim(),
    firstName: textOrNull(form.firstName),
    lastName: textOrNull(form.lastName),
  };
  if (existing) {
    return {
      ...existing,
      ...fields,
      additionalInfo: { ...(existing.additionalInfo ?? {}), description: form.description.trim() },
    };
  }
  const owner =
    scope.kind === 'tenant'
      ? { tenantId: { entityType: 'TENANT', id: scope.tenantId } }
      : { customerId: { entityType: 'CUSTOMER', id: scope.customerId } };
  return { ...fields, ...owner, authority: form.authority, additionalInfo: { description: form.description.trim() } };
}

/**
 * The query string of POST /api/user for the activation mode (spec 2-calls §7): a mail only for
 * SEND_ACTIVATION_MAIL, the password only for SET_PASSWORD_MANUALLY. Edits send neither.
 */
export function saveUserQuery(form: Pick<UserForm, 'activation' | 'password'>, isNew: boolean): string {
  if (!isNew) return '';
  const params = new URLSearchParams({ sendActivationMail: String(form.activation === 'SEND_ACTIVATION_MAIL') });
  if (form.activation === 'SET_PASSWORD_MANUALLY') params.set('password', form.password);
  return params.toString();
}

/** What the screen does once a new user is saved. */
export type AfterCreate = 'show-activation-link' | 'mail-sent' | 'done';

export function afterCreate(mode: ActivationMode): AfterCreate {
  if (mode === 'DISPLAY_ACTIVATION_LINK') return 'show-activation-link';
  if (mode === 'SEND_ACTIVATION_MAIL') return 'mail-sent';
  return 'done';
}

/** Save is offered for an edit only when something would change (compared trimmed, as saved). */
export function isUserFormChanged(initial: UserForm, current: UserForm): boolean {
  return (['email', 'firstName', 'lastName', 'description'] as const).some(
    (field) => initial[field].trim() !== current[field].trim(),
  );
}
