// metadata.TbGetOriginatorFieldsNode "originator fields": entity fields (name, type, label…) into metadata.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { findEntityRow, type EntityRow } from '../lookups/data-entity.lookup.ts';
import { cfgStringMap } from './data-node-helpers.ts';

/** Field names of the settings form and the columns they read (`name` is the type's display column). */
const FIELD_COLUMNS: Record<string, string> = {
  id: 'id',
  createdTime: 'created_time',
  type: 'type',
  label: 'label',
  title: 'title',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  country: 'country',
  state: 'state',
  city: 'city',
  address: 'address',
  address2: 'address2',
  zip: 'zip',
  phone: 'phone',
  additionalInfo: 'additional_info',
};

function fieldValue(row: EntityRow, field: string): string | undefined {
  if (field === 'name') return row.name;
  const column = FIELD_COLUMNS[field];
  const v = column ? row.columns[column] : undefined;
  if (v === undefined || v === null || v === '') return undefined;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export const getOriginatorFieldsNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetOriginatorFieldsNode',
  type: 'ENRICHMENT',
  name: 'originator fields',
  description: 'Add Message Originator fields values into Message Metadata',
  details:
    'Will fetch fields values specified in mapping. If specified field is not part of originator fields it will be ignored.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { fieldsMapping: { name: 'originatorName', type: 'originatorType' } },
  configurationFields: [
    {
      key: 'fieldsMapping',
      label: 'Fields mapping',
      kind: 'keyValue',
      required: true,
      helpText: `Source field (name, ${Object.keys(FIELD_COLUMNS).join(', ')}) → target metadata key.`,
    },
  ],
  create(init) {
    const mapping = Object.entries(cfgStringMap(init.configuration, 'fieldsMapping'));
    const { db } = init.services;
    return {
      async onMsg(msg) {
        if (!mapping.length) return { relation: 'Success', msg };
        const row = await findEntityRow(db, init.tenantId, msg.originator);
        if (!row) return { relation: 'Success', msg };
        const metaData = { ...msg.metaData };
        for (const [field, target] of mapping) {
          const v = fieldValue(row, field);
          if (v !== undefined && target) metaData[target] = v;
        }
        return { relation: 'Success', msg: { ...msg, metaData } };
      },
    };
  },
};
