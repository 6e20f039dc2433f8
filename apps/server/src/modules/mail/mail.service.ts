import nodemailer from 'nodemailer';
import { invalidArgs } from '../../lib/app-error.ts';
import type { AdminSettingsRepository } from '../admin/admin-settings.repository.ts';
import { DEFAULT_MAIL_SETTINGS, type MailSettings } from '../admin/default-settings.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Delivers one message with the given settings; tests swap in a recorder. */
export interface MailTransport {
  send(settings: MailSettings, message: MailMessage): Promise<void>;
}

export const smtpTransport: MailTransport = {
  async send(settings, message) {
    const port = Number(settings.smtpPort);
    const timeout = Number(settings.timeout) || 10000;
    const transport = nodemailer.createTransport({
      host: settings.smtpHost,
      port,
      secure: settings.smtpProtocol === 'smtps',
      requireTLS: settings.enableTls,
      auth: settings.username ? { user: settings.username, pass: settings.password } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    try {
      await transport.sendMail({ from: settings.mailFrom, ...message });
    } finally {
      transport.close();
    }
  },
};

/** Sends mail with the administrator's mail settings; any failure is one clear error. */
export class MailService {
  constructor(
    private readonly settings: AdminSettingsRepository,
    private readonly transport: MailTransport,
  ) {}

  async mailSettings(): Promise<MailSettings> {
    const row = await this.settings.find('mail');
    return { ...DEFAULT_MAIL_SETTINGS, ...(row?.json_value as Partial<MailSettings> | undefined) };
  }

  async send(message: MailMessage, settings?: MailSettings): Promise<void> {
    try {
      await this.transport.send(settings ?? (await this.mailSettings()), message);
    } catch (err) {
      // Misconfigured mail is something the administrator fixes, not a server fault: 400, not 500.
      throw invalidArgs(`Unable to send mail: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
