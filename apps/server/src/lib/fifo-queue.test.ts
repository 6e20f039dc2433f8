import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FifoQueue } from './fifo-queue.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('FifoQueue', () => {
  it('takes items in the order they came, across its compactions', () => {
    const q = new FifoQueue<number>();
    let next = 0;
    const taken: number[] = [];
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 97; i++) q.push(next++);
      for (let i = 0; i < 61; i++) taken.push(q.shift()!);
      expect(q.length).toBe(next - taken.length);
      expect(q.peek()).toBe(taken.length);
    }
    while (q.length) taken.push(q.shift()!);
    expect(taken).toEqual(Array.from({ length: next }, (_, i) => i));
    expect(q.shift()).toBeUndefined();
    expect(q.peek()).toBeUndefined();
    q.push(7);
    expect(q.shift()).toBe(7);
  });

  it('no longer holds an item once it was taken, while others still wait', async () => {
    const q = new FifoQueue<{ payload: number[] }>();
    const refs: WeakRef<object>[] = [];
    for (let i = 0; i < 10; i++) {
      const item = { payload: [i] };
      refs.push(new WeakRef(item));
      q.push(item);
    }
    for (let i = 0; i < 5; i++) q.shift();
    // WeakRef targets are kept until the end of the current job.
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(refs.slice(0, 5).map((r) => r.deref())).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(refs.slice(5).every((r) => r.deref() !== undefined)).toBe(true);
    expect(q.length).toBe(5);
  });
});
