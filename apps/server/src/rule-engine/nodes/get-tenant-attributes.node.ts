// metadata.TbGetTenantAttributeNode "tenant attributes": attributes of the chain's tenant.
import { entityAttrNode } from './data-entity-attr-node.ts';

export const getTenantAttributesNode = entityAttrNode({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetTenantAttributeNode',
  name: 'tenant attributes',
  description: 'Add Originators Tenant Attributes or Latest Telemetry into Message Metadata',
  details:
    'If Attributes enrichment configured, server scope attributes are added into Message metadata. If Latest ' +
    'Telemetry enrichment configured, latest telemetry added into metadata. To access those attributes in other ' +
    'nodes this template can be used <code>metadata.temperature</code>.',
  defaultConfiguration: { attrMapping: { temperature: 'tempo' }, telemetry: false },
  notFound: 'Tenant not found!',
  finder: (init) => async () => ({ entityType: 'TENANT', id: init.tenantId }),
});
