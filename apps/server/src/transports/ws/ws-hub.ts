import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../modules/telemetry/bus.ts';
import type { TelemetryEvent } from '../../modules/telemetry/telemetry-types.ts';

/** Anything that wants the committed changes of one entity. */
export interface LiveListener {
  onEvent(event: TelemetryEvent): void;
}

/** A job run on every tick (entity counts, dynamic queries); a slow one is skipped, not stacked. */
export type PeriodicTask = () => Promise<void>;

export interface HubTimers {
  /** How often counts and dynamic queries are re-run. */
  refreshMs: number;
}

/**
 * The app's single bus listener for WebSocket sessions: listeners are indexed by entity id, so an
 * event costs O(subscribers of that entity), not O(sessions).
 */
export class SubscriptionHub {
  private readonly byEntity = new Map<string, Set<LiveListener>>();
  private readonly tasks = new Set<PeriodicTask>();
  private readonly running = new WeakSet<PeriodicTask>();
  private readonly unsubscribeBus: () => void;
  private readonly timer: NodeJS.Timeout;

  constructor(
    bus: Bus,
    private readonly log: FastifyBaseLogger,
    timers: HubTimers,
  ) {
    this.unsubscribeBus = bus.subscribe((ev) => this.dispatch(ev));
    this.timer = setInterval(() => this.tick(), timers.refreshMs);
    this.timer.unref();
  }

  add(entityId: string, l: LiveListener): void {
    const id = entityId.toLowerCase();
    let set = this.byEntity.get(id);
    if (!set) this.byEntity.set(id, (set = new Set()));
    set.add(l);
  }

  remove(entityId: string, l: LiveListener): void {
    const id = entityId.toLowerCase();
    const set = this.byEntity.get(id);
    if (!set) return;
    set.delete(l);
    if (set.size === 0) this.byEntity.delete(id);
  }

  /** Number of entities with at least one listener (tests, metrics). */
  get entityCount(): number {
    return this.byEntity.size;
  }

  addPeriodic(task: PeriodicTask): () => void {
    this.tasks.add(task);
    return () => this.tasks.delete(task);
  }

  private dispatch(ev: TelemetryEvent): void {
    // An alarm shows on its originator and every entity it propagates to: each listener hears it once.
    const ids = ev.kind === 'alarm' ? ev.entityIds : [ev.entityId];
    const set = new Set(ids.flatMap((id) => [...(this.byEntity.get(id.toLowerCase()) ?? [])]));
    for (const l of set) {
      try {
        l.onEvent(ev);
      } catch (err) {
        this.log.warn({ err }, 'websocket subscription failed to handle an update');
      }
    }
  }

  private tick(): void {
    for (const task of this.tasks) {
      if (this.running.has(task)) continue;
      this.running.add(task);
      task()
        .catch((err: unknown) => this.log.warn({ err }, 'websocket periodic refresh failed'))
        .finally(() => this.running.delete(task));
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.unsubscribeBus();
    this.byEntity.clear();
    this.tasks.clear();
  }
}
