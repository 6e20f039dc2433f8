interface Entry {
  failures: number[];
  blockedUntil: number;
}

/**
 * Blocks a tenant's script tests after `maxFailures` timeouts or memory overflows within
 * `windowMs`, for `blockMs`. Keyed by tenant, not by script text: a test script is new code every
 * time, so changing one character must not start a fresh count.
 */
export class ScriptTestGuard {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: { now(): number },
    readonly maxFailures = 3,
    readonly windowMs = 60_000,
    readonly blockMs = 60_000,
  ) {}

  failure(tenant: string): void {
    const now = this.clock.now();
    let e = this.entries.get(tenant);
    if (!e) {
      e = { failures: [], blockedUntil: 0 };
      this.entries.set(tenant, e);
    }
    e.failures = e.failures.filter((t) => t > now - this.windowMs);
    e.failures.push(now);
    if (e.failures.length >= this.maxFailures) {
      e.blockedUntil = now + this.blockMs;
      e.failures = [];
    }
  }

  /** Milliseconds the tenant's tests stay blocked (0 = not blocked). */
  blockedMs(tenant: string): number {
    const e = this.entries.get(tenant);
    if (!e) return 0;
    const left = e.blockedUntil - this.clock.now();
    if (left > 0) return left;
    if (e.failures.length === 0) this.entries.delete(tenant);
    return 0;
  }
}
