import { checkPasswordPolicy, type PasswordPolicy } from '@sapo/common';

/** The change-password card's fields (ThingsBoard's names for the call's body). */
export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  newPassword2: string;
}

export const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = { currentPassword: '', newPassword: '', newPassword2: '' };

/** Translation keys of the field errors; an empty object means the form may be sent. */
export interface PasswordChangeErrors {
  currentPassword?: 'profile.current-password-required';
  newPassword?: 'login.new-password-required';
  newPassword2?: 'login.passwords-mismatch-error';
}

/**
 * Spec 1-client §5: the two new passwords must match; no length rules on the client — the server's
 * password policy answers with its own message, shown in the card.
 */
export function validatePasswordChange(form: PasswordChangeForm): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!form.currentPassword) errors.currentPassword = 'profile.current-password-required';
  if (!form.newPassword) errors.newPassword = 'login.new-password-required';
  else if (form.newPassword !== form.newPassword2) errors.newPassword2 = 'login.passwords-mismatch-error';
  return errors;
}

export interface PasswordRule {
  /** Translation key, interpolated with `count`. */
  key:
    | 'profile.password-rule-length'
    | 'profile.password-rule-uppercase'
    | 'profile.password-rule-lowercase'
    | 'profile.password-rule-digits'
    | 'profile.password-rule-special'
    | 'profile.password-rule-no-whitespace';
  count: number;
  met: boolean;
}

/**
 * The server's password policy as a checklist for the new password. Each rule is checked with the same
 * function the server uses (one rule at a time), so the list never disagrees with the server's answer.
 */
export function passwordRules(policy: PasswordPolicy, password: string): PasswordRule[] {
  const rules: PasswordRule[] = [];
  const add = (key: PasswordRule['key'], count: number, single: PasswordPolicy) =>
    rules.push({ key, count, met: checkPasswordPolicy(password, single).length === 0 });
  if (policy.minimumLength)
    add('profile.password-rule-length', policy.minimumLength, { minimumLength: policy.minimumLength });
  const counted = [
    ['minimumUppercaseLetters', 'profile.password-rule-uppercase'],
    ['minimumLowercaseLetters', 'profile.password-rule-lowercase'],
    ['minimumDigits', 'profile.password-rule-digits'],
    ['minimumSpecialCharacters', 'profile.password-rule-special'],
  ] as const;
  for (const [field, key] of counted) {
    const count = policy[field];
    if (count) add(key, count, { [field]: count });
  }
  if (policy.allowWhitespaces === false) add('profile.password-rule-no-whitespace', 0, { allowWhitespaces: false });
  return rules;
}
