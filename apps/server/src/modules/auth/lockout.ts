import { Messages } from '@sapo/common';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomAlnum } from '../../lib/ids.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { SecuritySettings } from '../admin/default-settings.ts';
import type { SettingsService } from '../admin/settings.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { UserRow, UserRepository } from '../users/user.repository.ts';
import { auditActorOf } from '../users/user.mapper.ts';
import type { SessionRepository } from './session.repository.ts';

const MINUTE = 60_000;

/** When a lock that started at `lockedTime` ends, or null when the account is not locked at `now`. */
export function activeLockEnd(lockedTime: number | null, security: SecuritySettings, now: number): number | null {
  if (lockedTime === null) return null;
  const end = lockedTime + security.userLockoutDurationMinutes * MINUTE;
  return now < end ? end : null;
}

export interface FailureContext {
  /** Audit action of the failed attempt: a sign-in, or a password change with a wrong current password. */
  action: 'LOGIN' | 'CREDENTIALS_UPDATED';
  failure: string;
  clientAddress?: string;
  /**
   * End the user's sessions when the account locks. Not for sign-in: the guesser has no session, and ending
   * the owner's would let anyone who knows an address sign the administrator out every few minutes. A
   * change-password guesser holds one of the sessions, so those end.
   */
  endSessions: boolean;
}

/**
 * Brute-force lockout shared by sign-in and password change (reference §2.4, with an expiry): failures are
 * counted per account; passing `maxFailedLoginAttempts` locks it for `userLockoutDurationMinutes`, mails
 * the owner a reset link (which unlocks at once) and, when set, `userLockoutNotificationEmail`.
 */
export class LockoutService {
  constructor(
    private readonly db: Db,
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly settings: SettingsService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Whether the account is locked now. */
  async isLocked(lockedTime: number | null): Promise<boolean> {
    if (lockedTime === null) return false;
    return activeLockEnd(lockedTime, await this.settings.security(), this.clock.now()) !== null;
  }

  /** Audits an attempt on a locked account; the caller answers it like any wrong password. */
  async refused(user: UserRow, clientAddress: string): Promise<void> {
    await this.audit.log({
      actor: auditActorOf(user),
      entityType: 'USER',
      entityId: user.id,
      entityName: user.email,
      action: 'LOGIN',
      data: { clientAddress },
      failure: Messages.locked,
    });
  }

  /** Counts one wrong password; locks the account when it passes the limit. True when this failure locked it. */
  async recordFailure(user: UserRow, ctx: FailureContext): Promise<boolean> {
    const security = await this.settings.security();
    const now = this.clock.now();
    const resetToken = randomAlnum(30);
    const durationMs = security.userLockoutDurationMinutes * MINUTE;
    // Decide inside, act outside: nothing thrown here, so the count and the lock always commit.
    const attempts = await this.db.tx(async (q) => {
      const n = await this.users.recordFailedLogin(q, user.id, now - durationMs);
      await this.audit.log(
        {
          actor: auditActorOf(user),
          entityType: 'USER',
          entityId: user.id,
          entityName: user.email,
          action: ctx.action,
          data: ctx.clientAddress ? { clientAddress: ctx.clientAddress } : null,
          failure: ctx.failure,
        },
        q,
      );
      const max = security.maxFailedLoginAttempts;
      // A disabled account is refused anyway; locking it would only mail a link that cannot work.
      if (!(max > 0 && n > max && user.enabled)) return 0;
      const lockedHere = await this.users.lock(q, user.id, now); // false: locked already, or concurrently
      // Also when an earlier failure locked it: a session guessing during a lock gets no second guess.
      if (ctx.endSessions) await this.sessions.revokeAllForUser(q, user.id, now, 'locked');
      if (!lockedHere) return 0;
      await this.users.setResetToken(q, user.id, resetToken, now);
      await this.audit.log(
        {
          actor: auditActorOf(user),
          entityType: 'USER',
          entityId: user.id,
          entityName: user.email,
          action: 'LOCKOUT',
          data: { failedLoginAttempts: n, lockedUntil: now + durationMs },
        },
        q,
      );
      return n;
    });
    if (attempts === 0) return false;
    // Not awaited: the answer must neither wait for SMTP nor take longer than any other wrong password.
    void this.notify(user, attempts, security, resetToken);
    return true;
  }

  private async notify(user: UserRow, attempts: number, security: SecuritySettings, resetToken: string) {
    try {
      const { baseUrl } = await this.settings.general();
      const link = `${baseUrl}/api/noauth/resetPassword?resetToken=${resetToken}`;
      const minutes = security.userLockoutDurationMinutes;
      await this.mail
        .send({
          to: user.email,
          subject: 'Your SAPO Dashboard account is locked',
          text:
            `Your SAPO Dashboard account was locked after ${attempts} failed attempts to use its password. ` +
            `It unlocks by itself in ${minutes} minutes. To get in now, set a new password: ${link}\n` +
            'If these attempts were not yours, someone may be guessing your password: choose a strong new one.',
          html:
            `<p>Your SAPO Dashboard account was locked after ${attempts} failed attempts to use its password.</p>` +
            `<p>It unlocks by itself in ${minutes} minutes. To get in now, <a href="${link}">set a new password</a>.</p>` +
            '<p>If these attempts were not yours, someone may be guessing your password: choose a strong new one.</p>',
        })
        .catch(() => {});
      if (security.userLockoutNotificationEmail) {
        await this.mail
          .send({
            to: security.userLockoutNotificationEmail,
            subject: 'SAPO Dashboard: a user account was locked',
            text:
              `The account ${user.email} was locked after ${attempts} failed attempts to use its password. ` +
              `It unlocks by itself in ${minutes} minutes; an administrator can unlock it sooner.`,
          })
          .catch(() => {});
      }
    } catch {
      // The lock stands whatever happens to the mail (it may also outlive a closing app in tests).
    }
  }
}
