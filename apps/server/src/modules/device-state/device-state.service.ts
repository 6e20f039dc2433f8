import type { KvEntry } from '@sapo/common';
import type { Clock } from '../../lib/clock.ts';
import type { AttributeStore } from '../telemetry/attribute-store.ts';
import type { Bus } from '../telemetry/bus.ts';
import type { AttributeKvEntry, Originator, TelemetryEvent } from '../telemetry/telemetry-types.ts';
import type { DeviceStateRepository } from './device-state.repository.ts';

/** ThingsBoard's default inactivity timeout (600 s); a device's SERVER_SCOPE `inactivityTimeout` (ms) overrides it. */
export const DEFAULT_INACTIVITY_TIMEOUT_MS = 600_000;
/** How often inactivity is checked and due activity times are written. */
export const DEVICE_STATE_TICK_MS = 1_000;
/** A device's lastActivityTime is written at most this often. */
export const ACTIVITY_WRITE_INTERVAL_MS = 10_000;
/** Each tick writes at most this share of the waiting devices, so a fleet's writes spread out. */
const WRITE_SPREAD = ACTIVITY_WRITE_INTERVAL_MS / DEVICE_STATE_TICK_MS;
const MIN_WRITES_PER_TICK = 50;
const STATE_KEYS = ['active', 'lastActivityTime', 'lastConnectTime', 'lastDisconnectTime', 'inactivityAlarmTime'];
const TIMEOUT_KEY = 'inactivityTimeout';
const ACTIVITY_WRITE_CHUNK = 500;

export interface DeviceRef {
  id: string;
  tenantId: string;
}

/** What the server knows of a device's connectivity (reference §4, device state attributes). */
export interface DeviceStateSnapshot {
  active: boolean;
  lastActivityTime: number;
  lastConnectTime: number;
  lastDisconnectTime: number;
  inactivityAlarmTime: number;
  inactivityTimeout: number;
}

interface State extends DeviceStateSnapshot {
  target: Originator;
  /** Persisted values read; until then activity is only recorded. */
  loaded: boolean;
  activityDirty: boolean;
  /** Clock time lastActivityTime was last written. */
  activityWrittenAt: number;
}

export interface DeviceStateOptions {
  tickMs?: number;
  defaultInactivityTimeoutMs?: number;
}

/** Connectivity changes the rule engine turns into CONNECT/DISCONNECT/ACTIVITY/INACTIVITY_EVENT messages. */
export type DeviceStateEventType = 'CONNECT_EVENT' | 'DISCONNECT_EVENT' | 'ACTIVITY_EVENT' | 'INACTIVITY_EVENT';
export type DeviceStateListener = (type: DeviceStateEventType, device: DeviceRef, state: DeviceStateSnapshot) => void;

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

const long = (key: string, value: number): KvEntry => ({ key, type: 'LONG', value });
const bool = (key: string, value: boolean): KvEntry => ({ key, type: 'BOOLEAN', value });

