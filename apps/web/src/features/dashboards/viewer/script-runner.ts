import type {
  ActionJob,
  ActionResult,
  CallJob,
  CallResult,
  PostJob,
  PostResult,
  ScriptRequest,
  ScriptResponse,
} from './script-protocol';

/** What the runner needs of a Worker (a fake in tests). */
export interface WorkerLike {
  postMessage(message: ScriptRequest): void;
  onmessage: ((event: { data: ScriptResponse }) => void) | null;
  terminate(): void;
}

export interface ScriptRunner {
  /** Post-processes series; each job answers with points or an error. */
  post(jobs: PostJob[]): Promise<PostResult[]>;
  /** Runs one custom action; answers with what it asked the page to do, or an error. */
  action(job: ActionJob): Promise<ActionResult>;
  /** Calls one function with JSON arguments; answers with its (JSON) result or an error. */
  call(job: CallJob): Promise<CallResult>;
}

/** A function that runs longer than this is stopped (with its worker) and not run again. */
export const SCRIPT_TIMEOUT_MS = 1000;

export function timeoutError(ms: number) {
  return `The function ran longer than ${ms} ms and was stopped`;
}

/**
 * Sends authors' functions to the worker, one request at a time. A request that does not answer in
 * time ends the worker (a new one starts for the next request) and every function of that request is
 * reported as stopped from then on, so an endless loop cannot keep a widget or the page busy.
 */
export function createScriptRunner(spawn: () => WorkerLike, timeoutMs = SCRIPT_TIMEOUT_MS): ScriptRunner {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  const stopped = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();

  /** Sends one request; null when it timed out (its bodies are then stopped). */
  function send(request: ScriptRequest, bodies: string[]): Promise<ScriptResponse | null> {
    const active = worker ?? (worker = spawn());
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        active.onmessage = null;
        active.terminate();
        if (worker === active) worker = null;
        for (const body of bodies) stopped.add(body);
        resolve(null);
      }, timeoutMs);
      active.onmessage = (event) => {
        if (event.data.id !== request.id) return;
        clearTimeout(timer);
        active.onmessage = null;
        resolve(event.data);
      };
      active.postMessage(request);
    });
  }

  /** One request after the other: a stopped function must not hold up requests sent meanwhile twice. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  }

  const stoppedError = () => ({ error: timeoutError(timeoutMs) });

  /** One function, one answer: `pick` takes it from the response; a stopped function answers why at once. */
  async function single<R>(
    body: string,
    request: ScriptRequest,
    pick: (response: ScriptResponse) => R | null,
  ): Promise<R | { error: string }> {
    if (stopped.has(body)) return stoppedError();
    const response = await send(request, [body]);
    return (response && pick(response)) ?? stoppedError();
  }

  return {
    post(jobs) {
      return serial(async () => {
        // Functions stopped earlier are not sent again: they answer with the reason at once.
        const results: PostResult[] = jobs.map(stoppedError);
        const live = jobs.flatMap((job, index) => (stopped.has(job.body) ? [] : [{ job, index }]));
        if (live.length === 0) return results;
        const response = await send(
          { id: nextId++, post: live.map(({ job }) => job) },
          live.map(({ job }) => job.body),
        );
        const answers = response && 'post' in response ? response.post : [];
        live.forEach(({ index }, k) => (results[index] = answers[k] ?? stoppedError()));
        return results;
      });
    },
    action: (job) =>
      serial(() => single(job.body, { id: nextId++, action: job }, (r) => ('action' in r ? r.action : null))),
    call: (job) => serial(() => single(job.body, { id: nextId++, call: job }, (r) => ('call' in r ? r.call : null))),
  };
}

let shared: ScriptRunner | null = null;

/** The page's one script runner, with its worker started on first use. */
export function sharedScriptRunner(): ScriptRunner {
  shared ??= createScriptRunner(
    () => new Worker(new URL('./script.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike,
  );
  return shared;
}
