import { parseJsonText } from '@sapo/common';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../../modules/auth/caller.ts';
import type { Services } from '../../services.ts';
import { callerFromToken } from './ws-auth.ts';
import type { SubscriptionHub } from './ws-hub.ts';
import { WsErrorCode, WsMessages, errorUpdate } from './ws-messages.ts';
import { Outbox, type OutboxLimits } from './ws-outbox.ts';
import { isObject, num, str, type Cmd, type WsSessionApi } from './ws-session-api.ts';
import { V1Commands } from './ws-v1.ts';
import { V2Commands } from './ws-v2.ts';
import { AlarmCommands } from './ws-alarm-data.ts';

export interface WsLimits extends OutboxLimits {
  maxSubscriptions: number;
  /** Without a token in the URL, the `authCmd` must arrive within this time. */
  authTimeoutMs: number;
  /** A peer that answers no ping for this long is dropped. */
  pongTimeoutMs: number;
}

const POLICY_VIOLATION = 1008;
/** A peer that ignores our close frame is cut off after this. */
const CLOSE_GRACE_MS = 5000;

const FRAME_ARRAYS = [
  'attrSubCmds',
  'tsSubCmds',
  'historyCmds',
  'entityDataCmds',
  'entityDataUnsubscribeCmds',
  'alarmDataCmds',
  'alarmDataUnsubscribeCmds',
  'entityCountCmds',
  'entityCountUnsubscribeCmds',
] as const;
type Frame = Partial<Record<(typeof FRAME_ARRAYS)[number], Cmd[]>> & { authCmd?: unknown };

/** Like ThingsBoard's Jackson mapping: a frame that doesn't fit the command shapes is rejected whole. */
function parseFrame(text: string): Frame | null {
  let json: unknown;
  try {
    // JSON nested too deep, or with text the database cannot take, is refused like malformed JSON.
    json = parseJsonText(text);
  } catch {
    return null;
  }
  if (!isObject(json)) return null;
  for (const field of FRAME_ARRAYS) {
    const list = json[field];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) return null;
    for (const cmd of list) {
      if (!isObject(cmd)) return null;
      const id = cmd.cmdId;
      if (id !== undefined && !Number.isInteger(typeof id === 'string' ? Number(id) : id)) return null;
    }
  }
  return json as Frame;
}

/** One WebSocket connection: authentication, its commands (in order) and its outgoing messages. */
export class WsSession implements WsSessionApi {
  private callerValue: Caller | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly outbox: Outbox;
  private readonly v1 = new V1Commands(this);
  private readonly v2 = new V2Commands(this);
  private readonly alarms = new AlarmCommands(this);
  private authTimer: NodeJS.Timeout | undefined;
  private lastPong = Date.now();
  closed = false;

