import { describe, expect, it } from 'vitest';
import { buildHome, buildMenu, isFlagEnabled, menuPaths, reactDashboardEntries } from './menu-model';

const REACT = ['/react-dashboard/alarm-center', '/react-dashboard/device-table', '/react-dashboard/manage-console'];

describe('menu per role (spec 1-client §2.7)', () => {
  it('SYS_ADMIN: home, tenants, tenant profiles, widgets and the six settings pages', () => {
    expect(menuPaths(buildMenu({ authority: 'SYS_ADMIN' }))).toEqual([
      '/home',
      '/tenants',
      '/tenantProfiles',
      '/widgets-bundles',
      '/settings/general',
      '/settings/outgoing-mail',
      '/settings/sms-provider',
      '/settings/whatsapp-provider',
      '/settings/security-settings',
      '/settings/oauth2',
    ]);
  });

  it('TENANT_ADMIN: everything tenant-level in the order of the spec', () => {
    expect(menuPaths(buildMenu({ authority: 'TENANT_ADMIN' }))).toEqual([
      '/home',
      '/ruleChains',
      '/customers',
      '/alarm-contacts',
      '/alarm-escalations',
      '/assets',
      '/devices',
      '/deviceProfiles',
      '/payload-decoder',
      '/entityViews',
      '/widgets-bundles',
      '/dashboards',
      '/settings/home',
      ...REACT,
      '/white-labeling',
      '/white-labeling/login',
      '/auditLogs',
      '/usage',
    ]);
  });

  it('TENANT_USER: no rule chains, customers, widget library, white-labeling, audit logs or usage', () => {
    expect(menuPaths(buildMenu({ authority: 'TENANT_USER' }))).toEqual([
      '/home',
      '/assets',
      '/devices',
      '/alarm-contacts',
      '/alarm-escalations',
      '/deviceProfiles',
      '/entityViews',
      '/dashboards',
      ...REACT,
    ]);
  });

  it.each(['CUSTOMER_ADMIN', 'CUSTOMER_USER'] as const)('%s: the customer menu', (authority) => {
    expect(menuPaths(buildMenu({ authority }))).toEqual([
      '/home',
      '/assets',
      '/devices',
      '/alarm-escalations',
      '/entityViews',
      '/dashboards',
      ...REACT,
    ]);
  });

  it('adds a building dashboard only when its attribute equals 1', () => {
    const flags = {
      dashboard_energy_enable: 1,
      dashboard_bms_enable: '1',
      dashboard_ahu_enable: 0,
      dashboard_chillers_enable: 2,
      dashboard_lift_control_enable: 'yes',
      dashboard_water_flow_enable: 1,
    };
    const paths = menuPaths(buildMenu({ authority: 'CUSTOMER_USER', flags }));
    expect(paths).toContain('/react-dashboard/energy-dashboard');
    expect(paths).toContain('/react-dashboard/bms-dashboard');
    expect(paths).toContain('/water-flow-dashboard');
    expect(paths).not.toContain('/react-dashboard/ahu-dashboard');
    expect(paths).not.toContain('/react-dashboard/chillers-dashboard');
    expect(paths).not.toContain('/react-dashboard/lift-control-dashboard');
    // SYS_ADMIN never gets tenant dashboards, even with flags.
    expect(menuPaths(buildMenu({ authority: 'SYS_ADMIN', flags }))).not.toContain('/react-dashboard/energy-dashboard');
  });

  it('links react dashboards by description, else by id, and skips hidden or plain ones', () => {
    const entries = reactDashboardEntries([
      { id: { id: 'd1' }, title: 'Lobby', configuration: { reactDashboard: true, description: 'lobby-view' } },
      { id: { id: 'd2' }, title: 'Plant', configuration: { reactDashboard: true } },
      { id: { id: 'd3' }, title: 'Hidden', configuration: { reactDashboard: true, hideInSelectPanel: true } },
      { id: { id: 'd4' }, title: 'Plain', configuration: {} },
      { id: { id: 'd5' }, title: 'No config', configuration: null },
    ]);
    expect(entries.map((entry) => [entry.title, entry.path])).toEqual([
      ['Lobby', '/react-dashboard/lobby-view'],
      ['Plant', '/dashboard/d2'],
    ]);
  });

  it('home cards hold the same places as the menu (no home link), with view titles for customers', () => {
    for (const authority of ['SYS_ADMIN', 'TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_USER'] as const) {
      const homePaths = buildHome({ authority }).flatMap((section) => section.places.map((p) => p.path));
      const menu = menuPaths(buildMenu({ authority })).filter((path) => path !== '/home');
      expect(new Set(homePaths)).toEqual(new Set(menu));
    }
    const customerPlaces = buildHome({ authority: 'CUSTOMER_ADMIN' }).flatMap((s) => s.places.map((p) => p.name));
    expect(customerPlaces).toContain('device.view-devices');
  });
});

describe('isFlagEnabled (menu entry and route guard of the building pages)', () => {
  it('is on for 1 and "1" only', () => {
    expect(isFlagEnabled({ dashboard_energy_enable: 1 }, 'dashboard_energy_enable')).toBe(true);
    expect(isFlagEnabled({ dashboard_energy_enable: '1' }, 'dashboard_energy_enable')).toBe(true);
    for (const value of [0, true, '0', 2, null, undefined, 'yes']) {
      expect(isFlagEnabled({ dashboard_energy_enable: value }, 'dashboard_energy_enable')).toBe(false);
    }
    expect(isFlagEnabled({}, 'dashboard_energy_enable')).toBe(false);
  });
});
