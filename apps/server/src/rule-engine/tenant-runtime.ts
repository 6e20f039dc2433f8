// A tenant's chains compiled for running: node instances and their outgoing connections by relation.
import type {
  EventSink,
  NodeOutput,
  RuleEngineServices,
  RuleNodeDefinition,
  RuleNodeInstance,
  RuntimeRuleChain,
} from './rule-engine-types.ts';
import { errorEvent, errorText, lifecycleEvent, recordSafe } from './engine-events.ts';

/** Where a connection leads: a node of the same chain, or the first node of another chain. */
export interface Target {
  node: NodeRuntime | null;
  chainId: string | null;
}

export interface NodeRuntime {
  id: string;
  name: string;
  type: string;
  debug: boolean;
  chain: ChainRuntime;
  instance: RuleNodeInstance | null;
  /** Why the node cannot run (unknown class, bad configuration): every message goes to Failure. */
  initError: string | null;
  byRelation: Map<string, Target[]>;
  connections: { type: string; target: Target }[];
  processed: number;
  errors: number;
  lastErrorEventTs: number;
}

export interface ChainRuntime {
  id: string;
  tenantId: string;
  name: string;
  root: boolean;
  debug: boolean;
  first: NodeRuntime | null;
  nodes: Map<string, NodeRuntime>;
}

export interface TenantRuntime {
  tenantId: string;
  chains: Map<string, ChainRuntime>;
  root: ChainRuntime | null;
  /** Loop protection: node executions one message may cause. */
  maxExecutions: number;
}

export interface BuildDeps {
  services: RuleEngineServices;
  events: EventSink;
  findNode(clazz: string): RuleNodeDefinition | undefined;
  emit(node: NodeRuntime, out: NodeOutput): void;
  now(): number;
}

function addConnection(from: NodeRuntime, type: string, target: Target): void {
  from.connections.push({ type, target });
  const list = from.byRelation.get(type);
  if (list) list.push(target);
  else from.byRelation.set(type, [target]);
}

async function createInstance(
  tenantId: string,
  chain: RuntimeRuleChain,
  n: NodeRuntime,
  cfg: Record<string, unknown>,
  d: BuildDeps,
) {
  const def = d.findNode(n.type);
  try {
    if (!def) throw new Error(`Unknown Rule Node class: ${n.type}`);
    n.instance = await def.create({
      tenantId,
      nodeId: n.id,
      ruleChainId: chain.id,
      name: n.name,
      configuration: cfg ?? {},
      services: d.services,
      emit: (out) => d.emit(n, out),
    });
    recordSafe(d.events, lifecycleEvent(tenantId, n.id, 'STARTED', d.now()));
  } catch (err) {
    n.instance = null;
    n.initError = errorText(err);
    recordSafe(d.events, lifecycleEvent(tenantId, n.id, 'STARTED', d.now(), n.initError));
    recordSafe(d.events, errorEvent(tenantId, 'RULE_NODE', n.id, 'init', n.initError, d.now()));
  }
}

export async function buildTenantRuntime(
  tenantId: string,
  chains: readonly RuntimeRuleChain[],
  maxExecutions: number,
  d: BuildDeps,
): Promise<TenantRuntime> {
  const rt: TenantRuntime = { tenantId, chains: new Map(), root: null, maxExecutions };
  const creations: Promise<void>[] = [];
  for (const c of chains) {
    const chain: ChainRuntime = {
      id: c.id,
      tenantId,
      name: c.name,
      root: c.root,
      // Not part of RuntimeRuleChain yet: a source may add it.
      debug: c.debugMode === true,
      first: null,
      nodes: new Map(),
    };
    for (const rn of c.nodes) {
      const n: NodeRuntime = {
        id: rn.id,
        name: rn.name,
        type: rn.type,
        debug: rn.debugMode,
        chain,
        instance: null,
        initError: null,
        byRelation: new Map(),
        connections: [],
        processed: 0,
        errors: 0,
        lastErrorEventTs: 0,
      };
      chain.nodes.set(n.id, n);
      creations.push(createInstance(tenantId, c, n, rn.configuration, d));
    }
    for (const conn of c.connections) {
      const from = chain.nodes.get(conn.fromId);
      const to = chain.nodes.get(conn.toId);
      if (from && to) addConnection(from, conn.type, { node: to, chainId: null });
    }
    for (const conn of c.chainConnections) {
      const from = chain.nodes.get(conn.fromId);
      if (from) addConnection(from, conn.type, { node: null, chainId: conn.targetRuleChainId });
    }
    chain.first = c.firstRuleNodeId ? (chain.nodes.get(c.firstRuleNodeId) ?? null) : null;
    rt.chains.set(chain.id, chain);
    if (c.root) rt.root = chain;
  }
  await Promise.all(creations);
  return rt;
}

export async function destroyTenantRuntime(rt: TenantRuntime, events: EventSink, now: () => number): Promise<void> {
  for (const chain of rt.chains.values()) {
    for (const n of chain.nodes.values()) {
      if (!n.instance) continue;
      try {
        await n.instance.destroy?.();
        recordSafe(events, lifecycleEvent(rt.tenantId, n.id, 'STOPPED', now()));
      } catch (err) {
        recordSafe(events, lifecycleEvent(rt.tenantId, n.id, 'STOPPED', now(), errorText(err)));
      }
    }
  }
}
