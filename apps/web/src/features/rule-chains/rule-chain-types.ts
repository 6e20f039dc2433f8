import type { COMPONENT_TYPES, RuleNodeConfigField } from '@sapo/common';

export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** ThingsBoard wire shapes of rule chains (reference §2.1). */
export interface EntityId<T extends string = string> {
  entityType: T;
  id: string;
}

export interface RuleChain {
  id: EntityId<'RULE_CHAIN'>;
  createdTime: number;
  tenantId?: EntityId;
  name: string;
  firstRuleNodeId?: EntityId | null;
  root: boolean;
  debugMode: boolean;
  configuration?: unknown;
  additionalInfo?: { description?: string } | null;
}

export interface RuleNode {
  id?: EntityId<'RULE_NODE'>;
  createdTime?: number;
  ruleChainId?: EntityId<'RULE_CHAIN'>;
  /** Fully qualified class name. */
  type: string;
  name: string;
  debugMode: boolean;
  configuration: Record<string, unknown>;
  additionalInfo?: { layoutX?: number; layoutY?: number; description?: string; [key: string]: unknown } | null;
}

export interface NodeConnection {
  fromIndex: number;
  toIndex: number;
  type: string;
}

export interface RuleChainConnection {
  fromIndex: number;
  targetRuleChainId: EntityId;
  additionalInfo?: { layoutX?: number; layoutY?: number; ruleChainNodeId?: string; [key: string]: unknown } | null;
  type: string;
}

export interface RuleChainMetaData {
  ruleChainId?: EntityId<'RULE_CHAIN'>;
  firstNodeIndex: number | null;
  nodes: RuleNode[];
  connections: NodeConnection[] | null;
  ruleChainConnections: RuleChainConnection[] | null;
  /**
   * Resolved target chains by id (the server's answer only; ThingsBoard's UI names it
   * `targetRuleChainsMap`). An unresolved target is a stub holding only its id.
   */
  targetRuleChainsMap?: Record<string, { id?: EntityId; name?: string } | null>;
  targetRuleChains?: Record<string, { id?: EntityId; name?: string } | null>;
}

/** ThingsBoard's export file: `{ruleChain, metadata}`. */
export interface RuleChainExport {
  ruleChain: Partial<RuleChain> & { name: string };
  metadata: RuleChainMetaData;
}

export interface NodeDefinition {
  description: string;
  details: string;
  inEnabled: boolean;
  outEnabled: boolean;
  relationTypes: string[];
  customRelations: boolean;
  defaultConfiguration: Record<string, unknown>;
  configurationFields?: RuleNodeConfigField[];
  uiResourceLoadError?: string | null;
}

export interface ComponentDescriptor {
  id?: EntityId;
  type: ComponentType;
  scope?: string;
  name: string;
  clazz: string;
  configurationDescriptor?: { nodeDefinition?: NodeDefinition } | null;
}

export interface DebugEventBody {
  type: 'IN' | 'OUT';
  entityId?: string;
  entityName?: string;
  msgId?: string;
  msgType?: string;
  dataType?: string;
  relationType?: string;
  data?: string;
  metadata?: string;
  error?: string;
}

export interface DebugEvent {
  id: EntityId;
  createdTime: number;
  body: DebugEventBody;
}

export interface ScriptTestRequest {
  script: string;
  scriptType: string;
  argNames: string[];
  msgType: string;
  msg: string;
  metadata: Record<string, string>;
}

export interface ScriptTestResult {
  output: string;
  error: string;
}
