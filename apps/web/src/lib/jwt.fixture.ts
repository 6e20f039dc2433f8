/** Test helper: an unsigned JWT with the given claims (the client never checks signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS512' })}.${encode(claims)}.signature`;
}

/** A token issued at `iat` seconds that lives `lifetimeS` seconds. */
export function jwtWithLifetime(lifetimeS: number, extra: Record<string, unknown> = {}): string {
  const iat = 1_700_000_000;
  return fakeJwt({ sub: 'tenant@sapo.local', ...extra, iat, exp: iat + lifetimeS });
}
