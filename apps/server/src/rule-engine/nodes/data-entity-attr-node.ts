// The shape shared by the customer, tenant and related attributes nodes (ThingsBoard's TbEntityGetAttrNode):
// find one entity for the message, then copy its server attributes or latest telemetry into metadata
// under the mapped names.
import type { RuleNodeConfigField } from '@sapo/common';
import type { EntityRef, RuleNodeDefinition, RuleNodeInit, TbMsg } from '../rule-engine-types.ts';
import { cfgBool, cfgStringMap, failureOut, kvToString, processPattern } from './data-node-helpers.ts';

export interface EntityAttrNodeSpec {
  clazz: string;
  name: string;
  description: string;
  details: string;
  defaultConfiguration: Record<string, unknown>;
  /** Fields before the mapping (e.g. the relations query). */
  extraFields?: readonly RuleNodeConfigField[];
  /** Reads the node's own settings once; returns the per-message entity finder. */
  finder(init: RuleNodeInit): (msg: TbMsg) => Promise<EntityRef | null>;
  notFound: string;
}

export function entityAttrNode(spec: EntityAttrNodeSpec): RuleNodeDefinition {
  return {
    clazz: spec.clazz,
    type: 'ENRICHMENT',
    name: spec.name,
    description: spec.description,
    details: spec.details,
    inEnabled: true,
    outEnabled: true,
    relationTypes: ['Success', 'Failure'],
    customRelations: false,
    defaultConfiguration: spec.defaultConfiguration,
    configurationFields: [
      ...(spec.extraFields ?? []),
      {
        key: 'attrMapping',
        label: 'Attributes mapping',
        kind: 'keyValue',
        required: true,
        helpText: 'Source attribute → target metadata key; ${metadataKey} templates allowed.',
      },
      {
        key: 'telemetry',
        label: 'Latest telemetry',
        kind: 'boolean',
        helpText: 'Read latest telemetry instead of server attributes.',
      },
    ],
    create(init) {
      const mapping = Object.entries(cfgStringMap(init.configuration, 'attrMapping'));
      const useTelemetry = cfgBool(init.configuration, 'telemetry');
      const find = spec.finder(init);
      const { attributeStore, telemetry } = init.services;
      return {
        async onMsg(msg) {
          const entity = await find(msg);
          if (!entity) return failureOut(msg, spec.notFound);
          if (!mapping.length) return { relation: 'Success', msg };
          const pairs = mapping.map(([src, dst]) => [
            processPattern(src, msg.metaData),
            processPattern(dst, msg.metaData),
          ]);
          const keys = [...new Set(pairs.map(([src]) => src!))];
          const entries = useTelemetry
            ? await telemetry.latest(entity.id, keys)
            : await attributeStore.find(entity.id, 'SERVER_SCOPE', keys);
          const values = new Map(entries.map((e) => [e.key, kvToString(e.type, e.value)]));
          const metaData = { ...msg.metaData };
          for (const [src, dst] of pairs) {
            const v = values.get(src!);
            if (v !== undefined && dst) metaData[dst] = v;
          }
          return { relation: 'Success', msg: { ...msg, metaData } };
        },
      };
    },
  };
}
