/**
 * FIFO with O(1) shift: under overload thousands of jobs queue up, and Array#shift would copy the
 * whole backlog for every job taken.
 *
 * A taken item is released at once. The backing array lives long (old generation); if it still
 * referenced taken items, each would survive young-generation GCs with everything it holds (a
 * telemetry save: its points and the promise of the caller waiting for it) and be promoted, to be
 * freed only by a full GC.
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
