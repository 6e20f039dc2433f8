import { describe, expect, it } from 'vitest';
import { NULL_UUID, type Authority } from '@sapo/common';
import type { Caller } from '../auth/caller.ts';
import { type AccessOp, type EntityOwner, isAllowed } from './entity-access.ts';

const T1 = '11111111-1111-1111-1111-111111111111';
const T2 = '22222222-2222-2222-2222-222222222222';
const CA = 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa';
const CB = 'bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb';
const ME = 'cccccccc-cccc-cccc-cccc-cccccccccccc';

const caller = (authority: Authority, extra: Partial<Caller> = {}): Caller => ({
  userId: ME,
  email: 'me@x',
  authority,
  tenantId: authority === 'SYS_ADMIN' ? NULL_UUID : T1,
  customerId: authority.startsWith('CUSTOMER') ? CA : NULL_UUID,
  isPublic: false,
  sessionId: NULL_UUID,
  ...extra,
});
const owner = (o: Partial<EntityOwner>): EntityOwner => ({
  id: 'x',
  tenantId: T1,
  customerId: null,
  authority: null,
  ...o,
});
const can = (c: Caller, type: string, o: Partial<EntityOwner>, op: AccessOp) => isAllowed(c, type, owner(o), op);

describe('isAllowed', () => {
  it('tenant administrator: everything of its tenant, nothing of another, never a system administrator', () => {
    const c = caller('TENANT_ADMIN');
    for (const op of ['READ', 'WRITE', 'OPERATE'] as const) {
      expect(can(c, 'ASSET', {}, op)).toBe(true);
      expect(can(c, 'TENANT', { id: T1, tenantId: T1 }, op)).toBe(true);
      expect(can(c, 'ASSET', { tenantId: T2 }, op)).toBe(false);
      expect(can(c, 'USER', { tenantId: null, authority: 'SYS_ADMIN' }, op)).toBe(false);
    }
  });

  it('tenant user: reads the tenant, changes devices, assets, entity views and itself only', () => {
    const c = caller('TENANT_USER');
    expect(can(c, 'CUSTOMER', { customerId: CA }, 'READ')).toBe(true);
    expect(can(c, 'CUSTOMER', { customerId: CA }, 'WRITE')).toBe(false);
    expect(can(c, 'DEVICE', {}, 'WRITE')).toBe(true);
    expect(can(c, 'TENANT', { id: T1 }, 'WRITE')).toBe(false);
    expect(can(c, 'DEVICE', {}, 'OPERATE')).toBe(true);
    expect(can(c, 'CUSTOMER', { customerId: CA }, 'OPERATE')).toBe(false);
    expect(can(c, 'USER', { id: ME }, 'WRITE')).toBe(true);
    expect(can(c, 'USER', { id: 'someone' }, 'WRITE')).toBe(false);
    expect(can(c, 'DEVICE', { tenantId: T2 }, 'READ')).toBe(false);
  });

  it('customer roles: their customer entities read-only (RPC and alarms allowed); the customer read-only; themselves', () => {
    for (const a of ['CUSTOMER_USER', 'CUSTOMER_ADMIN'] as const) {
      const c = caller(a);
      for (const type of ['DEVICE', 'ASSET', 'ENTITY_VIEW']) {
        expect(can(c, type, { customerId: CA }, 'READ')).toBe(true);
        expect(can(c, type, { customerId: CA }, 'OPERATE')).toBe(true);
        expect(can(c, type, { customerId: CA }, 'WRITE')).toBe(false);
        expect(can(c, type, { customerId: CB }, 'OPERATE')).toBe(false);
      }
      expect(can(c, 'ASSET', { customerId: CB }, 'READ')).toBe(false);
      expect(can(c, 'ASSET', { customerId: null }, 'READ')).toBe(false);
      expect(can(c, 'ASSET', { customerId: CA, tenantId: T2 }, 'READ')).toBe(false);
      expect(can(c, 'CUSTOMER', { id: CA, customerId: CA }, 'READ')).toBe(true);
      expect(can(c, 'CUSTOMER', { id: CA, customerId: CA }, 'WRITE')).toBe(false);
      expect(can(c, 'TENANT', { id: T1 }, 'READ')).toBe(false);
      expect(can(c, 'USER', { id: ME, customerId: CA }, 'WRITE')).toBe(true);
      expect(can(c, 'DASHBOARD', {}, 'READ')).toBe(false);
    }
    expect(can(caller('CUSTOMER_ADMIN'), 'USER', { id: 'u2', customerId: CA }, 'WRITE')).toBe(true);
    expect(can(caller('CUSTOMER_USER'), 'USER', { id: 'u2', customerId: CA }, 'READ')).toBe(false);
  });

  it('public sessions only read; the system administrator sees tenants and users, not devices', () => {
    const pub = caller('CUSTOMER_USER', { isPublic: true });
    expect(can(pub, 'DEVICE', { customerId: CA }, 'READ')).toBe(true);
    expect(can(pub, 'DEVICE', { customerId: CA }, 'WRITE')).toBe(false);
    expect(can(pub, 'DEVICE', { customerId: CA }, 'OPERATE')).toBe(false);
    const sys = caller('SYS_ADMIN');
    expect(can(sys, 'TENANT', { id: T2, tenantId: T2 }, 'WRITE')).toBe(true);
    expect(can(sys, 'USER', { tenantId: T2 }, 'READ')).toBe(true);
    expect(can(sys, 'DEVICE', {}, 'READ')).toBe(false);
  });
});
