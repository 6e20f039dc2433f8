// The contract between the rule engine, its nodes, the rule-chain storage and the transports
// (reference §9, spec 1-client §3.8). Shapes follow ThingsBoard 3.2 where they reach the wire.
import type { Alarm, AlarmSeverity, RuleNodeConfigField } from '@sapo/common';
import type { Db } from '../db/database.ts';
import type { Logger } from '../lib/logger.ts';
import type { MailService } from '../modules/mail/mail.service.ts';
import type { RpcService } from '../modules/rpc/rpc.service.ts';
import type { AttributeStore } from '../modules/telemetry/attribute-store.ts';
import type { TelemetryStore } from '../modules/telemetry/telemetry-store.ts';

export type ComponentType = 'FILTER' | 'ENRICHMENT' | 'TRANSFORMATION' | 'ACTION' | 'EXTERNAL';
export type RuleNodeKind = ComponentType | 'RULE_CHAIN' | 'UNKNOWN' | 'INPUT';

export interface EntityRef {
  entityType: string;
  id: string;
}

/** ThingsBoard's TbMsg. `data` is a JSON string for JSON messages; metadata values are strings. */
export interface TbMsg {
  id: string;
  ts: number;
  type: string;
  originator: EntityRef;
  /** The originator's customer when known (null id otherwise). */
  customerId?: string;
  metaData: Record<string, string>;
  dataType: 'JSON' | 'TEXT' | 'BINARY';
  data: string;
  ruleChainId?: string;
  ruleNodeId?: string;
}

/** Where a node sends a message: one relation type or several (a message goes down every matching connection). */
export interface NodeOutput {
  relation: string | readonly string[];
  msg: TbMsg;
}
/** `null` = the node consumed the message (e.g. delay node will emit later); an array fans out. */
export type NodeResult = NodeOutput | readonly NodeOutput[] | null;

/** Everything a node may use. Trusted services: nodes act for the tenant that owns the chain. */
export interface RuleNodeInit {
  tenantId: string;
  nodeId: string;
  ruleChainId: string;
  name: string;
  configuration: Record<string, unknown>;
  services: RuleEngineServices;
  /**
   * For nodes that produce messages on their own (generator, delay): hands a message to the
   * connections of this node as if `onMsg` had returned it.
   */
  emit(out: NodeOutput): void;
}

export interface RuleNodeInstance {
  /** A thrown error sends the message to `Failure` with the error text in metadata `error`. */
  onMsg(msg: TbMsg): Promise<NodeResult> | NodeResult;
  /** Called when the chain is reloaded or the tenant unloaded: clear timers, close connections. */
  destroy?(): void | Promise<void>;
}

/** A node type: the component descriptor of `/api/components` plus its factory. */
export interface RuleNodeDefinition {
  /** Fully qualified ThingsBoard class name, e.g. `org.thingsboard.rule.engine.filter.TbJsFilterNode`. */
  clazz: string;
  type: ComponentType;
  /** UI name, e.g. 'script', 'message type switch' (reference §9). */
  name: string;
  description: string;
  details: string;
  inEnabled: boolean;
  outEnabled: boolean;
  relationTypes: readonly string[];
  /** True when a connection may carry any label (switch nodes). */
  customRelations: boolean;
  defaultConfiguration: Record<string, unknown>;
  /** Fields the settings form edits; the web renders them (see `RuleNodeConfigField`). */
  configurationFields: readonly RuleNodeConfigField[];
  /** Throws an Error with a person-readable message when the configuration cannot work. */
  create(init: RuleNodeInit): RuleNodeInstance | Promise<RuleNodeInstance>;
}

/** A rule chain as the engine runs it (loaded from storage by id). */
export interface RuntimeRuleNode {
  id: string;
  type: string;
  name: string;
  debugMode: boolean;
  configuration: Record<string, unknown>;
}
export interface RuntimeRuleChain {
  id: string;
  tenantId: string;
  name: string;
  root: boolean;
  /** Chain-level debug: DEBUG_RULE_CHAIN events for messages entering the chain. */
  debugMode?: boolean;
  firstRuleNodeId: string | null;
  nodes: RuntimeRuleNode[];
  /** Node-to-node connections. */
  connections: { fromId: string; toId: string; type: string }[];
  /** Node-to-chain connections ('rule chain' nodes in the editor). */
  chainConnections: { fromId: string; targetRuleChainId: string; type: string }[];
}

