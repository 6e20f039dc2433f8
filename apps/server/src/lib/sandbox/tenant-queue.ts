import { FifoQueue } from '../fifo-queue.ts';
import type { Lane, PendingCall } from './sandbox-worker-client.ts';

/** One tenant's waiting script calls, per lane (sandbox-pool.ts). */
export class TenantQueue {
  /** Calls that come back (slice used up, worker restart) go first. */
  front: Record<Lane, PendingCall[]> = { shared: [], isolated: [] };
  queue: Record<Lane, FifoQueue<PendingCall>> = { shared: new FifoQueue(), isolated: new FifoQueue() };
  inRing: Record<Lane, boolean> = { shared: false, isolated: false };
  /** An isolated batch of this tenant is running: a tenant has one worker at most in that lane. */
  isolatedBusy = false;
  queued = 0;
  constructor(readonly tenant: string) {}

  take(lane: Lane): PendingCall | undefined {
    const front = this.front[lane];
    return front.length > 0 ? front.shift() : this.queue[lane].shift();
  }

  has(lane: Lane): boolean {
    return this.front[lane].length > 0 || this.queue[lane].length > 0;
  }
}
