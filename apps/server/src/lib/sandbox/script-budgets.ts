export interface ScriptBudgetOptions {
  /** Script time a tenant may use in a burst (ms of worker time). */
  capacityMs?: number;
  /** Script time given back per second: a tenant's sustained share of the workers. */
  refillMsPerSec?: number;
  /** How long a tenant's calls stay in the isolated lane after a timeout, memory overflow or crash. */
  suspectMs?: number;
}

interface Budget {
  tokens: number;
  at: number;
  /** The tenant's calls go to the isolated lane until then (0 = not suspect). */
  suspectUntil: number;
  /** Running mean of the tenant's call time (ms; -1 = none yet), to size its batches to a time slice. */
  avgCallMs: number;
}

export const DEFAULT_BUDGET = { capacityMs: 5_000, refillMsPerSec: 500, suspectMs: 60_000 } as const;

/**
 * Per-tenant script time, as token buckets of worker milliseconds (measured by the worker around
 * each call). A tenant over its budget, or whose scripts recently timed out, is run apart from the
 * others (sandbox-pool.ts) and its test runs are refused; the defaults leave the heaviest normal
 * rule chains (a few hundred ms of script time per second) untouched.
 */
export class ScriptBudgets {
  readonly capacityMs: number;
  readonly refillMsPerSec: number;
  readonly suspectMs: number;
  private readonly budgets = new Map<string, Budget>();

  constructor(
    private readonly clock: { now(): number },
    opts: ScriptBudgetOptions = {},
  ) {
    this.capacityMs = opts.capacityMs ?? DEFAULT_BUDGET.capacityMs;
    this.refillMsPerSec = opts.refillMsPerSec ?? DEFAULT_BUDGET.refillMsPerSec;
    this.suspectMs = opts.suspectMs ?? DEFAULT_BUDGET.suspectMs;
  }

  /** Charges `ms` of script time; a timeout, memory overflow or crash makes the tenant suspect. */
  charge(tenant: string, ms: number, hardFailure: boolean): void {
    const b = this.refilled(tenant);
    b.tokens -= ms;
    b.avgCallMs = b.avgCallMs < 0 ? ms : b.avgCallMs + (ms - b.avgCallMs) * 0.1;
    if (hardFailure) b.suspectUntil = this.clock.now() + this.suspectMs;
  }

  /** True when the tenant's calls should run apart from the others. */
  isolated(tenant: string): boolean {
    const b = this.budgets.get(tenant);
    if (!b) return false;
    if (b.suspectUntil > 0 && b.suspectUntil > this.clock.now()) return true;
    return this.refilled(tenant).tokens <= 0;
  }

  /** Milliseconds until the tenant has script time again (0 = it has some now). */
  waitMs(tenant: string): number {
    const b = this.budgets.get(tenant);
    if (!b) return 0;
    const tokens = this.refilled(tenant).tokens;
    return tokens > 0 ? 0 : Math.ceil(((1 - tokens) / this.refillMsPerSec) * 1000);
  }

  /** Expected time of one call of the tenant (ms). */
  callMs(tenant: string): number {
    return Math.max(0, this.budgets.get(tenant)?.avgCallMs ?? 0);
  }

  private refilled(tenant: string): Budget {
    const now = this.clock.now();
    let b = this.budgets.get(tenant);
    if (!b) {
      b = { tokens: this.capacityMs, at: now, suspectUntil: 0, avgCallMs: -1 };
      this.budgets.set(tenant, b);
      return b;
    }
    if (now > b.at) {
      b.tokens = Math.min(this.capacityMs, b.tokens + ((now - b.at) * this.refillMsPerSec) / 1000);
      b.at = now;
    }
    return b;
  }
}
