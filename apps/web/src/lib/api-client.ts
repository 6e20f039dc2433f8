import { ErrorCode } from '@sapo/common';
import { ApiError, CONNECT_FAILED_MESSAGE, UNAUTHORIZED_MESSAGE, errorFromResponse } from './api-error';
import { createActivityCounter, type ActivityCounter } from './activity-counter';
import type { TokenPair, TokenStore } from './token-store';

export { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Per-call flags of spec 2-calls §3.11 (ignoreLoading, ignoreErrors, resendRequest). */
export interface RequestFlags {
  /** Not counted by the loading bar. */
  ignoreLoading?: boolean;
  /** The caller shows the error itself: no toast, no dialog. */
  ignoreErrors?: boolean;
  /** On 429, wait 1000 ms + up to 3000 ms and send again. */
  resendRequest?: boolean;
}

export interface RequestOptions extends RequestFlags {
  method?: HttpMethod;
  /** Sent as JSON when present. */
  body?: unknown;
  /** False for the few public calls (login, refresh, /api/noauth/**): no X-Authorization header. */
  auth?: boolean;
  /**
   * Sent instead of the stored access token, with no refresh: for the sign-out call, which goes out
   * after this browser already dropped the session so that a busy server does not keep the user waiting.
   */
  token?: string;
  signal?: AbortSignal;
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** What an error reporter needs to decide between a toast, a dialog or nothing. */
export interface FailedCall {
  method: HttpMethod;
  path: string;
  flags: RequestFlags;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, options?: CallOptions): Promise<T>;
  /**
   * A valid access token, refreshed first when expired or when it is `rejected` (sharing any pending
   * refresh): for the WebSocket, whose server closes a socket when its token expires or its session ends.
   */
  accessToken(rejected?: string): Promise<string>;
  readonly tokens: TokenStore;
  /** Active counted requests: drives the loading bar (spec 2-calls §4). */
  readonly activity: ActivityCounter;
}

export interface ApiClientOptions {
  tokens: TokenStore;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Called once for every failed call (after refresh and resend), ignoreErrors included. */
  onError?: (error: ApiError, call: FailedCall) => void;
  /** Waits before a 429 resend; injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const RESEND_BASE_DELAY_MS = 1000;
export const RESEND_RANDOM_DELAY_MS = 3000;
const MAX_RESENDS = 5;

/** Token refresh and RPC calls never drive the loading bar (spec 2-calls §4). */
function isCounted(path: string, flags: RequestFlags): boolean {
  return !flags.ignoreLoading && !path.startsWith('/api/auth/token') && !path.startsWith('/api/plugins/rpc/');
}

/**
 * The one HTTP client of the app. It adds `X-Authorization: Bearer <jwt>`, refreshes an expired access
 * token before a call or after a 401 with errorCode 11 (then retries once), and shares one pending
 * refresh among concurrent calls (spec 1-client §4.1), because a refresh token may only be used once.
 * When no refresh is possible it clears the tokens, which signs the user out (AuthProvider listens).
 */
export function createApiClient({
  tokens,
  fetch: fetchImpl,
  baseUrl = '',
  onError,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random = Math.random,
}: ApiClientOptions): ApiClient {
  // Late-bound so tests can stub globalThis.fetch and the browser's fetch keeps its `this`.
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  const activity = createActivityCounter();
  let pendingRefresh: Promise<string> | null = null;

  async function send<T>(path: string, token: string | null, options: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['X-Authorization'] = `Bearer ${token}`;
    for (let attempt = 0; ; attempt++) {
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
      if (response.status === 429 && options.resendRequest && attempt < MAX_RESENDS) {
        await sleep(RESEND_BASE_DELAY_MS + random() * RESEND_RANDOM_DELAY_MS);
        continue;
      }
      if (!response.ok) throw await errorFromResponse(response);
      const text = await response.text();
      if (!text) return undefined as T;
      const isJson = response.headers.get('content-type')?.includes('json') ?? false;
      return (isJson ? JSON.parse(text) : text) as T;
    }
  }

  async function runRefresh(): Promise<string> {
    const refreshToken = tokens.refreshToken();
    if (!refreshToken) {
      tokens.clear();
      throw new ApiError(401, UNAUTHORIZED_MESSAGE);
    }
    try {
      const pair = await send<TokenPair>('/api/auth/token', null, { method: 'POST', body: { refreshToken } });
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

  async function authorized<T>(path: string, options: RequestOptions): Promise<T> {
    if (options.auth === false) return send<T>(path, null, options);
    if (options.token !== undefined) return send<T>(path, options.token, options);
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

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const counted = isCounted(path, options);
    if (counted) activity.start();
    try {
      return await authorized<T>(path, options);
    } catch (error) {
      if (error instanceof ApiError) {
        error.method = options.method ?? 'GET';
        error.url = path;
        onError?.(error, { method: error.method, path, flags: options });
      }
      throw error;
    } finally {
      if (counted) activity.end();
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    accessToken: async (rejected) => {
      const stored = tokens.accessToken();
      return stored !== null && stored !== rejected ? stored : refresh();
    },
    tokens,
    activity,
  };
}
