import { describe, expect, it } from 'vitest';
import { defaultPlace } from './default-place';

describe('default place after sign-in', () => {
  const tenant = { authority: 'TENANT_ADMIN' };

  it('goes home without anything else to go by', () => {
    expect(defaultPlace(tenant)).toBe('/home');
    expect(defaultPlace({ ...tenant, additionalInfo: null })).toBe('/home');
  });

  it('returns to the interrupted page first', () => {
    expect(defaultPlace({ ...tenant, additionalInfo: { defaultDashboardId: 'd1' } }, '/customers?x=1')).toBe(
      '/customers?x=1',
    );
    expect(defaultPlace(tenant, '/login')).toBe('/home');
  });

  it('opens the default dashboard, full-screen when asked', () => {
    expect(defaultPlace({ ...tenant, additionalInfo: { defaultDashboardId: 'd1' } })).toBe('/dashboards/d1');
    expect(
      defaultPlace({ ...tenant, additionalInfo: { defaultDashboardId: 'd1', defaultDashboardFullscreen: true } }),
    ).toBe('/dashboard/d1');
  });

  it('never sends a system administrator to a dashboard', () => {
    expect(defaultPlace({ authority: 'SYS_ADMIN', additionalInfo: { defaultDashboardId: 'd1' } })).toBe('/home');
  });
});
