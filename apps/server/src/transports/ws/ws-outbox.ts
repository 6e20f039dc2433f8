import type { WebSocket } from 'ws';

export interface OutboxLimits {
  /** Messages waiting for the socket beyond which the session is closed (ThingsBoard: 1000). */
  maxPending: number;
  /** Bytes the socket may hold unsent before messages wait in the queue instead. */
  highWaterBytes: number;
}

const OPEN = 1;

/**
 * The session's outgoing messages. Messages go straight to the socket while its buffer is small;
 * a client that stops reading fills the buffer, messages queue here, and past `maxPending` the
 * session is given up (`onOverflow`) instead of growing memory without bound.
 */
export class Outbox {
  private queue: string[] = [];
  private inFlight = 0;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly limits: OutboxLimits,
    private readonly onOverflow: () => void,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  send(message: string): void {
    if (this.stopped) return;
    this.queue.push(message);
    if (this.queue.length > this.limits.maxPending) {
      this.stop();
      this.onOverflow();
      return;
    }
    this.pump();
  }

  /** Drops what is queued; nothing more is sent. */
  stop(): void {
    this.stopped = true;
    this.queue = [];
    if (this.retry) clearTimeout(this.retry);
  }

  private readonly afterSend = (): void => {
    this.inFlight--;
    this.pump();
  };

  private pump(): void {
    while (
      !this.stopped &&
      this.queue.length > 0 &&
      this.socket.readyState === OPEN &&
      this.socket.bufferedAmount < this.limits.highWaterBytes
    ) {
      const message = this.queue.shift() as string;
      this.inFlight++;
      this.socket.send(message, this.afterSend);
    }
    // Normally a completed send pumps again; with nothing of ours in flight, poll instead.
    if (!this.stopped && this.queue.length > 0 && this.inFlight === 0 && !this.retry) {
      this.retry = setTimeout(() => {
        this.retry = undefined;
        this.pump();
      }, 20);
    }
  }
}
