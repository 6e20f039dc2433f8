import { describe, expect, it } from 'vitest';
import type { TenantProfile } from '../tenant-profile-types';
import {
  LIMIT_KEYS,
  parseLimit,
  setLimits,
  tenantProfileFormFrom,
  tenantProfilePayload,
  validateTenantProfileForm,
} from './tenant-profile-form';

const profile: TenantProfile = {
  id: { entityType: 'TENANT_PROFILE', id: 'p1' },
  createdTime: 1,
  name: 'Gold',
  description: 'For big tenants',
  default: false,
  isolatedTbCore: false,
  isolatedTbRuleEngine: true,
  profileData: {
    configuration: {
      type: 'DEFAULT',
      maxDevices: 100,
      maxUsers: 5,
      warnThreshold: 0.8,
      transportDeviceMsgRateLimit: '10:1',
    },
  },
};

describe('limits', () => {
  it('offers the fifteen limits of spec 2-calls §3.7', () => {
    expect([...LIMIT_KEYS].sort()).toEqual(
      [
        'maxDevices',
        'maxAssets',
        'maxCustomers',
        'maxUsers',
        'maxDashboards',
        'maxRuleChains',
        'maxTransportMessages',
        'maxTransportDataPoints',
        'maxREExecutions',
        'maxJSExecutions',
        'maxDPStorageDays',
        'maxRuleNodeExecutionsPerMessage',
        'maxEmails',
        'maxSms',
        'defaultStorageTtlDays',
      ].sort(),
    );
  });

  it('parses whole numbers of 0 or more; blank is 0 (unlimited)', () => {
    expect(parseLimit('0')).toBe(0);
    expect(parseLimit(' 42 ')).toBe(42);
    expect(parseLimit('')).toBe(0);
    expect(parseLimit('  ')).toBe(0);
    expect(parseLimit('-1')).toBeUndefined();
    expect(parseLimit('1.5')).toBeUndefined();
    expect(parseLimit('1e3')).toBeUndefined();
    expect(parseLimit('ten')).toBeUndefined();
    expect(parseLimit('99999999999999999999')).toBeUndefined();
  });
});

describe('tenant profile form', () => {
  it('starts a new profile with every limit at 0', () => {
    const form = tenantProfileFormFrom(undefined);
    expect(form.name).toBe('');
    expect(Object.values(form.limits).every((value) => value === '0')).toBe(true);
  });

  it('loads limits, missing ones as 0', () => {
    const form = tenantProfileFormFrom(profile);
    expect(form.limits.maxDevices).toBe('100');
    expect(form.limits.maxUsers).toBe('5');
    expect(form.limits.maxAssets).toBe('0');
    expect(form.isolatedTbRuleEngine).toBe(true);
  });

  it('requires a name and valid limits', () => {
    const form = tenantProfileFormFrom(undefined);
    form.limits.maxDevices = '-3';
    expect(validateTenantProfileForm(form)).toEqual({
      name: 'tenant-profile.name-required',
      maxDevices: 'tenant-profile.limit-invalid',
    });
  });

  it('sends numbers and keeps configuration keys the form does not edit', () => {
    const form = tenantProfileFormFrom(profile);
    form.limits.maxDevices = '250';
    form.limits.maxAssets = '';
    form.description = '  ';
    const body = tenantProfilePayload(form, profile);
    expect(body.id).toEqual(profile.id);
    expect(body.description).toBeNull();
    expect(body.profileData.configuration).toMatchObject({
      type: 'DEFAULT',
      maxDevices: 250,
      maxAssets: 0,
      maxUsers: 5,
      warnThreshold: 0.8,
      transportDeviceMsgRateLimit: '10:1',
    });
  });

  it('builds a new profile with a DEFAULT configuration', () => {
    const form = { ...tenantProfileFormFrom(undefined), name: ' Silver ' };
    form.limits.maxCustomers = '3';
    const body = tenantProfilePayload(form, undefined);
    expect(body.name).toBe('Silver');
    expect(body.profileData.configuration).toMatchObject({ type: 'DEFAULT', maxCustomers: 3, maxDevices: 0 });
    expect('id' in body).toBe(false);
  });

  it('lists the limits that are set', () => {
    expect(setLimits(profile)).toEqual([
      { key: 'maxDevices', value: 100 },
      { key: 'maxUsers', value: 5 },
    ]);
  });
});
