// Admission of messages: in submission order per originator, and a global cap on messages in
// flight so that a burst makes `submit` wait (transports slow down) instead of memory growing.
import type { TbMsg } from './rule-engine-types.ts';

export interface QueueItem {
  tenantId: string;
  msg: TbMsg;
  key: string;
  done: boolean;
  resolve(): void;
  reject(err: Error): void;
}

export class SubmitQueue {
  private readonly byKey = new Map<string, QueueItem[]>();
  private readonly waiting: QueueItem[] = [];
  private inFlight = 0;
  /** Trampoline: a message that finishes synchronously must not start the next one recursively. */
  private readonly toStart: QueueItem[] = [];
  private starting = false;

  constructor(
    private readonly maxInFlight: number,
    private readonly start: (item: QueueItem) => void,
  ) {}

  /** Messages admitted (running or queued behind their originator). */
  get size(): number {
    return this.inFlight;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  submit(tenantId: string, msg: TbMsg): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const item: QueueItem = { tenantId, msg, key: msg.originator.id, done: false, resolve, reject };
      if (this.inFlight < this.maxInFlight) this.admit(item);
      else this.waiting.push(item);
    });
  }

  /** Ends an item (once) and lets the next message of its originator, and waiting ones, in. */
  finish(item: QueueItem, err?: Error | null): void {
    if (item.done) return;
    item.done = true;
    if (err) item.reject(err);
    else item.resolve();
    const list = this.byKey.get(item.key);
    if (list) {
      list.shift();
      if (list.length) this.kick(list[0]!);
      else this.byKey.delete(item.key);
    }
    this.inFlight--;
    while (this.inFlight < this.maxInFlight && this.waiting.length) this.admit(this.waiting.shift()!);
  }

  /** Refuses everything not started yet (shutdown). */
  rejectWaiting(err: Error): void {
    for (const item of this.waiting.splice(0)) {
      item.done = true;
      item.reject(err);
    }
  }

  private admit(item: QueueItem): void {
    this.inFlight++;
    const list = this.byKey.get(item.key);
    if (list) {
      list.push(item);
      return;
    }
    this.byKey.set(item.key, [item]);
    this.kick(item);
  }

  private kick(item: QueueItem): void {
    this.toStart.push(item);
    if (this.starting) return;
    this.starting = true;
    try {
      while (this.toStart.length) this.start(this.toStart.shift()!);
    } finally {
      this.starting = false;
    }
  }
}
