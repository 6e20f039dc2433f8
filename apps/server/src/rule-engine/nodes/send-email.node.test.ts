import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MailService, type MailMessage } from '../../modules/mail/mail.service.ts';
import type { MailSettings } from '../../modules/admin/default-settings.ts';
import type { AdminSettingsRepository } from '../../modules/admin/admin-settings.repository.ts';
import { sendEmailNode } from './send-email.node.ts';
import { msg, relations, startNode, testServices } from './node-test-kit.ts';

let t: TestApp;
const tenantId = randomUUID();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const email = {
  from: 'alerts@acme.io',
  to: 'ops@acme.io',
  cc: 'boss@acme.io',
  bcc: 'log@acme.io',
  subject: 'Hot',
  body: 'Temp 90',
};

describe('send email node', () => {
  it('sends with the system mail settings', async () => {
    const n = await startNode(sendEmailNode, testServices(t), tenantId);
    const m = msg({ type: 'SEND_EMAIL', data: email });
    const outs = await n.send(m);
    expect(relations(outs)).toEqual(['Success']);
    expect(outs[0]!.msg).toBe(m);
    expect(t.mail.sent.at(-1)).toMatchObject({
      to: 'ops@acme.io',
      cc: 'boss@acme.io',
      bcc: 'log@acme.io',
      subject: 'Hot',
      text: 'Temp 90',
    });
  });

  it("sends through the node's own SMTP server when configured", async () => {
    const sent: { settings: MailSettings; message: MailMessage }[] = [];
    const mail = new MailService({} as AdminSettingsRepository, {
      send: async (settings, message) => void sent.push({ settings, message }),
    });
    const n = await startNode(sendEmailNode, testServices(t, { mail }), tenantId, {
      ...sendEmailNode.defaultConfiguration,
      useSystemSmtpSettings: false,
      smtpHost: 'smtp.acme.io',
      smtpPort: 465,
      smtpProtocol: 'smtps',
      username: 'robot',
      password: 'pw',
    });
    await n.send(msg({ type: 'SEND_EMAIL', data: email }));
    expect(sent[0]?.settings).toMatchObject({
      smtpHost: 'smtp.acme.io',
      smtpPort: '465',
      smtpProtocol: 'smtps',
      username: 'robot',
      mailFrom: 'alerts@acme.io',
    });
    expect(sent[0]?.message).toMatchObject({ to: 'ops@acme.io', subject: 'Hot' });
  });

  it('fails other message types, missing recipients and delivery errors', async () => {
    const n = await startNode(sendEmailNode, testServices(t), tenantId);
    await expect(n.send(msg({ type: 'POST_TELEMETRY_REQUEST', data: email }))).rejects.toThrow(/expected 'SEND_EMAIL'/);
    await expect(n.send(msg({ type: 'SEND_EMAIL', data: { subject: 'x' } }))).rejects.toThrow(
      'Email recipient (to) is required',
    );
    t.mail.fail = 'connection refused';
    try {
      await expect(n.send(msg({ type: 'SEND_EMAIL', data: email }))).rejects.toThrow(
        'Unable to send mail: connection refused',
      );
    } finally {
      t.mail.fail = undefined;
    }
  });
});
