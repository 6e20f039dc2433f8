// metadata.TbGetCustomerAttributeNode "customer attributes": attributes of the originator's customer.
import { NULL_UUID } from '@sapo/common';
import { findCustomerOf } from '../lookups/data-entity.lookup.ts';
import { entityAttrNode } from './data-entity-attr-node.ts';

export const getCustomerAttributesNode = entityAttrNode({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetCustomerAttributeNode',
  name: 'customer attributes',
  description: 'Add Originators Customer Attributes or Latest Telemetry into Message Metadata',
  details:
    'If Attributes enrichment configured, server scope attributes are added into Message metadata. If Latest ' +
    'Telemetry enrichment configured, latest telemetry added into metadata. To access those attributes in other ' +
    'nodes this template can be used <code>metadata.temperature</code>.',
  defaultConfiguration: { attrMapping: { alarmThreshold: 'threshold' }, telemetry: false },
  notFound: 'Customer not found for the message originator!',
  finder: (init) => async (msg) => {
    const id = await findCustomerOf(init.services.db, init.tenantId, msg.originator);
    return id && id !== NULL_UUID ? { entityType: 'CUSTOMER', id } : null;
  },
});
