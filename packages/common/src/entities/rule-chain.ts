import { Type, type Static } from 'typebox';
import { EntityRef } from '../api/entity-ref.ts';
import { Json, Nullable, NullableNumber, NullableString } from '../api/schema.ts';

/** ThingsBoard 3.2 RuleChain. */
export const RuleChainSchema = Type.Object({
  id: EntityRef('RULE_CHAIN'),
  createdTime: Type.Number(),
  additionalInfo: Json,
  tenantId: EntityRef('TENANT'),
  name: Type.String(),
  type: Type.String(),
  firstRuleNodeId: Nullable(EntityRef('RULE_NODE')),
  root: Type.Boolean(),
  debugMode: Type.Boolean(),
  configuration: Json,
});
export type RuleChain = Static<typeof RuleChainSchema>;

export const RuleNodeSchema = Type.Object({
  id: EntityRef('RULE_NODE'),
  createdTime: Type.Number(),
  ruleChainId: EntityRef('RULE_CHAIN'),
  type: Type.String(),
  name: Type.String(),
  debugMode: Type.Boolean(),
  configuration: Json,
  additionalInfo: Json,
});
export type RuleNode = Static<typeof RuleNodeSchema>;

/** RuleChainMetaData: connections by index into `nodes`. */
export const RuleChainMetadataSchema = Type.Object({
  ruleChainId: EntityRef('RULE_CHAIN'),
  firstNodeIndex: NullableNumber,
  nodes: Type.Array(RuleNodeSchema),
  connections: Type.Array(Type.Object({ fromIndex: Type.Integer(), toIndex: Type.Integer(), type: Type.String() })),
  ruleChainConnections: Type.Array(
    Type.Object({
      fromIndex: Type.Integer(),
      targetRuleChainId: EntityRef('RULE_CHAIN'),
      additionalInfo: Json,
      type: Type.String(),
    }),
  ),
});
export type RuleChainMetadata = Static<typeof RuleChainMetadataSchema>;

/**
 * GET/POST metadata: plus `targetRuleChainsMap`, the chains ruleChainConnections point to by id (a chain
 * that cannot be resolved is a stub holding its id).
 */
export const RuleChainMetadataWithTargetsSchema = Type.Object({
  ...RuleChainMetadataSchema.properties,
  targetRuleChainsMap: Type.Record(
    Type.String(),
    Type.Union([RuleChainSchema, Type.Object({ id: EntityRef('RULE_CHAIN') })]),
  ),
});

/** GET /api/ruleChains/export: the chains and their metadata, in the same order. */
export const RuleChainExportSchema = Type.Object({
  ruleChains: Type.Array(RuleChainSchema),
  metadata: Type.Array(RuleChainMetadataSchema),
});

/** POST /api/ruleChains/import: one line per imported chain. */
export const RuleChainImportResultSchema = Type.Object({
  ruleChainId: EntityRef('RULE_CHAIN'),
  ruleChainName: Type.String(),
  updated: Type.Boolean(),
  error: NullableString,
});

/** GET /api/components: a rule node type; the node definition (configuration form, defaults) is open JSON. */
export const ComponentDescriptorSchema = Type.Object({
  id: Type.Object({ id: Type.String() }),
  createdTime: Type.Number(),
  type: Type.String(),
  scope: Type.String(),
  name: Type.String(),
  clazz: Type.String(),
  configurationDescriptor: Json,
  actions: Json,
});

/** POST /api/ruleChain/testScript. */
export const TestScriptResultSchema = Type.Object({ error: Type.String(), output: Type.String() });
