// The rule engine runtime (reference §9): per tenant, chains loaded lazily; every message runs from
// the first node of its chain along the connections that match the relations each node returns.
import { findNodeDefinition } from './node-registry.ts';
import { errorEvent, errorText, recordSafe, statsEvent } from './engine-events.ts';
import type {
  EventSink,
  NodeOutput,
  RuleChainSource,
  RuleEngineServices,
  RuleNodeDefinition,
  TbMsg,
} from './rule-engine-types.ts';
import { type QueueItem, SubmitQueue } from './submit-queue.ts';
import { TenantRegistry } from './tenant-registry.ts';
import { MsgRouter, Run } from './msg-router.ts';
import { buildTenantRuntime, destroyTenantRuntime, type NodeRuntime, type TenantRuntime } from './tenant-runtime.ts';

export const DEFAULT_MAX_IN_FLIGHT = 20_000;
export const DEFAULT_SUBMIT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_EXECUTIONS = 100;
const STATS_INTERVAL_MS = 60_000;

interface EngineLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RuleEngineOptions {
  source: RuleChainSource;
  events: EventSink;
  findNode?: (clazz: string) => RuleNodeDefinition | undefined;
  maxInFlight?: number;
  /** `submit` resolves after this even if a branch is still busy (a slow external call). */
  submitTimeoutMs?: number;
  /** Used when the tenant profile's `maxRuleNodeExecutionsPerMessage` is 0. */
  defaultMaxExecutions?: number;
  maxExecutionsOf?: (tenantId: string) => Promise<number>;
  /** The device profile's default rule chain; null or unknown id → root chain. Sync when cached. */
  chainOfDevice?: (tenantId: string, deviceId: string) => string | null | Promise<string | null>;
  clock?: { now(): number };
  logger?: EngineLogger;
  /** STATS events (messagesProcessed, errorsOccurred per node) every this often; default a minute. */
  statsIntervalMs?: number;
}

const silent: EngineLogger = { info() {}, warn() {}, error() {} };

