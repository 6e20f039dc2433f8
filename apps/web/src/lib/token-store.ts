import { isTokenValid, tokenExpiration } from './jwt';

/** ThingsBoard's local-storage keys, so a session survives reloads exactly like the original UI. */
export const TOKEN_KEYS = {
  token: 'TB-jwt_token',
  tokenExpiration: 'TB-jwt_token_expiration',
  refreshToken: 'TB-refresh_token',
  refreshTokenExpiration: 'TB-refresh_token_expiration',
} as const;

export interface TokenPair {
  token: string;
  refreshToken: string;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * 'active': tokens can authenticate; 'signed-out': this tab's user chose to sign out; 'none': no
 * session (never signed in, expired, refused). Login remembers the page to return to only for 'none'.
 */
export type SessionStatus = 'active' | 'signed-out' | 'none';

export interface TokenStore {
  /** The access token if it is still valid, else null (the caller should refresh). */
  accessToken(): string | null;
  /** The refresh token if it is still valid, else null (the session is over). */
  refreshToken(): string | null;
  /** True while either token can still authenticate a call. */
  hasSession(): boolean;
  status(): SessionStatus;
  /** Stores a pair from login or refresh; throws (and clears) if a token has no positive lifetime. */
  save(pair: TokenPair): void;
  /** Ends the session; `signed-out` when the user asked for it. */
  clear(reason?: 'signed-out'): void;
  /** Called after save/clear here, and on changes by other tabs when watchExternal is given. */
  subscribe(listener: () => void): () => void;
}

export interface TokenStoreOptions {
  storage: KeyValueStorage;
  now?: () => number;
  /** Hook for changes made elsewhere (another tab's `storage` event). */
  watchExternal?: (onChange: () => void) => () => void;
}

export function createTokenStore({ storage, now = Date.now, watchExternal }: TokenStoreOptions): TokenStore {
  const listeners = new Set<() => void>();
  let stopWatching: (() => void) | undefined;
  let signedOut = false; // memory only: after a reload, a missing session simply counts as 'none'
  const notify = () => listeners.forEach((listener) => listener());

  const readValid = (key: string, expirationKey: string): string | null => {
    const value = storage.getItem(key);
    const expiration = Number(storage.getItem(expirationKey));
    return value && isTokenValid(Number.isFinite(expiration) ? expiration : null, now()) ? value : null;
  };

  const removeAll = () => Object.values(TOKEN_KEYS).forEach((key) => storage.removeItem(key));

  const store: TokenStore = {
    accessToken: () => readValid(TOKEN_KEYS.token, TOKEN_KEYS.tokenExpiration),
    refreshToken: () => readValid(TOKEN_KEYS.refreshToken, TOKEN_KEYS.refreshTokenExpiration),
    hasSession: () => store.accessToken() !== null || store.refreshToken() !== null,
    status: () => (store.hasSession() ? 'active' : signedOut ? 'signed-out' : 'none'),
    save(pair) {
      const at = now();
      const tokenExpiry = tokenExpiration(pair.token, at);
      const refreshExpiry = tokenExpiration(pair.refreshToken, at);
      if (tokenExpiry === null || refreshExpiry === null) {
        removeAll();
        notify();
        throw new Error('Received a token without a valid lifetime');
      }
      storage.setItem(TOKEN_KEYS.token, pair.token);
      storage.setItem(TOKEN_KEYS.tokenExpiration, String(tokenExpiry));
      storage.setItem(TOKEN_KEYS.refreshToken, pair.refreshToken);
      storage.setItem(TOKEN_KEYS.refreshTokenExpiration, String(refreshExpiry));
      signedOut = false;
      notify();
    },
    clear(reason) {
      removeAll();
      signedOut = reason === 'signed-out';
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      // Watch other tabs only while someone listens, so tests and unmounted apps leave nothing behind.
      if (listeners.size === 1) stopWatching = watchExternal?.(notify);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopWatching?.();
          stopWatching = undefined;
        }
      };
    },
  };
  return store;
}

/** The browser's store: localStorage, and signing in or out in another tab updates this one too. */
export function createBrowserTokenStore(): TokenStore {
  return createTokenStore({
    storage: window.localStorage,
    watchExternal: (onChange) => {
      const handler = (event: StorageEvent) => {
        if (event.key === null || event.key.startsWith('TB-')) onChange();
      };
      window.addEventListener('storage', handler);
      return () => window.removeEventListener('storage', handler);
    },
  });
}
