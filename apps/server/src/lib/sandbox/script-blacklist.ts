import { ScriptError } from './script-error.ts';

interface Entry {
  errors: number;
  /** Disabled until this time (0 = not disabled). */
  until: number;
}

/**
 * ThingsBoard's script blacklist: a script that fails `maxErrors` times in a row is refused for
 * `periodMs`; a success resets its count. Keys are per tenant and script text.
 */
export class ScriptBlacklist {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: { now(): number },
    readonly maxErrors = 3,
    readonly periodMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Throws when the script is disabled. */
  check(key: string): void {
    const e = this.entries.get(key);
    if (!e || e.until === 0) return;
    const left = e.until - this.clock.now();
    if (left > 0) {
      throw new ScriptError(
        'blacklisted',
        `Script is blacklisted due to maximum error count ${this.maxErrors}! ` +
          `It failed ${this.maxErrors} times in a row and is disabled for another ${Math.ceil(left / 1000)} s.`,
      );
    }
    // The period is over: the script gets a fresh start.
    this.entries.delete(key);
  }

  failure(key: string): void {
    let e = this.entries.get(key);
    if (!e) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      e = { errors: 0, until: 0 };
      this.entries.set(key, e);
    }
    e.errors++;
    if (e.errors >= this.maxErrors && e.until === 0) e.until = this.clock.now() + this.periodMs;
  }

  success(key: string): void {
    if (this.entries.size > 0) this.entries.delete(key);
  }
}