export class RuleEngine {
  /** Set by the wiring before the first message (nodes receive it; it refers back to the engine). */
  services!: RuleEngineServices;
  logger: EngineLogger;
  private readonly tenants: TenantRegistry;
  private readonly queue: SubmitQueue;
  private readonly active = new Set<Run>();
  private readonly router: MsgRouter;
  private readonly findNode: (clazz: string) => RuleNodeDefinition | undefined;
  private readonly clock: { now(): number };
  private readonly timeoutMs: number;
  private sweeper: NodeJS.Timeout | undefined;
  private statsTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly opts: RuleEngineOptions) {
    this.findNode = opts.findNode ?? findNodeDefinition;
    this.clock = opts.clock ?? { now: () => Date.now() };
    this.timeoutMs = opts.submitTimeoutMs ?? DEFAULT_SUBMIT_TIMEOUT_MS;
    this.logger = opts.logger ?? silent;
    this.queue = new SubmitQueue(opts.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT, (item) => this.startItem(item));
    this.router = new MsgRouter(
      opts.events,
      () => this.clock.now(),
      (run) => this.finished(run),
    );
    this.tenants = new TenantRegistry(
      (tenantId) => this.build(tenantId),
      (rt) => destroyTenantRuntime(rt, opts.events, () => this.clock.now()),
      (err, tenantId) =>
        this.logger.error(
          { err, tenantId },
          'rule engine: reloading rule chains failed; the previous ones keep running',
        ),
    );
  }

  /** Starts the periodic STATS events; messages are accepted with or without it. */
  start(): void {
    this.stopped = false;
    this.statsTimer ??= setInterval(() => this.recordStats(), this.opts.statsIntervalMs ?? STATS_INTERVAL_MS);
    this.statsTimer.unref();
  }

  /** Resolves when the message and everything it fanned out to finished (or after the time cap). */
  submit(tenantId: string, msg: TbMsg): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('Rule engine is stopped'));
    return this.queue.submit(tenantId, msg);
  }

  /** Messages admitted and not finished (tests, monitoring). */
  get inFlight(): number {
    return this.queue.size;
  }

  /** Loads the tenant's chains again (after a chain was saved); messages in progress finish on the old ones. */
  reloadTenant(tenantId: string): Promise<void> {
    return this.tenants.reload(tenantId);
  }

  /** Stops and forgets a tenant's nodes (tenant deleted). */
  unloadTenant(tenantId: string): Promise<void> {
    return this.tenants.unload(tenantId);
  }

  async stop(waitMs = 5_000): Promise<void> {
    this.stopped = true;
    clearInterval(this.statsTimer);
    this.statsTimer = undefined;
    this.queue.rejectWaiting(new Error('Rule engine is stopped'));
    const until = Date.now() + waitMs;
    while (this.active.size && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    await this.tenants.unloadAll();
  }

  // ---- loading ----

  private async build(tenantId: string): Promise<TenantRuntime> {
    const [chains, limit] = await Promise.all([
      this.opts.source.loadTenantChains(tenantId),
      this.opts.maxExecutionsOf ? this.opts.maxExecutionsOf(tenantId).catch(() => 0) : Promise.resolve(0),
    ]);
    const max = limit > 0 ? limit : (this.opts.defaultMaxExecutions ?? DEFAULT_MAX_EXECUTIONS);
    return buildTenantRuntime(tenantId, chains, max, {
      services: this.services,
      events: this.opts.events,
      findNode: this.findNode,
      emit: (node, out) => this.emitFrom(node, out),
      now: () => this.clock.now(),
    });
  }

  // ---- running ----

  private startItem(item: QueueItem): void {
    const rt = this.tenants.get(item.tenantId);
    if (!(rt instanceof Promise)) return this.dispatch(rt, item);
    rt.then(
      (t) => this.dispatch(t, item),
      (err: unknown) => {
        this.logger.error({ err, tenantId: item.tenantId }, 'rule engine: loading rule chains failed');
        this.queue.finish(item, err instanceof Error ? err : new Error(errorText(err)));
      },
    );
  }

  private dispatch(rt: TenantRuntime, item: QueueItem): void {
    const o = item.msg.originator;
    const chainId =
      o.entityType === 'DEVICE' && this.opts.chainOfDevice ? this.opts.chainOfDevice(rt.tenantId, o.id) : null;
    if (!(chainId instanceof Promise)) return this.runIn(rt, item, chainId);
    chainId.then(
      (id) => this.runIn(rt, item, id),
      () => this.runIn(rt, item, null),
    );
  }

  private runIn(rt: TenantRuntime, item: QueueItem, chainId: string | null): void {
    const chain = (chainId ? rt.chains.get(chainId) : undefined) ?? rt.root;
    if (!chain?.first) {
      const why = chain ? `Rule chain '${chain.name}' has no first rule node` : 'The tenant has no root rule chain';
      recordSafe(
        this.opts.events,
        errorEvent(
          rt.tenantId,
          'RULE_CHAIN',
          chain?.id ?? rt.tenantId,
          'onMsg',
          `${why}: message dropped`,
          this.clock.now(),
        ),
      );
      this.queue.finish(item);
      return;
    }
    const run = new Run(rt, item, this.clock.now() + this.timeoutMs);
    this.track(run);
    this.router.enterChain(run, chain, item.msg);
    this.router.settle(run);
  }

  /** A message a node made on its own (generator, delay): runs from that node's connections. */
  private emitFrom(node: NodeRuntime, out: NodeOutput): void {
    const rt = this.tenants.current(node.chain.tenantId);
    // A node of a replaced runtime (reloaded chain) no longer speaks for the tenant.
    if (!rt || this.stopped || rt.chains.get(node.chain.id) !== node.chain) return;
    const run = new Run(rt, null, this.clock.now() + this.timeoutMs);
    this.router.routeOne(run, node, out, undefined);
    this.router.settle(run);
  }

  private finished(run: Run): void {
    this.active.delete(run);
    if (run.item) this.queue.finish(run.item, run.storageError);
  }

  private track(run: Run): void {
    this.active.add(run);
    if (this.sweeper) return;
    // One timer for all runs: a message whose branches take too long stops holding its originator.
    this.sweeper = setInterval(
      () => {
        const now = this.clock.now();
        for (const r of this.active) {
          if (r.deadline > now) continue;
          this.active.delete(r);
          if (r.item) this.queue.finish(r.item);
        }
      },
      Math.min(1000, this.timeoutMs),
    );
    this.sweeper.unref();
  }

  private recordStats(): void {
    const now = this.clock.now();
    for (const rt of this.tenants.values()) {
      for (const chain of rt.chains.values()) {
        for (const n of chain.nodes.values()) {
          if (!n.processed && !n.errors) continue;
          recordSafe(this.opts.events, statsEvent(rt.tenantId, n.id, n.processed, n.errors, now));
          n.processed = 0;
          n.errors = 0;
        }
      }
    }
  }
}
