import type { Authority } from '@sapo/common';

/**
 * The side menu and home page per role (spec 1-client §2.7). Pure: the shell feeds it the user's
 * authority, the enabled building-dashboard flags and the react dashboards, and renders the result.
 */
export interface MenuSection {
  id: string;
  /** Translation key; `title` (a user's dashboard title) wins when set. */
  name: string;
  title?: string;
  type: 'link' | 'toggle';
  path: string;
  /** Material icon name, or 'mdi:<name>' for the custom SVG set. */
  icon: string;
  /** Active also on sub-paths (e.g. /tenants/…/users). */
  notExact?: boolean;
  pages?: MenuSection[];
}

export interface HomePlace {
  name: string;
  title?: string;
  icon: string;
  path: string;
}

export interface HomeSection {
  name: string;
  places: HomePlace[];
}

/** Attribute flags (tenant or customer SERVER_SCOPE, value 1) → optional building dashboards. */
export const FLAG_DASHBOARDS = [
  {
    attribute: 'dashboard_people_count_report_enable',
    path: '/react-dashboard/people-count-report-dashboard',
    name: 'react-dashboard.people-count-report',
    icon: 'groups',
  },
  {
    attribute: 'dashboard_energy_enable',
    path: '/react-dashboard/energy-dashboard',
    name: 'react-dashboard.energy',
    icon: 'bolt',
  },
  {
    attribute: 'dashboard_switchboard_enable',
    path: '/react-dashboard/switchboard-dashboard',
    name: 'react-dashboard.switchboard',
    icon: 'electrical_services',
  },
  {
    attribute: 'dashboard_ahu_enable',
    path: '/react-dashboard/ahu-dashboard',
    name: 'react-dashboard.ahu',
    icon: 'air',
  },
  {
    attribute: 'dashboard_chillers_enable',
    path: '/react-dashboard/chillers-dashboard',
    name: 'react-dashboard.chillers',
    icon: 'ac_unit',
  },
  {
    attribute: 'dashboard_ahu_chillers_enable',
    path: '/react-dashboard/ahu-chillers-dashboard',
    name: 'react-dashboard.ahu-chillers',
    icon: 'hvac',
  },
  {
    attribute: 'dashboard_bms_enable',
    path: '/react-dashboard/bms-dashboard',
    name: 'react-dashboard.bms',
    icon: 'apartment',
  },
  {
    attribute: 'dashboard_sensor_control_enable',
    path: '/react-dashboard/sensor-control-dashboard',
    name: 'react-dashboard.sensor-control',
    icon: 'sensors',
  },
  {
    attribute: 'dashboard_lift_control_enable',
    path: '/react-dashboard/lift-control-dashboard',
    name: 'react-dashboard.lift-control',
    icon: 'elevator',
  },
  {
    attribute: 'dashboard_water_flow_enable',
    path: '/water-flow-dashboard',
    name: 'react-dashboard.water-flow',
    icon: 'water_drop',
  },
] as const;

export const FLAG_ATTRIBUTES: readonly string[] = FLAG_DASHBOARDS.map((flag) => flag.attribute);

/** A dashboard as the menu sees it (GET /api/tenant/dashboards or /api/customer/{id}/dashboards). */
export interface MenuDashboard {
  id: { id: string };
  title: string;
  configuration?: { reactDashboard?: unknown; hideInSelectPanel?: unknown; description?: unknown } | null;
}

export interface MenuInput {
  authority: Authority;
  /** Attribute key → value, from the tenant's or customer's server attributes. */
  flags?: Readonly<Record<string, unknown>>;
  dashboards?: readonly MenuDashboard[];
}

const link = (id: string, name: string, path: string, icon: string, notExact = false): MenuSection => ({
  id,
  name,
  type: 'link',
  path,
  icon,
  ...(notExact ? { notExact } : {}),
});

