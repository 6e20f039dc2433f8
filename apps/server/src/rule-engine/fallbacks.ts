// Stand-ins used until the script sandbox, alarms, events storage and rule-chain storage are wired:
// everything compiles and runs, and what is missing says so instead of failing silently.
import { newId } from '../lib/ids.ts';
import { findNodeDefinition } from './node-registry.ts';
import { DEFAULT_LOG_SCRIPT } from './nodes/log.node.ts';
import type {
  AlarmOps,
  EventSink,
  RuleChainSource,
  RuleNodeDefinition,
  RuntimeRuleChain,
  ScriptRunner,
} from './rule-engine-types.ts';

export const noopEventSink: EventSink = { record() {} };

export const unavailableScripts: ScriptRunner = {
  run: () => Promise.reject(new Error('Script engine not available')),
};

const noAlarms = () => Promise.reject(new Error('Alarms are not available'));
export const unavailableAlarmOps: AlarmOps = {
  createOrUpdate: noAlarms,
  findActive: noAlarms,
  clearActive: noAlarms,
};

const TB = 'org.thingsboard.rule.engine.';

/**
 * The default root chain of reference §9 (device profile → message type switch → save time series /
 * save client attributes / log / RPC).
 */
export function defaultRootChain(tenantId: string, id = newId()): RuntimeRuleChain {
  const ids = Array.from({ length: 7 }, () => newId());
  const node = (i: number, type: string, name: string, configuration: Record<string, unknown>) => ({
    id: ids[i]!,
    type: TB + type,
    name,
    debugMode: false,
    configuration,
  });
  const nodes = [
    node(0, 'telemetry.TbMsgTimeseriesNode', 'Save Timeseries', { defaultTTL: 0 }),
    node(1, 'telemetry.TbMsgAttributesNode', 'Save Client Attributes', {
      scope: 'CLIENT_SCOPE',
      notifyDevice: 'false',
    }),
    node(2, 'filter.TbMsgTypeSwitchNode', 'Message Type Switch', { version: 0 }),
    node(3, 'action.TbLogNode', 'Log RPC from Device', { jsScript: DEFAULT_LOG_SCRIPT }),
    node(4, 'action.TbLogNode', 'Log Other', { jsScript: DEFAULT_LOG_SCRIPT }),
    node(5, 'rpc.TbSendRPCRequestNode', 'RPC Call Request', { timeoutInSeconds: 60 }),
    node(6, 'profile.TbDeviceProfileNode', 'Device Profile Node', {
      persistAlarmRulesState: false,
      fetchAlarmRulesStateOnStart: false,
    }),
  ];
  const conn = (from: number, to: number, type: string) => ({ fromId: ids[from]!, toId: ids[to]!, type });
  return {
    id,
    tenantId,
    name: 'Root Rule Chain',
    root: true,
    firstRuleNodeId: ids[6]!,
    nodes,
    connections: [
      conn(6, 2, 'Success'),
      conn(2, 4, 'Other'),
      conn(2, 1, 'Post attributes'),
      conn(2, 0, 'Post telemetry'),
      conn(2, 3, 'RPC Request from Device'),
      conn(2, 5, 'RPC Request to Device'),
    ],
    chainConnections: [],
  };
}

/** Every tenant gets the default root chain (stable per tenant while the process runs). */
export class DefaultRootChainSource implements RuleChainSource {
  private readonly chains = new Map<string, RuntimeRuleChain>();
  async loadTenantChains(tenantId: string): Promise<RuntimeRuleChain[]> {
    let chain = this.chains.get(tenantId);
    if (!chain) this.chains.set(tenantId, (chain = defaultRootChain(tenantId)));
    return [chain];
  }
}

/**
 * A tenant without a root chain in storage (created before rule chains existed) still gets its
 * telemetry stored: the default root chain is used in memory until one is saved.
 */
export function withDefaultRoot(source: RuleChainSource): RuleChainSource {
  const fallback = new DefaultRootChainSource();
  return {
    async loadTenantChains(tenantId) {
      const chains = await source.loadTenantChains(tenantId);
      return chains.some((c) => c.root) ? chains : [...chains, ...(await fallback.loadTenantChains(tenantId))];
    },
  };
}

/**
 * Until the alarms helper registers `profile.TbDeviceProfileNode` in ACTION_NODES, the first node of
 * every default root chain would be unknown and no telemetry would be stored: this stand-in passes
 * messages on with Success. Never used once the real node is registered (the registry wins).
 */
const deviceProfilePassThrough: RuleNodeDefinition = {
  clazz: `${TB}profile.TbDeviceProfileNode`,
  type: 'ACTION',
  name: 'device profile',
  description: 'Process device messages based on device profile settings',
  details: 'Alarm rules are not available yet: messages pass through.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure', 'Alarm Created', 'Alarm Updated', 'Alarm Severity Updated', 'Alarm Cleared'],
  customRelations: false,
  defaultConfiguration: { persistAlarmRulesState: false, fetchAlarmRulesStateOnStart: false },
  configurationFields: [],
  create: () => ({ onMsg: (msg) => ({ relation: 'Success', msg }) }),
};

export function findNodeWithStandIns(clazz: string): RuleNodeDefinition | undefined {
  return findNodeDefinition(clazz) ?? (clazz === deviceProfilePassThrough.clazz ? deviceProfilePassThrough : undefined);
}
