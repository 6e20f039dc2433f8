import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppInstance } from '../../http/app-instance.ts';
import { tokenFromUrl } from './ws-auth.ts';
import { SubscriptionHub } from './ws-hub.ts';
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
}

/**
 * The live telemetry WebSocket (reference §5). Public at the HTTP layer: the JWT comes in the
 * `token` query parameter or in the first frame (`authCmd`), and a bad one closes the socket (1008).
 * Register with `await app.register(wsRoutes)`.
 */
export async function wsRoutes(instance: FastifyInstance, opts: WsRoutesOptions): Promise<void> {
  const app = instance as unknown as AppInstance;
  const limits: WsLimits = { ...DEFAULT_WS_LIMITS, ...opts.limits };
  const hub = new SubscriptionHub(app.services.bus, app.log, { refreshMs: opts.refreshMs ?? 10_000 });
  const sessions = new Set<WsSession>();
  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const s of sessions) s.heartbeat(now);
  }, opts.pingIntervalMs ?? 10_000);
  heartbeat.unref();

  // Before the plugin's own preClose (which closes sockets without a code): say why we close.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const s of [...sessions]) s.closeWith(1001, 'Server is shutting down');
    hub.close();
  });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  app.get(WS_PATH, { websocket: true, config: { public: true }, schema: { hide: true } }, (socket, req) => {
    const session = new WsSession(socket, app.services, hub, req.log, limits, tokenFromUrl(req.url), (s) =>
      sessions.delete(s),
    );
    sessions.add(session);
  });
}
