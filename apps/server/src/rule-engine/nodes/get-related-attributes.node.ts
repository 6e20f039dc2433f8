// metadata.TbGetRelatedAttributeNode "related attributes": attributes of the first related entity.
import { findFirstRelated } from '../lookups/data-relation.lookup.ts';
import { entityAttrNode } from './data-entity-attr-node.ts';
import { DEFAULT_RELATIONS_QUERY, parseRelationsQuery } from './data-node-helpers.ts';
import { relationsQueryFields } from './data-relations-query-fields.ts';

export const getRelatedAttributesNode = entityAttrNode({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetRelatedAttributeNode',
  name: 'related attributes',
  description: 'Add Originators Related Entity Attributes or Latest Telemetry into Message Metadata',
  details:
    'Related Entity found using configured relation direction and Relation Type. If multiple Related Entities are ' +
    'found, only first Entity is used for attributes enrichment, other entities are discarded. If Attributes ' +
    'enrichment configured, server scope attributes are added into Message metadata. If Latest Telemetry ' +
    'enrichment configured, latest telemetry added into metadata. To access those attributes in other nodes this ' +
    'template can be used <code>metadata.temperature</code>.',
  defaultConfiguration: {
    relationsQuery: DEFAULT_RELATIONS_QUERY,
    attrMapping: { temperature: 'tempo' },
    telemetry: false,
  },
  extraFields: relationsQueryFields,
  notFound: 'Related entity not found!',
  finder: (init) => {
    const query = parseRelationsQuery(init.configuration.relationsQuery ?? DEFAULT_RELATIONS_QUERY);
    return (msg) => findFirstRelated(init.services.db, init.tenantId, msg.originator, query);
  },
});
