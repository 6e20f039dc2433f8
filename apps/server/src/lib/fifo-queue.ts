/**
 * FIFO with O(1) shift: under overload thousands of jobs queue up, and Array#shift would copy the
 * whole backlog for every job taken.
 *
 * A taken item is released at once. The backing array lives long, so V8 keeps it in the old
 * generation. If it still referenced taken items, each of them would survive the young-generation
 * GCs, along with everything it holds (a telemetry save: its points and the promise of the caller
 * waiting for it). They would then be promoted, and only a full GC could free them. Under load that
 * made most of a message's objects old garbage and forced a full GC every few seconds.
 */
export class FifoQueue<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  peek(): T | undefined {
    return this.items[this.head];
  }

  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head === this.items.length) {
      this.items.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
