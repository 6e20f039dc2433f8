import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWsClient, type WsListener, type WsReply, type WsSocket } from './ws-client';

class FakeSocket implements WsSocket {
  sent: Record<string, Record<string, unknown>[]>[] = [];
  closed: number | undefined;
  onopen: WsSocket['onopen'] = null;
  onmessage: WsSocket['onmessage'] = null;
  onclose: WsSocket['onclose'] = null;
  onerror: WsSocket['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, Record<string, unknown>[]>);
  }
  close(code?: number) {
    this.closed = code;
  }
  // Server side of the fake:
  accept() {
    this.onopen?.({});
  }
  reply(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006, reason = '') {
    this.onclose?.({ code, reason });
  }
  cmdIds(array: string) {
    return this.sent.flatMap((frame) => frame[array] ?? []).map((cmd) => cmd.cmdId);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  let token: string | null = 'token-1';
  let user: string | null = 'u1';
  let sessionListener: () => void = () => undefined;
  let refreshes = 0;
  // Like the API client: the stored token unless the server refused it, else a refreshed one.
  const getToken = vi.fn((rejected?: string) =>
    Promise.resolve(token !== null && token === rejected ? (token = `refreshed-${++refreshes}`) : token),
  );
  const client = createWsClient({
    getToken,
    url: (t) => `ws://test/api/ws/plugins/telemetry?token=${t}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    watchSession: (listener) => {
      sessionListener = listener;
      return () => undefined;
    },
    identity: () => user,
    random: () => 0,
  });
  const listener = () => {
    const replies: { reply: WsReply; first: boolean }[] = [];
    const l: WsListener = { onMessage: (reply, first) => replies.push({ reply, first }) };
    return { l, replies };
  };
  const last = () => sockets[sockets.length - 1];
  return {
    client,
    sockets,
    last,
    listener,
    getToken,
    setToken: (next: string | null) => (token = next),
    switchUser: (next: string | null) => {
      user = next;
      sessionListener();
    },
  };
}

const device = (id: string) => ({ type: 'TIMESERIES' as const, entityType: 'DEVICE', entityId: id });
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('ws client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens one socket with the token and sends the subscriptions made meanwhile in one frame', async () => {
    const t = setup();
    t.client.subscribe(device('a'), t.listener().l);
    t.client.subscribe(
      { type: 'ATTRIBUTES', entityType: 'DEVICE', entityId: 'a', scope: 'SERVER_SCOPE' },
      t.listener().l,
    );
    await settle();
    expect(t.sockets).toHaveLength(1);
    expect(t.last()?.url).toBe('ws://test/api/ws/plugins/telemetry?token=token-1');
    t.last()?.accept();
    expect(t.last()?.sent).toHaveLength(1);
    expect(t.last()?.cmdIds('tsSubCmds')).toEqual([1]);
    expect(t.last()?.cmdIds('attrSubCmds')).toEqual([2]);
  });

  it('batches subscriptions made in the same tick on an open socket, ≤ 10 per frame', async () => {
    const t = setup();
    t.client.subscribe(device('first'), t.listener().l);
    await settle();
    t.last()?.accept();
    for (let i = 0; i < 12; i++) t.client.subscribe(device(`d${i}`), t.listener().l);
    await settle();
    expect(t.last()?.sent.map((frame) => frame.tsSubCmds?.length)).toEqual([1, 10, 2]);
    // A subscriber joining an open socket is told it is live at once.
    const statuses: string[] = [];
    t.client.subscribe(device('late'), { onMessage: () => undefined, onStatus: (s) => statuses.push(s) });
    expect(statuses).toEqual(['open']);
  });

  it('routes replies to their subscription and marks the first one', async () => {
    const t = setup();
    const a = t.listener();
    const b = t.listener();
    t.client.subscribe(device('a'), a.l);
    t.client.subscribe(device('b'), b.l);
    await settle();
    t.last()?.accept();
    t.last()?.reply({ subscriptionId: 2, errorCode: 0, errorMsg: null, data: { t: [[1, '1']] } });
    t.last()?.reply({ subscriptionId: 2, errorCode: 0, errorMsg: null, data: { t: [[2, '2']] } });
    t.last()?.reply({ subscriptionId: 77, errorCode: 0, errorMsg: null, data: {} });
    expect(a.replies).toEqual([]);
    expect(b.replies.map((r) => r.first)).toEqual([true, false]);
    expect(b.replies[1]?.reply).toMatchObject({ kind: 'v1', data: { t: [[2, '2']] } });
  });

  it('sends an unsubscribe for a live subscription, nothing for one never sent', async () => {
    const t = setup();
    const stopA = t.client.subscribe(device('a'), t.listener().l);
    await settle();
    t.last()?.accept();
    stopA();
    const stopB = t.client.subscribe(device('b'), t.listener().l);
    stopB(); // same tick: its subscribe never left
    await settle();
    const frames = t.last()?.sent ?? [];
    expect(frames[1]?.tsSubCmds).toEqual([{ cmdId: 1, entityType: 'DEVICE', entityId: 'a', unsubscribe: true }]);
    expect(frames).toHaveLength(2);
  });

  it('reconnects with backoff after a drop, with a fresh token, and subscribes everything again', async () => {
    const t = setup();
    const a = t.listener();
    t.client.subscribe(device('a'), a.l);
    await settle();
    t.last()?.accept();
    t.last()?.reply({ subscriptionId: 1, errorCode: 0, data: { t: [[1, '1']] } });
    t.setToken('token-2');
    t.last()?.drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(t.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sockets).toHaveLength(2);
    expect(t.last()?.url).toContain('token=token-2');
    t.last()?.accept();
    expect(t.last()?.cmdIds('tsSubCmds')).toEqual([1]);
    t.last()?.reply({ subscriptionId: 1, errorCode: 0, data: { t: [[5, '5']] } });
    expect(a.replies.map((r) => r.first)).toEqual([true, true]); // the reconnect's snapshot replaces
    // The server answered, so the next drop waits 1 s again; a socket dropped without a word, 2 s.
    t.last()?.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.sockets).toHaveLength(3);
    t.last()?.accept();
    t.last()?.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.sockets).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sockets).toHaveLength(4);
  });

  it('reconnects with a refreshed token when the server closed the socket for its token', async () => {
    const t = setup();
    t.client.subscribe(device('a'), t.listener().l);
    await settle();
    t.last()?.accept();
    // The token expired by the server's clock while it still looks valid here.
    t.last()?.drop(1008, 'Token has expired');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.getToken).toHaveBeenLastCalledWith('token-1');
    expect(t.last()?.url).toContain('token=refreshed-1');
    t.last()?.accept();
    expect(t.last()?.cmdIds('tsSubCmds')).toEqual([1]);
    // Its session ended (a password change elsewhere): the refresh decides whether it goes on.
    t.last()?.drop(1008, 'Invalid username or password');
    await vi.advanceTimersByTimeAsync(2000); // the server said nothing on that socket: 2 s
    expect(t.getToken).toHaveBeenLastCalledWith('refreshed-1');
  });

  it('reconnects with the same token after a close for a limit', async () => {
    const t = setup();
    t.client.subscribe(device('a'), t.listener().l);
    await settle();
    t.last()?.accept();
    t.last()?.drop(1008, 'Max regular user sessions limit reached');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.getToken).toHaveBeenLastCalledWith(undefined);
    expect(t.last()?.url).toContain('token=token-1');
  });

  it('closes the socket 90 s after the last subscriber left, and reopens on demand', async () => {
    const t = setup();
    const stop = t.client.subscribe(device('a'), t.listener().l);
    await settle();
    t.last()?.accept();
    stop();
    await vi.advanceTimersByTimeAsync(89_000);
    expect(t.last()?.closed).toBeUndefined();
    const again = t.client.subscribe(device('b'), t.listener().l); // back within 90 s: same socket
    again();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(t.last()?.closed).toBe(1000);
    expect(t.sockets).toHaveLength(1);
    t.client.subscribe(device('c'), t.listener().l);
    await settle();
    expect(t.sockets).toHaveLength(2);
  });

  it('warms up: opens the socket before any subscription and uses it for the first ones', async () => {
    const t = setup();
    t.client.warm();
    t.client.warm(); // a second call while connecting opens nothing more
    await settle();
    expect(t.sockets).toHaveLength(1);
    t.last()?.accept();
    expect(t.last()?.sent).toEqual([]);
    t.client.subscribe(device('a'), t.listener().l);
    await settle();
    expect(t.sockets).toHaveLength(1);
    expect(t.last()?.cmdIds('tsSubCmds')).toEqual([1]);
  });

  it('closes a warmed socket nobody used after 90 s, and warms nothing without a session', async () => {
    const t = setup();
    t.client.warm();
    await settle();
    t.last()?.accept();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(t.last()?.closed).toBe(1000);
    t.setToken(null);
    t.client.warm();
    await settle();
    expect(t.sockets).toHaveLength(1);
  });

  it('closes at sign-out and does not reconnect; a different user gets a new socket', async () => {
    const t = setup();
    t.client.subscribe(device('a'), t.listener().l);
    await settle();
    t.last()?.accept();
    t.switchUser('u2');
    await settle();
    expect(t.sockets[0]?.closed).toBe(1000);
    expect(t.sockets).toHaveLength(2);
    t.switchUser(null);
    expect(t.sockets[1]?.closed).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sockets).toHaveLength(2);
  });

  it('does not connect without a session', async () => {
    const t = setup();
    t.setToken(null);
    const statuses: string[] = [];
    t.client.subscribe(device('a'), { onMessage: () => undefined, onStatus: (s) => statuses.push(s) });
    await settle();
    expect(t.sockets).toHaveLength(0);
    expect(statuses.at(-1)).toBe('closed');
  });

  it('ends a history command after its one reply', async () => {
    const t = setup();
    const h = t.listener();
    t.client.subscribe({ type: 'HISTORY', entityType: 'DEVICE', entityId: 'a', keys: 't', startTs: 0, endTs: 10 }, h.l);
    await settle();
    t.last()?.accept();
    t.last()?.reply({ subscriptionId: 1, errorCode: 0, data: { t: [[1, '1']] } });
    t.last()?.reply({ subscriptionId: 1, errorCode: 0, data: { t: [[2, '2']] } });
    expect(h.replies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(t.last()?.closed).toBe(1000);
  });
});
