import { NULL_UUID } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import {
  applicable,
  assignPath,
  canAssign,
  isAssigned,
  isAssignedToCustomer,
  isPublic,
  makePublicPath,
  unassignPath,
  type AssignableEntity,
} from './assignment-model';
import { failureReasons, runBulk } from './bulk-run';

const entity = (name: string, customerId: string, customerIsPublic = false): AssignableEntity => ({
  id: { entityType: 'DEVICE', id: `id-${name}` },
  name,
  customerId: { entityType: 'CUSTOMER', id: customerId },
  customerIsPublic,
});

describe('assignment calls', () => {
  it("uses ThingsBoard's paths for each entity type", () => {
    expect(assignPath('DEVICE', 'c1', 'd1')).toBe('/api/customer/c1/device/d1');
    expect(assignPath('ENTITY_VIEW', 'c1', 'v1')).toBe('/api/customer/c1/entityView/v1');
    expect(unassignPath('ASSET', 'a1')).toBe('/api/customer/asset/a1');
    expect(makePublicPath('DEVICE', 'd1')).toBe('/api/customer/public/device/d1');
    expect(makePublicPath('ENTITY_VIEW', 'v1')).toBe('/api/customer/public/entityView/v1');
  });

  it('tells unassigned, assigned and public rows apart', () => {
    const free = entity('free', NULL_UUID);
    const owned = entity('owned', 'c1');
    const shared = entity('shared', 'p1', true);
    expect([free, owned, shared].map(isAssigned)).toEqual([false, true, true]);
    expect([free, owned, shared].map(isPublic)).toEqual([false, false, true]);
    expect([free, owned, shared].map(isAssignedToCustomer)).toEqual([false, true, false]);
    expect(isAssigned({ id: { entityType: 'DEVICE', id: 'x' }, name: 'x' })).toBe(false);
  });

  it('applies a bulk action only to the rows it changes', () => {
    const rows = [entity('free', NULL_UUID), entity('owned', 'c1'), entity('shared', 'p1', true)];
    expect(applicable(rows, 'unassign').map((row) => row.name)).toEqual(['owned', 'shared']);
    expect(applicable(rows, 'makePublic').map((row) => row.name)).toEqual(['free']);
    expect(applicable(rows, 'assign')).toHaveLength(3);
  });

  it('lets only tenant administrators assign', () => {
    expect(canAssign('TENANT_ADMIN')).toBe(true);
    expect(['TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER', 'SYS_ADMIN'].map((a) => canAssign(a as never))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('runBulk', () => {
  it('runs every item even when some fail, reporting progress and keeping the order', async () => {
    const progress: string[] = [];
    let inFlight = 0;
    let peak = 0;
    const result = await runBulk(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, (7 - n) * 2));
        inFlight--;
        if (n % 3 === 0) throw new Error(`bad ${n % 2 ? 'odd' : 'even'}`);
      },
      { concurrency: 3, onProgress: (done, total) => progress.push(`${done}/${total}`) },
    );
    expect(result.succeeded).toEqual([1, 2, 4, 5, 7]);
    expect(result.failed).toEqual([
      { item: 3, message: 'bad odd' },
      { item: 6, message: 'bad even' },
    ]);
    expect(peak).toBe(3);
    expect(progress[0]).toBe('0/7');
    expect(progress.at(-1)).toBe('7/7');
    expect(progress).toHaveLength(8);
  });

  it('handles an empty list', async () => {
    const result = await runBulk([], async () => undefined);
    expect(result).toEqual({ total: 0, succeeded: [], failed: [] });
  });

  it('summarises failure reasons by frequency', () => {
    expect(
      failureReasons([
        { item: 1, message: 'a' },
        { item: 2, message: 'b' },
        { item: 3, message: 'b' },
      ]),
    ).toEqual(['b', 'a']);
  });
});
