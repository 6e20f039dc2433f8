/**
 * Pure JWT helpers. The client never verifies a signature (the server does); it only reads iat/exp
 * to know when to refresh, like ThingsBoard's UI.
 */

export interface JwtPayload {
  sub?: string;
  scopes?: string[];
  userId?: string;
  tenantId?: string;
  customerId?: string;
  isPublic?: boolean;
  iat?: number;
  exp?: number;
  [claim: string]: unknown;
}

/** Spec 1-client §9: a stored token counts as valid only while its expiry is more than 2 s away. */
export const TOKEN_SAFETY_MARGIN_MS = 2000;

/** The payload (middle part) of a JWT, or null when the token is malformed. */
export function decodeJwtPayload(token: string): JwtPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as JwtPayload) : null;
  } catch {
    return null;
  }
}

/**
 * When a token just received expires, in this browser's clock: now + (exp − iat) s. Using the lifetime
 * rather than `exp` itself keeps a skewed client clock from expiring tokens early or late.
 * Null when the token has no positive lifetime (spec: such a token is rejected).
 */
export function tokenExpiration(token: string, now: number): number | null {
  const payload = decodeJwtPayload(token);
  if (typeof payload?.exp !== 'number' || typeof payload.iat !== 'number') return null;
  const lifetimeMs = (payload.exp - payload.iat) * 1000;
  return Number.isFinite(lifetimeMs) && lifetimeMs > 0 ? now + lifetimeMs : null;
}

export function isTokenValid(expiration: number | null, now: number): boolean {
  return expiration !== null && expiration - now > TOKEN_SAFETY_MARGIN_MS;
}
