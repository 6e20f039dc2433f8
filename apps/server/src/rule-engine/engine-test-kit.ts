// Test helpers for the engine: an in-memory rule-chain source, fake node types, a recording event sink.
import { RuleEngine, type RuleEngineOptions } from './engine.ts';
import { newMsg } from './msg.ts';
import type {
  EntityRef,
  EventSink,
  NodeResult,
  RuleEngineServices,
  RuleEvent,
  RuleNodeDefinition,
  RuleNodeInit,
  RuleNodeInstance,
  RuntimeRuleChain,
  TbMsg,
} from './rule-engine-types.ts';

export const TENANT = '00000000-0000-4000-8000-000000000001';

export class MemorySource {
  chains: RuntimeRuleChain[] = [];
  loads = 0;
  async loadTenantChains(tenantId: string): Promise<RuntimeRuleChain[]> {
    this.loads++;
    return this.chains.filter((c) => c.tenantId === tenantId);
  }
}

export class RecordingSink implements EventSink {
  readonly events: RuleEvent[] = [];
  record(e: RuleEvent): void {
    this.events.push(e);
  }
  of(type: RuleEvent['eventType'], entityId?: string): RuleEvent[] {
    return this.events.filter((e) => e.eventType === type && (!entityId || e.entityId === entityId));
  }
}

/** A node type whose behaviour the test gives as a function. */
export function fakeNode(
  clazz: string,
  onMsg: (msg: TbMsg, init: RuleNodeInit) => Promise<NodeResult> | NodeResult,
  extra: Partial<RuleNodeInstance> & { create?: (init: RuleNodeInit) => void } = {},
): RuleNodeDefinition {
  return {
    clazz,
    type: 'ACTION',
    name: clazz,
    description: '',
    details: '',
    inEnabled: true,
    outEnabled: true,
    relationTypes: ['Success', 'Failure'],
    customRelations: true,
    defaultConfiguration: {},
    configurationFields: [],
    create(init) {
      extra.create?.(init);
      return { onMsg: (msg) => onMsg(msg, init), destroy: extra.destroy };
    },
  };
}

type NodeSpec = [id: string, type: string, opts?: { debug?: boolean; configuration?: Record<string, unknown> }];
type ConnSpec = [from: string, to: string, type: string];

export function chain(
  id: string,
  nodes: NodeSpec[],
  connections: ConnSpec[],
  opts: { root?: boolean; first?: string; chainConnections?: ConnSpec[]; debugMode?: boolean } = {},
): RuntimeRuleChain {
  return {
    id,
    tenantId: TENANT,
    name: `Chain ${id}`,
    root: opts.root ?? true,
    firstRuleNodeId: opts.first ?? nodes[0]?.[0] ?? null,
    nodes: nodes.map(([nid, type, o]) => ({
      id: nid,
      type,
      name: nid,
      debugMode: !!o?.debug,
      configuration: o?.configuration ?? {},
    })),
    connections: connections.map(([fromId, toId, type]) => ({ fromId, toId, type })),
    chainConnections: (opts.chainConnections ?? []).map(([fromId, targetRuleChainId, type]) => ({
      fromId,
      targetRuleChainId,
      type,
    })),
    ...(opts.debugMode ? { debugMode: true } : {}),
  } as RuntimeRuleChain;
}

export function makeEngine(defs: RuleNodeDefinition[], source: MemorySource, opts: Partial<RuleEngineOptions> = {}) {
  const events = new RecordingSink();
  const byClass = new Map(defs.map((d) => [d.clazz, d]));
  const engine = new RuleEngine({ source, events, findNode: (c) => byClass.get(c), ...opts });
  engine.services = { submit: (t: string, m: TbMsg) => engine.submit(t, m) } as unknown as RuleEngineServices;
  return { engine, events };
}

export const device = (id = 'd1'): EntityRef => ({ entityType: 'DEVICE', id });

export const msgOf = (data: unknown, originator = device(), type = 'POST_TELEMETRY_REQUEST') =>
  newMsg(type, originator, { deviceName: 'Dev' }, JSON.stringify(data));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
