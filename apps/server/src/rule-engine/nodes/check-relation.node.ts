// filter.TbCheckRelationNode "check relation": True when the originator has the configured relation.
import type { EntityRef, RuleNodeDefinition } from '../rule-engine-types.ts';
import { entityExists, isUuid } from '../lookups/data-entity.lookup.ts';
import { anyRelation, relationExists } from '../lookups/data-relation.lookup.ts';
import { cfgBool, cfgString } from './data-node-helpers.ts';

const ENTITY_TYPES = ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'TENANT', 'CUSTOMER', 'USER', 'DASHBOARD'];

export const checkRelationNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.filter.TbCheckRelationNode',
  type: 'FILTER',
  name: 'check relation',
  description: 'Checks the relation from the selected entity to originator of the message by type and direction',
  details:
    'If incoming MessageType is expected - send Message via <b>True</b> chain, otherwise <b>False</b> chain is used.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['True', 'False'],
  customRelations: false,
  defaultConfiguration: {
    checkForSingleEntity: true,
    direction: 'FROM',
    entityType: null,
    entityId: null,
    relationType: 'Contains',
  },
  configurationFields: [
    {
      key: 'direction',
      label: 'Direction',
      kind: 'select',
      required: true,
      options: [
        { value: 'FROM', label: 'From' },
        { value: 'TO', label: 'To' },
      ],
      helpText: 'From: a relation from the entity to the originator; To: from the originator to the entity.',
    },
    { key: 'relationType', label: 'Relation type', kind: 'text', required: true },
    { key: 'checkForSingleEntity', label: 'Check relation to specific entity', kind: 'boolean' },
    {
      key: 'entityType',
      label: 'Type',
      kind: 'select',
      options: ENTITY_TYPES.map((t) => ({ value: t, label: t })),
      helpText: 'Only with "Check relation to specific entity".',
    },
    { key: 'entityId', label: 'Entity id', kind: 'text', helpText: 'Only with "Check relation to specific entity".' },
  ],
  create(init) {
    const c = init.configuration;
    const direction = cfgString(c, 'direction', 'FROM') === 'TO' ? 'TO' : 'FROM';
    const relationType = cfgString(c, 'relationType', 'Contains');
    if (!relationType) throw new Error('Relation type is not set!');
    const single = cfgBool(c, 'checkForSingleEntity', true);
    const entityType = cfgString(c, 'entityType');
    const entityId = cfgString(c, 'entityId');
    // Checked per message, so a half-configured node fails its messages rather than its chain.
    const target: EntityRef | null =
      single && entityType && isUuid(entityId) ? { entityType, id: entityId.toLowerCase() } : null;
    const { db } = init.services;
    return {
      async onMsg(msg) {
        let found: boolean;
        if (single) {
          if (!target) throw new Error('Entity should be specified!');
          // Another tenant's entity is never related, whatever the relation table says.
          const mine = await entityExists(db, init.tenantId, target);
          const [from, to] = direction === 'FROM' ? [target, msg.originator] : [msg.originator, target];
          found = mine && (await relationExists(db, from, to, relationType));
        } else {
          // FROM: some entity relates to the originator; TO: the originator relates to some entity.
          found = await anyRelation(db, msg.originator, direction === 'FROM' ? 'to' : 'from', relationType);
        }
        return { relation: found ? 'True' : 'False', msg };
      },
    };
  },
};
