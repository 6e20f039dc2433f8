import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppInstance } from '../../http/app-instance.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { tokenFromUrl } from './ws-auth.ts';
import { SubscriptionHub } from './ws-hub.ts';
import { WsRegistry } from './ws-registry.ts';
import { WsSession, type WsLimits } from './ws-session.ts';

export const WS_PATH = '/api/ws/plugins/telemetry';

/** ThingsBoard's `server.ws.*` defaults (reference §5). */
export const DEFAULT_WS_LIMITS: WsLimits = {
  maxPending: 1000,
  highWaterBytes: 1024 * 1024,
  maxSubscriptions: 1000,
  authTimeoutMs: 10_000,
  pongTimeoutMs: 30_000,
};

export interface WsRoutesOptions {
  limits?: Partial<WsLimits>;
  /** Ping period; a peer silent for `pongTimeoutMs` is dropped. */
  pingIntervalMs?: number;
  /** How often entity counts and dynamic queries are re-run. */
  refreshMs?: number;
  /** The app's clock: tokens expire by it. */
  clock?: Clock;
}

/**
 * Errors on an open socket. A frame the client got wrong (invalid UTF-8, a reserved opcode, over
 * maxPayload: ws's `WS_ERR_*`) or a dropped connection is the client's doing: ws is already closing
 * with the matching code (1007, 1002, 1009), so it is left to finish and noted at debug level — the
 * plugin's default logged each one as a server error and cut the close frame off. Anything else is ours.
 */
function onSocketError(error: Error & { code?: string }, socket: WebSocket, request: FastifyRequest): void {
  if (error.code?.startsWith('WS_ERR_') || error.code === 'ECONNRESET' || error.code === 'EPIPE') {
    request.log.debug({ reason: error.message, code: error.code }, 'websocket client error');
    return;
  }
  request.log.error({ err: error }, 'websocket error');
  socket.terminate();
}

/**
 * The live telemetry WebSocket (reference §5). Public at the HTTP layer: the JWT comes in the
 * `token` query parameter or in the first frame (`authCmd`), and a bad one closes the socket (1008).
 * Sessions are counted against the tenant profile's limits and hear of ended sign-ins and changed
 * owners (`services.accessEvents`). Register with `await app.register(wsRoutes, { clock })`.
 */
export async function wsRoutes(instance: FastifyInstance, opts: WsRoutesOptions): Promise<void> {
  const app = instance as unknown as AppInstance;
  const limits: WsLimits = { ...DEFAULT_WS_LIMITS, ...opts.limits };
  const hub = new SubscriptionHub(app.services.bus, app.log, { refreshMs: opts.refreshMs ?? 10_000 });
  const registry = new WsRegistry();
  const stopAccessEvents = app.services.accessEvents.subscribe((ev) => registry.dispatch(ev));
  const clock = opts.clock ?? systemClock;
  const sessions = new Set<WsSession>();
  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const s of sessions) s.heartbeat(now);
  }, opts.pingIntervalMs ?? 10_000);
  heartbeat.unref();

  // Before the plugin's own preClose (which closes sockets without a code): say why we close.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    stopAccessEvents();
    for (const s of [...sessions]) s.closeWith(1001, 'Server is shutting down');
    hub.close();
  });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 }, errorHandler: onSocketError });

  app.get(WS_PATH, { websocket: true, config: { public: true }, schema: { hide: true } }, (socket, req) => {
    const deps = { services: app.services, hub, registry, clock, log: req.log, limits };
    const session = new WsSession(socket, deps, tokenFromUrl(req.url), (s) => sessions.delete(s));
    sessions.add(session);
  });
}
