import { NULL_UUID } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import type { User } from '../auth/auth-types';
import { dashboardListPath, pickableDashboards } from './dashboard-options';
import { passwordRules, validatePasswordChange } from './password-change';
import { hasDefaultDashboard, isProfileChanged, profileFormFromUser, userWithProfile } from './profile-form';

const TENANT = '11111111-1111-4111-8111-111111111111';
const CUSTOMER = '22222222-2222-4222-8222-222222222222';

function user(overrides: Partial<User> = {}): User {
  return {
    id: { entityType: 'USER', id: '33333333-3333-4333-8333-333333333333' },
    createdTime: 1,
    tenantId: { entityType: 'TENANT', id: TENANT },
    customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
    email: 'tenant@sapo.local',
    name: 'tenant@sapo.local',
    authority: 'TENANT_ADMIN',
    firstName: null,
    lastName: null,
    additionalInfo: { lastLoginTs: 5, userCredentialsEnabled: true, useReactDashboard: true },
    ...overrides,
  };
}

describe('profile form', () => {
  it('starts from the saved values, else the language on screen and no dashboard', () => {
    expect(profileFormFromUser(user(), 'zh_TW')).toEqual({
      firstName: '',
      lastName: '',
      lang: 'zh_TW',
      defaultDashboardId: null,
      defaultDashboardFullscreen: false,
    });
    const saved = user({
      firstName: 'Ada',
      lastName: 'Lovelace',
      additionalInfo: { lang: 'zh_TW', defaultDashboardId: 'd1', defaultDashboardFullscreen: true },
    });
    expect(profileFormFromUser(saved, 'en_US')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      lang: 'zh_TW',
      defaultDashboardId: 'd1',
      defaultDashboardFullscreen: true,
    });
  });

  it('ignores an unsupported saved language', () => {
    expect(profileFormFromUser(user({ additionalInfo: { lang: 'fr_FR' } }), 'en_US').lang).toBe('en_US');
  });

  it('saves the whole user: form fields merged in, other fields and info keys kept', () => {
    const loaded = user();
    const saved = userWithProfile(loaded, {
      firstName: '  Ada ',
      lastName: '',
      lang: 'zh_TW',
      defaultDashboardId: 'd1',
      defaultDashboardFullscreen: true,
    });
    expect(saved).toEqual({
      ...loaded,
      firstName: 'Ada',
      lastName: null,
      additionalInfo: {
        lastLoginTs: 5,
        userCredentialsEnabled: true,
        useReactDashboard: true,
        lang: 'zh_TW',
        defaultDashboardId: 'd1',
        defaultDashboardFullscreen: true,
      },
    });
    expect(loaded.additionalInfo).not.toHaveProperty('lang'); // the cached user is not mutated
  });

  it('clears the default dashboard with null, and never writes one for the system administrator', () => {
    const cleared = userWithProfile(user({ additionalInfo: { defaultDashboardId: 'd1' } }), {
      ...profileFormFromUser(user(), 'en_US'),
      defaultDashboardId: null,
    });
    expect(cleared.additionalInfo).toMatchObject({ defaultDashboardId: null, defaultDashboardFullscreen: false });

    const admin = user({ authority: 'SYS_ADMIN', additionalInfo: null });
    expect(hasDefaultDashboard('SYS_ADMIN')).toBe(false);
    const form = { ...profileFormFromUser(admin, 'en_US'), defaultDashboardId: 'd1', defaultDashboardFullscreen: true };
    expect(userWithProfile(admin, form).additionalInfo).toEqual({ lang: 'en_US' });
  });

  it('counts only real changes (names compare trimmed)', () => {
    const initial = profileFormFromUser(user({ firstName: 'Ada' }), 'en_US');
    expect(isProfileChanged(initial, { ...initial, firstName: ' Ada ' })).toBe(false);
    expect(isProfileChanged(initial, { ...initial, lastName: 'L' })).toBe(true);
    expect(isProfileChanged(initial, { ...initial, lang: 'zh_TW' })).toBe(true);
    expect(isProfileChanged(initial, { ...initial, defaultDashboardId: 'd1' })).toBe(true);
    expect(isProfileChanged(initial, { ...initial, defaultDashboardFullscreen: true })).toBe(true);
  });
});

