import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ok } from '../devices/devices-fixtures.ts';
import { JsExecutionQuota, usageMonth } from './js-execution-quota.ts';

let t: TestApp;
let limitedTenant: string;
let unlimitedTenant: string;
const clock = { t: Date.UTC(2026, 10, 30, 23, 58), now: () => clock.t };

beforeAll(async () => {
  t = await createTestApp();
  const { sysadmin } = await t.demoTokens();
  const profile = await ok(
    t.request('POST', '/api/tenantProfile', {
      token: sysadmin,
      body: { name: 'Five scripts', profileData: { configuration: { type: 'DEFAULT', maxJSExecutions: 5 } } },
    }),
  );
  const tenant = (title: string, profileId?: string) =>
    ok(
      t.request('POST', '/api/tenant', {
        token: sysadmin,
        body: { title, ...(profileId ? { tenantProfileId: { entityType: 'TENANT_PROFILE', id: profileId } } : {}) },
      }),
    );
  limitedTenant = (await tenant('Quota limited', profile.id.id)).id.id;
  unlimitedTenant = (await tenant('Quota unlimited')).id.id;
});
afterAll(() => t.close());

const takeN = async (q: JsExecutionQuota, tenant: string, n: number) => {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push(await q.acquire(tenant));
  return out;
};

describe('JsExecutionQuota (tenant profile maxJSExecutions)', () => {
  it('counts per month across restarts and processes, and starts afresh with the next month', async () => {
    const first = new JsExecutionQuota(t.db, clock, { flushMs: 3_600_000 });
    expect(await takeN(first, limitedTenant, 3)).toEqual([true, true, true]);
    await first.close();
    // A restarted (or second) process reads the month's total from the database.
    const second = new JsExecutionQuota(t.db, clock, { flushMs: 3_600_000 });
    expect(await takeN(second, limitedTenant, 3)).toEqual([true, true, false]);
    // Unlimited (0): never refused, still counted.
    expect(await takeN(second, unlimitedTenant, 7)).toEqual(Array(7).fill(true));
    await second.flush();
    const rows = await t.db.query<{ tenant_id: string; js_executions: number }>(
      'SELECT tenant_id, js_executions FROM api_usage WHERE month = $1 ORDER BY js_executions',
      [usageMonth(clock.t)],
    );
    expect(rows).toEqual([
      { tenant_id: limitedTenant, js_executions: 5 },
      { tenant_id: unlimitedTenant, js_executions: 7 },
    ]);
    // December: a new count.
    clock.t += 3 * 60_000;
    expect(usageMonth(clock.t)).toBe(202612);
    expect(await takeN(second, limitedTenant, 6)).toEqual([true, true, true, true, true, false]);
    await second.close();
  });
});