  constructor(
    private readonly socket: WebSocket,
    readonly services: Services,
    readonly hub: SubscriptionHub,
    readonly log: FastifyBaseLogger,
    private readonly limits: WsLimits,
    urlToken: string | undefined,
    private readonly onEnd: (s: WsSession) => void,
  ) {
    this.outbox = new Outbox(socket, limits, () => this.closeWith(POLICY_VIOLATION, WsMessages.maxPending));
    // Listeners go on at once: frames sent right after the handshake must not be lost.
    socket.on('message', (data: RawData) => {
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data as Buffer).toString('utf8');
      void this.serialize(() => this.onFrame(text));
    });
    socket.on('pong', () => (this.lastPong = Date.now()));
    socket.on('close', () => this.dispose());
    if (urlToken) void this.serialize(async () => void (await this.authenticate(urlToken)));
    else {
      this.authTimer = setTimeout(() => this.closeWith(POLICY_VIOLATION, WsMessages.authTimeout), limits.authTimeoutMs);
      this.authTimer.unref();
    }
  }

  get caller(): Caller {
    if (!this.callerValue) throw new Error('websocket session is not authenticated');
    return this.callerValue;
  }

  send(message: unknown): void {
    if (!this.closed) this.outbox.send(JSON.stringify(message));
  }

  admit(): boolean {
    if (this.v1.size + this.v2.size + this.alarms.size < this.limits.maxSubscriptions) return true;
    this.closeWith(POLICY_VIOLATION, WsMessages.maxSubscriptions);
    return false;
  }

  serialize(job: () => Promise<void>): Promise<void> {
    const run = this.chain.then(async () => {
      if (this.closed) return;
      try {
        await job();
      } catch (err) {
        this.log.warn({ err }, 'websocket command failed');
      }
    });
    this.chain = run;
    return run;
  }

  /** Called by the heartbeat: ping, or drop a peer that stopped answering. */
  heartbeat(now: number): void {
    if (this.closed) return;
    if (now - this.lastPong > this.limits.pongTimeoutMs) {
      this.socket.terminate();
      return;
    }
    this.socket.ping();
  }

  closeWith(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.socket.close(code, reason);
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.authTimer) clearTimeout(this.authTimer);
    this.outbox.stop();
    this.v1.cancelAll();
    this.v2.cancelAll();
    this.alarms.cancelAll();
    this.onEnd(this);
  }

  private async authenticate(token: string): Promise<boolean> {
    try {
      this.callerValue = await callerFromToken(this.services, token);
      if (this.authTimer) clearTimeout(this.authTimer);
      return true;
    } catch (err) {
      const reason = err instanceof AppError ? err.message : 'Authentication failed';
      if (!(err instanceof AppError)) this.log.warn({ err }, 'websocket authentication failed');
      this.closeWith(POLICY_VIOLATION, reason);
      return false;
    }
  }

  private async onFrame(text: string): Promise<void> {
    const frame = parseFrame(text);
    if (!this.callerValue) {
      // ThingsBoard ≥ 3.5: without a token in the URL the first frame carries it.
      const auth = frame?.authCmd;
      const token = isObject(auth) ? str(auth, 'token') : '';
      if (!token) return this.closeWith(POLICY_VIOLATION, WsMessages.authRequired);
      if (!(await this.authenticate(token))) return;
    }
    if (!frame) return this.send(errorUpdate(0, WsErrorCode.BAD_REQUEST, WsMessages.parseFailed));
    await this.dispatch(frame);
  }

  /** ThingsBoard's order: v1 subscriptions, history, v2 data, counts, then unsubscriptions. */
  private async dispatch(f: Frame): Promise<void> {
    const run = async (list: Cmd[] | undefined, handle: (c: Cmd) => unknown) => {
      for (const cmd of list ?? []) {
        if (this.closed) return;
        try {
          await handle(cmd);
        } catch (err) {
          this.log.warn({ err }, 'websocket command failed');
          this.send(errorUpdate(num(cmd, 'cmdId'), WsErrorCode.INTERNAL_ERROR, WsMessages.internal));
        }
      }
    };
    await run(f.attrSubCmds, (c) => this.v1.attributes(c));
    await run(f.tsSubCmds, (c) => this.v1.timeseries(c));
    await run(f.historyCmds, (c) => this.v1.history(c));
    // A dashboard opens with dozens of data commands: each reads the database, so they run side by
    // side (the database worker overlaps with the JSON work here). Commands of one cmdId keep their order.
    const concurrently = async (list: Cmd[] | undefined, handle: (c: Cmd) => unknown) => {
      const byId = new Map<number, Cmd[]>();
      for (const cmd of list ?? []) {
        const id = num(cmd, 'cmdId');
        byId.set(id, [...(byId.get(id) ?? []), cmd]);
      }
      await Promise.all([...byId.values()].map((cmds) => run(cmds, handle)));
    };
    await concurrently(f.entityDataCmds, (c) => this.v2.entityData(c));
    await concurrently(f.alarmDataCmds, (c) => this.alarms.alarmData(c));
    await concurrently(f.entityCountCmds, (c) => this.v2.entityCount(c));
    await run(f.entityDataUnsubscribeCmds, (c) => this.v2.unsubscribeData(c));
    await run(f.entityCountUnsubscribeCmds, (c) => this.v2.unsubscribeCount(c));
    await run(f.alarmDataUnsubscribeCmds, (c) => this.alarms.unsubscribe(c));
  }
}
