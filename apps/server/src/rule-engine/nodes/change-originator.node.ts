// transform.TbChangeOriginatorNode "change originator": the message continues as sent by the
// originator's customer, the tenant, a related entity or an alarm's originator.
import { NULL_UUID } from '@sapo/common';
import type { EntityRef, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { findAlarmOriginator, findCustomerOf } from '../lookups/data-entity.lookup.ts';
import { findFirstRelated } from '../lookups/data-relation.lookup.ts';
import { cfgString, DEFAULT_RELATIONS_QUERY, parseRelationsQuery } from './data-node-helpers.ts';
import { relationsQueryFields } from './data-relations-query-fields.ts';

const SOURCES = ['CUSTOMER', 'TENANT', 'RELATED', 'ALARM_ORIGINATOR'] as const;

export const changeOriginatorNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.transform.TbChangeOriginatorNode',
  type: 'TRANSFORMATION',
  name: 'change originator',
  description: 'Change Message Originator To Tenant/Customer/Related Entity/Alarm Originator',
  details:
    'Related Entity found using configured relation direction and Relation Type. If multiple Related Entities are ' +
    'found, only first Entity is used as new Originator, other entities are discarded.<br/>Alarm Originator found ' +
    'only in case original Originator is <code>Alarm</code> entity.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { originatorSource: 'CUSTOMER', relationsQuery: DEFAULT_RELATIONS_QUERY },
  configurationFields: [
    {
      key: 'originatorSource',
      label: 'Originator source',
      kind: 'select',
      required: true,
      options: [
        { value: 'CUSTOMER', label: 'Customer' },
        { value: 'TENANT', label: 'Tenant' },
        { value: 'RELATED', label: 'Related' },
        { value: 'ALARM_ORIGINATOR', label: 'Alarm Originator' },
      ],
    },
    ...relationsQueryFields.map((f) => ({
      ...f,
      helpText: `${f.helpText ? `${f.helpText} ` : ''}Source "Related" only.`,
    })),
  ],
  create(init) {
    const source = cfgString(init.configuration, 'originatorSource', 'CUSTOMER');
    if (!(SOURCES as readonly string[]).includes(source)) throw new Error(`Unsupported originator source: ${source}`);
    const query =
      source === 'RELATED' ? parseRelationsQuery(init.configuration.relationsQuery ?? DEFAULT_RELATIONS_QUERY) : null;
    const { db } = init.services;

    const newOriginator = async (msg: TbMsg): Promise<EntityRef | null> => {
      switch (source) {
        case 'TENANT':
          return { entityType: 'TENANT', id: init.tenantId };
        case 'CUSTOMER': {
          const id = await findCustomerOf(db, init.tenantId, msg.originator);
          return id && id !== NULL_UUID ? { entityType: 'CUSTOMER', id } : null;
        }
        case 'RELATED':
          return findFirstRelated(db, init.tenantId, msg.originator, query!);
        default:
          return msg.originator.entityType === 'ALARM'
            ? findAlarmOriginator(db, init.tenantId, msg.originator.id)
            : null;
      }
    };

    return {
      async onMsg(msg) {
        const originator = await newOriginator(msg);
        // ThingsBoard sends the unchanged message to Failure when there is no new originator.
        if (!originator) return { relation: 'Failure', msg };
        const customerId = originator.entityType === 'CUSTOMER' ? originator.id : msg.customerId;
        return { relation: 'Success', msg: { ...msg, originator, customerId } };
      },
    };
  },
};
