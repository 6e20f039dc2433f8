// Settings-form fields of a `relationsQuery` (related attributes, change originator).
import type { RuleNodeConfigField } from '@sapo/common';

export const relationsQueryFields: readonly RuleNodeConfigField[] = [
  {
    key: 'relationsQuery.direction',
    label: 'Direction',
    kind: 'select',
    options: [
      { value: 'FROM', label: 'From originator' },
      { value: 'TO', label: 'To originator' },
    ],
  },
  { key: 'relationsQuery.maxLevel', label: 'Max relation level', kind: 'number', min: 1 },
  { key: 'relationsQuery.fetchLastLevelOnly', label: 'Fetch last level relation only', kind: 'boolean' },
  {
    key: 'relationsQuery.filters',
    label: 'Relation filters',
    kind: 'json',
    helpText: 'e.g. [{"relationType":"Contains","entityTypes":["DEVICE"]}]; an empty list matches every relation.',
  },
];
