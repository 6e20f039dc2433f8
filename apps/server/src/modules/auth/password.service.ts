import bcrypt from 'bcryptjs';
import { checkPasswordPolicy } from '@sapo/common';
import { badRequest } from '../../lib/app-error.ts';
import type { SettingsService } from '../admin/settings.service.ts';
import type { CredentialsRow } from '../users/user.repository.ts';

const DAY_MS = 86_400_000;
const HISTORY_LIMIT = 20;

/** Hashing and the password policy of the security settings. */
export class PasswordService {
  constructor(
    private readonly settings: SettingsService,
    private readonly rounds: number,
  ) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.rounds);
  }

  private dummyHash: string | undefined;

  verify(password: string, hash: string | null): Promise<boolean> {
    // Compare against a dummy hash when there is none, so timing doesn't reveal which accounts exist.
    this.dummyHash ??= bcrypt.hashSync('no such user', this.rounds);
    return bcrypt.compare(password, hash ?? this.dummyHash);
  }

  /** Validates a new password; returns the hash and the updated history. */
  async prepare(password: string, creds: CredentialsRow | undefined, now: number) {
    const { passwordPolicy } = await this.settings.security();
    const errors = checkPasswordPolicy(password, passwordPolicy);
    if (errors.length) throw badRequest(errors.join('\n'));
    const history = creds?.password_history ?? [];
    const reuseDays = passwordPolicy.passwordReuseFrequencyDays ?? 0;
    if (reuseDays > 0) {
      const since = now - reuseDays * DAY_MS;
      const recent = [...history.filter((h) => h.time >= since).map((h) => h.hash)];
      if (creds?.password) recent.push(creds.password);
      for (const old of recent) {
        if (await bcrypt.compare(password, old))
          throw badRequest(`Password was already used for the last ${reuseDays} days`);
      }
    }
    const hash = await this.hash(password);
    const nextHistory = creds?.password
      ? [...history, { hash: creds.password, time: now }].slice(-HISTORY_LIMIT)
      : history;
    return { hash, history: nextHistory };
  }

  async isExpired(creds: CredentialsRow, now: number): Promise<boolean> {
    const days = (await this.settings.security()).passwordPolicy.passwordExpirationPeriodDays ?? 0;
    return days > 0 && creds.password_changed_time !== null && now - creds.password_changed_time > days * DAY_MS;
  }
}
