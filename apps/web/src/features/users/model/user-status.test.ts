import { describe, expect, it } from 'vitest';
import type { User } from './user-types';
import { formatDateTime, userActions, userStatus, type UserActionContext } from './user-status';

const user = (authority: User['authority'], info: Record<string, unknown>, id = 'u1'): User => ({
  id: { entityType: 'USER', id },
  tenantId: { entityType: 'TENANT', id: 't1' },
  customerId: { entityType: 'CUSTOMER', id: 'c1' },
  email: 'a@b.io',
  authority,
  additionalInfo: info,
});

describe('status', () => {
  it('enabled credentials are active', () => {
    expect(userStatus(user('CUSTOMER_USER', { userCredentialsEnabled: true }))).toBe('active');
  });

  it('the server flag tells disabled from not yet activated', () => {
    expect(userStatus(user('CUSTOMER_USER', { userCredentialsEnabled: false, userActivated: true }))).toBe('disabled');
    expect(userStatus(user('CUSTOMER_USER', { userCredentialsEnabled: false, userActivated: false }))).toBe('pending');
  });

  it('a locked account is locked, whatever the enabled flag says', () => {
    expect(
      userStatus(user('CUSTOMER_USER', { userCredentialsEnabled: false, userActivated: true, lockedUntilTs: 9 })),
    ).toBe('locked');
  });

  it('without the flag, a user who has signed in is disabled, anyone else undecided', () => {
    expect(userStatus(user('CUSTOMER_USER', { userCredentialsEnabled: false, lastLoginTs: 5 }))).toBe('disabled');
    expect(userStatus(user('CUSTOMER_USER', { userCredentialsEnabled: false }))).toBe('inactive');
  });
});

describe('actions', () => {
  const customerCtx: UserActionContext = { scope: 'customer', currentUserId: 'me', tokenAccessEnabled: true };
  const tenantCtx: UserActionContext = { scope: 'tenant', currentUserId: 'me', tokenAccessEnabled: true };

  it('an active customer user: disable, promote, login as; no activation', () => {
    const a = userActions(user('CUSTOMER_USER', { userCredentialsEnabled: true }), customerCtx);
    expect(a).toMatchObject({
      delete: true,
      disable: true,
      enable: false,
      activation: false,
      promote: true,
      demote: false,
      loginAs: true,
    });
  });

  it('a pending customer admin: activation and demote, no enable and no login as', () => {
    const a = userActions(user('CUSTOMER_ADMIN', { userCredentialsEnabled: false, userActivated: false }), customerCtx);
    expect(a).toMatchObject({
      enable: false,
      disable: false,
      activation: true,
      promote: false,
      demote: true,
      loginAs: false,
    });
  });

  it('a locked user: unlock or disable, nothing that needs a working sign-in', () => {
    const a = userActions(
      user('CUSTOMER_USER', { userCredentialsEnabled: false, userActivated: true, lockedUntilTs: 9 }),
      customerCtx,
    );
    expect(a).toMatchObject({ unlock: true, enable: false, disable: true, activation: false, loginAs: false });
    const active = userActions(user('CUSTOMER_USER', { userCredentialsEnabled: true }), customerCtx);
    expect(active.unlock).toBe(false);
  });

  it('an undecided user offers both enable and the activation actions', () => {
    const a = userActions(user('CUSTOMER_USER', { userCredentialsEnabled: false }), customerCtx);
    expect(a).toMatchObject({ enable: true, activation: true });
  });

  it('tenant page: login as tenant administrators only, never promote/demote', () => {
    expect(userActions(user('TENANT_ADMIN', { userCredentialsEnabled: true }), tenantCtx)).toMatchObject({
      loginAs: true,
      promote: false,
      demote: false,
    });
    expect(userActions(user('TENANT_USER', { userCredentialsEnabled: true }), tenantCtx).loginAs).toBe(false);
  });

  it('no login as while token access is off', () => {
    const a = userActions(user('CUSTOMER_USER', { userCredentialsEnabled: true }), {
      ...customerCtx,
      tokenAccessEnabled: false,
    });
    expect(a.loginAs).toBe(false);
  });

  it('nobody deletes, disables or logs in as themselves', () => {
    const a = userActions(user('TENANT_ADMIN', { userCredentialsEnabled: true }, 'me'), tenantCtx);
    expect(a).toMatchObject({ edit: true, delete: false, disable: false, loginAs: false });
  });
});

describe('formatDateTime', () => {
  it('formats local time and leaves missing times empty', () => {
    const ms = new Date(2024, 0, 2, 3, 4, 5).getTime();
    expect(formatDateTime(ms)).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime(0)).toBe('');
  });
});
