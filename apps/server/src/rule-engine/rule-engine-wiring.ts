// Builds the rule engine and the services its nodes use, and plugs it into the device transports,
// device state and the audit trail. Called once from services.ts.
import { pino } from 'pino';
import type { Db } from '../db/database.ts';
import type { Logger } from '../lib/logger.ts';
import type { AuditService } from '../modules/audit-logs/audit.service.ts';
import type { DeviceStateService } from '../modules/device-state/device-state.service.ts';
import type { MailService } from '../modules/mail/mail.service.ts';
import type { RpcService } from '../modules/rpc/rpc.service.ts';
import type { AttributeStore } from '../modules/telemetry/attribute-store.ts';
import type { TelemetryStore } from '../modules/telemetry/telemetry-store.ts';
import type { DeviceApiService } from '../transports/device/device-api.service.ts';
import { ClientRpcBridge } from './client-rpc-bridge.ts';
import { DeviceMessages } from './device-messages.ts';
import { DeviceRouting } from './device-routing.ts';
import { RuleEngine, type RuleEngineOptions } from './engine.ts';
import { EntityMessages } from './entity-messages.ts';
import {
  DefaultRootChainSource,
  findNodeWithStandIns,
  noopEventSink,
  unavailableAlarmOps,
  unavailableScripts,
  withDefaultRoot,
} from './fallbacks.ts';
import type { AlarmOps, EventSink, RuleChainSource, RuleEngineServices, ScriptRunner } from './rule-engine-types.ts';

export interface RuleEngineWiringDeps {
  db: Db;
  clock: { now(): number };
  telemetry: TelemetryStore;
  attributeStore: AttributeStore;
  mail: MailService;
  rpc: RpcService;
  deviceApi: DeviceApiService;
  deviceState: DeviceStateService;
  audit: AuditService;
  /** Until given: the built-in default root chain, no events, no scripts, no alarms. */
  ruleChainSource?: RuleChainSource;
  events?: EventSink;
  scripts?: ScriptRunner;
  alarms?: AlarmOps;
  engineOptions?: Partial<RuleEngineOptions>;
}

export interface RuleEngineRuntime {
  engine: RuleEngine;
  services: RuleEngineServices;
  routing: DeviceRouting;
  clientRpc: ClientRpcBridge;
  /** `logger`: the app's (pino) logger; nodes log through a child of it. */
  start(logger?: { child(bindings: Record<string, unknown>): unknown }): void;
  stop(): Promise<void>;
}

async function maxExecutionsOf(db: Db, tenantId: string): Promise<number> {
  const rows = await db.query<{ n: string | null }>(
    `SELECT p.profile_data -> 'configuration' ->> 'maxRuleNodeExecutionsPerMessage' AS n
     FROM tenant t JOIN tenant_profile p ON p.id = t.tenant_profile_id WHERE t.id = $1`,
    [tenantId],
  );
  const n = Number(rows[0]?.n ?? 0);
  return Number.isFinite(n) ? n : 0;
}

export function createRuleEngine(d: RuleEngineWiringDeps): RuleEngineRuntime {
  const routing = new DeviceRouting(d.db);
  const engine = new RuleEngine({
    source: d.ruleChainSource ? withDefaultRoot(d.ruleChainSource) : new DefaultRootChainSource(),
    events: d.events ?? noopEventSink,
    findNode: findNodeWithStandIns,
    maxExecutionsOf: (tenantId) => maxExecutionsOf(d.db, tenantId),
    chainOfDevice: (tenantId, deviceId) => routing.chainOf(tenantId, deviceId),
    clock: d.clock,
    ...d.engineOptions,
  });
  const deviceMessages = new DeviceMessages(engine, routing, d.clock);
  const clientRpc = new ClientRpcBridge(deviceMessages);
  const services: RuleEngineServices = {
    db: d.db,
    // Replaced by the app's logger when the app starts (start()).
    logger: pino({ level: 'silent' }),
    clock: d.clock,
    scripts: d.scripts ?? unavailableScripts,
    telemetry: d.telemetry,
    attributeStore: d.attributeStore,
    alarms: d.alarms ?? unavailableAlarmOps,
    mail: d.mail,
    rpc: d.rpc,
    replyToDeviceRpc: (deviceId, requestId, body) => clientRpc.reply(deviceId, requestId, body),
    submit: (tenantId, msg) => engine.submit(tenantId, msg),
    restAllowPrivateNetworks: process.env.RULE_REST_ALLOW_PRIVATE === 'true',
  };
  engine.services = services;

  d.deviceApi.setMessageSink(deviceMessages);
  d.deviceApi.setClientRpcHandler(clientRpc.handle);
  d.deviceState.listener = (type, device, state) =>
    void deviceMessages.stateEvent(type, device, state).catch(() => {
      // engine stopped or device gone: connectivity events are best effort
    });
  d.audit.onLogged(new EntityMessages(engine, routing, d.clock).onAudit);

  return {
    engine,
    services,
    routing,
    clientRpc,
    start(logger) {
      if (logger) {
        services.logger = logger.child({ module: 'rule-engine' }) as Logger;
        engine.logger = services.logger;
      }
      engine.start();
    },
    stop: () => engine.stop(),
  };
}
