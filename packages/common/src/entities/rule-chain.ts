import { Type, type Static } from 'typebox';
import { EntityRef } from '../api/entity-ref.ts';
import { Json, Nullable, NullableNumber } from '../api/schema.ts';

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
