// mail.TbSendEmailNode: sends the email a "to email" node built (msg type SEND_EMAIL, data
// {from,to,cc,bcc,subject,body}) with the system mail settings or the node's own SMTP server.
import type { MailSettings } from '../../modules/admin/default-settings.ts';
import type { MailMessage } from '../../modules/mail/mail.service.ts';
import type { RuleNodeDefinition } from '../rule-engine-types.ts';

/** MailMessage plus the fields nodemailer also understands (the SMTP transport passes them through). */
type EmailMessage = MailMessage & { from?: string; cc?: string; bcc?: string };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

function parseEmail(data: string): EmailMessage {
  let e: Record<string, unknown>;
  try {
    e = JSON.parse(data) as Record<string, unknown>;
  } catch {
    throw new Error('Message data is not a JSON email object');
  }
  if (!e || typeof e !== 'object') throw new Error('Message data is not a JSON email object');
  const to = text(e.to);
  if (!to) throw new Error('Email recipient (to) is required');
  const body = typeof e.body === 'string' ? e.body : '';
  const isHtml = e.html === true || e.isHtml === true;
  return {
    to,
    subject: typeof e.subject === 'string' ? e.subject : '',
    text: body,
    ...(isHtml ? { html: body } : {}),
    ...(text(e.from) ? { from: text(e.from) } : {}),
    ...(text(e.cc) ? { cc: text(e.cc) } : {}),
    ...(text(e.bcc) ? { bcc: text(e.bcc) } : {}),
  };
}

export const sendEmailNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.mail.TbSendEmailNode',
  type: 'EXTERNAL',
  name: 'send email',
  description: 'Sends email message via SMTP server.',
  details:
    'Expects messages with <b>SEND_EMAIL</b> type. Node works only with messages that where created using ' +
    '<code>to Email</code> transformation Node, please connect this Node with <code>to Email</code> Node using ' +
    '<code>Successful</code> chain.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: {
    useSystemSmtpSettings: true,
    smtpHost: 'localhost',
    smtpProtocol: 'smtp',
    smtpPort: 25,
    timeout: 10000,
    enableTls: false,
    tlsVersion: 'TLSv1.2',
    enableProxy: false,
  },
  configurationFields: [
    { key: 'useSystemSmtpSettings', label: 'Use system SMTP settings', kind: 'boolean' },
    {
      key: 'smtpProtocol',
      label: 'Protocol',
      kind: 'select',
      options: [
        { value: 'smtp', label: 'SMTP' },
        { value: 'smtps', label: 'SMTPS' },
      ],
    },
    { key: 'smtpHost', label: 'SMTP host', kind: 'text' },
    { key: 'smtpPort', label: 'SMTP port', kind: 'number', min: 1, max: 65535 },
    { key: 'timeout', label: 'Timeout ms', kind: 'number', min: 0 },
    { key: 'enableTls', label: 'Enable TLS', kind: 'boolean' },
    {
      key: 'tlsVersion',
      label: 'TLS version',
      kind: 'select',
      options: ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'].map((v) => ({ value: v, label: v })),
    },
    { key: 'username', label: 'Username', kind: 'text' },
    { key: 'password', label: 'Password', kind: 'text' },
    { key: 'enableProxy', label: 'Enable proxy', kind: 'boolean', helpText: 'Not supported: mail goes directly.' },
  ],
  create(init) {
    const c = init.configuration;
    const system = c.useSystemSmtpSettings !== false;
    if (!system && !text(c.smtpHost)) throw new Error('SMTP host is required when system SMTP settings are not used');
    const custom: Omit<MailSettings, 'mailFrom'> = {
      smtpProtocol: c.smtpProtocol === 'smtps' ? 'smtps' : 'smtp',
      smtpHost: String(c.smtpHost ?? 'localhost'),
      smtpPort: String(c.smtpPort ?? 25),
      timeout: String(c.timeout ?? 10000),
      enableTls: c.enableTls === true,
      username: String(c.username ?? ''),
      password: String(c.password ?? ''),
      tlsVersion: String(c.tlsVersion ?? 'TLSv1.2'),
      enableProxy: false,
    };
    return {
      async onMsg(msg) {
        if (msg.type !== 'SEND_EMAIL') {
          throw new Error(`Not expected message type '${msg.type}' for the send email node: expected 'SEND_EMAIL'`);
        }
        const email = parseEmail(msg.data);
        const mail = init.services.mail;
        if (system) {
          const settings = await mail.mailSettings();
          await mail.send(email, email.from ? { ...settings, mailFrom: email.from } : settings);
        } else {
          await mail.send(email, { ...custom, mailFrom: email.from ?? custom.username });
        }
        return { relation: 'Success', msg };
      },
    };
  },
};
