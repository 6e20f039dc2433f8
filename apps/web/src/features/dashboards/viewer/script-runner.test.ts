import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM_ACTION_PARAMS, runCustomAction, type CustomActionFunction } from './model/custom-action';
import { POST_FUNCTION_PARAMS, postProcessPoints, type PostFunction } from './model/post-processing';
import type { ScriptRequest, ScriptResponse } from './script-protocol';
import { createScriptRunner, timeoutError, type WorkerLike } from './script-runner';

/** Runs the jobs as the worker does, or hangs (never answers) when a body contains 'while'. */
class FakeWorker implements WorkerLike {
  onmessage: ((event: { data: ScriptResponse }) => void) | null = null;
  terminated = false;
  requests: ScriptRequest[] = [];
  postMessage(request: ScriptRequest) {
    this.requests.push(request);
    const bodies =
      'post' in request
        ? request.post.map((j) => j.body)
        : 'action' in request
          ? [request.action.body]
          : [request.call.body];
    if (bodies.some((body) => body.includes('while'))) return;
    if ('call' in request) {
      const fn = new Function(...request.call.params, request.call.body) as (...args: unknown[]) => unknown;
      const value = fn(...request.call.args);
      queueMicrotask(() => this.onmessage?.({ data: { id: request.id, call: { value } } }));
      return;
    }
    const response: ScriptResponse =
      'post' in request
        ? {
            id: request.id,
            post: request.post.map((job) =>
              postProcessPoints(new Function(...POST_FUNCTION_PARAMS, job.body) as PostFunction, job.points, job.seed),
            ),
          }
        : {
            id: request.id,
            action: {
              requests: runCustomAction(
                new Function(...CUSTOM_ACTION_PARAMS, request.action.body) as CustomActionFunction,
                request.action.input,
              ),
            },
          };
    queueMicrotask(() => this.onmessage?.({ data: response }));
  }
  terminate() {
    this.terminated = true;
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const runner = createScriptRunner(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  }, 1000);
  return { runner, workers };
}

const input = { stateId: 'default', stateParams: {}, entity: null, additionalParams: null };

describe('script runner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('post-processes in the worker and answers each job in order', async () => {
    const { runner, workers } = setup();
    const results = await runner.post([
      { body: 'return value * 10;', points: [[1, '2']], seed: null },
      {
        body: 'return value + prevValue;',
        points: [
          [1, '1'],
          [2, '2'],
        ],
        seed: null,
      },
    ]);
    expect(results).toEqual([
      { points: [[1, 20]], last: { ts: 1, value: 20, origValue: 2 } },
      {
        points: [
          [1, 1],
          [2, 3],
        ],
        last: { ts: 2, value: 3, origValue: 2 },
      },
    ]);
    expect(workers).toHaveLength(1);
  });

  it('runs a custom action and gives back what it asked for', async () => {
    const { runner } = setup();
    const result = await runner.action({ body: "widgetContext.showInfoToast('hi');", input });
    expect(result).toEqual({ requests: [{ kind: 'toast', type: 'info', message: 'hi' }] });
  });

  it('calls a function with arguments and gives back its result', async () => {
    const { runner } = setup();
    expect(
      await runner.call({ params: ['data'], body: "return data.state === 'on';", args: [{ state: 'on' }] }),
    ).toEqual({
      value: true,
    });
  });

  it('stops an endless function with its worker, never sends it again, and keeps serving the others', async () => {
    const { runner, workers } = setup();
    const hung = runner.post([{ body: 'while (true) {}', points: [[1, '1']], seed: null }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await hung).toEqual([{ error: timeoutError(1000) }]);
    expect(workers[0]?.terminated).toBe(true);

    const next = await runner.post([
      { body: 'while (true) {}', points: [[2, '1']], seed: null },
      { body: 'return -value;', points: [[2, '5']], seed: null },
    ]);
    expect(next[0]).toEqual({ error: timeoutError(1000) });
    expect(next[1]).toMatchObject({ points: [[2, -5]] });
    // A fresh worker, which never saw the endless function.
    expect(workers).toHaveLength(2);
    expect(workers[1]?.requests.flatMap((r) => ('post' in r ? r.post.map((j) => j.body) : []))).toEqual([
      'return -value;',
    ]);
  });

  it('stops an endless custom action the same way', async () => {
    const { runner, workers } = setup();
    const hung = runner.action({ body: 'while (true) {}', input });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await hung).toEqual({ error: timeoutError(1000) });
    expect(await runner.action({ body: 'while (true) {}', input })).toEqual({ error: timeoutError(1000) });
    expect(workers).toHaveLength(1);
  });
});
