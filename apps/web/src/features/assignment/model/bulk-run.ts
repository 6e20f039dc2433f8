/**
 * Runs one call per item with a few in flight at a time, reporting progress; a failing item never stops
 * the others. The result names every failure with the server's message for the summary toast.
 */
export interface BulkFailure<T> {
  item: T;
  message: string;
}

export interface BulkResult<T> {
  total: number;
  succeeded: T[];
  failed: BulkFailure<T>[];
}

export interface BulkOptions {
  /** Calls in flight at once; a few keeps the server and the browser busy without flooding them. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export async function runBulk<T>(
  items: readonly T[],
  task: (item: T) => Promise<unknown>,
  { concurrency = 4, onProgress, signal }: BulkOptions = {},
): Promise<BulkResult<T>> {
  const succeeded: T[] = [];
  const failed: BulkFailure<T>[] = [];
  let next = 0;
  let done = 0;
  onProgress?.(0, items.length);
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++] as T;
      try {
        await task(item);
        succeeded.push(item);
      } catch (error) {
        failed.push({ item, message: error instanceof Error ? error.message : String(error) });
      }
      done++;
      onProgress?.(done, items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  // Keep the caller's order in the report, whatever order the calls finished in.
  const order = new Map(items.map((item, index) => [item, index]));
  succeeded.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  failed.sort((a, b) => (order.get(a.item) ?? 0) - (order.get(b.item) ?? 0));
  return { total: items.length, succeeded, failed };
}

/** The distinct failure reasons, most frequent first, for a short summary. */
export function failureReasons<T>(failed: readonly BulkFailure<T>[]): string[] {
  const counts = new Map<string, number>();
  for (const failure of failed) counts.set(failure.message, (counts.get(failure.message) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([message]) => message);
}