describe('dashboard options', () => {
  const query = 'pageSize=100&page=0&sortProperty=title&sortOrder=ASC';

  it('tenant roles list tenant dashboards, customer roles their customer dashboards', () => {
    expect(dashboardListPath(user())).toBe(`/api/tenant/dashboards?${query}`);
    expect(dashboardListPath(user({ authority: 'TENANT_USER' }))).toBe(`/api/tenant/dashboards?${query}`);
    const customerId = { entityType: 'CUSTOMER', id: CUSTOMER };
    for (const authority of ['CUSTOMER_ADMIN', 'CUSTOMER_USER'] as const) {
      expect(dashboardListPath(user({ authority, customerId }))).toBe(`/api/customer/${CUSTOMER}/dashboards?${query}`);
    }
  });

  it('lists nothing for the system administrator or without a customer', () => {
    expect(dashboardListPath(user({ authority: 'SYS_ADMIN' }))).toBeNull();
    expect(dashboardListPath(user({ authority: 'CUSTOMER_USER' }))).toBeNull(); // the null customer id
  });

  it('hides the built-in react dashboards', () => {
    const ref = (id: string) => ({ entityType: 'DASHBOARD', id });
    const list = [
      { id: ref('1'), title: 'Building A' },
      { id: ref('2'), title: 'New Alarm Center' },
      { id: ref('3'), title: 'Energy Dashboard' },
      { id: ref('4'), title: 'Energy dashboard (copy)' },
    ];
    expect(pickableDashboards(list).map((d) => d.id.id)).toEqual(['1', '4']);
  });
});

describe('password change', () => {
  it('needs the current password and a new one typed twice', () => {
    expect(validatePasswordChange({ currentPassword: 'a', newPassword: 'b', newPassword2: 'b' })).toEqual({});
    expect(validatePasswordChange({ currentPassword: '', newPassword: '', newPassword2: '' })).toEqual({
      currentPassword: 'profile.current-password-required',
      newPassword: 'login.new-password-required',
    });
    expect(validatePasswordChange({ currentPassword: 'a', newPassword: 'b', newPassword2: 'c' })).toEqual({
      newPassword2: 'login.passwords-mismatch-error',
    });
  });
});

describe('password rules', () => {
  it('lists only the rules the policy sets, ticked off as the password meets them', () => {
    const policy = {
      minimumLength: 8,
      minimumUppercaseLetters: 1,
      minimumDigits: 2,
      minimumSpecialCharacters: 0,
      allowWhitespaces: false,
    };
    const status = (password: string) =>
      Object.fromEntries(passwordRules(policy, password).map((rule) => [rule.key, rule.met]));
    expect(passwordRules(policy, '').map(({ key, count }) => ({ key, count }))).toEqual([
      { key: 'profile.password-rule-length', count: 8 },
      { key: 'profile.password-rule-uppercase', count: 1 },
      { key: 'profile.password-rule-digits', count: 2 },
      { key: 'profile.password-rule-no-whitespace', count: 0 },
    ]);
    expect(status('')).toEqual({
      'profile.password-rule-length': false,
      'profile.password-rule-uppercase': false,
      'profile.password-rule-digits': false,
      'profile.password-rule-no-whitespace': true,
    });
    expect(status('Secret 12')).toEqual({
      'profile.password-rule-length': true,
      'profile.password-rule-uppercase': true,
      'profile.password-rule-digits': true,
      'profile.password-rule-no-whitespace': false,
    });
  });

  it('an empty policy gives no list', () => {
    expect(passwordRules({}, 'x')).toEqual([]);
  });
});
