import type { ScriptRunner } from '../../rule-engine/rule-engine-types.ts';
import { ScriptBlacklist } from './script-blacklist.ts';
import { type ScriptBudgetOptions, ScriptBudgets } from './script-budgets.ts';
import { ScriptError } from './script-error.ts';
import { ScriptTestGuard } from './script-test-guard.ts';
import { SandboxPool } from './sandbox-pool.ts';
import type { FailureKind, WorkerResult } from './sandbox-worker-client.ts';

/** ThingsBoard's limits (thingsboard.yml `js.*`). */
export const SCRIPT_LIMITS = { maxScriptChars: 50_000, maxArgsChars: 100_000, maxResultChars: 300_000 } as const;
export const DEFAULT_ARG_NAMES: readonly string[] = ['msg', 'metadata', 'msgType'];
export const GENERATOR_ARG_NAMES: readonly string[] = ['prevMsg', 'prevMetadata', 'prevMsgType'];
/** ThingsBoard's refusal once a tenant's monthly JS executions (tenant profile) are used up. */
export const JS_EXECUTIONS_DISABLED = 'JS Execution is disabled due to API limits!';

/** The tenant profile's monthly `maxJSExecutions`, counted per execution (modules/tenant-profiles/js-execution-quota.ts). */
export interface ScriptQuota {
  /** Counts one execution; false (or a promise of it) when the tenant's limit is used up. */
  acquire(tenantId: string): boolean | Promise<boolean>;
  /** Writes what it counted (the runner's close calls it). */
  close?(): Promise<void>;
}

export interface ScriptRunnerOptions {
  /** Per-call deadline (ThingsBoard: 500 ms request timeout). */
  timeoutMs?: number;
  /**
   * Memory a script may use: the cap of each worker's QuickJS heap (shared by the tenants of
   * that worker, idle tenants take a few hundred kB each).
   */
  memoryLimitBytes?: number;
  maxStackBytes?: number;
  /**
   * Worker threads (default 2): worker 0 runs isolated work only, so a tenant's endless loop
   * (script tests, or a misbehaving tenant's nodes) never holds up the other tenants (sandbox-pool.ts).
   */
  poolSize?: number;
  maxBatch?: number;
  maxErrors?: number;
  blacklistMs?: number;
  clock?: { now(): number };
  maxTenantsPerWorker?: number;
  maxCachedScripts?: number;
  /** Per-tenant script time (script-budgets.ts). */
  budget?: ScriptBudgetOptions;
  quota?: ScriptQuota;
}

export interface ScriptInvocation {
  tenantId: string;
  /** A function body. */
  script: string;
  /** One value per argument name; each must be JSON-serialisable. */
  args: readonly unknown[];
  argNames?: readonly string[];
  /**
   * Whose script it is (a rule node's or decoder's id): its blacklist entry, so a script that
   * keeps failing stays disabled however its text is changed. Without it, the script text.
   */
  ownerId?: string;
  /**
   * A script test (the test dialog): new code every time, so it runs apart from the rule
   * engine's calls and does not count towards a blacklist entry; the tenant's tests are refused
   * while its script time is used up or after repeated timeouts.
   */
  test?: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Reads SCRIPT_TIMEOUT_MS, SCRIPT_MEMORY_LIMIT_MB and SCRIPT_WORKERS; a bad value names the variable. */
export function scriptRunnerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ScriptRunnerOptions {
  const int = (name: string, min: number, max: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`${name} must be an integer between ${min} and ${max}, got '${raw}'`);
    }
    return n;
  };
  const mb = int('SCRIPT_MEMORY_LIMIT_MB', 32, 1024);
  return {
    timeoutMs: int('SCRIPT_TIMEOUT_MS', 10, 60_000),
    memoryLimitBytes: mb === undefined ? undefined : mb * 1024 * 1024,
    poolSize: int('SCRIPT_WORKERS', 1, 16),
  };
}

/**
 * The user-script sandbox: QuickJS (WASM) in worker threads shared fairly by the tenants,
 * ThingsBoard's script signature, limits and blacklist. Only JSON crosses the boundary.
 */
export class QuickJsScriptRunner implements ScriptRunner {
  readonly timeoutMs: number;
  readonly memoryLimitBytes: number;
  private readonly pool: SandboxPool;
  private readonly blacklist: ScriptBlacklist;
  private readonly budgets: ScriptBudgets;
  private readonly tests: ScriptTestGuard;
  private readonly quota: ScriptQuota | undefined;

  constructor(opts: ScriptRunnerOptions = {}) {
    const clock = opts.clock ?? Date;
    this.timeoutMs = opts.timeoutMs ?? 500;
    this.memoryLimitBytes = opts.memoryLimitBytes ?? 64 * 1024 * 1024;
    this.blacklist = new ScriptBlacklist(clock, opts.maxErrors ?? 3, opts.blacklistMs ?? 60_000);
    this.budgets = new ScriptBudgets(clock, opts.budget);
    this.tests = new ScriptTestGuard(clock, opts.maxErrors ?? 3, 60_000, opts.blacklistMs ?? 60_000);
    this.quota = opts.quota;
    const limits = {
      heapLimitBytes: this.memoryLimitBytes,
      maxStackBytes: opts.maxStackBytes ?? 256 * 1024,
      timeoutMs: this.timeoutMs,
      maxResultChars: SCRIPT_LIMITS.maxResultChars,
      maxTenants: opts.maxTenantsPerWorker ?? 64,
      maxScripts: opts.maxCachedScripts ?? 1000,
    };
    this.pool = new SandboxPool(
      limits,
      {
        workers: opts.poolSize ?? 2,
        maxBatch: opts.maxBatch ?? 512,
        maxInFlight: 2,
        sharedSliceMs: 20,
        isolatedSliceMs: this.timeoutMs,
        maxWaitMs: Math.max(10_000, 4 * this.timeoutMs),
        maxQueued: 100_000,
        maxQueuedPerTenant: 20_000,
        stuckGraceMs: 1000,
      },
      this.budgets,
    );
  }

