import type { PostJob, PostRequest, PostResponse, PostResult } from './post-process-protocol';

/** What the processor needs of a Worker (a fake in tests). */
export interface WorkerLike {
  postMessage(message: PostRequest): void;
  onmessage: ((event: { data: PostResponse }) => void) | null;
  terminate(): void;
}

export interface PostProcessor {
  run(jobs: PostJob[]): Promise<PostResult[]>;
}

/** A function that runs longer than this is stopped (with its worker) and not run again. */
export const POST_TIMEOUT_MS = 1000;

export function timeoutError(ms: number) {
  return `The post-processing function ran longer than ${ms} ms and was stopped`;
}

/**
 * Sends post-processing jobs to the worker, one request at a time. A request that does not answer in
 * time ends the worker (a new one starts for the next request) and every function of that request is
 * reported as stopped from then on, so an endless loop cannot keep the widget or the page busy.
 */
export function createPostProcessor(spawn: () => WorkerLike, timeoutMs = POST_TIMEOUT_MS): PostProcessor {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  const stopped = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();

  function send(jobs: PostJob[]): Promise<PostResult[]> {
    const active = worker ?? (worker = spawn());
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        active.onmessage = null;
        active.terminate();
        if (worker === active) worker = null;
        for (const job of jobs) stopped.add(job.body);
        resolve(jobs.map(() => ({ error: timeoutError(timeoutMs) })));
      }, timeoutMs);
      active.onmessage = (event) => {
        if (event.data.id !== id) return;
        clearTimeout(timer);
        active.onmessage = null;
        resolve(event.data.results);
      };
      active.postMessage({ id, jobs });
    });
  }

  return {
    run(jobs) {
      const result = queue.then(async () => {
        // Functions stopped earlier are not sent again: they answer with the reason at once.
        const results: PostResult[] = jobs.map(() => ({ error: timeoutError(timeoutMs) }));
        const live = jobs.flatMap((job, index) => (stopped.has(job.body) ? [] : [{ job, index }]));
        if (live.length > 0) {
          const answers = await send(live.map(({ job }) => job));
          live.forEach(({ index }, k) => (results[index] = answers[k] ?? { error: 'No answer from post-processing' }));
        }
        return results;
      });
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

let shared: PostProcessor | null = null;

/** The page's one post-processor, with its worker started on first use. */
export function sharedPostProcessor(): PostProcessor {
  shared ??= createPostProcessor(
    () => new Worker(new URL('./post-process.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike,
  );
  return shared;
}
