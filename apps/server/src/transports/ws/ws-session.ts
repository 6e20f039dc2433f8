import { parseJsonText } from '@sapo/common';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { Messages } from '@sapo/common';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { TbRateLimit } from '../../lib/tb-rate-limit.ts';
import type { Caller } from '../../modules/auth/caller.ts';
import type { WsLimits as TenantWsLimits } from '../../modules/tenant-profiles/ws-limits.ts';
import type { Services } from '../../services.ts';
import { callerFromToken, tokenExpiry } from './ws-auth.ts';
import type { SubscriptionHub } from './ws-hub.ts';
import { WsErrorCode, WsMessages, errorUpdate, tooManyUpdates } from './ws-messages.ts';
import { Outbox, type OutboxLimits } from './ws-outbox.ts';
import type { RegisteredSession, WsRegistry } from './ws-registry.ts';
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

/** What a session shares with the others of the app. */
export interface WsSessionDeps {
  services: Services;
  hub: SubscriptionHub;
  registry: WsRegistry;
  clock: Clock;
  log: FastifyBaseLogger;
  limits: WsLimits;
}

const POLICY_VIOLATION = 1008;
/** A peer that ignores our close frame is cut off after this. */
const CLOSE_GRACE_MS = 5000;
/** setTimeout's longest delay; a later expiry is caught by the heartbeat. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Every command list a frame may carry (the isolation matrix covers each). */
export const FRAME_ARRAYS = [
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

/**
 * One WebSocket connection: authentication, its commands (in order) and its outgoing messages. It
 * keeps only the rights of the token it opened with (issue 18, defect 4): it closes when the token
 * expires, and checks the token again when told its sign-in session may have ended, closing with
 * 1008 and the reason a new connection with that token would get.
 */
export class WsSession implements WsSessionApi, RegisteredSession {
  private callerValue: Caller | null = null;
  private token: string | null = null;
  private expiresAt = Number.POSITIVE_INFINITY;
  private quota: TenantWsLimits | null = null;
  private updates: TbRateLimit | null = null;
  /** Over the update rate: updates are dropped, after one "Too many updates!" (ThingsBoard). */
  private throttled = false;
  private chain: Promise<void> = Promise.resolve();
  /** A token check in progress: commands wait for it, so none runs on a session that just ended. */
  private recheck: Promise<void> | null = null;
  private readonly outbox: Outbox;
  private readonly outboxLimits: OutboxLimits;
  private readonly v1 = new V1Commands(this);
  private readonly v2 = new V2Commands(this);
  private readonly alarms = new AlarmCommands(this);
  private authTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private lastPong = Date.now();
  readonly services: Services;
  readonly hub: SubscriptionHub;
  readonly log: FastifyBaseLogger;
  private readonly limits: WsLimits;
  closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: WsSessionDeps,
    urlToken: string | undefined,
    private readonly onEnd: (s: WsSession) => void,
  ) {
    ({ services: this.services, hub: this.hub, log: this.log, limits: this.limits } = deps);
    this.outboxLimits = { maxPending: this.limits.maxPending, highWaterBytes: this.limits.highWaterBytes };
    this.outbox = new Outbox(socket, this.outboxLimits, () => this.closeWith(POLICY_VIOLATION, WsMessages.maxPending));
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
      this.authTimer = setTimeout(
        () => this.closeWith(POLICY_VIOLATION, WsMessages.authTimeout),
        this.limits.authTimeoutMs,
      );
      this.authTimer.unref();
    }
  }

  get caller(): Caller {
    if (!this.callerValue) throw new Error('websocket session is not authenticated');
    return this.callerValue;
  }

  get subscriptionCount(): number {
    return this.v1.size + this.v2.size + this.alarms.size;
  }

  send(message: unknown): void {
    if (this.closed || this.expired()) return;
    // ThingsBoard's per-session update rate: over it, updates are dropped and the client told once.
    if (this.updates && !this.updates.tryConsume()) {
      if (!this.throttled) this.outbox.send(JSON.stringify(tooManyUpdates(message)));
      this.throttled = true;
      return;
    }
    this.throttled = false;
    this.outbox.send(JSON.stringify(message));
  }

  admit(): boolean {
    const refused =
      this.subscriptionCount >= this.limits.maxSubscriptions
        ? WsMessages.maxSubscriptions
        : this.quota && this.deps.registry.refusesSubscription(this, this.quota);
    if (!refused) return true;
    this.closeWith(POLICY_VIOLATION, refused);
    return false;
  }

  serialize(job: () => Promise<void>): Promise<void> {
    const run = this.chain.then(async () => {
      if (this.recheck) await this.recheck;
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
    if (this.closed || this.expired()) return;
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

  /** The registry's hint that this session's sign-in may have ended (logout, password change, …). */
  sessionsChanged(): void {
    const token = this.token;
    if (this.closed || !token) return;
    const check = callerFromToken(this.services, token).then(
      () => undefined,
      (err: unknown) => this.refuse(err),
    );
    const before = this.recheck;
    const gate = (this.recheck = Promise.all([before, check]).then(() => {
      if (this.recheck === gate) this.recheck = null;
    }));
  }

  /** The registry's hint that an entity changed owner: subscriptions showing it are checked again. */
  entityChanged(entityId: string): void {
    void this.serialize(async () => {
      await this.v1.recheck(entityId);
      await this.v2.recheck(entityId);
      await this.alarms.recheck(entityId);
    });
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.authTimer) clearTimeout(this.authTimer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.outbox.stop();
    this.v1.cancelAll();
    this.v2.cancelAll();
    this.alarms.cancelAll();
    this.deps.registry.close(this);
    this.onEnd(this);
  }

  /** Closes the session once its token has expired (as a new connection with it would be refused). */
  private expired(): boolean {
    if (this.deps.clock.now() < this.expiresAt) return false;
    this.closeWith(POLICY_VIOLATION, Messages.tokenExpired);
    return true;
  }

  private armExpiryTimer(): void {
    const wait = this.expiresAt - this.deps.clock.now();
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    if (wait > MAX_TIMER_MS) return;
    // A test clock may move: a timer that fires early is set again for what is left.
    this.expiryTimer = setTimeout(
      () => {
        if (!this.expired()) this.armExpiryTimer();
      },
      Math.max(0, wait),
    );
    this.expiryTimer.unref();
  }

  private refuse(err: unknown): void {
    const reason = err instanceof AppError ? err.message : Messages.authFailed;
    if (!(err instanceof AppError)) this.log.warn({ err }, 'websocket authentication failed');
    this.closeWith(POLICY_VIOLATION, reason);
  }

  private async authenticate(token: string): Promise<boolean> {
    const { registry, services } = this.deps;
    const epoch = registry.sessionsEpoch;
    let caller: Caller;
    let quota: TenantWsLimits;
    try {
      caller = await callerFromToken(services, token);
      quota = await services.wsLimits.forTenant(caller.tenantId);
    } catch (err) {
      this.refuse(err);
      return false;
    }
    if (this.closed) return false;
    if (this.authTimer) clearTimeout(this.authTimer);
    this.callerValue = caller;
    const refused = registry.open(this, quota);
    if (refused) {
      this.closeWith(POLICY_VIOLATION, refused);
      return false;
    }
    this.token = token;
    this.quota = quota;
    this.expiresAt = tokenExpiry(token);
    if (quota.wsMsgQueueLimitPerSession > 0) this.outboxLimits.maxPending = quota.wsMsgQueueLimitPerSession;
    if (quota.wsUpdatesPerSessionRateLimit) {
      this.updates = new TbRateLimit(quota.wsUpdatesPerSessionRateLimit, () => this.deps.clock.now());
    }
    this.armExpiryTimer();
    // A session ended while the token was being checked: check it again, now that we would hear of it.
    if (registry.sessionsEpoch !== epoch) this.sessionsChanged();
    return true;
  }

  private async onFrame(text: string): Promise<void> {
    if (this.expired()) return;
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