function timeoutOf(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * Device activity in memory, persisted as SERVER_SCOPE attributes: connects, disconnects and
 * changes of `active` at once; `lastActivityTime` at most every 10 s per device, spread over the
 * ticks so a thousand devices do not write at the same moment — a message costs a map
 * lookup. A timer marks devices inactive (`active` false, `inactivityAlarmTime`) once they were
 * silent for their inactivity timeout.
 */
export class DeviceStateService {
  logger: WarnLogger = { warn: () => {} };
  listener: DeviceStateListener | undefined;
  private readonly states = new Map<string, State>();
  private readonly dirty = new Set<State>();
  private readonly writes = new Set<Promise<unknown>>();
  private readonly tickMs: number;
  private readonly defaultTimeout: number;
  private readonly unsubscribe: () => void;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly attributes: AttributeStore,
    private readonly repo: DeviceStateRepository,
    bus: Bus,
    private readonly clock: Clock,
    opts: DeviceStateOptions = {},
  ) {
    this.tickMs = opts.tickMs ?? DEVICE_STATE_TICK_MS;
    this.defaultTimeout = opts.defaultInactivityTimeoutMs ?? DEFAULT_INACTIVITY_TIMEOUT_MS;
    this.unsubscribe = bus.subscribe((e) => this.onEvent(e));
  }

  /** Starts the timer and picks up devices still marked active (they go inactive if they stay silent). */
  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
    const rows = await this.repo.findActive();
    for (const r of rows) {
      if (this.states.has(r.id)) continue;
      const s = this.newState({ id: r.id, tenantId: r.tenant_id });
      s.loaded = true;
      s.active = true;
      s.lastActivityTime = r.last_activity_time ?? 0;
      s.inactivityTimeout = timeoutOf(r.timeout_long ?? r.timeout_dbl ?? r.timeout_str, this.defaultTimeout);
    }
  }

  onConnect(device: DeviceRef, ts = this.clock.now()): void {
    const s = this.stateOf(device);
    s.lastConnectTime = ts;
    this.persist(s, [long('lastConnectTime', ts)]);
    this.emit('CONNECT_EVENT', s);
    this.onActivity(device, ts);
  }

  onDisconnect(device: DeviceRef, ts = this.clock.now()): void {
    const s = this.stateOf(device);
    s.lastDisconnectTime = ts;
    this.persist(s, [long('lastDisconnectTime', ts)]);
    this.emit('DISCONNECT_EVENT', s);
  }

  /** Every message of a device: keep this cheap. */
  onActivity(device: DeviceRef, ts = this.clock.now()): void {
    const s = this.states.get(device.id) ?? this.stateOf(device);
    if (ts > s.lastActivityTime) s.lastActivityTime = ts;
    if (!s.loaded) return;
    if (!s.active) this.activate(s);
    else if (!s.activityDirty) {
      s.activityDirty = true;
      this.dirty.add(s);
    }
  }

  snapshot(deviceId: string): DeviceStateSnapshot | undefined {
    const s = this.states.get(deviceId);
    if (!s) return undefined;
    const { active, lastActivityTime, lastConnectTime, lastDisconnectTime, inactivityAlarmTime, inactivityTimeout } = s;
    return { active, lastActivityTime, lastConnectTime, lastDisconnectTime, inactivityAlarmTime, inactivityTimeout };
  }

  /** Writes activity times and marks silent devices inactive (the timer's job; tests call it). */
  tick(): Promise<void> {
    this.ticking ??= this.runTick(false).finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  /** Pending writes reach the store (tests, shutdown). */
  async flush(): Promise<void> {
    await this.ticking;
    await this.runTick(true);
    while (this.writes.size) await Promise.allSettled([...this.writes]);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe();
    await this.flush();
  }

  /** `all`: every waiting activity time now (flush), else those due, a share per tick. */
  private async runTick(all: boolean): Promise<void> {
    const now = this.clock.now();
    const budget = all ? Infinity : Math.max(MIN_WRITES_PER_TICK, Math.ceil(this.dirty.size / WRITE_SPREAD));
    const batch: State[] = [];
    // Oldest first: a Set iterates in insertion order.
    for (const s of this.dirty) {
      if (batch.length >= budget) break;
      if (all || now - s.activityWrittenAt >= ACTIVITY_WRITE_INTERVAL_MS) batch.push(s);
    }
    for (const s of batch) {
      this.dirty.delete(s);
      s.activityDirty = false;
      s.activityWrittenAt = now;
    }
    for (const s of this.states.values()) {
      if (s.loaded && s.active && now >= s.lastActivityTime + s.inactivityTimeout) {
        s.active = false;
        s.inactivityAlarmTime = now;
        this.persist(s, [bool('active', false), long('inactivityAlarmTime', now)]);
        this.emit('INACTIVITY_EVENT', s);
      }
    }
    // One statement per chunk of devices: a write per device would queue a statement per device on the
    // database connection that also carries every telemetry batch.
    for (let i = 0; i < batch.length; i += ACTIVITY_WRITE_CHUNK) {
      const chunk = batch.slice(i, i + ACTIVITY_WRITE_CHUNK);
      try {
        await this.attributes.saveMany(
          'SERVER_SCOPE',
          chunk.map((s) => ({ target: s.target, entry: long('lastActivityTime', s.lastActivityTime) })),
        );
      } catch (err) {
        this.logger.warn({ err, devices: chunk.length }, 'device state: saving activity times failed');
      }
    }
  }

  private activate(s: State): void {
    s.active = true;
    s.activityDirty = false;
    s.activityWrittenAt = this.clock.now();
    this.dirty.delete(s);
    this.persist(s, [bool('active', true), long('lastActivityTime', s.lastActivityTime)]);
    this.emit('ACTIVITY_EVENT', s);
  }

  private emit(type: DeviceStateEventType, s: State): void {
    if (!this.listener) return;
    try {
      this.listener(type, { id: s.target.id, tenantId: s.target.tenantId }, this.snapshot(s.target.id)!);
    } catch (err) {
      this.logger.warn({ err, deviceId: s.target.id }, 'device state: event listener failed');
    }
  }

  private stateOf(device: DeviceRef): State {
    const existing = this.states.get(device.id);
    if (existing) return existing;
    const s = this.newState(device);
    this.track(this.load(s));
    return s;
  }

  private newState(device: DeviceRef): State {
    const s: State = {
      target: { tenantId: device.tenantId, entityType: 'DEVICE', id: device.id },
      active: false,
      lastActivityTime: 0,
      lastConnectTime: 0,
      lastDisconnectTime: 0,
      inactivityAlarmTime: 0,
      inactivityTimeout: this.defaultTimeout,
      loaded: false,
      activityDirty: false,
      activityWrittenAt: 0,
    };
    this.states.set(device.id, s);
    return s;
  }

  /** Reads what was persisted, then applies activity seen meanwhile. */
  private async load(s: State): Promise<void> {
    let rows: AttributeKvEntry[] = [];
    try {
      rows = await this.attributes.find(s.target.id, 'SERVER_SCOPE', [...STATE_KEYS, TIMEOUT_KEY]);
    } catch (err) {
      this.logger.warn({ err, deviceId: s.target.id }, 'device state: reading persisted state failed');
    }
    const byKey = new Map(rows.map((r) => [r.key, r.value]));
    const persistedActivity = Number(byKey.get('lastActivityTime') ?? 0);
    s.active = byKey.get('active') === true;
    s.lastConnectTime = Math.max(s.lastConnectTime, Number(byKey.get('lastConnectTime') ?? 0));
    s.lastDisconnectTime = Math.max(s.lastDisconnectTime, Number(byKey.get('lastDisconnectTime') ?? 0));
    s.inactivityAlarmTime = Number(byKey.get('inactivityAlarmTime') ?? 0);
    s.inactivityTimeout = timeoutOf(byKey.get(TIMEOUT_KEY), this.defaultTimeout);
    s.loaded = true;
    if (s.lastActivityTime > persistedActivity) {
      if (!s.active) this.activate(s);
      else {
        s.activityDirty = true;
        this.dirty.add(s);
      }
    } else {
      s.lastActivityTime = persistedActivity;
    }
  }

  private persist(s: State, entries: KvEntry[]): void {
    this.track(this.write(s, entries));
  }

  private async write(s: State, entries: KvEntry[]): Promise<void> {
    try {
      await this.attributes.save(s.target, 'SERVER_SCOPE', entries);
    } catch (err) {
      this.logger.warn({ err, deviceId: s.target.id }, 'device state: saving attributes failed');
    }
  }

  private track(p: Promise<unknown>): void {
    this.writes.add(p);
    const done = () => void this.writes.delete(p);
    p.then(done, done);
  }

  /** A changed `inactivityTimeout` applies at once (ThingsBoard's onDeviceInactivityTimeoutUpdate). */
  private onEvent(e: TelemetryEvent): void {
    if (e.kind !== 'attributes' && e.kind !== 'attributes-deleted') return;
    if (e.scope !== 'SERVER_SCOPE' || e.entityType !== 'DEVICE') return;
    const s = this.states.get(e.entityId);
    if (!s) return;
    if (e.kind === 'attributes') {
      const entry = e.entries.find((x) => x.key === TIMEOUT_KEY);
      if (entry) s.inactivityTimeout = timeoutOf(entry.value, this.defaultTimeout);
    } else if (e.keys.includes(TIMEOUT_KEY)) {
      s.inactivityTimeout = this.defaultTimeout;
    }
  }
}
