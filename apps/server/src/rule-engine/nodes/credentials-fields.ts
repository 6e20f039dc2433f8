import type { RuleNodeConfigField } from '@sapo/common';

/** Anonymous or basic credentials of the external nodes (REST API call, MQTT). */
export const CREDENTIALS_FIELDS: readonly RuleNodeConfigField[] = [
  {
    key: 'credentials.type',
    label: 'Credentials type',
    kind: 'select',
    options: [
      { value: 'anonymous', label: 'Anonymous' },
      { value: 'basic', label: 'Basic' },
    ],
  },
  { key: 'credentials.username', label: 'Username', kind: 'text' },
  { key: 'credentials.password', label: 'Password', kind: 'text' },
];
