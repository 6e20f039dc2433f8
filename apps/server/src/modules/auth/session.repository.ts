import { afterCommit, type Queryable } from '../../db/database.ts';
import type { AccessEvents } from '../access-events/access-events.ts';

export interface SessionRow {
  id: string;
  user_id: string | null;
  public_customer_id: string | null;
  revoked_time: number | null;
}

/** Sign-in sessions and their refresh tokens (rotation and reuse detection). */
export class SessionRepository {
  /** `events` hears of every revocation once committed, so open WebSockets can end with their session. */
  constructor(
    private readonly db: Queryable,
    private readonly events?: AccessEvents,
  ) {}

  async create(q: Queryable, id: string, now: number, userId: string | null, publicCustomerId: string | null) {
    await q.query('INSERT INTO auth_session (id, created_time, user_id, public_customer_id) VALUES ($1, $2, $3, $4)', [
      id,
      now,
      userId,
      publicCustomerId,
    ]);
  }

  async find(id: string): Promise<SessionRow | undefined> {
    const rows = await this.db.query<SessionRow>(
      'SELECT id, user_id, public_customer_id, revoked_time FROM auth_session WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async revoke(q: Queryable, id: string, now: number, reason: string): Promise<void> {
    await q.query(
      'UPDATE auth_session SET revoked_time = $2, revoke_reason = $3 WHERE id = $1 AND revoked_time IS NULL',
      [id, now, reason],
    );
    afterCommit(q, () => this.events?.publish({ kind: 'sessions', sessionId: id }));
  }

  /** Revokes every live session of a user, optionally keeping one (the caller's own). */
  async revokeAllForUser(q: Queryable, userId: string, now: number, reason: string, keepSessionId?: string) {
    await q.query(
      `UPDATE auth_session SET revoked_time = $2, revoke_reason = $3
       WHERE user_id = $1 AND revoked_time IS NULL AND ($4::uuid IS NULL OR id <> $4::uuid)`,
      [userId, now, reason, keepSessionId ?? null],
    );
    afterCommit(q, () => this.events?.publish({ kind: 'sessions', userId }));
  }

  async addRefresh(q: Queryable, jti: string, sessionId: string, now: number, expires: number): Promise<void> {
    await q.query('INSERT INTO refresh_token (jti, session_id, created_time, expires_time) VALUES ($1, $2, $3, $4)', [
      jti,
      sessionId,
      now,
      expires,
    ]);
  }

  /** Marks a refresh token used; returns false when it was already used (a replay) or unknown. */
  async useRefresh(q: Queryable, jti: string, sessionId: string, now: number): Promise<boolean> {
    const rows = await q.query(
      'UPDATE refresh_token SET used_time = $3 WHERE jti = $1 AND session_id = $2 AND used_time IS NULL RETURNING jti',
      [jti, sessionId, now],
    );
    return rows.length === 1;
  }
}
