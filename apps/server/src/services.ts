import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import { AdminSettingsRepository } from './modules/admin/admin-settings.repository.ts';
import { SettingsService } from './modules/admin/settings.service.ts';
import { AuditService } from './modules/audit-logs/audit.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { PasswordService } from './modules/auth/password.service.ts';
import { LockoutService } from './modules/auth/lockout.ts';
import { SessionRepository } from './modules/auth/session.repository.ts';
import { TokenService } from './modules/auth/token.service.ts';
import { CustomerRepository } from './modules/customers/customer.repository.ts';
import { CustomersService } from './modules/customers/customers.service.ts';
import { BulkImportService } from './modules/bulk-import/bulk-import.service.ts';
import { createDeviceServices } from './modules/devices/device-services.ts';
import { createEntityServices } from './modules/entities/entity-services.ts';
import { MailService, type MailTransport } from './modules/mail/mail.service.ts';
import { JsExecutionQuota } from './modules/tenant-profiles/js-execution-quota.ts';
import { TenantLimits } from './modules/tenant-profiles/tenant-limits.ts';
import { WsLimitsService } from './modules/tenant-profiles/ws-limits.ts';
import { TenantProfileRepository } from './modules/tenant-profiles/tenant-profile.repository.ts';
import { TenantProfilesService } from './modules/tenant-profiles/tenant-profiles.service.ts';
import { TenantRepository } from './modules/tenants/tenant.repository.ts';
import { TenantsService } from './modules/tenants/tenants.service.ts';
import { UserRepository } from './modules/users/user.repository.ts';
import { UsersService } from './modules/users/users.service.ts';
import { WhiteLabelRepository } from './modules/white-label/white-label.repository.ts';
import { WhiteLabelService } from './modules/white-label/white-label.service.ts';
import { InProcessBus, type Bus } from './modules/telemetry/bus.ts';
import { InProcessAccessEvents, type AccessEvents } from './modules/access-events/access-events.ts';
import { publishAccessEventsOf } from './modules/access-events/access-events-from-audit.ts';
import { TelemetryStore } from './modules/telemetry/telemetry-store.ts';
import { AttributeStore } from './modules/telemetry/attribute-store.ts';
// [imports: telemetry issue helpers add theirs below]
import { createDeviceTransportServices } from './transports/device/device-transport-services.ts';
import { EntityQueryService } from './modules/entity-query/entity-query.service.ts';
// [imports: issue-6 helpers add theirs below, one line each]
import { invalidateProfileNodesFromAudit } from './rule-engine/device-profile/audit-invalidation.ts';
import { QuickJsScriptRunner, scriptRunnerOptionsFromEnv } from './lib/sandbox/quickjs-script-runner.ts';
import { TestScriptService } from './modules/rule-chains/test-script.service.ts';
import { createRuleChainServices } from './modules/rule-chains/rule-chain-services.ts';
import { createAlarmServices } from './modules/alarms/alarm-services.ts';
import { createRuleEngine } from './rule-engine/rule-engine-wiring.ts';
// [imports: issue-7 helpers add theirs below, one line each]
import { createWidgetServices } from './modules/widgets/widget-services.ts';
import { createDashboardServices } from './modules/dashboards/dashboard-services.ts';
import { BuildingsRepository } from './modules/buildings/buildings.repository.ts';
import { BuildingsService } from './modules/buildings/buildings.service.ts';

export interface ServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  signingKey: Uint8Array;
  mailTransport: MailTransport;
  userTokenAccessEnabled: boolean;
  /** Live fan-out; in-process unless given (Redis for several servers). */
  bus?: Bus;
  /** Session and ownership changes for live connections; in-process unless given (like `bus`). */
  accessEvents?: AccessEvents;
}

