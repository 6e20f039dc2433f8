import type { User } from './auth-types';

type Named = Pick<User, 'email' | 'firstName' | 'lastName'>;

/** Spec 1-client §2.6: first and last name if either is set, else the email. */
export function displayName(user: Named): string {
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.email;
}

/** The home greeting uses the first name alone, falling back to the email. */
export function greetingName(user: Named): string {
  return user.firstName?.trim() || user.email;
}

/** Two letters for the avatar: initials of the name, else the start of the email. */
export function initials(user: Named): string {
  const parts = [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean) as string[];
  const letters = parts.length ? parts.map((part) => part[0]).join('') : user.email.slice(0, 1);
  return letters.slice(0, 2).toUpperCase();
}
