import type { Queryable } from '../../db/database.ts';
import type { ScriptQuota } from '../../lib/sandbox/quickjs-script-runner.ts';

interface Usage {
  tenantId: string;
  month: number;
  /** Start of the next month (clock ms): the count starts afresh then. */
  monthEnd: number;
  /** The tenant profile's maxJSExecutions (0 = unlimited). */
  limit: number;
  /** When the limit was read (clock ms). */
  readAt: number;
  /** The month's total as last read from or written to the database. */
  stored: number;
  /** Executions counted here and not yet written. */
  pending: number;
}

export interface JsExecutionQuotaOptions {
  /** How long a tenant profile's limit is used before it is read again. */
  limitTtlMs?: number;
  /** How often counts are written. */
  flushMs?: number;
  onError?: (err: unknown) => void;
}

/** year * 100 + month (UTC), as stored in api_usage.month. */
export function usageMonth(ms: number): number {
  const d = new Date(ms);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
}

function nextMonthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/**
 * The tenant profile's `maxJSExecutions` (reference §2.3: a monthly count, 0 = unlimited), as
 * ThingsBoard's API-usage state applies it: every script execution counts, and once the month's
 * count reaches the limit the tenant's scripts are refused with "JS Execution is disabled due to API
 * limits!" until the next month or a higher limit. Counting is in memory on the hot path; counts
 * are added to `api_usage` every few seconds, so a restart keeps the month's total (up to the last
 * few seconds' calls) and several processes share it.
 */
export class JsExecutionQuota implements ScriptQuota {
  private readonly usage = new Map<string, Usage>();
  private readonly loading = new Map<string, Promise<Usage>>();
  private readonly dirty = new Set<Usage>();
  private readonly limitTtlMs: number;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly clock: { now(): number },
    private readonly opts: JsExecutionQuotaOptions = {},
  ) {
    this.limitTtlMs = opts.limitTtlMs ?? 10_000;
    this.timer = setInterval(() => void this.flush(), opts.flushMs ?? 5_000);
    this.timer.unref();
  }

  acquire(tenantId: string): boolean | Promise<boolean> {
    const now = this.clock.now();
    const u = this.usage.get(tenantId);
    if (u && now < u.monthEnd && now - u.readAt < this.limitTtlMs) return this.take(u);
    return this.load(tenantId, now).then((fresh) => this.take(fresh));
  }

  /** Writes the counts not yet stored. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private take(u: Usage): boolean {
    if (u.limit > 0 && u.stored + u.pending >= u.limit) return false;
    u.pending++;
    this.dirty.add(u);
    return true;
  }

  private load(tenantId: string, now: number): Promise<Usage> {
    let p = this.loading.get(tenantId);
    if (!p) {
      p = this.read(tenantId, now).finally(() => this.loading.delete(tenantId));
      this.loading.set(tenantId, p);
    }
    return p;
  }

  private async read(tenantId: string, now: number): Promise<Usage> {
    const month = usageMonth(now);
    const old = this.usage.get(tenantId);
    let limit = 0;
    let stored = 0;
    try {
      const rows = await this.db.query<{ limit: number | null; used: number | null }>(
        `SELECT (p.profile_data -> 'configuration' ->> 'maxJSExecutions')::bigint AS limit,
                (SELECT js_executions FROM api_usage u WHERE u.tenant_id = t.id AND u.month = $2) AS used
         FROM tenant t JOIN tenant_profile p ON p.id = t.tenant_profile_id WHERE t.id = $1`,
        [tenantId, month],
      );
      limit = Number(rows[0]?.limit ?? 0);
      stored = Number(rows[0]?.used ?? 0);
    } catch (err) {
      // A counter must not stop the rule engine: unlimited until the next read.
      this.opts.onError?.(err);
    }
    if (old && old.month === month) {
      // Same month: the limit may have changed; what was counted here meanwhile stays.
      old.limit = limit;
      old.readAt = now;
      old.stored = Math.max(old.stored, stored);
      return old;
    }
    // A new month: the old one's pending count is still written (it stays in `dirty`).
    const u: Usage = { tenantId, month, monthEnd: nextMonthStart(now), limit, readAt: now, stored, pending: 0 };
    this.usage.set(tenantId, u);
    return u;
  }

  private async write(): Promise<void> {
    for (const u of [...this.dirty]) {
      this.dirty.delete(u);
      const n = u.pending;
      if (n === 0) continue;
      u.pending = 0;
      try {
        const rows = await this.db.query<{ total: number }>(
          `INSERT INTO api_usage (tenant_id, month, js_executions) VALUES ($1, $2, $3)
           ON CONFLICT (tenant_id, month) DO UPDATE SET js_executions = api_usage.js_executions + EXCLUDED.js_executions
           RETURNING js_executions AS total`,
          [u.tenantId, u.month, n],
        );
        // The total includes other processes' counts.
        u.stored = Number(rows[0]?.total ?? u.stored + n);
      } catch (err) {
        // Kept for the next flush; the others are still written.
        u.pending += n;
        this.dirty.add(u);
        this.opts.onError?.(err);
      }
    }
  }
}
