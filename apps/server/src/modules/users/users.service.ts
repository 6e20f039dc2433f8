import { NULL_UUID, isValidEmail, type Authority, type PageLink, type User } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId, randomAlnum } from '../../lib/ids.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { mapPage } from '../../lib/paging.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import type { TenantRepository } from '../tenants/tenant.repository.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import type { SettingsService } from '../admin/settings.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { MailSettings } from '../admin/default-settings.ts';
import type { PasswordService } from '../auth/password.service.ts';
import { deleteEntityAttributes, deleteEntityRelations } from '../relations/relation-cleanup.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import { type UserRow, type UserRepository, uuidToNull } from './user.repository.ts';
import { activeLockEnd } from '../auth/lockout.ts';
import { stripServerInfo, toUser } from './user.mapper.ts';

export interface UserInput {
  id?: { id: string } | null;
  email?: string | null;
  authority?: Authority | null;
  tenantId?: { id: string } | null;
  customerId?: { id: string } | null;
  firstName?: string | null;
  lastName?: string | null;
  additionalInfo?: unknown;
}

const CUSTOMER_ROLES: Authority[] = ['CUSTOMER_USER', 'CUSTOMER_ADMIN'];
const TENANT_ROLES: Authority[] = ['TENANT_ADMIN', 'TENANT_USER'];

