// mail.TbMsgToEmailNode "to email": builds a SEND_EMAIL message from `${metadataKey}` templates.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { cfgString, processPattern } from './data-node-helpers.ts';

export const SEND_EMAIL_TYPE = 'SEND_EMAIL';

const TEMPLATES = [
  'fromTemplate',
  'toTemplate',
  'ccTemplate',
  'bccTemplate',
  'subjectTemplate',
  'bodyTemplate',
] as const;

export const msgToEmailNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.mail.TbMsgToEmailNode',
  type: 'TRANSFORMATION',
  name: 'to email',
  description: 'Transforms message to email message',
  details:
    'Transforms message to email message by populating email fields using values derived from message metadata. ' +
    "Set 'SEND_EMAIL' output message type.",
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: {
    fromTemplate: 'info@testmail.org',
    toTemplate: '${userEmail}',
    subjectTemplate: 'Device ${deviceType} temperature high',
    bodyTemplate: 'Device ${deviceName} has high temperature ${temp}',
  },
  configurationFields: [
    {
      key: 'fromTemplate',
      label: 'From Template',
      kind: 'text',
      required: true,
      helpText: '${metadataKey} templates allowed.',
    },
    {
      key: 'toTemplate',
      label: 'To Template',
      kind: 'text',
      required: true,
      helpText: 'Comma separated address list.',
    },
    { key: 'ccTemplate', label: 'Cc Template', kind: 'text' },
    { key: 'bccTemplate', label: 'Bcc Template', kind: 'text' },
    { key: 'subjectTemplate', label: 'Subject Template', kind: 'text', required: true },
    { key: 'bodyTemplate', label: 'Body Template', kind: 'text', required: true },
  ],
  create(init) {
    const t = Object.fromEntries(TEMPLATES.map((k) => [k, cfgString(init.configuration, k)])) as Record<
      (typeof TEMPLATES)[number],
      string
    >;
    return {
      onMsg(msg) {
        const fill = (pattern: string) => (pattern ? processPattern(pattern, msg.metaData) : null);
        const email = {
          from: fill(t.fromTemplate),
          to: fill(t.toTemplate),
          cc: fill(t.ccTemplate),
          bcc: fill(t.bccTemplate),
          subject: fill(t.subjectTemplate),
          body: fill(t.bodyTemplate),
        };
        if (!email.to) throw new Error('Email destination can not be blank [to]');
        return {
          relation: 'Success',
          msg: { ...msg, type: SEND_EMAIL_TYPE, dataType: 'JSON', data: JSON.stringify(email) },
        };
      },
    };
  },
};
