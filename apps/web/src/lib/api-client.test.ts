import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';
import { jwtWithLifetime } from './jwt.fixture';
import { createTokenStore, type KeyValueStorage } from './token-store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const expired = () =>
  json(401, { status: 401, message: 'Token has expired', errorCode: 11, timestamp: '2026-01-01T00:00:00Z' });

function setup(handler: (path: string, init: RequestInit) => Response | Promise<Response>) {
  const data = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
  const tokens = createTokenStore({ storage, now: () => 0 });
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  const client = createApiClient({ tokens, fetch });
  const headerOf = (call: number) =>
    (fetch.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.['X-Authorization'];
  return { client, tokens, fetch, headerOf };
}

const firstPair = { token: jwtWithLifetime(100, { jti: 'a1' }), refreshToken: jwtWithLifetime(1000, { jti: 'r1' }) };
const secondPair = { token: jwtWithLifetime(100, { jti: 'a2' }), refreshToken: jwtWithLifetime(1000, { jti: 'r2' }) };

describe('api client', () => {
  it('sends the access token in X-Authorization and parses JSON answers', async () => {
    const { client, tokens, headerOf } = setup(() => json(200, { email: 'tenant@sapo.local' }));
    tokens.save(firstPair);
    await expect(client.get('/api/auth/user')).resolves.toEqual({ email: 'tenant@sapo.local' });
    expect(headerOf(0)).toBe(`Bearer ${firstPair.token}`);
  });

  it('sends public calls without a token', async () => {
    const { client, headerOf } = setup(() => json(200, firstPair));
    await client.post('/api/auth/login', { username: 'a', password: 'b' }, { auth: false });
    expect(headerOf(0)).toBeUndefined();
  });

  it('sends a given token after the session was cleared here, without trying to refresh (sign-out)', async () => {
    const { client, tokens, fetch, headerOf } = setup(() => new Response(null, { status: 200 }));
    tokens.save(firstPair);
    const token = tokens.accessToken()!;
    tokens.clear('signed-out');
    await client.post('/api/auth/logout', undefined, { token });
    expect(fetch).toHaveBeenCalledTimes(1); // no /api/auth/token first
    expect(headerOf(0)).toBe(`Bearer ${firstPair.token}`);
    expect(tokens.status()).toBe('signed-out');
  });

  it("surfaces the server's message and errorCode", async () => {
    const { client } = setup(() =>
      json(401, { status: 401, message: 'Invalid username or password', errorCode: 10, timestamp: 'x' }),
    );
    const error = await client.post('/api/auth/login', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, errorCode: 10, message: 'Invalid username or password' });
  });

  it('falls back to the status when the error body is not JSON, and to "Unable to connect" offline', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.get('/api/x', { auth: false })).rejects.toThrow('Unhandled error code 502');
    const offline = createApiClient({
      tokens: createTokenStore({ storage: { getItem: () => null, setItem() {}, removeItem() {} } }),
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(offline.get('/api/x', { auth: false })).rejects.toMatchObject({
      status: 0,
      message: 'Unable to connect',
    });
  });

  it('refreshes once for concurrent 401/11 answers and retries each call with the new token', async () => {
    let refreshes = 0;
    const { client, tokens } = setup(async (path, init) => {
      if (path === '/api/auth/token') {
        refreshes++;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, secondPair);
      }
      const auth = (init.headers as Record<string, string>)['X-Authorization'];
      return auth === `Bearer ${secondPair.token}` ? json(200, { path }) : expired();
    });
    tokens.save(firstPair);
    const results = await Promise.all([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    expect(results).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(refreshes).toBe(1);
    expect(tokens.accessToken()).toBe(secondPair.token);
  });

  it('signs out (clears tokens) when the refresh is refused', async () => {
    const { client, tokens } = setup((path) =>
      path === '/api/auth/token'
        ? json(401, { status: 401, message: 'Authentication failed', errorCode: 10, timestamp: 'x' })
        : expired(),
    );
    tokens.save(firstPair);
    const onChange = vi.fn();
    tokens.subscribe(onChange);
    await expect(client.get('/api/a')).rejects.toThrow('Authentication failed');
    expect(tokens.hasSession()).toBe(false);
    expect(onChange).toHaveBeenCalled();
  });

  it('hands out a valid access token for the WebSocket, refreshing an expired one first', async () => {
    const { client, tokens, fetch } = setup((path) =>
      path === '/api/auth/token' ? json(200, secondPair) : json(200, {}),
    );
    tokens.save(secondPair);
    await expect(client.accessToken()).resolves.toBe(secondPair.token);
    expect(fetch).not.toHaveBeenCalled();
    // A 1 s token is inside the 2 s safety margin: it counts as expired at once.
    tokens.save({ token: jwtWithLifetime(1), refreshToken: firstPair.refreshToken });
    await expect(client.accessToken()).resolves.toBe(secondPair.token);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refreshes a token the WebSocket server refused, unless a newer one is already stored', async () => {
    const { client, tokens, fetch } = setup((path) =>
      path === '/api/auth/token' ? json(200, secondPair) : json(200, {}),
    );
    tokens.save(firstPair);
    await expect(client.accessToken(firstPair.token)).resolves.toBe(secondPair.token);
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(client.accessToken(firstPair.token)).resolves.toBe(secondPair.token);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("answers 'Unauthorized!' without calling the server when there is no session", async () => {
    const { client, fetch } = setup(() => json(200, {}));
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 401, message: 'Unauthorized!' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
