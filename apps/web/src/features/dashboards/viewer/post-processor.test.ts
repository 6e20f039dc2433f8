import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postProcessPoints, type PostFunction } from './model/post-processing';
import type { PostRequest, PostResponse } from './post-process-protocol';
import { createPostProcessor, timeoutError, type WorkerLike } from './post-processor';

/** A worker that runs the jobs with real functions, or hangs (never answers) for a body containing 'while'. */
class FakeWorker implements WorkerLike {
  onmessage: ((event: { data: PostResponse }) => void) | null = null;
  terminated = false;
  requests: PostRequest[] = [];
  postMessage(message: PostRequest) {
    this.requests.push(message);
    if (message.jobs.some((job) => job.body.includes('while'))) return;
    const results = message.jobs.map((job) => {
      const fn = new Function('time', 'value', 'prevValue', 'timePrev', 'prevOrigValue', job.body) as PostFunction;
      return postProcessPoints(fn, job.points, job.seed);
    });
    queueMicrotask(() => this.onmessage?.({ data: { id: message.id, results } }));
  }
  terminate() {
    this.terminated = true;
  }
}

describe('post-processor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the jobs in the worker and answers each in order', async () => {
    const workers: FakeWorker[] = [];
    const processor = createPostProcessor(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    });
    const results = await processor.run([
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

  it('stops an endless function with its worker, never sends it again, and keeps serving the others', async () => {
    const workers: FakeWorker[] = [];
    const processor = createPostProcessor(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    }, 1000);
    const hung = processor.run([{ body: 'while (true) {}', points: [[1, '1']], seed: null }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await hung).toEqual([{ error: timeoutError(1000) }]);
    expect(workers[0]?.terminated).toBe(true);

    const next = await processor.run([
      { body: 'while (true) {}', points: [[2, '1']], seed: null },
      { body: 'return -value;', points: [[2, '5']], seed: null },
    ]);
    expect(next[0]).toEqual({ error: timeoutError(1000) });
    expect(next[1]).toMatchObject({ points: [[2, -5]] });
    // A fresh worker, which never saw the endless function.
    expect(workers).toHaveLength(2);
    expect(workers[1]?.requests.flatMap((r) => r.jobs.map((j) => j.body))).toEqual(['return -value;']);
  });
});
