import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type FailedCall } from './api-client';
import { jwtWithLifetime } from './jwt.fixture';
import { createTokenStore, type KeyValueStorage } from './token-store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(handler: (path: string) => Response | Promise<Response>) {
  const data = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
  const tokens = createTokenStore({ storage, now: () => 0 });
  tokens.save({ token: jwtWithLifetime(100, { jti: 'a' }), refreshToken: jwtWithLifetime(1000, { jti: 'r' }) });
  const errors: Array<[ApiError, FailedCall]> = [];
  const sleep = vi.fn(() => Promise.resolve());
  const fetch = vi.fn((input: RequestInfo | URL) => Promise.resolve(handler(String(input))));
  const client = createApiClient({
    tokens,
    fetch,
    sleep,
    random: () => 0.5,
    onError: (error, call) => errors.push([error, call]),
  });
  return { client, fetch, sleep, errors };
}

describe('api client request flags', () => {
  it('counts active requests for the loading bar, except ignoreLoading calls', async () => {
    let release: () => void = () => undefined;
    const { client } = setup(() => new Promise<Response>((resolve) => (release = () => resolve(json(200, {})))));
    const seen: boolean[] = [];
    client.activity.subscribe(() => seen.push(client.activity.isActive()));

    const quiet = client.get('/api/quiet', { ignoreLoading: true });
    await Promise.resolve();
    expect(client.activity.isActive()).toBe(false);
    release();
    await quiet;

    const counted = client.get('/api/counted');
    await vi.waitFor(() => expect(client.activity.isActive()).toBe(true));
    release();
    await counted;
    expect(client.activity.isActive()).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('resends a 429 after 1000 ms + a random part only when flagged', async () => {
    let calls = 0;
    const { client, sleep } = setup(() =>
      ++calls === 1 ? json(429, { message: 'Too many requests', errorCode: 33 }) : json(200, { ok: true }),
    );
    await expect(client.get('/api/x', { resendRequest: true })).resolves.toEqual({ ok: true });
    expect(sleep).toHaveBeenCalledWith(1000 + 0.5 * 3000);

    calls = 0;
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 429, errorCode: 33 });
  });

  it('reports each failure once with the method, path and flags of the call', async () => {
    const { client, errors } = setup(() => json(404, { message: 'Customer not found', errorCode: 32 }));
    await expect(client.delete('/api/customer/1', { ignoreErrors: true })).rejects.toThrow('Customer not found');
    expect(errors).toHaveLength(1);
    const [error, call] = errors[0] ?? [];
    expect(error).toMatchObject({ status: 404, method: 'DELETE', url: '/api/customer/1' });
    expect(call).toEqual({
      method: 'DELETE',
      path: '/api/customer/1',
      flags: { ignoreErrors: true, method: 'DELETE' },
    });
  });
});
