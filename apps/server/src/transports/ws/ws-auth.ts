// A WebSocket session checks its token exactly as the HTTP auth hook does.
export { callerFromToken } from '../../http/auth-hook.ts';

/** The `token` query parameter of the upgrade URL (ThingsBoard's JwtQueryTokenExtractor), if any. */
export function tokenFromUrl(url: string): string | undefined {
  const at = url.indexOf('?');
  if (at < 0) return undefined;
  const token = new URLSearchParams(url.slice(at + 1)).get('token');
  return token ? token : undefined;
}

/** When an access token stops being valid (epoch ms): its `exp`, read once the token was verified. */
export function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