/** Users: who may see and change whom follows spec 1-client §6 and reference §2.3. */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly repo: UserRepository,
    private readonly tenants: TenantRepository,
    private readonly customers: CustomerRepository,
    private readonly sessions: SessionRepository,
    private readonly limits: TenantLimits,
    private readonly settings: SettingsService,
    private readonly mail: MailService,
    private readonly passwords: PasswordService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Maps rows to the wire shape, with each account's lockout as of now. */
  private async wire() {
    const security = await this.settings.security();
    const now = this.clock.now();
    return (row: UserRow) => toUser(row, activeLockEnd(row.locked_time, security, now));
  }

  /** Whether the caller may manage (read/write) the user; reading yourself is always allowed. */
  private canManage(caller: Caller, u: UserRow): boolean {
    switch (caller.authority) {
      case 'SYS_ADMIN':
        // ThingsBoard 3.2: system administrators manage tenants' users, never customers' (nor see them).
        return !CUSTOMER_ROLES.includes(u.authority);
      case 'TENANT_ADMIN':
        return u.tenant_id === caller.tenantId && u.authority !== 'SYS_ADMIN';
      case 'CUSTOMER_ADMIN':
        return u.customer_id === caller.customerId && CUSTOMER_ROLES.includes(u.authority);
      default:
        return false;
    }
  }

  async load(caller: Caller, id: string, forWrite = false): Promise<UserRow> {
    if (caller.isPublic) throw forbidden();
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    const self = row.id === caller.userId;
    if (!(self && !forWrite) && !this.canManage(caller, row)) throw forbidden();
    return row;
  }

  async get(caller: Caller, id: string) {
    const row = await this.load(caller, id);
    return (await this.wire())(row);
  }

  async current(caller: Caller): Promise<User> {
    if (caller.isPublic) {
      return {
        id: { entityType: 'USER' as const, id: NULL_UUID },
        createdTime: 0,
        tenantId: { entityType: 'TENANT' as const, id: caller.tenantId },
        customerId: { entityType: 'CUSTOMER' as const, id: caller.customerId },
        email: caller.email,
        name: caller.email,
        authority: caller.authority,
        firstName: 'Public',
        lastName: 'Public',
        // Open object: the public pseudo-user's only key.
        additionalInfo: { isPublic: true } as User['additionalInfo'],
      };
    }
    const row = await this.repo.findById(caller.userId);
    if (!row) throw notFound();
    return (await this.wire())(row);
  }

  // --- lists ---

  async list(caller: Caller, link: PageLink) {
    requireAuthority(caller, 'TENANT_ADMIN', 'CUSTOMER_ADMIN', 'CUSTOMER_USER');
    const filter =
      caller.authority === 'TENANT_ADMIN'
        ? { tenantId: caller.tenantId }
        : { tenantId: caller.tenantId, customerId: caller.customerId };
    return mapPage(await this.repo.findPage(filter, link), await this.wire());
  }

  async listTenantUsers(caller: Caller, tenantId: string, link: PageLink, adminsOnly: boolean) {
    requireAuthority(caller, 'SYS_ADMIN', 'TENANT_ADMIN');
    if (caller.authority === 'TENANT_ADMIN' && caller.tenantId !== tenantId) throw forbidden();
    if (!(await this.tenants.findById(tenantId))) throw notFound();
    const authorities = adminsOnly ? ['TENANT_ADMIN' as const] : TENANT_ROLES;
    return mapPage(await this.repo.findPage({ tenantId, customerId: null, authorities }, link), await this.wire());
  }

  async listCustomerUsers(caller: Caller, customerId: string, link: PageLink, adminsOnly: boolean) {
    requireAuthority(caller, 'TENANT_ADMIN', 'CUSTOMER_ADMIN');
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    if (customer.tenant_id !== caller.tenantId) throw forbidden();
    if (caller.authority === 'CUSTOMER_ADMIN' && caller.customerId !== customerId) throw forbidden();
    const authorities = adminsOnly ? ['CUSTOMER_ADMIN' as const] : CUSTOMER_ROLES;
    return mapPage(await this.repo.findPage({ customerId, authorities }, link), await this.wire());
  }

  // --- save ---

  /** Works out tenant, customer and authority of a new user from the caller, never trusting the body alone. */
  private async placement(caller: Caller, input: UserInput, q: Queryable) {
    const authority = input.authority;
    if (!authority) throw badRequest('User authority should be specified!');
    if (authority === 'SYS_ADMIN') {
      if (caller.authority !== 'SYS_ADMIN') throw forbidden();
      return { authority, tenantId: null, customerId: null };
    }
    if (caller.authority === 'SYS_ADMIN') {
      if (!TENANT_ROLES.includes(authority)) throw forbidden();
      const tenantId = uuidToNull(input.tenantId?.id);
      if (!tenantId) {
        throw badRequest(
          authority === 'TENANT_ADMIN'
            ? 'Tenant administrator should be assigned to tenant!' // ThingsBoard's words
            : 'Tenant user should be assigned to tenant!',
        );
      }
      if (!(await this.tenants.findById(tenantId, q))) throw badRequest('User is referencing a non-existent tenant!');
      return { authority, tenantId, customerId: null };
    }
    if (caller.authority === 'TENANT_ADMIN') {
      if (TENANT_ROLES.includes(authority)) return { authority, tenantId: caller.tenantId, customerId: null };
      const customerId = uuidToNull(input.customerId?.id);
      if (!customerId) throw badRequest('Customer should be specified for a customer user!');
      const customer = await this.customers.findById(customerId, q);
      if (!customer || customer.tenant_id !== caller.tenantId)
        throw badRequest('User is referencing a non-existent customer!');
      if (customer.is_public) throw badRequest("Users can't be added to the public customer!");
      return { authority, tenantId: caller.tenantId, customerId };
    }
    if (caller.authority === 'CUSTOMER_ADMIN' && CUSTOMER_ROLES.includes(authority)) {
      return { authority, tenantId: caller.tenantId, customerId: caller.customerId };
    }
    throw forbidden();
  }

  private cleanEmail(email: string | null | undefined): string {
    const e = email?.trim();
    if (!e) throw badRequest('User email should be specified!');
    if (!isValidEmail(e)) throw badRequest(`Invalid email address format '${e}'!`);
    return e;
  }

  async save(caller: Caller, input: UserInput, opts: { sendActivationMail: boolean; password?: string }) {
    if (caller.isPublic) throw forbidden();
    const email = this.cleanEmail(input.email);
    const info = stripServerInfo(input.additionalInfo);
    const existingId = input.id?.id;
    if (existingId) return this.update(caller, existingId, email, input, info);

    requireAuthority(caller, 'SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_ADMIN');
    const now = this.clock.now();
    const prepared =
      opts.password !== undefined ? await this.passwords.prepare(opts.password, undefined, now) : undefined;
    const activateToken = randomAlnum(30);
    // Everything the mail needs is read before the transaction: on a single-connection database (PGlite) a read
    // outside the open transaction would wait for it forever.
    const mail =
      opts.sendActivationMail && !prepared
        ? { link: await this.link('activate?activateToken=', activateToken), settings: await this.mail.mailSettings() }
        : undefined;
    const created = await this.db.tx(async (q) => {
      const place = await this.placement(caller, input, q);
      if (await this.repo.findByEmail(email, q))
        throw badRequest(`User with email '${email}' already present in database!`);
      if (place.tenantId)
        await this.limits.check(q, place.tenantId, 'maxUsers', () => this.repo.countByTenant(place.tenantId!, q));
      const id = newId();
      await this.repo.insert(q, {
        id,
        createdTime: now,
        tenantId: place.tenantId,
        customerId: place.customerId,
        email,
        authority: place.authority,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        additionalInfo: info,
      });
      await this.repo.insertCredentials(q, {
        id: newId(),
        created_time: now,
        user_id: id,
        enabled: Boolean(prepared),
        password: prepared?.hash ?? null,
        password_changed_time: prepared ? now : null,
        activate_token: prepared ? null : activateToken,
        activate_token_time: prepared ? null : now,
      });
      const row = (await this.repo.findById(id, q))!;
      // With a mail to send, a failure must leave no user behind: send inside the transaction.
      if (mail) await this.sendActivation(row.email, mail.link, mail.settings);
      await this.audit.log({ actor: caller, entityType: 'USER', entityId: id, entityName: email, action: 'ADDED' }, q);
      return row;
    });
    return (await this.wire())(created);
  }

  private async update(
    caller: Caller,
    id: string,
    email: string,
    input: UserInput,
    info: Record<string, unknown> | null,
  ) {
    const row = await this.db.tx(async (q) => {
      const current = await this.repo.findById(id, q);
      if (!current) throw notFound();
      const self = current.id === caller.userId;
      if (!self && !this.canManage(caller, current)) throw forbidden();
      // The email is the sign-in name and the token subject: a stolen session must not be able to move the
      // account to another mailbox (and then reset its password). Another administrator can still change it.
      if (self && email !== current.email) throw badRequest("You can't change your own email address!");
      const other = await this.repo.findByEmail(email, q);
      if (other && other.id !== id) throw badRequest(`User with email '${email}' already present in database!`);
      // Authority, tenant and customer never change through save (promote/demote exist for that).
      const serverInfo = Object.fromEntries(
        Object.entries(current.additional_info ?? {}).filter(([k]) => k === 'lastLoginTs'),
      );
      await this.repo.update(q, id, {
        email,
        authority: current.authority,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        additionalInfo: { ...(info ?? {}), ...serverInfo },
      });
      await this.audit.log(
        { actor: caller, entityType: 'USER', entityId: id, entityName: email, action: 'UPDATED' },
        q,
      );
      return (await this.repo.findById(id, q))!;
    });
    return (await this.wire())(row);
  }

  async delete(caller: Caller, id: string) {
    requireAuthority(caller, 'SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_ADMIN');
    const row = await this.load(caller, id, true);
    if (row.id === caller.userId) throw badRequest("You can't delete your own account!");
    await this.db.tx(async (q) => {
      await this.repo.delete(q, id);
      await deleteEntityRelations(q, 'USER', id);
      await deleteEntityAttributes(q, 'USER', id);
      await this.audit.log(
        { actor: caller, entityType: 'USER', entityId: id, entityName: row.email, action: 'DELETED' },
        q,
      );
    });
  }

  // --- activation ---

  async activationLink(caller: Caller, id: string): Promise<string> {
    requireAuthority(caller, 'SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_ADMIN');
    const row = await this.load(caller, id, true);
    const creds = await this.repo.credentials(row.id);
    // Activation is about the password, not the enabled flag: an administrator may have enabled an
    // account whose owner never set a password, and that owner still needs the link.
    if (!creds || creds.password || !creds.activate_token) throw badRequest('User is already active!');
    const token = await this.freshActivateToken(row.id, creds.activate_token, creds.activate_token_time);
    return this.link('activate?activateToken=', token);
  }

  async sendActivationMail(caller: Caller, email: string) {
    requireAuthority(caller, 'SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_ADMIN');
    const row = await this.repo.findByEmail(email);
    if (!row) throw notFound();
    await this.load(caller, row.id, true);
    const creds = await this.repo.credentials(row.id);
    if (!creds || creds.password || !creds.activate_token) throw badRequest('User is already activated!');
    const token = await this.freshActivateToken(row.id, creds.activate_token, creds.activate_token_time);
    await this.sendActivation(row.email, await this.link('activate?activateToken=', token));
  }

  /** An expired activation token is replaced, so a resent link always works. */
  private async freshActivateToken(userId: string, token: string, time: number | null): Promise<string> {
    const ttlMs = (await this.settings.security()).userActivationTokenTtl * 3_600_000;
    if (time !== null && this.clock.now() - time < ttlMs) return token;
    const fresh = randomAlnum(30);
    await this.repo.setActivateToken(this.db, userId, fresh, this.clock.now());
    return fresh;
  }

  private async link(path: string, token: string): Promise<string> {
    const { baseUrl } = await this.settings.general();
    return `${baseUrl}/api/noauth/${path}${token}`;
  }

  private async sendActivation(email: string, link: string, settings?: MailSettings) {
    await this.mail.send(
      {
        to: email,
        subject: 'Your account activation on SAPO Dashboard',
        text: `Your SAPO Dashboard account was created. Set your password and activate it here: ${link}`,
        html: `<p>Your SAPO Dashboard account was created.</p><p><a href="${link}">Activate your account</a></p>`,
      },
      settings,
    );
  }

  async setCredentialsEnabled(caller: Caller, id: string, enabled: boolean) {
    requireAuthority(caller, 'SYS_ADMIN', 'TENANT_ADMIN');
    const row = await this.load(caller, id, true);
    if (row.id === caller.userId) throw badRequest("You can't disable your own account!");
    await this.db.tx(async (q) => {
      await this.repo.setEnabled(q, id, enabled);
      if (!enabled) await this.sessions.revokeAllForUser(q, id, this.clock.now(), 'disabled');
      await this.audit.log(
        {
          actor: caller,
          entityType: 'USER',
          entityId: id,
          entityName: row.email,
          action: enabled ? 'ACTIVATED' : 'SUSPENDED',
        },
        q,
      );
    });
  }

  async changeCustomerRole(caller: Caller, id: string, to: 'CUSTOMER_ADMIN' | 'CUSTOMER_USER') {
    requireAuthority(caller, 'TENANT_ADMIN');
    const row = await this.load(caller, id, true);
    const from = to === 'CUSTOMER_ADMIN' ? 'CUSTOMER_USER' : 'CUSTOMER_ADMIN';
    if (row.authority !== from) {
      throw badRequest(
        to === 'CUSTOMER_ADMIN'
          ? 'Only a customer user can be promoted!'
          : 'Only a customer administrator can be demoted!',
      );
    }
    const updated = await this.db.tx(async (q) => {
      await this.repo.setAuthority(q, id, to);
      // Tokens carry the authority, so old ones must stop working.
      await this.sessions.revokeAllForUser(q, id, this.clock.now(), 'authority changed');
      await this.audit.log(
        {
          actor: caller,
          entityType: 'USER',
          entityId: id,
          entityName: row.email,
          action: 'UPDATED',
          data: { authority: to },
        },
        q,
      );
      return (await this.repo.findById(id, q))!;
    });
    return (await this.wire())(updated);
  }
}