const HOME = link('home', 'home.home', '/home', 'home');
const TENANTS = link('tenants', 'tenant.tenants', '/tenants', 'supervisor_account', true);
const TENANT_PROFILES = link('tenant_profiles', 'tenant-profile.tenant-profiles', '/tenantProfiles', 'mdi:alpha-t-box');
const WIDGETS = link('widget_library', 'widget.widget-library', '/widgets-bundles', 'now_widgets', true);
const RULE_CHAINS = link('rule_chains', 'rulechain.rulechains', '/ruleChains', 'settings_ethernet', true);
const CUSTOMERS = link('customers', 'customer.customers', '/customers', 'supervisor_account', true);
const ALARM_CONTACTS = link('alarm_contacts', 'alarm-contact.alarm-contacts', '/alarm-contacts', 'contact_phone');
const ALARM_ESCALATIONS = link(
  'alarm_escalations',
  'alarm-escalation.alarm-escalations',
  '/alarm-escalations',
  'notification_important',
);
const ASSETS = link('assets', 'asset.assets', '/assets', 'domain', true);
const DEVICES = link('devices', 'device.devices', '/devices', 'devices_other', true);
const DEVICE_PROFILES = link('device_profiles', 'device-profile.device-profiles', '/deviceProfiles', 'mdi:alpha-d-box');
const PAYLOAD_DECODER = link('payload_decoder', 'payload-decoder.payload-decoders', '/payload-decoder', 'code');
const ENTITY_VIEWS = link('entity_views', 'entity-view.entity-views', '/entityViews', 'view_quilt', true);
const DASHBOARDS = link('dashboards', 'dashboard.dashboards', '/dashboards', 'dashboards', true);
const HOME_SETTINGS = link('home_settings', 'admin.home-settings', '/settings/home', 'settings_applications');
const ALARM_CENTER = link(
  'alarm_center',
  'react-dashboard.alarm-center',
  '/react-dashboard/alarm-center',
  'notifications_active',
);
const DEVICE_TABLE = link(
  'device_table',
  'react-dashboard.device-table',
  '/react-dashboard/device-table',
  'table_chart',
);
const MANAGE_CONSOLE = link(
  'manage_console',
  'react-dashboard.manage-console',
  '/react-dashboard/manage-console',
  'tune',
);
const AUDIT_LOGS = link('audit_logs', 'audit-log.audit-logs', '/auditLogs', 'track_changes');
const USAGE = link('usage', 'api-usage.api-usage', '/usage', 'insert_chart');

const SYSTEM_SETTINGS: MenuSection = {
  id: 'settings',
  name: 'admin.system-settings',
  type: 'toggle',
  path: '/settings',
  icon: 'settings',
  pages: [
    link('general', 'admin.general', '/settings/general', 'settings_applications'),
    link('outgoing_mail', 'admin.outgoing-mail', '/settings/outgoing-mail', 'mail'),
    link('sms_provider', 'admin.sms-provider', '/settings/sms-provider', 'sms'),
    link('whatsapp_provider', 'admin.whatsapp-provider', '/settings/whatsapp-provider', 'chat'),
    link('security_settings', 'admin.security-settings', '/settings/security-settings', 'security'),
    link('oauth2', 'admin.oauth2.oauth2', '/settings/oauth2', 'mdi:shield-account'),
  ],
};

const WHITE_LABELING: MenuSection = {
  id: 'white_labeling',
  name: 'white-labeling.white-labeling',
  type: 'toggle',
  path: '/white-labeling',
  icon: 'format_paint',
  pages: [
    link('white_labeling_general', 'white-labeling.white-labeling', '/white-labeling', 'format_paint'),
    link('login_white_labeling', 'white-labeling.login-white-labeling', '/white-labeling/login', 'format_paint'),
  ],
};

const REACT_DASHBOARDS = [ALARM_CENTER, DEVICE_TABLE, MANAGE_CONSOLE];

/** Flag dashboards whose attribute equals 1 (a number, or the string '1' as some scripts store it). */
/** A flag is on only when it equals 1 (a number or "1"; `true` is not 1 in the spec's sense). */
export function isFlagEnabled(flags: Readonly<Record<string, unknown>> = {}, attribute: string): boolean {
  return Number(flags[attribute]) === 1 && flags[attribute] !== true;
}

export function enabledFlagDashboards(flags: Readonly<Record<string, unknown>> = {}): MenuSection[] {
  return FLAG_DASHBOARDS.filter((flag) => isFlagEnabled(flags, flag.attribute)).map((flag) =>
    link(flag.attribute, flag.name, flag.path, flag.icon),
  );
}

/** Dashboards marked `configuration.reactDashboard` (and not hideInSelectPanel) get a menu entry. */
export function reactDashboardEntries(dashboards: readonly MenuDashboard[] = []): MenuSection[] {
  return dashboards
    .filter(
      (dashboard) => Boolean(dashboard.configuration?.reactDashboard) && !dashboard.configuration?.hideInSelectPanel,
    )
    .map((dashboard) => {
      const description = dashboard.configuration?.description;
      const path =
        typeof description === 'string' && description.trim() !== ''
          ? `/react-dashboard/${encodeURIComponent(description.trim())}`
          : `/dashboard/${dashboard.id.id}`;
      return {
        ...link(`dashboard_${dashboard.id.id}`, 'dashboard.dashboard', path, 'dashboard'),
        title: dashboard.title,
      };
    });
}

