// A WebSocket session checks its token exactly as the HTTP auth hook does.
export { callerFromToken } from '../../http/auth-hook.ts';

/** The `token` query parameter of the upgrade URL (ThingsBoard's JwtQueryTokenExtractor), if any. */
export function tokenFromUrl(url: string): string | undefined {
  const at = url.indexOf('?');
  if (at < 0) return undefined;
  const token = new URLSearchParams(url.slice(at + 1)).get('token');
  return token ? token : undefined;
}
