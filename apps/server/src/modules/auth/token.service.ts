import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ErrorCode, Messages, NULL_UUID, type Authority } from '@sapo/common';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { unauthorized } from '../../lib/app-error.ts';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** The subject a token pair is issued for (a real user or the public customer's synthetic user). */
export interface TokenSubject {
  sub: string;
  userId: string;
  authority: Authority;
  firstName: string | null;
  lastName: string | null;
  enabled: boolean;
  isPublic: boolean;
  tenantId: string;
  customerId: string;
}

export interface AccessClaims extends TokenSubject {
  sessionId: string;
  iat: number;
  exp: number;
}

export interface RefreshClaims {
  sub: string;
  userId: string;
  isPublic: boolean;
  sessionId: string;
  jti: string;
  iat: number;
  exp: number;
}

export interface TokenSettings {
  accessTtlSec: number;
  refreshTtlSec: number;
  issuer: string;
}

/** Loads the installation's random HS512 key, creating it on first start (never a constant in code). */
export async function loadSigningKey(db: Db): Promise<Uint8Array> {
  await db.query('INSERT INTO installation (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    'jwt_signing_key',
    randomBytes(64).toString('base64'),
  ]);
  const rows = await db.query<{ value: string }>('SELECT value FROM installation WHERE key = $1', ['jwt_signing_key']);
  return new Uint8Array(Buffer.from(rows[0]!.value, 'base64'));
}

/** Signs and verifies ThingsBoard-shaped JWTs (HS512, same claims). */
export class TokenService {
  constructor(
    private readonly key: Uint8Array,
    private readonly settings: TokenSettings,
    private readonly clock: Clock,
  ) {}

  private nowSec(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  async sign(
    subject: TokenSubject,
    sessionId: string,
  ): Promise<TokenPair & { refreshJti: string; refreshExp: number }> {
    const iat = this.nowSec();
    const token = await new SignJWT({
      scopes: [subject.authority],
      userId: subject.userId,
      firstName: subject.firstName,
      lastName: subject.lastName,
      enabled: subject.enabled,
      isPublic: subject.isPublic,
      tenantId: subject.tenantId,
      customerId: subject.customerId,
      sessionId,
    })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(subject.sub)
      .setIssuer(this.settings.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.settings.accessTtlSec)
      .sign(this.key);
    const refreshJti = newId();
    const refreshExp = iat + this.settings.refreshTtlSec;
    const refreshToken = await new SignJWT({
      scopes: ['REFRESH_TOKEN'],
      userId: subject.userId,
      isPublic: subject.isPublic,
      sessionId,
    })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(subject.sub)
      .setIssuer(this.settings.issuer)
      .setJti(refreshJti)
      .setIssuedAt(iat)
      .setExpirationTime(refreshExp)
      .sign(this.key);
    return { token, refreshToken, refreshJti, refreshExp: refreshExp * 1000 };
  }

  private async verify(token: string): Promise<Record<string, unknown>> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS512'],
        issuer: this.settings.issuer,
        currentDate: new Date(this.clock.now()),
      });
      return payload as Record<string, unknown>;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized(Messages.tokenExpired, ErrorCode.JWT_TOKEN_EXPIRED);
      throw unauthorized(Messages.invalidCredentials);
    }
  }

  async verifyAccess(token: string): Promise<AccessClaims> {
    const p = await this.verify(token);
    const scopes = p.scopes as unknown;
    if (
      !Array.isArray(scopes) ||
      scopes.length !== 1 ||
      scopes[0] === 'REFRESH_TOKEN' ||
      typeof p.sessionId !== 'string'
    ) {
      throw unauthorized(Messages.invalidCredentials);
    }
    return {
      sub: String(p.sub),
      userId: String(p.userId ?? NULL_UUID),
      authority: scopes[0] as Authority,
      firstName: (p.firstName as string | null) ?? null,
      lastName: (p.lastName as string | null) ?? null,
      enabled: p.enabled === true,
      isPublic: p.isPublic === true,
      tenantId: String(p.tenantId ?? NULL_UUID),
      customerId: String(p.customerId ?? NULL_UUID),
      sessionId: p.sessionId,
      iat: Number(p.iat),
      exp: Number(p.exp),
    };
  }

  async verifyRefresh(token: string): Promise<RefreshClaims> {
    const p = await this.verify(token);
    const scopes = p.scopes as unknown;
    if (
      !Array.isArray(scopes) ||
      scopes[0] !== 'REFRESH_TOKEN' ||
      typeof p.jti !== 'string' ||
      typeof p.sessionId !== 'string'
    ) {
      throw unauthorized(Messages.invalidCredentials);
    }
    return {
      sub: String(p.sub),
      userId: String(p.userId ?? NULL_UUID),
      isPublic: p.isPublic === true,
      sessionId: p.sessionId,
      jti: p.jti,
      iat: Number(p.iat),
      exp: Number(p.exp),
    };
  }
}