export function buildMenu({ authority, flags, dashboards }: MenuInput): MenuSection[] {
  const extras = [...enabledFlagDashboards(flags), ...reactDashboardEntries(dashboards)];
  switch (authority) {
    case 'SYS_ADMIN':
      return [HOME, TENANTS, TENANT_PROFILES, WIDGETS, SYSTEM_SETTINGS];
    case 'TENANT_ADMIN':
      return [
        HOME,
        RULE_CHAINS,
        CUSTOMERS,
        ALARM_CONTACTS,
        ALARM_ESCALATIONS,
        ASSETS,
        DEVICES,
        DEVICE_PROFILES,
        PAYLOAD_DECODER,
        ENTITY_VIEWS,
        WIDGETS,
        DASHBOARDS,
        HOME_SETTINGS,
        ...REACT_DASHBOARDS,
        ...extras,
        WHITE_LABELING,
        AUDIT_LOGS,
        USAGE,
      ];
    case 'TENANT_USER':
      return [
        HOME,
        ASSETS,
        DEVICES,
        ALARM_CONTACTS,
        ALARM_ESCALATIONS,
        DEVICE_PROFILES,
        ENTITY_VIEWS,
        DASHBOARDS,
        ...REACT_DASHBOARDS,
        ...extras,
      ];
    case 'CUSTOMER_ADMIN':
    case 'CUSTOMER_USER':
      return [HOME, ASSETS, DEVICES, ALARM_ESCALATIONS, ENTITY_VIEWS, DASHBOARDS, ...REACT_DASHBOARDS, ...extras];
  }
}

/** Every path of a menu, sub-pages included (tests and the e2e compare these per role). */
export function menuPaths(sections: readonly MenuSection[]): string[] {
  return sections.flatMap((section) =>
    section.type === 'toggle' && section.pages ? section.pages.map((page) => page.path) : [section.path],
  );
}

const place = (section: MenuSection, name = section.name): HomePlace => ({
  name,
  icon: section.icon,
  path: section.path,
  ...(section.title ? { title: section.title } : {}),
});

/** Home page cards: the role's sections with their places; customers get view-oriented titles. */
export function buildHome(input: MenuInput): HomeSection[] {
  const extras = [...enabledFlagDashboards(input.flags), ...reactDashboardEntries(input.dashboards)].map((s) =>
    place(s),
  );
  const reactDashboards: HomeSection = {
    name: 'react-dashboard.react-dashboards',
    places: [...REACT_DASHBOARDS.map((s) => place(s)), ...extras],
  };
  switch (input.authority) {
    case 'SYS_ADMIN':
      return [
        { name: 'tenant.management', places: [place(TENANTS), place(TENANT_PROFILES)] },
        { name: 'widget.management', places: [place(WIDGETS)] },
        { name: 'admin.system-settings', places: (SYSTEM_SETTINGS.pages ?? []).map((s) => place(s)) },
      ];
    case 'TENANT_ADMIN':
      return [
        { name: 'rulechain.management', places: [place(RULE_CHAINS)] },
        { name: 'customer.management', places: [place(CUSTOMERS)] },
        { name: 'alarm.management', places: [place(ALARM_CONTACTS), place(ALARM_ESCALATIONS)] },
        { name: 'asset.management', places: [place(ASSETS)] },
        { name: 'device.management', places: [place(DEVICES), place(DEVICE_PROFILES), place(PAYLOAD_DECODER)] },
        { name: 'entity-view.management', places: [place(ENTITY_VIEWS)] },
        { name: 'dashboard.management', places: [place(WIDGETS), place(DASHBOARDS), place(HOME_SETTINGS)] },
        reactDashboards,
        { name: 'white-labeling.white-labeling', places: (WHITE_LABELING.pages ?? []).map((s) => place(s)) },
        { name: 'audit-log.audit', places: [place(AUDIT_LOGS), place(USAGE)] },
      ];
    case 'TENANT_USER':
      return [
        { name: 'asset.management', places: [place(ASSETS)] },
        { name: 'device.management', places: [place(DEVICES), place(DEVICE_PROFILES)] },
        { name: 'alarm.management', places: [place(ALARM_CONTACTS), place(ALARM_ESCALATIONS)] },
        { name: 'entity-view.management', places: [place(ENTITY_VIEWS)] },
        { name: 'dashboard.management', places: [place(DASHBOARDS)] },
        reactDashboards,
      ];
    case 'CUSTOMER_ADMIN':
    case 'CUSTOMER_USER':
      return [
        { name: 'asset.view-assets', places: [place(ASSETS, 'asset.view-assets')] },
        { name: 'device.view-devices', places: [place(DEVICES, 'device.view-devices')] },
        { name: 'alarm.alarms', places: [place(ALARM_ESCALATIONS)] },
        { name: 'entity-view.view-entity-views', places: [place(ENTITY_VIEWS, 'entity-view.view-entity-views')] },
        { name: 'dashboard.view-dashboards', places: [place(DASHBOARDS, 'dashboard.view-dashboards')] },
        reactDashboards,
      ];
  }
}
