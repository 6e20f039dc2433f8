/**
 * Counts active requests: loading starts with the first counted request and ends when the count is
 * back to zero (spec 2-calls §4). A subscribable store for the loading bar.
 */
export interface ActivityCounter {
  start(): void;
  end(): void;
  /** True while at least one counted request is active. */
  isActive(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createActivityCounter(): ActivityCounter {
  let active = 0;
  const listeners = new Set<() => void>();
  const emitIfEdge = (before: number) => {
    if ((before === 0) !== (active === 0)) listeners.forEach((listener) => listener());
  };
  return {
    start() {
      const before = active;
      active += 1;
      emitIfEdge(before);
    },
    end() {
      const before = active;
      active = Math.max(0, active - 1);
      emitIfEdge(before);
    },
    isActive: () => active > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
