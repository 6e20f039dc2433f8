import type { ScriptRunner } from '../../rule-engine/rule-engine-types.ts';
import { ScriptBlacklist } from './script-blacklist.ts';
import { ScriptError } from './script-error.ts';
import { SandboxWorkerClient, type WorkerResult } from './sandbox-worker-client.ts';

/** ThingsBoard's limits (thingsboard.yml `js.*`). */
export const SCRIPT_LIMITS = { maxScriptChars: 50_000, maxArgsChars: 100_000, maxResultChars: 300_000 } as const;
export const DEFAULT_ARG_NAMES: readonly string[] = ['msg', 'metadata', 'msgType'];
export const GENERATOR_ARG_NAMES: readonly string[] = ['prevMsg', 'prevMetadata', 'prevMsgType'];

export interface ScriptRunnerOptions {
  /** Per-call deadline (ThingsBoard: 500 ms request timeout). */
  timeoutMs?: number;
  /**
   * Memory a script may use: the cap of each worker's QuickJS heap (shared by the tenants of
   * that worker, idle tenants take a few hundred kB each).
   */
  memoryLimitBytes?: number;
  maxStackBytes?: number;
  /** Worker threads; a tenant always goes to the same one. */
  poolSize?: number;
  maxBatch?: number;
  maxErrors?: number;
  blacklistMs?: number;
  clock?: { now(): number };
  maxTenantsPerWorker?: number;
  maxCachedScripts?: number;
}

export interface ScriptInvocation {
  tenantId: string;
  /** A function body. */
  script: string;
  /** One value per argument name; each must be JSON-serialisable. */
  args: readonly unknown[];
  argNames?: readonly string[];
  /** false = failures do not count towards the blacklist (script test dialog). */
  blacklist?: boolean;
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
 * The user-script sandbox: QuickJS (WASM) in worker threads, ThingsBoard's script signature,
 * limits and blacklist. Only JSON crosses the boundary.
 */
export class QuickJsScriptRunner implements ScriptRunner {
  readonly timeoutMs: number;
  readonly memoryLimitBytes: number;
  private readonly workers: SandboxWorkerClient[];
  private readonly blacklist: ScriptBlacklist;

  constructor(opts: ScriptRunnerOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 500;
    this.memoryLimitBytes = opts.memoryLimitBytes ?? 64 * 1024 * 1024;
    this.blacklist = new ScriptBlacklist(opts.clock ?? Date, opts.maxErrors ?? 3, opts.blacklistMs ?? 60_000);
    const limits = {
      heapLimitBytes: this.memoryLimitBytes,
      maxStackBytes: opts.maxStackBytes ?? 256 * 1024,
      timeoutMs: this.timeoutMs,
      batchBudgetMs: Math.max(4 * this.timeoutMs, 1000),
      maxResultChars: SCRIPT_LIMITS.maxResultChars,
      maxTenants: opts.maxTenantsPerWorker ?? 64,
      maxScripts: opts.maxCachedScripts ?? 1000,
    };
    const clientOpts = { maxBatch: opts.maxBatch ?? 512, maxInFlight: 2, maxQueued: 100_000, stuckGraceMs: 1000 };
    this.workers = Array.from(
      { length: Math.max(1, opts.poolSize ?? 1) },
      () => new SandboxWorkerClient(limits, clientOpts),
    );
  }

  run(
    tenantId: string,
    script: string,
    msg: unknown,
    metadata: Record<string, string>,
    msgType: string,
  ): Promise<unknown> {
    return this.invoke({ tenantId, script, args: [msg, metadata, msgType] });
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
    const argNamesJson = JSON.stringify(argNames);
    const key = `${inv.tenantId}\0${argNamesJson}\0${inv.script}`;
    const counted = inv.blacklist !== false;
    if (counted) this.blacklist.check(key);
    const worker = this.workers[hash(inv.tenantId) % this.workers.length]!;
    const r = await worker.call(inv.tenantId, argNamesJson, inv.script, argsJson);
    if (r[0] === 'e') {
      if (counted && r[1] !== 'overload') this.blacklist.failure(key);
      throw new ScriptError(r[1], this.describe(r));
    }
    if (counted) this.blacklist.success(key);
    return r[0] === 'u' ? undefined : JSON.parse(r[1]);
  }

  /** Worker restarts after crashes or hangs (all workers). */
  get restarts(): number {
    return this.workers.reduce((n, w) => n + w.restarts, 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
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

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h >>> 0;
}