/** The one place services and repositories are wired together. */
export function createServices(d: ServiceDeps) {
  const { db, clock } = d;
  const settingsRepo = new AdminSettingsRepository(db);
  const users = new UserRepository(db);
  const tenants = new TenantRepository(db);
  const tenantProfiles = new TenantProfileRepository(db);
  const customers = new CustomerRepository(db);
  const accessEvents = d.accessEvents ?? new InProcessAccessEvents();
  const sessions = new SessionRepository(db, accessEvents);
  const limits = new TenantLimits();

  const audit = new AuditService(db, clock);
  audit.onCommitted(publishAccessEventsOf(accessEvents)); // owner changes and deletions reach open WebSockets
  const settings = new SettingsService(settingsRepo, clock, d.config.port);
  const mail = new MailService(settingsRepo, d.mailTransport);
  const passwords = new PasswordService(settings, d.config.bcryptRounds);
  const tokens = new TokenService(
    d.signingKey,
    { accessTtlSec: d.config.jwtAccessTtlSec, refreshTtlSec: d.config.jwtRefreshTtlSec, issuer: d.config.jwtIssuer },
    clock,
  );
  // entityAccess, entityNames, relations, assets, entityViews, attributes
  const entities = createEntityServices({ db, clock, audit, customers, limits });
  // deviceProfiles, devices, deviceCredentials, deviceAssignment, deviceClaims, deviceSearch
  const deviceServices = createDeviceServices({
    db,
    clock,
    audit,
    customers,
    limits,
    entityAccess: entities.entityAccess,
  });
  const bus = d.bus ?? new InProcessBus();
  // Trusted stores of time series and attributes; transports and the REST layer check permissions.
  const telemetry = new TelemetryStore(db, clock, bus);
  const attributeStore = new AttributeStore(db, clock, bus);
  // [wiring: telemetry issue helpers add their constructions below]
  // deviceSessions, rpc, deviceState, deviceAuth, deviceProvision, deviceApi
  const deviceTransport = createDeviceTransportServices({
    db,
    clock,
    bus,
    telemetry,
    attributeStore,
    audit,
    entityAccess: entities.entityAccess,
    ...deviceServices,
  });
  const entityQuery = new EntityQueryService(db, clock, telemetry);
  // [wiring: issue-6 helpers add their constructions below]
  audit.onLogged(invalidateProfileNodesFromAudit); // device-profile nodes reload rules/devices that users change
  // user-script sandbox (QuickJS workers, started on first use); counts executions for maxJSExecutions
  const scripts = new QuickJsScriptRunner({
    ...scriptRunnerOptionsFromEnv(),
    clock,
    quota: new JsExecutionQuota(db, clock),
  });
  const ruleChainServices = createRuleChainServices({ db, clock, audit, limits, entityAccess: entities.entityAccess });
  const alarmServices = createAlarmServices({ ...entities, db, clock, bus, audit, entityQuery });
  // The rule engine: device messages and entity events run through each tenant's chains.
  const ruleEngine = createRuleEngine({
    ...deviceTransport,
    db,
    clock,
    telemetry,
    attributeStore,
    mail,
    audit,
    scripts,
    ruleChainSource: ruleChainServices.ruleChainSource,
    events: ruleChainServices.events,
    alarms: alarmServices.alarmOps,
  });
  ruleChainServices.ruleChains.onChange((tenantId) => void ruleEngine.engine.reloadTenant(tenantId));
  // [wiring: issue-7 helpers add their constructions below]
  const widgetServices = createWidgetServices({ db, clock, audit });
  const dashboardServices = createDashboardServices({ db, clock, audit, customers, limits }); // dashboards, dashboardAssignment, homeDashboards
  return {
    bus,
    accessEvents,
    telemetry,
    attributeStore,
    // [services: telemetry issue helpers add their entries below]
    ...deviceTransport,
    entityQuery,
    // [services: issue-6 helpers add their entries below]
    scripts,
    testScript: new TestScriptService(scripts),
    ...ruleChainServices, // ruleChains (+ onChange), ruleChainSource, events (EventSink), eventQueries, ruleComponents
    ...alarmServices, // alarms (REST, caller-checked), alarmOps (trusted, rule engine)
    ruleEngine, // engine (submit, reloadTenant), services (RuleEngineServices), routing, clientRpc, start/stop
    // [services: issue-7 helpers add their entries below]
    ...widgetServices,
    ...dashboardServices,
    buildings: new BuildingsService(new BuildingsRepository(db), telemetry), // the building model and meter maths
    audit,
    settings,
    mail,
    passwords,
    tokens,
    repositories: { users, tenants, tenantProfiles, customers, sessions, settings: settingsRepo },
    auth: new AuthService(
      db,
      users,
      customers,
      sessions,
      tokens,
      passwords,
      settings,
      mail,
      audit,
      clock,
      d.userTokenAccessEnabled,
      new LockoutService(db, users, sessions, settings, mail, audit, clock),
    ),
    tenantProfiles: new TenantProfilesService(db, tenantProfiles, audit, clock),
    wsLimits: new WsLimitsService(db),
    tenants: new TenantsService(db, tenants, tenantProfiles, audit, clock),
    customers: new CustomersService(db, customers, limits, audit, clock),
    users: new UsersService(db, users, tenants, customers, sessions, limits, settings, mail, passwords, audit, clock),
    whiteLabel: new WhiteLabelService(db, new WhiteLabelRepository(db), clock),
    ...entities,
    ...deviceServices,
    bulkImport: new BulkImportService(db, deviceServices.devices, entities.assets, entities.attributes),
  };
}
export type Services = ReturnType<typeof createServices>;
