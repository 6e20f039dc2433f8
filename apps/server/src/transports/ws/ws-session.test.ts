import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Services } from '../../services.ts';
import { systemClock } from '../../lib/clock.ts';
import type { SubscriptionHub } from './ws-hub.ts';
import { WsRegistry } from './ws-registry.ts';
import { WsSession } from './ws-session.ts';
import { DEFAULT_WS_LIMITS } from './ws.routes.ts';

/** Just enough of a ws socket to watch what the session does with it. */
class StubSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  ping = vi.fn();
  terminate = vi.fn();
  close = vi.fn();
  send = vi.fn();
}

function session(socket: StubSocket) {
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  const deps = {
    services: {} as Services,
    hub: {} as SubscriptionHub,
    registry: new WsRegistry(),
    clock: systemClock,
    log,
    limits: DEFAULT_WS_LIMITS,
  };
  return new WsSession(socket as unknown as WebSocket, deps, undefined, () => {});
}

describe('WebSocket session heartbeat', () => {
  it('pings a live peer and drops one that has not answered for 30 s', () => {
    const socket = new StubSocket();
    const s = session(socket);
    const start = Date.now();
    s.heartbeat(start + 10_000);
    expect(socket.ping).toHaveBeenCalledTimes(1);
    socket.emit('pong');
    s.heartbeat(Date.now() + 29_000);
    expect(socket.terminate).not.toHaveBeenCalled();
    s.heartbeat(Date.now() + 31_000);
    expect(socket.terminate).toHaveBeenCalledTimes(1);
    socket.emit('close');
  });

  it('closes with 1008 a socket that sends no authCmd in time', () => {
    vi.useFakeTimers();
    try {
      const socket = new StubSocket();
      session(socket);
      vi.advanceTimersByTime(DEFAULT_WS_LIMITS.authTimeoutMs + 1);
      expect(socket.close).toHaveBeenCalledWith(1008, 'Authentication timeout');
    } finally {
      vi.useRealTimers();
    }
  });
});
