import { Messages } from '@sapo/common';
import type { ApiClient } from './api-client';
import { decodeJwtPayload } from './jwt';
import {
  buildFrames,
  isOneShot,
  reconnectDelay,
  routeMessage,
  subscribeCmd,
  telemetryWsUrl,
  unsubscribeCmd,
  type OutgoingCmd,
  type RoutedMessage,
  type WsCommand,
} from './ws-protocol';

export type { AttributeScope, TelemetryScope, TsData, WsCommand } from './ws-protocol';

export type WsReply = Extract<RoutedMessage, { kind: 'v1' | 'v2' }>;
export type WsStatus = 'connecting' | 'open' | 'closed';

export interface WsListener {
  /** `first` is true for the first reply after (re)subscribing: it replaces what was shown. */
  onMessage(reply: WsReply, first: boolean): void;
  onStatus?(status: WsStatus): void;
}

/** The part of the browser's WebSocket the client uses (tests give a fake). */
export interface WsSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface WsClientOptions {
  /**
   * A valid access token (refreshed when expired, or when it is `rejected`: the server closed a
   * socket for it), or null when there is no session.
   */
  getToken: (rejected?: string) => Promise<string | null>;
  url: (token: string) => string;
  createSocket: (url: string) => WsSocket;
  /** Called on every sign-in, refresh and sign-out; returns the unsubscribe. */
  watchSession: (onChange: () => void) => () => void;
  /** Who is signed in (null: nobody). A change of user restarts the socket with the new user's token. */
  identity: () => string | null;
  /** ThingsBoard's UI closes a socket without subscribers after 90 s. */
  idleCloseMs?: number;
  random?: () => number;
}

export interface WsClient {
  /** Starts a subscription; the returned function ends it. */
  subscribe(command: WsCommand, listener: WsListener): () => void;
  /**
   * Opens the socket before the first subscription (a dashboard whose code is still loading), so its
   * subscriptions go out the moment they exist; unused, it closes after the idle time.
   */
  warm(): void;
  /** Closes the socket and drops every subscription (sign-out). */
  close(): void;
}

interface Subscription {
  command: WsCommand;
  listener: WsListener;
  awaitingFirst: boolean;
  /** Its subscribe command went out on the current socket. */
  sent: boolean;
}

export const IDLE_CLOSE_MS = 90_000;
/** Normal closure: ours, on purpose (idle, sign-out, user switch). */
const CLOSE_NORMAL = 1000;
/** The server's close when it refuses a socket (ThingsBoard: POLICY_VIOLATION)… */
const POLICY_VIOLATION = 1008;
/** …for its token: expired, or its session ended (the reasons a new connection would get). */
const TOKEN_REFUSED = new Set<string>([
  Messages.tokenExpired,
  Messages.invalidCredentials,
  Messages.authFailed,
  Messages.notActive,
]);

/**
 * The telemetry WebSocket of reference §5: one socket for the whole app, opened on the first
 * subscription. Commands are batched (≤ 10 per frame) on the next microtask; each subscription gets a
 * cmdId, and replies are routed back by subscriptionId (v1) or cmdId (v2). After a drop it reconnects
 * with backoff, fetching a fresh token first, and subscribes everything again.
 */
