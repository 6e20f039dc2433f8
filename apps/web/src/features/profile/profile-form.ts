import type { Authority } from '@sapo/common';
import { LANGUAGES, type Language } from '../../lib/i18n';
import type { User } from '../auth/auth-types';

/** What the profile card edits; everything else of the user travels back unchanged. */
export interface ProfileForm {
  firstName: string;
  lastName: string;
  lang: Language;
  defaultDashboardId: string | null;
  defaultDashboardFullscreen: boolean;
}

/** Spec 1-client §6: the system administrator has no default dashboard. */
export function hasDefaultDashboard(authority: Authority): boolean {
  return authority !== 'SYS_ADMIN';
}

function asLanguage(value: unknown): Language | undefined {
  return LANGUAGES.find((language) => language === value);
}

/** The form's starting values; a user without a saved language starts with the one on screen. */
export function profileFormFromUser(user: User, currentLanguage: Language): ProfileForm {
  const info = user.additionalInfo ?? {};
  const dashboardId = info.defaultDashboardId;
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    lang: asLanguage(info.lang) ?? currentLanguage,
    defaultDashboardId: typeof dashboardId === 'string' && dashboardId ? dashboardId : null,
    defaultDashboardFullscreen: info.defaultDashboardFullscreen === true,
  };
}

const nameOrNull = (value: string) => value.trim() || null;

/**
 * The whole user object for POST /api/user (ThingsBoard saves users whole): the form's fields merged in,
 * every other field and additionalInfo key kept as loaded so nothing the page does not show is lost.
 */
export function userWithProfile(user: User, form: ProfileForm): User {
  const info: Record<string, unknown> = { ...(user.additionalInfo ?? {}), lang: form.lang };
  if (hasDefaultDashboard(user.authority)) {
    info.defaultDashboardId = form.defaultDashboardId;
    info.defaultDashboardFullscreen = form.defaultDashboardFullscreen;
  }
  return { ...user, firstName: nameOrNull(form.firstName), lastName: nameOrNull(form.lastName), additionalInfo: info };
}

/** Save is offered only when something would change (names compare trimmed, as they are saved). */
export function isProfileChanged(initial: ProfileForm, current: ProfileForm): boolean {
  return (
    initial.firstName.trim() !== current.firstName.trim() ||
    initial.lastName.trim() !== current.lastName.trim() ||
    initial.lang !== current.lang ||
    initial.defaultDashboardId !== current.defaultDashboardId ||
    initial.defaultDashboardFullscreen !== current.defaultDashboardFullscreen
  );
}
