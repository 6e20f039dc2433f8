// Runs one message through the compiled chains: each node's outputs go down the connections whose
// type matches; failures go to Failure with metadata `error`; debug and error events on the way.
import {
  debugChainEvent,
  debugNodeEvent,
  errorEvent,
  errorText,
  isStorageFailure,
  recordSafe,
} from './engine-events.ts';
import { withMeta } from './msg.ts';
import type { EventSink, NodeOutput, NodeResult, TbMsg } from './rule-engine-types.ts';
import type { QueueItem } from './submit-queue.ts';
import type { ChainRuntime, NodeRuntime, Target, TenantRuntime } from './tenant-runtime.ts';

/** One submitted message and everything it fanned out to. */
export class Run {
  /** Open work: node executions not finished yet, plus the entry token. */
  pending = 1;
  executions = 0;
  loopReported = false;
  storageError: Error | null = null;
  constructor(
    readonly tenant: TenantRuntime,
    readonly item: QueueItem | null,
    readonly deadline: number,
  ) {}
}

export class MsgRouter {
  constructor(
    private readonly events: EventSink,
    private readonly now: () => number,
    /** Called once when a run has no open work left. */
    private readonly done: (run: Run) => void,
  ) {}

  /** Ends one unit of a run's open work (the entry token, or a node execution). */
  settle(run: Run): void {
    if (--run.pending === 0) this.done(run);
  }

  enterChain(run: Run, chain: ChainRuntime, msg: TbMsg): void {
    if (chain.debug) recordSafe(this.events, debugChainEvent(run.tenant.tenantId, chain.id, msg, this.now()));
    this.exec(run, chain.first!, msg);
  }

  private exec(run: Run, node: NodeRuntime, msg: TbMsg): void {
    if (++run.executions > run.tenant.maxExecutions) {
      if (!run.loopReported) {
        run.loopReported = true;
        const text = `Message ${msg.id} was stopped after ${run.tenant.maxExecutions} rule node executions (maxRuleNodeExecutionsPerMessage): does the chain loop?`;
        recordSafe(this.events, errorEvent(run.tenant.tenantId, 'RULE_NODE', node.id, 'onMsg', text, this.now()));
      }
      return;
    }
    node.processed++;
    if (node.debug) recordSafe(this.events, debugNodeEvent(run.tenant.tenantId, node.id, 'IN', msg, this.now()));
    run.pending++;
    if (!node.instance) {
      this.fail(run, node, msg, new Error(node.initError ?? 'Rule node is not initialized'));
      return this.settle(run);
    }
    let result: Promise<NodeResult> | NodeResult;
    try {
      result = node.instance.onMsg(msg);
    } catch (err) {
      this.fail(run, node, msg, err);
      return this.settle(run);
    }
    if (result !== null && typeof (result as Promise<NodeResult>).then === 'function') {
      (result as Promise<NodeResult>).then(
        (res) => {
          this.route(run, node, res);
          this.settle(run);
        },
        (err: unknown) => {
          this.fail(run, node, msg, err);
          this.settle(run);
        },
      );
      return;
    }
    this.route(run, node, result as NodeResult);
    this.settle(run);
  }

  private route(run: Run, node: NodeRuntime, res: NodeResult): void {
    if (res === null || res === undefined) return; // consumed
    if (Array.isArray(res)) for (const out of res as readonly NodeOutput[]) this.routeOne(run, node, out, undefined);
    else this.routeOne(run, node, res as NodeOutput, undefined);
  }

  routeOne(run: Run, node: NodeRuntime, out: NodeOutput, error: string | undefined): void {
    const rel = out.relation;
    if (typeof rel === 'string') {
      if (node.debug) this.debugOut(run, node, out.msg, rel, error);
      const targets = node.byRelation.get(rel);
      if (targets) for (const t of targets) this.deliver(run, t, out.msg);
      return;
    }
    if (node.debug) for (const r of rel) this.debugOut(run, node, out.msg, r, error);
    // A connection takes the message once even when several of its relations match.
    for (const c of node.connections) if (rel.includes(c.type)) this.deliver(run, c.target, out.msg);
  }

  private debugOut(run: Run, node: NodeRuntime, msg: TbMsg, rel: string, error: string | undefined): void {
    recordSafe(this.events, debugNodeEvent(run.tenant.tenantId, node.id, 'OUT', msg, this.now(), rel, error));
  }

  private deliver(run: Run, t: Target, msg: TbMsg): void {
    if (t.node) return this.exec(run, t.node, msg);
    const chain = t.chainId ? run.tenant.chains.get(t.chainId) : undefined;
    if (!chain?.first) {
      const text = `Target rule chain ${t.chainId} does not exist or has no first rule node`;
      recordSafe(
        this.events,
        errorEvent(run.tenant.tenantId, 'RULE_CHAIN', t.chainId ?? '', 'onMsg', text, this.now()),
      );
      return;
    }
    this.enterChain(run, chain, msg);
  }

  private fail(run: Run, node: NodeRuntime, msg: TbMsg, err: unknown): void {
    node.errors++;
    const text = errorText(err);
    const now = this.now();
    // Every failure when debugging; otherwise at most one ERROR event per node and second.
    if (node.debug || now - node.lastErrorEventTs >= 1000) {
      node.lastErrorEventTs = now;
      recordSafe(this.events, errorEvent(run.tenant.tenantId, 'RULE_NODE', node.id, 'onMsg', text, now));
    }
    if (isStorageFailure(err) && !node.byRelation.has('Failure')) run.storageError ??= err;
    this.routeOne(run, node, { relation: 'Failure', msg: withMeta(msg, 'error', text) }, text);
  }
}