export function createWsClient(options: WsClientOptions): WsClient {
  const idleCloseMs = options.idleCloseMs ?? IDLE_CLOSE_MS;
  const subs = new Map<number, Subscription>();
  let queue: { id: number; cmd: OutgoingCmd }[] = [];
  let nextId = 1;
  let socket: WsSocket | null = null;
  let open = false;
  let connecting = false;
  let attempt = 0;
  let socketIdentity: string | null = null;
  let socketToken: string | undefined;
  /** The token the server closed the last socket for: the next one must not use it. */
  let rejectedToken: string | undefined;
  let flushScheduled = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const emitStatus = (status: WsStatus) => subs.forEach((sub) => sub.listener.onStatus?.(status));

  function flush() {
    flushScheduled = false;
    if (!open || !socket || queue.length === 0) return;
    const batch = queue;
    queue = [];
    for (const { id } of batch) {
      const sub = subs.get(id);
      if (sub) sub.sent = true;
    }
    for (const frame of buildFrames(batch.map((item) => item.cmd))) socket.send(JSON.stringify(frame));
  }

  function scheduleFlush() {
    if (flushScheduled) return;
    flushScheduled = true;
    queueMicrotask(flush);
  }

  function clearTimer(timer: ReturnType<typeof setTimeout> | undefined) {
    if (timer !== undefined) clearTimeout(timer);
  }

  /** Closes the current socket on purpose (no reconnect from its close event). */
  function dropSocket() {
    const current = socket;
    socket = null;
    open = false;
    queue = [];
    if (current) {
      current.onclose = null;
      current.onmessage = null;
      current.onopen = null;
      current.onerror = null;
      current.close(CLOSE_NORMAL);
    }
    for (const sub of subs.values()) sub.sent = false;
  }

  function onOpen() {
    open = true;
    queue = [...subs.entries()].map(([id, sub]) => {
      sub.awaitingFirst = true;
      return { id, cmd: subscribeCmd(sub.command, id) };
    });
    emitStatus('open');
    flush();
  }

  function onMessage(event: { data: unknown }) {
    attempt = 0; // the server talks to us: the next drop starts the backoff again from 1 s
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const routed = routeMessage(parsed);
    if (routed.kind === 'session-error') {
      console.warn(`Telemetry WebSocket: ${routed.errorMsg ?? `error ${routed.errorCode}`}`);
      return;
    }
    if (routed.kind === 'unknown') return;
    const sub = subs.get(routed.id);
    if (!sub) return; // ended while the reply was on its way
    const first = sub.awaitingFirst;
    sub.awaitingFirst = false;
    if (isOneShot(sub.command)) forget(routed.id);
    sub.listener.onMessage(routed, first);
  }

  function onClose(event: { code: number; reason: string }) {
    if (event.code === POLICY_VIOLATION && TOKEN_REFUSED.has(event.reason)) rejectedToken = socketToken;
    socket = null;
    open = false;
    queue = [];
    for (const sub of subs.values()) sub.sent = false;
    emitStatus('closed');
    if (subs.size > 0) scheduleReconnect();
  }

  function scheduleReconnect() {
    if (reconnectTimer !== undefined) return;
    emitStatus('connecting');
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = undefined;
        void connect();
      },
      reconnectDelay(attempt++, options.random),
    );
  }

  /** Opens the socket; `ahead` opens it with no subscription yet (warm). */
  async function connect(ahead = false) {
    if (socket || connecting || (subs.size === 0 && !ahead)) return;
    connecting = true;
    emitStatus('connecting');
    let token: string | null;
    try {
      token = await options.getToken(rejectedToken);
      rejectedToken = undefined;
    } catch {
      token = null;
    } finally {
      connecting = false;
    }
    if (socket || (subs.size === 0 && !ahead)) return;
    if (!token) {
      emitStatus('closed'); // no session: nothing to reconnect with
      return;
    }
    socketIdentity = options.identity();
    socketToken = token;
    let created: WsSocket;
    try {
      created = options.createSocket(options.url(token));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = created;
    created.onopen = onOpen;
    created.onmessage = onMessage;
    created.onclose = onClose;
    created.onerror = () => undefined; // a close event follows
  }

  function ensureConnected() {
    if (socket || connecting || reconnectTimer !== undefined) return;
    void connect();
  }

  function startIdleTimer() {
    clearTimer(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      if (subs.size === 0) dropSocket();
    }, idleCloseMs);
  }

  /** Removes a subscription; the socket closes after the idle time once nobody listens. */
  function forget(id: number) {
    subs.delete(id);
    if (subs.size > 0) return;
    clearTimer(reconnectTimer);
    reconnectTimer = undefined;
    startIdleTimer();
  }

  function unsubscribe(id: number) {
    const sub = subs.get(id);
    if (!sub) return;
    if (sub.sent && open) {
      const cmd = unsubscribeCmd(sub.command, id);
      if (cmd) {
        queue.push({ id, cmd });
        scheduleFlush();
      }
    } else {
      queue = queue.filter((item) => item.id !== id); // never left: the server need not hear of it
    }
    forget(id);
  }

  function close() {
    clearTimer(reconnectTimer);
    clearTimer(idleTimer);
    reconnectTimer = undefined;
    idleTimer = undefined;
    subs.clear();
    dropSocket();
  }

  options.watchSession(() => {
    const who = options.identity();
    if (who === null) close();
    else if (socket && who !== socketIdentity) {
      // Another user now (login-as, sign-in in another tab): the socket speaks for the old one.
      dropSocket();
      void connect();
    }
  });

  return {
    subscribe(command, listener) {
      const id = nextId++;
      subs.set(id, { command, listener, awaitingFirst: true, sent: false });
      clearTimer(idleTimer);
      idleTimer = undefined;
      if (open) {
        listener.onStatus?.('open');
        queue.push({ id, cmd: subscribeCmd(command, id) });
        scheduleFlush();
      } else {
        listener.onStatus?.('connecting');
        ensureConnected();
      }
      return () => unsubscribe(id);
    },
    warm() {
      if (socket || connecting || reconnectTimer !== undefined || subs.size > 0) return;
      void connect(true);
      startIdleTimer();
    },
    close,
  };
}

const clients = new WeakMap<ApiClient, WsClient>();

/** The app's one WebSocket client, bound to the API client's session (created on first use). */
export function wsClientFor(api: ApiClient): WsClient {
  let client = clients.get(api);
  if (!client) {
    client = createWsClient({
      getToken: (rejected) => api.accessToken(rejected).catch(() => null),
      url: (token) => telemetryWsUrl(window.location, token),
      createSocket: (url) => new WebSocket(url) as unknown as WsSocket,
      watchSession: (onChange) => api.tokens.subscribe(onChange),
      identity: () => {
        const token = api.tokens.accessToken() ?? api.tokens.refreshToken();
        if (!token) return null;
        const claims = decodeJwtPayload(token);
        return claims?.userId ?? claims?.sub ?? null;
      },
    });
    clients.set(api, client);
  }
  return client;
}
