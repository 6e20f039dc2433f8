interface Bucket {
  capacity: number;
  /** Tokens regained per millisecond. */
  refill: number;
  tokens: number;
  last: number;
}

/**
 * ThingsBoard's rate limit, `capacity:seconds[,capacity:seconds]` (reference security §2.2): one
 * token bucket per pair, full at first and refilled continuously; an event passes only when every
 * bucket has a token. Pairs with a zero are ignored; none left means unlimited.
 */
export class TbRateLimit {
  private readonly buckets: Bucket[];

  constructor(
    spec: string,
    private readonly now: () => number,
  ) {
    const at = now();
    this.buckets = spec
      .split(',')
      .map((pair) => pair.split(':').map(Number))
      .filter(([capacity, seconds]) => capacity! > 0 && seconds! > 0)
      .map(([capacity, seconds]) => ({
        capacity: capacity!,
        refill: capacity! / (seconds! * 1000),
        tokens: capacity!,
        last: at,
      }));
  }

  tryConsume(): boolean {
    const at = this.now();
    for (const b of this.buckets) {
      b.tokens = Math.min(b.capacity, b.tokens + Math.max(0, at - b.last) * b.refill);
      b.last = at;
    }
    if (this.buckets.some((b) => b.tokens < 1)) return false;
    for (const b of this.buckets) b.tokens -= 1;
    return true;
  }
}
