import { NULL_UUID, type Authority, type PageData, type PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { queryPage } from '../../lib/paging.ts';

export interface UserRow {
  id: string;
  created_time: number;
  tenant_id: string | null;
  customer_id: string | null;
  email: string;
  authority: Authority;
  first_name: string | null;
  last_name: string | null;
  additional_info: Record<string, unknown> | null;
  /** Joined from user_credentials. */
  enabled: boolean;
  failed_login_attempts: number;
  /** When the account last locked (it stays locked for the security settings' lockout duration). */
  locked_time: number | null;
  activated: boolean;
}

export interface CredentialsRow {
  id: string;
  user_id: string;
  enabled: boolean;
  password: string | null;
  password_changed_time: number | null;
  password_history: { hash: string; time: number }[];
  activate_token: string | null;
  activate_token_time: number | null;
  reset_token: string | null;
  reset_token_time: number | null;
  failed_login_attempts: number;
  locked_time: number | null;
}

export interface NewUser {
  id: string;
  createdTime: number;
  tenantId: string | null;
  customerId: string | null;
  email: string;
  authority: Authority;
  firstName: string | null;
  lastName: string | null;
  additionalInfo: Record<string, unknown> | null;
}

const USER_SELECT = `u.*, c.enabled, c.failed_login_attempts, c.locked_time, (c.password IS NOT NULL) AS activated`;
const USER_FROM = `tb_user u JOIN user_credentials c ON c.user_id = u.id`;
const SORT = {
  createdTime: 'u.created_time',
  email: 'u.email',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  authority: 'u.authority',
};

export interface UserFilter {
  tenantId?: string | null;
  customerId?: string | null;
  authorities?: Authority[];
}

export const nullToUuid = (v: string | null) => v ?? NULL_UUID;
export const uuidToNull = (v: string | null | undefined) => (!v || v === NULL_UUID ? null : v);

/** SQL for users and their credentials. */
export class UserRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: string, q: Queryable = this.db): Promise<UserRow | undefined> {
    const rows = await q.query<UserRow>(`SELECT ${USER_SELECT} FROM ${USER_FROM} WHERE u.id = $1`, [id]);
    return rows[0];
  }

  async findByEmail(email: string, q: Queryable = this.db): Promise<UserRow | undefined> {
    const rows = await q.query<UserRow>(`SELECT ${USER_SELECT} FROM ${USER_FROM} WHERE u.email = $1`, [email]);
    return rows[0];
  }

  async findPage(filter: UserFilter, link: PageLink): Promise<PageData<UserRow>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.tenantId !== undefined) {
      params.push(filter.tenantId);
      where.push(filter.tenantId === null ? 'u.tenant_id IS NULL' : `u.tenant_id = $${params.length}`);
      if (filter.tenantId === null) params.pop();
    }
    if (filter.customerId !== undefined) {
      if (filter.customerId === null) where.push('u.customer_id IS NULL');
      else {
        params.push(filter.customerId);
        where.push(`u.customer_id = $${params.length}`);
      }
    }
    if (filter.authorities) {
      params.push(filter.authorities);
      where.push(`u.authority = ANY($${params.length}::text[])`);
    }
    return queryPage<UserRow>(
      this.db,
      { select: USER_SELECT, from: USER_FROM, where, params, searchColumn: 'u.email', sortColumns: SORT },
      link,
    );
  }

  async countByTenant(tenantId: string, q: Queryable = this.db): Promise<number> {
    const rows = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM tb_user WHERE tenant_id = $1', [
      tenantId,
    ]);
    return rows[0]?.n ?? 0;
  }

  async insert(q: Queryable, u: NewUser): Promise<void> {
    await q.query(
      `INSERT INTO tb_user (id, created_time, tenant_id, customer_id, email, authority, first_name, last_name, additional_info)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
      [
        u.id,
        u.createdTime,
        u.tenantId,
        u.customerId,
        u.email,
        u.authority,
        u.firstName,
        u.lastName,
        u.additionalInfo && JSON.stringify(u.additionalInfo),
      ],
    );
  }

  async update(
    q: Queryable,
    id: string,
    f: {
      email: string;
      authority: Authority;
      firstName: string | null;
      lastName: string | null;
      additionalInfo: Record<string, unknown> | null;
    },
  ): Promise<void> {
    await q.query(
      `UPDATE tb_user SET email = $2, authority = $3, first_name = $4, last_name = $5, additional_info = $6 WHERE id = $1`,
      [id, f.email, f.authority, f.firstName, f.lastName, f.additionalInfo && JSON.stringify(f.additionalInfo)],
    );
  }

  async setAuthority(q: Queryable, id: string, authority: Authority): Promise<void> {
    await q.query('UPDATE tb_user SET authority = $2 WHERE id = $1', [id, authority]);
  }

  async mergeAdditionalInfo(q: Queryable, id: string, patch: Record<string, unknown>): Promise<void> {
    await q.query(
      `UPDATE tb_user SET additional_info = coalesce(additional_info, '{}'::jsonb) || $2::jsonb WHERE id = $1`,
      [id, JSON.stringify(patch)],
    );
  }

  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM tb_user WHERE id = $1', [id]);
  }

  // --- credentials ---

  async insertCredentials(
    q: Queryable,
    c: Partial<CredentialsRow> & { id: string; user_id: string; created_time: number },
  ) {
    await q.query(
      `INSERT INTO user_credentials (id, created_time, user_id, enabled, password, password_changed_time, activate_token, activate_token_time)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [
        c.id,
        c.created_time,
        c.user_id,
        c.enabled ?? false,
        c.password ?? null,
        c.password_changed_time ?? null,
        c.activate_token ?? null,
        c.activate_token_time ?? null,
      ],
    );
  }

  async credentials(userId: string, q: Queryable = this.db): Promise<CredentialsRow | undefined> {
    const rows = await q.query<CredentialsRow>('SELECT * FROM user_credentials WHERE user_id = $1', [userId]);
    return rows[0];
  }

  async credentialsByActivateToken(token: string, q: Queryable = this.db): Promise<CredentialsRow | undefined> {
    const rows = await q.query<CredentialsRow>('SELECT * FROM user_credentials WHERE activate_token = $1', [token]);
    return rows[0];
  }

  async credentialsByResetToken(token: string, q: Queryable = this.db): Promise<CredentialsRow | undefined> {
    const rows = await q.query<CredentialsRow>('SELECT * FROM user_credentials WHERE reset_token = $1', [token]);
    return rows[0];
  }

  /** Sets a new password: clears tokens, lockout and failure count, keeps the history for reuse checks. */
  async setPassword(
    q: Queryable,
    userId: string,
    hash: string,
    now: number,
    history: CredentialsRow['password_history'],
  ) {
    await q.query(
      `UPDATE user_credentials SET password = $2, password_changed_time = $3, password_history = $4, enabled = true,
         activate_token = NULL, activate_token_time = NULL, reset_token = NULL, reset_token_time = NULL,
         failed_login_attempts = 0, locked_time = NULL
       WHERE user_id = $1`,
      [userId, hash, now, JSON.stringify(history)],
    );
  }

  async setResetToken(q: Queryable, userId: string, token: string, now: number) {
    await q.query('UPDATE user_credentials SET reset_token = $2, reset_token_time = $3 WHERE user_id = $1', [
      userId,
      token,
      now,
    ]);
  }

  async setActivateToken(q: Queryable, userId: string, token: string, now: number) {
    await q.query('UPDATE user_credentials SET activate_token = $2, activate_token_time = $3 WHERE user_id = $1', [
      userId,
      token,
      now,
    ]);
  }

  async setEnabled(q: Queryable, userId: string, enabled: boolean) {
    await q.query(
      `UPDATE user_credentials SET enabled = $2,
         failed_login_attempts = CASE WHEN $2 THEN 0 ELSE failed_login_attempts END,
         locked_time = CASE WHEN $2 THEN NULL ELSE locked_time END
       WHERE user_id = $1`,
      [userId, enabled],
    );
  }

  /**
   * Counts a wrong password and returns the count. A lock that started at or before `expiredSince` is over:
   * it is cleared and counting starts again from this failure.
   */
  async recordFailedLogin(q: Queryable, userId: string, expiredSince: number): Promise<number> {
    const rows = await q.query<{ n: number }>(
      `UPDATE user_credentials SET
         failed_login_attempts = CASE WHEN locked_time <= $2 THEN 1 ELSE failed_login_attempts + 1 END,
         locked_time = CASE WHEN locked_time <= $2 THEN NULL ELSE locked_time END
       WHERE user_id = $1 RETURNING failed_login_attempts AS n`,
      [userId, expiredSince],
    );
    return rows[0]?.n ?? 0;
  }

  /** Locks the account unless it is locked already; true when this call locked it (one lockout, one mail). */
  async lock(q: Queryable, userId: string, now: number): Promise<boolean> {
    const rows = await q.query(
      'UPDATE user_credentials SET locked_time = $2 WHERE user_id = $1 AND locked_time IS NULL RETURNING user_id',
      [userId, now],
    );
    return rows.length === 1;
  }

  /**
   * Uses up a one-time token: of any number of concurrent callers exactly one gets the user id back (the
   * row update is the arbiter), so a link works once even when it is submitted many times at once.
   */
  async consumeToken(q: Queryable, kind: 'reset' | 'activate', token: string): Promise<string | undefined> {
    const sql =
      kind === 'reset'
        ? `UPDATE user_credentials SET reset_token = NULL, reset_token_time = NULL
           WHERE reset_token = $1 RETURNING user_id`
        : `UPDATE user_credentials SET activate_token = NULL, activate_token_time = NULL
           WHERE activate_token = $1 AND password IS NULL RETURNING user_id`;
    const rows = await q.query<{ user_id: string }>(sql, [token]);
    return rows[0]?.user_id;
  }

  async recordSuccessfulLogin(q: Queryable, userId: string, now: number) {
    await q.query('UPDATE user_credentials SET failed_login_attempts = 0, locked_time = NULL WHERE user_id = $1', [
      userId,
    ]);
    await this.mergeAdditionalInfo(q, userId, { lastLoginTs: now });
  }
}
