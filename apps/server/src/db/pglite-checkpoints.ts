import { systemClock, type Clock } from '../lib/clock.ts';
import type { Queryable } from './database.ts';

// PGlite runs Postgres as a single-user backend: there is no checkpointer process, so nothing
// checkpoints until shutdown. Without this, pg_wal grows with every write for as long as the server
// runs (gigabytes a day under steady telemetry), a crash replays all of it on the next start, and
// every new 16 MB segment is created from scratch instead of recycled. This does the checkpointer's
// job on the one connection: a CHECKPOINT once `everyBytes` of WAL were written since the last one,
// or after `everyMs` when anything was written at all.

export interface CheckpointPolicy {
  /** WAL written since the last checkpoint that triggers the next one (Postgres' max_wal_size role). */
  everyBytes: number;
  /** Longest time between checkpoints while anything is written (checkpoint_timeout's role). */
  everyMs: number;
  /** How often the WAL position is looked at. */
  checkMs: number;
}

export const DEFAULT_CHECKPOINT_POLICY: CheckpointPolicy = {
  everyBytes: 64 * 1024 * 1024,
  everyMs: 5 * 60_000,
  checkMs: 5_000,
};

/** More than the checkpoint record itself: something was written since. */
const WRITTEN_SINCE = 16 * 1024;

const PENDING_WAL = `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 AS bytes
  FROM pg_control_checkpoint()`;

export class WalCheckpointer {
  private timer: NodeJS.Timeout | undefined;
  private lastAt: number;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  /** Reports a failed check or checkpoint (the next check tries again). */
  onError: (err: unknown) => void = () => {};

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock = systemClock,
    private readonly policy: CheckpointPolicy = DEFAULT_CHECKPOINT_POLICY,
  ) {
    this.lastAt = clock.now();
  }

  /** Looks at the WAL written since the last checkpoint and checkpoints when the policy says so. */
  async tick(): Promise<boolean> {
    const [row] = await this.db.query<{ bytes: number }>(PENDING_WAL);
    const pending = row?.bytes ?? 0;
    const due =
      pending >= this.policy.everyBytes ||
      (pending > WRITTEN_SINCE && this.clock.now() - this.lastAt >= this.policy.everyMs);
    if (!due || this.stopped) return false;
    await this.db.query('CHECKPOINT');
    this.lastAt = this.clock.now();
    return true;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.running || this.stopped) return;
      this.running = this.tick()
        .catch((err: unknown) => this.onError(err))
        .finally(() => (this.running = undefined));
    }, this.policy.checkMs);
    this.timer.unref();
  }

  /** Stops the checks and waits for one in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
