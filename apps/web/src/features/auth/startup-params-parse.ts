import type { JwtPayload } from '../../lib/jwt';
import type { TokenPair } from '../../lib/token-store';

/** The query parameters handled when the app starts (spec 1-client §2.2, §4.2). */
export interface StartupValues {
  /** accessToken + refreshToken (e.g. the end of an OAuth2 sign-in): a session to take over. */
  tokens?: TokenPair;
  /** username + password: sign in with them. */
  credentials?: { username: string; password: string };
  /** A public dashboard link: sign in as that customer's public user. */
  publicId?: string;
  /** An error from an external sign-in, shown in a dialog. */
  loginError?: string;
}

/**
 * Secrets and one-shot messages leave the address bar at once, so they never reach the history, a
 * bookmark, a shared screenshot or a remembered redirect. publicId stays: it belongs to the link.
 */
const CONSUMED = ['accessToken', 'refreshToken', 'username', 'password', 'loginError'] as const;

export function readStartupParams(search: string): { values: StartupValues; remaining: string } {
  const params = new URLSearchParams(search);
  const get = (key: string) => params.get(key) || undefined;
  const values: StartupValues = {};
  const token = get('accessToken');
  const refreshToken = get('refreshToken');
  if (token && refreshToken) values.tokens = { token, refreshToken };
  const username = get('username');
  const password = get('password');
  if (username && password) values.credentials = { username, password };
  const publicId = get('publicId');
  if (publicId) values.publicId = publicId;
  const loginError = get('loginError');
  if (loginError) values.loginError = loginError;

  const kept = new URLSearchParams(search);
  CONSUMED.forEach((key) => kept.delete(key));
  return { values, remaining: kept.size === params.size ? search : searchString(kept) };
}

function searchString(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const hasStartupValues = (values: StartupValues) => Object.keys(values).length > 0;

/** `search` ('?a=1&b=2') without one parameter. */
export function withoutParam(search: string, key: string): string {
  const params = new URLSearchParams(search);
  if (!params.has(key)) return search;
  params.delete(key);
  return searchString(params);
}

/** A path with its search and hash ('/dashboard/1?publicId=x#top') without one parameter. */
export function pathWithoutParam(path: string, key: string): string {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = beforeHash.indexOf('?');
  if (searchAt < 0) return path;
  return `${beforeHash.slice(0, searchAt)}${withoutParam(beforeHash.slice(searchAt), key)}${hash}`;
}

/**
 * Spec 1-client §4.2: sign in by publicId when there is no session, or when the session is another
 * public link's; a signed-in user who opens a public link keeps their own session.
 */
export function needsPublicLogin(publicId: string, session: JwtPayload | null): boolean {
  if (!session) return true;
  return session.isPublic === true && session.sub !== publicId;
}