  run(
    tenantId: string,
    script: string,
    msg: unknown,
    metadata: Record<string, string>,
    msgType: string,
    ownerId?: string,
  ): Promise<unknown> {
    return this.invoke({ tenantId, script, args: [msg, metadata, msgType], ownerId });
  }

  /** Runs a script with any argument names; rejects with a `ScriptError` a person can read. */
  async invoke(inv: ScriptInvocation): Promise<unknown> {
    const argNames = inv.argNames ?? DEFAULT_ARG_NAMES;
    if (typeof inv.script !== 'string' || inv.script.length > SCRIPT_LIMITS.maxScriptChars) {
      throw new ScriptError(
        'limit',
        `Script body exceeds maximum allowed size of ${SCRIPT_LIMITS.maxScriptChars} symbols`,
      );
    }
    if (argNames.length > 10 || !argNames.every((n) => IDENTIFIER.test(n))) {
      throw new ScriptError('limit', `Invalid script argument names: ${argNames.join(', ')}`);
    }
    let argsJson: string;
    try {
      argsJson = JSON.stringify(inv.args.map((a) => (a === undefined ? null : a)));
    } catch (err) {
      throw new ScriptError('limit', `Script arguments must be JSON: ${(err as Error).message}`);
    }
    if (argsJson.length > SCRIPT_LIMITS.maxArgsChars) {
      throw new ScriptError(
        'limit',
        `Script input arguments exceed maximum allowed total args size of ${SCRIPT_LIMITS.maxArgsChars} symbols`,
      );
    }
    const tenant = inv.tenantId;
    const argNamesJson = JSON.stringify(argNames);
    const test = inv.test === true;
    const key = test ? '' : `${tenant}\0${inv.ownerId ?? `${argNamesJson}\0${inv.script}`}`;
    if (test) {
      const refused = this.testRefusal(tenant);
      if (refused) throw new ScriptError(refused[1], refused[2]);
    } else {
      this.blacklist.check(key);
    }
    if (this.quota) {
      const allowed = this.quota.acquire(tenant);
      if (allowed === false || (allowed !== true && !(await allowed))) {
        throw new ScriptError('quota', JS_EXECUTIONS_DISABLED);
      }
    }
    const lane = test || this.budgets.isolated(tenant) ? 'isolated' : 'shared';
    const r = await this.pool.call(
      tenant,
      argNamesJson,
      inv.script,
      argsJson,
      test
        ? {
            lane,
            // Tests queued behind a loop are refused as soon as the tenant gets blocked.
            admit: () => this.testRefusal(tenant),
            settled: (res) => {
              if (res[0] === 'e' && HARD.has(res[1])) this.tests.failure(tenant);
            },
          }
        : { lane },
    );
    if (r[0] === 'e') {
      if (!test && !NOT_THE_SCRIPTS_FAULT.has(r[1])) this.blacklist.failure(key);
      throw new ScriptError(r[1], this.describe(r));
    }
    if (!test) this.blacklist.success(key);
    return r[0] === 'u' ? undefined : JSON.parse(r[1]);
  }

  /** Worker restarts after crashes or hangs (all workers). */
  get restarts(): number {
    return this.pool.restarts;
  }

  async close(): Promise<void> {
    await this.pool.close();
    await this.quota?.close?.();
  }

  /** Why a tenant's script test is refused now, or null. */
  private testRefusal(tenant: string): Extract<WorkerResult, readonly ['e', ...unknown[]]> | null {
    const blocked = this.tests.blockedMs(tenant);
    if (blocked > 0) {
      return [
        'e',
        'blacklisted',
        `Script tests are blocked for another ${Math.ceil(blocked / 1000)} s: scripts of this tenant timed out ` +
          `or ran out of memory ${this.tests.maxFailures} times within ${this.tests.windowMs / 1000} s.`,
      ];
    }
    const wait = this.budgets.waitMs(tenant);
    if (wait > 0) {
      return [
        'e',
        'throttled',
        `Too many requests for current tenant! Script execution time of this tenant is used up ` +
          `(${this.budgets.capacityMs} ms, ${this.budgets.refillMsPerSec} ms more each second); ` +
          `try again in ${Math.ceil(wait / 1000)} s.`,
      ];
    }
    return null;
  }

  private describe(r: Extract<WorkerResult, readonly ['e', ...unknown[]]>): string {
    const [, kind, detail] = r;
    switch (kind) {
      case 'timeout':
        return `Script execution timed out after ${this.timeoutMs} ms`;
      case 'oom':
        return `Script ran out of memory (limit ${Math.round(this.memoryLimitBytes / 1024 / 1024)} MB)`;
      case 'result':
        return `Script invocation result exceeds maximum allowed size of ${SCRIPT_LIMITS.maxResultChars} symbols`;
      default:
        return detail;
    }
  }
}

/** Failures that make a tenant's tests count towards being blocked. */
const HARD: ReadonlySet<FailureKind> = new Set(['timeout', 'oom', 'crash']);
/** Failures that do not count towards a script's blacklist entry. */
const NOT_THE_SCRIPTS_FAULT: ReadonlySet<FailureKind> = new Set(['overload', 'blacklisted', 'throttled']);
