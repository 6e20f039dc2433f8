import { describe, expect, it, vi } from 'vitest';
import { jwtWithLifetime } from './jwt.fixture';
import { TOKEN_KEYS, createTokenStore, type KeyValueStorage } from './token-store';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('token store', () => {
  it('stores both tokens with their expiries under the ThingsBoard keys', () => {
    const storage = memoryStorage();
    const store = createTokenStore({ storage, now: () => 1_000 });
    store.save({ token: jwtWithLifetime(9000), refreshToken: jwtWithLifetime(604800) });
    expect(storage.data.get(TOKEN_KEYS.tokenExpiration)).toBe(String(1_000 + 9_000_000));
    expect(storage.data.get(TOKEN_KEYS.refreshTokenExpiration)).toBe(String(1_000 + 604_800_000));
    expect(store.accessToken()).toBe(storage.data.get(TOKEN_KEYS.token));
    expect(store.hasSession()).toBe(true);
  });

  it('stops handing out the access token 2 s before it expires, keeping the session via refresh', () => {
    let now = 0;
    const store = createTokenStore({ storage: memoryStorage(), now: () => now });
    store.save({ token: jwtWithLifetime(10), refreshToken: jwtWithLifetime(100) });
    now = 7_999;
    expect(store.accessToken()).not.toBeNull();
    now = 8_000;
    expect(store.accessToken()).toBeNull();
    expect(store.hasSession()).toBe(true);
    now = 98_000;
    expect(store.hasSession()).toBe(false);
  });

  it('rejects a pair with a token that has no positive lifetime, and ends the session', () => {
    const storage = memoryStorage();
    const store = createTokenStore({ storage, now: () => 0 });
    store.save({ token: jwtWithLifetime(10), refreshToken: jwtWithLifetime(100) });
    expect(() => store.save({ token: jwtWithLifetime(0), refreshToken: jwtWithLifetime(100) })).toThrow();
    expect(storage.data.size).toBe(0);
  });

  it('notifies subscribers on save and clear, and watches other tabs only while subscribed', () => {
    const stopWatching = vi.fn();
    const watchExternal = vi.fn(() => stopWatching);
    const store = createTokenStore({ storage: memoryStorage(), watchExternal });
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = store.subscribe(first);
    const unsubscribeSecond = store.subscribe(second);
    store.save({ token: jwtWithLifetime(10), refreshToken: jwtWithLifetime(100) });
    store.clear();
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(2);
    expect(watchExternal).toHaveBeenCalledTimes(1);
    unsubscribeFirst();
    expect(stopWatching).not.toHaveBeenCalled();
    unsubscribeSecond();
    expect(stopWatching).toHaveBeenCalledTimes(1);
  });

  it('tells an explicit sign-out apart from a session that ran out', () => {
    const store = createTokenStore({ storage: memoryStorage(), now: () => 0 });
    expect(store.status()).toBe('none');
    store.save({ token: jwtWithLifetime(10), refreshToken: jwtWithLifetime(100) });
    expect(store.status()).toBe('active');
    store.clear('signed-out');
    expect(store.status()).toBe('signed-out');
    store.save({ token: jwtWithLifetime(10), refreshToken: jwtWithLifetime(100) });
    store.clear();
    expect(store.status()).toBe('none');
  });
});