/** Storage the engine reads chains from (implemented by the rule-chains module). */
export interface RuleChainSource {
  /** All chains of the tenant with their nodes and connections. */
  loadTenantChains(tenantId: string): Promise<RuntimeRuleChain[]>;
}

/** Debug and lifecycle events (spec 1-client §3.8); written in batches, pruned by a retention limit. */
export type EventType = 'ERROR' | 'LC_EVENT' | 'STATS' | 'DEBUG_RULE_NODE' | 'DEBUG_RULE_CHAIN';
export interface RuleEvent {
  tenantId: string;
  entityType: 'RULE_NODE' | 'RULE_CHAIN';
  entityId: string;
  eventType: EventType;
  /** ThingsBoard's event body, e.g. DEBUG_RULE_NODE `{type:'IN'|'OUT', server, entityId, entityName, msgId, msgType, dataType, relationType, data, metadata, error}`. */
  body: Record<string, unknown>;
  ts: number;
}
export interface EventSink {
  record(event: RuleEvent): void;
}

/** A compiled user script (reference §9 signatures). */
export type ScriptKind =
  /** filter: `return boolean` (args msg, metadata, msgType) */
  | 'filter'
  /** switch: returns a relation name or an array of them */
  | 'switch'
  /** transform/generator: returns `{msg, metadata, msgType}` (any part optional) */
  | 'update'
  /** alarm details: returns an object */
  | 'json'
  /** log: returns a string */
  | 'string';

export interface ScriptRunner {
  /**
   * Runs `script` (a function body with arguments `msg, metadata, msgType`) for `tenantId`.
   * Compiled once and cached; rejects with an Error whose message a person can read
   * (syntax error, time or memory limit, script disabled after repeated failures).
   * `ownerId` (the rule node's id) keys the blacklist, so editing the text of a failing script does
   * not clear it.
   */
  run(
    tenantId: string,
    script: string,
    msg: unknown,
    metadata: Record<string, string>,
    msgType: string,
    ownerId?: string,
  ): Promise<unknown>;
}

/** What alarm nodes and the device-profile node need (implemented by the alarms module; trusted). */
export interface AlarmOps {
  /**
   * Creates an alarm, or updates the active (uncleared) alarm of the same type and originator:
   * severity, endTs, details, propagation (ThingsBoard's createOrUpdateAlarm).
   */
  createOrUpdate(input: {
    tenantId: string;
    originator: EntityRef;
    type: string;
    severity: AlarmSeverity;
    details?: unknown;
    propagate?: boolean;
    propagateRelationTypes?: string[] | null;
    startTs?: number;
    endTs?: number;
  }): Promise<{ alarm: Alarm; created: boolean; severityChanged: boolean }>;
  /** The active (uncleared) alarm of this type for the originator, or null. */
  findActive(tenantId: string, originator: EntityRef, type: string): Promise<Alarm | null>;
  /** Clears the active alarm of this type; null when there was none. `details` replaces them when given. */
  clearActive(
    tenantId: string,
    originator: EntityRef,
    type: string,
    details?: unknown,
    clearTs?: number,
  ): Promise<Alarm | null>;
}

/** The trusted services nodes use; constructed in `services.ts`. */
export interface RuleEngineServices {
  db: Db;
  logger: Logger;
  clock: { now(): number };
  scripts: ScriptRunner;
  telemetry: TelemetryStore;
  attributeStore: AttributeStore;
  alarms: AlarmOps;
  mail: MailService;
  rpc: RpcService;
  /** Replies to a device's own RPC request (`TO_SERVER_RPC_REQUEST`, metadata `requestId`). */
  replyToDeviceRpc(deviceId: string, requestId: number, body: string): void;
  /** Sends a message to the tenant's engine as a new message (generator, node-made messages). */
  submit(tenantId: string, msg: TbMsg): Promise<void>;
  /** REST API call node may reach private and loopback addresses (config `RULE_REST_ALLOW_PRIVATE`). */
  restAllowPrivateNetworks: boolean;
}
