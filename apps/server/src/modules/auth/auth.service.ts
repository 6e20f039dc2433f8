import { ErrorCode, Messages, NULL_UUID } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId, randomAlnum } from '../../lib/ids.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/app-error.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { SettingsService } from '../admin/settings.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import { type UserRow, type UserRepository, nullToUuid } from '../users/user.repository.ts';
import { auditActorOf } from '../users/user.mapper.ts';
import type { Caller } from './caller.ts';
import type { LockoutService } from './lockout.ts';
import type { PasswordService } from './password.service.ts';
import type { SessionRepository } from './session.repository.ts';
import type { TokenPair, TokenService, TokenSubject } from './token.service.ts';

const subjectOf = (u: UserRow): TokenSubject => ({
  sub: u.email,
  userId: u.id,
  authority: u.authority,
  firstName: u.first_name,
  lastName: u.last_name,
  enabled: u.enabled,
  isPublic: false,
  tenantId: nullToUuid(u.tenant_id),
  customerId: nullToUuid(u.customer_id),
});

export interface RequestInfo {
  ip: string;
  userAgent?: string | undefined;
}

/** Sign-in, tokens, sessions, password changes, activation and reset (reference §3). */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly users: UserRepository,
    private readonly customers: CustomerRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: TokenService,
    private readonly passwords: PasswordService,
    private readonly settings: SettingsService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly userTokenAccessEnabled: boolean,
    private readonly lockout: LockoutService,
  ) {}

  /** Starts a session and issues its first token pair. */
  private async issue(
    q: Queryable,
    subject: TokenSubject,
    userId: string | null,
    publicCustomerId: string | null,
  ): Promise<TokenPair> {
    const sessionId = newId();
    const now = this.clock.now();
    await this.sessions.create(q, sessionId, now, userId, publicCustomerId);
    const pair = await this.tokens.sign(subject, sessionId);
    await this.sessions.addRefresh(q, pair.refreshJti, sessionId, now, pair.refreshExp);
    return { token: pair.token, refreshToken: pair.refreshToken };
  }

  async login(username: string, password: string, info: RequestInfo): Promise<TokenPair> {
    if (!username || !password) throw unauthorized(Messages.authFailed);
    const user = await this.users.findByEmail(username);
    const creds = user ? await this.users.credentials(user.id) : undefined;
    // One bcrypt comparison whatever the account (a dummy hash when there is none): unknown, locked and
    // known accounts take the same time.
    const ok = await this.passwords.verify(password, creds?.password ?? null);
    if (!user || !creds) throw unauthorized(Messages.invalidCredentials);
    // A locked account answers like an unknown one, right password or not: "locked" would tell a guesser
    // that the account exists, and that the password just tried was right.
    if (await this.lockout.isLocked(creds.locked_time)) {
      await this.lockout.refused(user, info.ip);
      throw unauthorized(Messages.invalidCredentials);
    }
    if (!ok) {
      await this.lockout.recordFailure(user, {
        action: 'LOGIN',
        failure: Messages.invalidCredentials,
        clientAddress: info.ip,
        endSessions: false,
      });
      throw unauthorized(Messages.invalidCredentials);
    }
    const now = this.clock.now();
    if (!creds.enabled) throw unauthorized(Messages.notActive);
    if (await this.passwords.isExpired(creds, now)) {
      const resetToken = randomAlnum(30);
      await this.users.setResetToken(this.db, user.id, resetToken, now);
      throw new AppError(ErrorCode.CREDENTIALS_EXPIRED, Messages.passwordExpired, 401, { resetToken });
    }
    return this.db.tx(async (q) => {
      await this.users.recordSuccessfulLogin(q, user.id, now);
      await this.audit.log(
        {
          actor: auditActorOf(user),
          entityType: 'USER',
          entityId: user.id,
          entityName: user.email,
          action: 'LOGIN',
          data: { clientAddress: info.ip, browser: info.userAgent },
        },
        q,
      );
      return this.issue(q, subjectOf(user), user.id, null);
    });
  }

  async loginPublic(publicId: string): Promise<TokenPair> {
    const customer = /^[0-9a-f-]{36}$/i.test(publicId) ? await this.customers.findById(publicId) : undefined;
    if (!customer || !customer.is_public) throw unauthorized(Messages.authFailed);
    const subject: TokenSubject = {
      sub: publicId,
      userId: NULL_UUID,
      authority: 'CUSTOMER_USER',
      firstName: 'Public',
      lastName: 'Public',
      enabled: true,
      isPublic: true,
      tenantId: customer.tenant_id,
      customerId: customer.id,
    };
    return this.db.tx((q) => this.issue(q, subject, null, customer.id));
  }

  /** Rotates a refresh token; presenting one that was already used revokes its whole session. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    if (!refreshToken) throw unauthorized(Messages.authFailed);
    const claims = await this.tokens.verifyRefresh(refreshToken);
    const session = await this.sessions.find(claims.sessionId);
    if (!session || session.revoked_time !== null) throw unauthorized(Messages.authFailed);
    const now = this.clock.now();
    let subject: TokenSubject;
    if (claims.isPublic) {
      const customer = session.public_customer_id
        ? await this.customers.findById(session.public_customer_id)
        : undefined;
      if (!customer?.is_public) throw unauthorized(Messages.authFailed);
      subject = {
        sub: customer.id,
        userId: NULL_UUID,
        authority: 'CUSTOMER_USER',
        firstName: 'Public',
        lastName: 'Public',
        enabled: true,
        isPublic: true,
        tenantId: customer.tenant_id,
        customerId: customer.id,
      };
    } else {
      const user = await this.users.findById(claims.userId);
      if (!user || user.id !== session.user_id) throw unauthorized(Messages.authFailed);
      if (!user.enabled) throw unauthorized(Messages.notActive);
      subject = subjectOf(user);
    }
    const reused = await this.db.tx(async (q) => {
      if (await this.sessions.useRefresh(q, claims.jti, session.id, now)) return false;
      await this.sessions.revoke(q, session.id, now, 'refresh token reuse');
      return true;
    });
    if (reused) throw unauthorized(Messages.authFailed);
    const pair = await this.tokens.sign(subject, session.id);
    await this.sessions.addRefresh(this.db, pair.refreshJti, session.id, now, pair.refreshExp);
    return { token: pair.token, refreshToken: pair.refreshToken };
  }

  /** Called for every authenticated request: the session must still be live. */
  async checkSession(sessionId: string): Promise<void> {
    const session = await this.sessions.find(sessionId);
    if (!session || session.revoked_time !== null) throw unauthorized(Messages.invalidCredentials);
  }

  async logout(caller: Caller): Promise<void> {
    await this.db.tx(async (q) => {
      await this.sessions.revoke(q, caller.sessionId, this.clock.now(), 'logout');
      if (!caller.isPublic) {
        await this.audit.log(
          { actor: caller, entityType: 'USER', entityId: caller.userId, entityName: caller.email, action: 'LOGOUT' },
          q,
        );
      }
    });
  }

  /** Changes the password, ends every other session, and returns a fresh pair for this one. */
  async changePassword(caller: Caller, currentPassword: string, newPassword: string): Promise<TokenPair> {
    if (caller.isPublic) throw forbidden();
    const user = await this.users.findById(caller.userId);
    const creds = user ? await this.users.credentials(user.id) : undefined;
    if (!user || !creds) throw notFound();
    if (!(await this.passwords.verify(currentPassword, creds.password))) {
      // Counted like a wrong sign-in, so a stolen session cannot guess the password without limit.
      await this.lockout.recordFailure(user, {
        action: 'CREDENTIALS_UPDATED',
        failure: "Current password doesn't match!",
        endSessions: true,
      });
      throw badRequest("Current password doesn't match!");
    }
    if (currentPassword === newPassword) throw badRequest('New password should be different from existing!');
    const now = this.clock.now();
    const { hash, history } = await this.passwords.prepare(newPassword, creds, now);
    return this.db.tx(async (q) => {
      await this.users.setPassword(q, user.id, hash, now, history);
      await this.sessions.revokeAllForUser(q, user.id, now, 'password changed');
      await this.audit.log(
        { actor: caller, entityType: 'USER', entityId: user.id, entityName: user.email, action: 'CREDENTIALS_UPDATED' },
        q,
      );
      return this.issue(q, subjectOf(user), user.id, null);
    });
  }

  /** Always answers the same, whether or not the address belongs to anyone (no account discovery). */
  async requestReset(email: string): Promise<void> {
    const user = email ? await this.users.findByEmail(email) : undefined;
    if (!user || !user.enabled) return;
    const token = randomAlnum(30);
    await this.users.setResetToken(this.db, user.id, token, this.clock.now());
    const { baseUrl } = await this.settings.general();
    const link = `${baseUrl}/api/noauth/resetPassword?resetToken=${token}`;
    try {
      await this.mail.send({
        to: user.email,
        subject: 'Password reset on SAPO Dashboard',
        text: `Someone asked to reset your SAPO Dashboard password. If it was you, open: ${link}\nOtherwise ignore this message.`,
        html: `<p>Someone asked to reset your SAPO Dashboard password.</p><p><a href="${link}">Reset your password</a></p><p>If it wasn't you, ignore this message.</p>`,
      });
    } catch {
      // Same answer either way; the failure is visible to the administrator through the test-mail call.
    }
  }

  private async tokenAge(time: number | null, ttlHours: number): Promise<boolean> {
    return time !== null && this.clock.now() - time <= ttlHours * 3_600_000;
  }

  /** For the GET link in an e-mail: is the token usable (303 to the screen) or not (409)? */
  async isResetTokenValid(token: string): Promise<boolean> {
    const creds = token ? await this.users.credentialsByResetToken(token) : undefined;
    return Boolean(
      creds?.enabled &&
      (await this.tokenAge(creds.reset_token_time, (await this.settings.security()).passwordResetTokenTtl)),
    );
  }

  async isActivateTokenValid(token: string): Promise<boolean> {
    const creds = token ? await this.users.credentialsByActivateToken(token) : undefined;
    return Boolean(
      creds &&
      (await this.tokenAge(creds.activate_token_time, (await this.settings.security()).userActivationTokenTtl)),
    );
  }

  async resetPassword(resetToken: string, password: string): Promise<TokenPair> {
    const creds = resetToken ? await this.users.credentialsByResetToken(resetToken) : undefined;
    const ttl = (await this.settings.security()).passwordResetTokenTtl;
    // A disabled account stays so: a link mailed before the administrator acted must not revive it. A locked
    // one is different: a new password is the way out (the lockout mail carries the link), so it unlocks.
    if (!creds?.enabled || !(await this.tokenAge(creds.reset_token_time, ttl)))
      throw badRequest('Invalid reset token!');
    if (creds.password && (await this.passwords.verify(password, creds.password))) {
      throw badRequest('New password should be different from existing!');
    }
    const now = this.clock.now();
    const { hash, history } = await this.passwords.prepare(password, creds, now);
    const user = (await this.users.findById(creds.user_id))!;
    return this.db.tx(async (q) => {
      // The token is checked above but used up here, atomically: of parallel submissions only one passes.
      if ((await this.users.consumeToken(q, 'reset', resetToken)) !== user.id) throw badRequest('Invalid reset token!');
      await this.users.setPassword(q, user.id, hash, now, history);
      await this.sessions.revokeAllForUser(q, user.id, now, 'password reset');
      await this.audit.log(
        {
          actor: auditActorOf(user),
          entityType: 'USER',
          entityId: user.id,
          entityName: user.email,
          action: 'CREDENTIALS_UPDATED',
          data: { reset: true },
        },
        q,
      );
      return this.issue(q, subjectOf({ ...user, enabled: true }), user.id, null);
    });
  }

  async activate(activateToken: string, password: string, sendConfirmation: boolean): Promise<TokenPair> {
    const creds = activateToken ? await this.users.credentialsByActivateToken(activateToken) : undefined;
    if (!creds) throw badRequest(`Unable to find user credentials by activateToken [${activateToken}]`);
    if (creds.password) throw badRequest('User credentials already activated');
    const ttl = (await this.settings.security()).userActivationTokenTtl;
    if (!(await this.tokenAge(creds.activate_token_time, ttl))) {
      throw badRequest('The activation link has expired. Ask your administrator to send a new one.');
    }
    const now = this.clock.now();
    const { hash, history } = await this.passwords.prepare(password, creds, now);
    const user = (await this.users.findById(creds.user_id))!;
    const pair = await this.db.tx(async (q) => {
      if ((await this.users.consumeToken(q, 'activate', activateToken)) !== user.id) {
        throw badRequest(`Unable to find user credentials by activateToken [${activateToken}]`);
      }
      await this.users.setPassword(q, user.id, hash, now, history);
      await this.audit.log(
        {
          actor: auditActorOf(user),
          entityType: 'USER',
          entityId: user.id,
          entityName: user.email,
          action: 'ACTIVATED',
        },
        q,
      );
      return this.issue(q, subjectOf({ ...user, enabled: true }), user.id, null);
    });
    if (sendConfirmation) {
      const { baseUrl } = await this.settings.general();
      await this.mail
        .send({
          to: user.email,
          subject: 'Your SAPO Dashboard account is active',
          text: `Your account is active. Sign in at ${baseUrl}/login`,
        })
        .catch(() => {}); // the account is active either way
    }
    return pair;
  }

  async resendActivation(email: string): Promise<void> {
    const user = email ? await this.users.findByEmail(email) : undefined;
    if (!user) return;
    const creds = await this.users.credentials(user.id);
    if (!creds || creds.enabled) return;
    const token = randomAlnum(30);
    await this.users.setActivateToken(this.db, user.id, token, this.clock.now());
    const { baseUrl } = await this.settings.general();
    const link = `${baseUrl}/api/noauth/activate?activateToken=${token}`;
    await this.mail
      .send({
        to: user.email,
        subject: 'Your account activation on SAPO Dashboard',
        text: `Activate your account here: ${link}`,
      })
      .catch(() => {});
  }

  tokenAccessEnabled(caller: Caller): boolean {
    if (caller.authority !== 'SYS_ADMIN' && caller.authority !== 'TENANT_ADMIN') throw forbidden();
    return this.userTokenAccessEnabled;
  }

  /** "Login as": SYS_ADMIN → tenant administrators, TENANT_ADMIN → its customers' users. Audited. */
  async loginAs(caller: Caller, userId: string): Promise<TokenPair> {
    if (!this.tokenAccessEnabled(caller)) throw forbidden();
    const target = await this.users.findById(userId);
    if (!target) throw notFound();
    const allowed =
      caller.authority === 'SYS_ADMIN'
        ? target.authority === 'TENANT_ADMIN'
        : target.tenant_id === caller.tenantId &&
          (target.authority === 'CUSTOMER_USER' || target.authority === 'CUSTOMER_ADMIN');
    if (!allowed) throw forbidden();
    if (!target.enabled) throw badRequest(Messages.notActive);
    return this.db.tx(async (q) => {
      await this.audit.log(
        {
          actor: caller,
          entityType: 'USER',
          entityId: target.id,
          entityName: target.email,
          action: 'LOGIN',
          data: { loginAs: target.email, by: caller.email },
        },
        q,
      );
      return this.issue(q, subjectOf(target), target.id, null);
    });
  }
}
