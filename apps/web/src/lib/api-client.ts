import { ErrorCode } from '@sapo/common';
import { ApiError, CONNECT_FAILED_MESSAGE, UNAUTHORIZED_MESSAGE, errorFromResponse } from './api-error';
import type { TokenPair, TokenStore } from './token-store';

export { ApiError } from './api-error';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON when present. */
  body?: unknown;
  /** False for the few public calls (login, refresh, /api/noauth/**): no X-Authorization header. */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  readonly tokens: TokenStore;
}

export interface ApiClientOptions {
  tokens: TokenStore;
  fetch?: typeof fetch;
  baseUrl?: string;
}

/**
 * The one HTTP client of the app. It adds `X-Authorization: Bearer <jwt>`, refreshes an expired access
 * token before a call or after a 401 with errorCode 11 (then retries once), and shares one pending
 * refresh among concurrent calls (spec 1-client §4.1), because a refresh token may only be used once.
 * When no refresh is possible it clears the tokens, which signs the user out (AuthProvider listens).
 */
export function createApiClient({ tokens, fetch: fetchImpl, baseUrl = '' }: ApiClientOptions): ApiClient {
  // Late-bound so tests can stub globalThis.fetch and the browser's fetch keeps its `this`.
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  let pendingRefresh: Promise<string> | null = null;

  async function send<T>(path: string, token: string | null, options: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['X-Authorization'] = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(baseUrl + path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal: options.signal ?? null,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error; // a cancelled query is not a network failure
      throw new ApiError(0, CONNECT_FAILED_MESSAGE);
    }
    if (!response.ok) throw await errorFromResponse(response);
    const text = await response.text();
    if (!text) return undefined as T;
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    return (isJson ? JSON.parse(text) : text) as T;
  }

  async function runRefresh(): Promise<string> {
    const refreshToken = tokens.refreshToken();
    if (!refreshToken) {
      tokens.clear();
      throw new ApiError(401, UNAUTHORIZED_MESSAGE);
    }
    try {
      const pair = await send<TokenPair>('/api/auth/token', null, {
        method: 'POST',
        body: { refreshToken },
      });
      tokens.save(pair);
      return pair.token;
    } catch (error) {
      tokens.clear();
      throw error instanceof ApiError ? error : new ApiError(401, UNAUTHORIZED_MESSAGE);
    }
  }

  function refresh(): Promise<string> {
    pendingRefresh ??= runRefresh().finally(() => {
      pendingRefresh = null;
    });
    return pendingRefresh;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (options.auth === false) return send<T>(path, null, options);
    const token = tokens.accessToken() ?? (await refresh());
    try {
      return await send<T>(path, token, options);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      if (error.errorCode !== ErrorCode.JWT_TOKEN_EXPIRED) {
        tokens.clear(); // the server no longer accepts this session (user disabled, key rotated…)
        throw error;
      }
      // Another call may already have refreshed while this one was in flight: reuse its token.
      const current = tokens.accessToken();
      const fresh = current && current !== token ? current : await refresh();
      return send<T>(path, fresh, options);
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    tokens,
  };
}
