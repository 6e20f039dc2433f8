import { isValidEmail } from '@sapo/common';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { AdminSettingsRepository, AdminSettingsRow } from './admin-settings.repository.ts';
import {
  DEFAULT_SECURITY_SETTINGS,
  type GeneralSettings,
  type SecuritySettings,
  defaultGeneralSettings,
  DEFAULT_MAIL_SETTINGS,
} from './default-settings.ts';

const KNOWN_KEYS = ['general', 'mail', 'sms', 'securitySettings'];

const Int = (min: number, max: number) =>
  Type.Optional(Type.Union([Type.Integer({ minimum: min, maximum: max }), Type.Null()]));
export const SecuritySettingsSchema = Type.Object({
  passwordPolicy: Type.Object({
    minimumLength: Int(0, 72),
    maximumLength: Int(0, 72),
    minimumUppercaseLetters: Int(0, 72),
    minimumLowercaseLetters: Int(0, 72),
    minimumDigits: Int(0, 72),
    minimumSpecialCharacters: Int(0, 72),
    allowWhitespaces: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    passwordExpirationPeriodDays: Int(0, 36500),
    passwordReuseFrequencyDays: Int(0, 36500),
  }),
  maxFailedLoginAttempts: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1000 }), Type.Null()])),
  userLockoutDurationMinutes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1440 }), Type.Null()])),
  userLockoutNotificationEmail: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  userActivationTokenTtl: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 24 }), Type.Null()])),
  passwordResetTokenTtl: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 24 }), Type.Null()])),
});

/** Admin settings (`general`, `mail`, …) and security settings; SYS_ADMIN only. */
export class SettingsService {
  constructor(
    private readonly repo: AdminSettingsRepository,
    private readonly clock: Clock,
    private readonly port: number,
  ) {}

  private toWire(row: AdminSettingsRow) {
    const value = row.key === 'mail' ? { ...row.json_value, password: '' } : row.json_value;
    return { id: { id: row.id }, createdTime: row.created_time, key: row.key, jsonValue: value };
  }

  async get(caller: Caller, key: string) {
    requireAuthority(caller, 'SYS_ADMIN');
    const row = await this.repo.find(key);
    if (!row) throw notFound();
    return this.toWire(row);
  }

  async save(caller: Caller, key: string, jsonValue: unknown) {
    requireAuthority(caller, 'SYS_ADMIN');
    if (!KNOWN_KEYS.includes(key)) throw badRequest(`Unknown admin settings key '${key}'`);
    if (!jsonValue || typeof jsonValue !== 'object' || Array.isArray(jsonValue)) {
      throw badRequest('Admin settings jsonValue should be a JSON object!');
    }
    let value = jsonValue as Record<string, unknown>;
    if (key === 'securitySettings') {
      // Same rules as POST /api/admin/securitySettings: unchecked values here would break sign-in and lockout.
      await this.saveSecuritySettings(caller, value);
      return this.toWire((await this.repo.find(key))!);
    }
    if (key === 'general') {
      const baseUrl = value.baseUrl;
      if (typeof baseUrl !== 'string' || !/^https?:\/\/[^\s/]+/.test(baseUrl)) {
        throw badRequest("General settings 'baseUrl' should be an http(s) URL!");
      }
      value = { ...value, baseUrl: baseUrl.replace(/\/+$/, '') };
    }
    if (key === 'mail') {
      const current = await this.repo.find('mail');
      // The UI never receives the password back, so an empty one means "keep the stored one".
      if (!value.password && current?.json_value.password) value = { ...value, password: current.json_value.password };
    }
    return this.toWire(await this.repo.save(key, value, this.clock.now()));
  }

  async general(): Promise<GeneralSettings> {
    const row = await this.repo.find('general');
    return { ...defaultGeneralSettings(this.port), ...(row?.json_value as Partial<GeneralSettings> | undefined) };
  }

  async security(): Promise<SecuritySettings> {
    const row = await this.repo.find('securitySettings');
    const stored = (row?.json_value ?? {}) as Partial<SecuritySettings>;
    return {
      ...DEFAULT_SECURITY_SETTINGS,
      ...stored,
      passwordPolicy: { ...DEFAULT_SECURITY_SETTINGS.passwordPolicy, ...stored.passwordPolicy },
    };
  }

  async getSecuritySettings(caller: Caller): Promise<SecuritySettings> {
    requireAuthority(caller, 'SYS_ADMIN');
    return this.security();
  }

  async saveSecuritySettings(caller: Caller, input: unknown): Promise<SecuritySettings> {
    requireAuthority(caller, 'SYS_ADMIN');
    if (!Value.Check(SecuritySettingsSchema, input)) {
      const err = Value.Errors(SecuritySettingsSchema, input)[0];
      const missing = (err?.params as { requiredProperties?: string[] } | undefined)?.requiredProperties;
      const field = [err?.instancePath.replace(/^\//, '').replace(/\//g, '.'), missing?.[0]].filter(Boolean).join('.');
      throw badRequest(
        field
          ? `Invalid security settings: '${field}' ${missing ? 'is required' : (err?.message ?? 'is invalid')}`
          : 'Invalid security settings',
      );
    }
    const s = input as SecuritySettings;
    const p = s.passwordPolicy;
    if (p.minimumLength && p.maximumLength && p.minimumLength > p.maximumLength) {
      throw badRequest('Password policy minimumLength should not be greater than maximumLength!');
    }
    // Lockout notices go there: a typo would silently send them nowhere.
    const notify = s.userLockoutNotificationEmail?.trim() || null;
    if (notify && !isValidEmail(notify)) throw badRequest(`Invalid email address format '${notify}'!`);
    const merged: SecuritySettings = {
      ...DEFAULT_SECURITY_SETTINGS,
      ...Object.fromEntries(Object.entries(s).filter(([, v]) => v !== null && v !== undefined)),
      passwordPolicy: { ...p },
      userLockoutNotificationEmail: notify,
    } as SecuritySettings;
    await this.repo.save('securitySettings', merged, this.clock.now());
    return merged;
  }

  /** Writes defaults on first start so the admin screens have something to show. */
  async ensureDefaults(): Promise<void> {
    const now = this.clock.now();
    if (!(await this.repo.find('general'))) await this.repo.save('general', defaultGeneralSettings(this.port), now);
    if (!(await this.repo.find('mail'))) await this.repo.save('mail', DEFAULT_MAIL_SETTINGS, now);
    if (!(await this.repo.find('securitySettings')))
      await this.repo.save('securitySettings', DEFAULT_SECURITY_SETTINGS, now);
  }
}
