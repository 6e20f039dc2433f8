import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@sapo/common';

export interface SecuritySettings {
  passwordPolicy: PasswordPolicy;
  /** Failed sign-ins allowed before the account locks; 0 = never lock. */
  maxFailedLoginAttempts: number;
  /**
   * Minutes a locked account stays locked (ours; ThingsBoard locks until an administrator acts). Never 0:
   * anyone who knows an address could otherwise lock its owner out for good, the system administrator too.
   */
  userLockoutDurationMinutes: number;
  userLockoutNotificationEmail: string | null;
  /** Hours an activation / reset link stays valid. */
  userActivationTokenTtl: number;
  passwordResetTokenTtl: number;
}

// Lockout is on by default (ThingsBoard ships it off): brute force is the classic way in.
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  passwordPolicy: { ...DEFAULT_PASSWORD_POLICY },
  maxFailedLoginAttempts: 5,
  userLockoutDurationMinutes: 15,
  userLockoutNotificationEmail: null,
  userActivationTokenTtl: 24,
  passwordResetTokenTtl: 24,
};

export interface GeneralSettings {
  baseUrl: string;
  prohibitDifferentUrl: boolean;
}

export interface MailSettings {
  mailFrom: string;
  smtpProtocol: 'smtp' | 'smtps';
  smtpHost: string;
  smtpPort: string;
  timeout: string;
  enableTls: boolean;
  username: string;
  password: string;
  tlsVersion: string;
  enableProxy: boolean;
}

export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  mailFrom: 'SAPO Dashboard <sysadmin@localhost.localdomain>',
  smtpProtocol: 'smtp',
  smtpHost: 'localhost',
  smtpPort: '25',
  timeout: '10000',
  enableTls: false,
  username: '',
  password: '',
  tlsVersion: 'TLSv1.2',
  enableProxy: false,
};

export function defaultGeneralSettings(port: number): GeneralSettings {
  return { baseUrl: `http://localhost:${port}`, prohibitDifferentUrl: false };
}
