import { describe, expect, it } from 'vitest';
import {
  applyPostProcessing,
  convertValue,
  planPostProcessing,
  postFunctionBody,
  postProcessPoints,
  type LatestMemo,
  type PostFunction,
} from './post-processing';

describe('post-processing', () => {
  it('gives the function numbers, the previous processed and original values and the previous time', () => {
    const calls: unknown[][] = [];
    const fn: PostFunction = (...args) => {
      calls.push(args);
      return (args[1] as number) * 2;
    };
    const { points, last } = postProcessPoints(
      fn,
      [
        [1000, '10'],
        [2000, '12.5'],
      ],
      null,
    );
    expect(points).toEqual([
      [1000, 20],
      [2000, 25],
    ]);
    expect(calls).toEqual([
      [1000, 10, 0, 0, 0],
      [2000, 12.5, 20, 1000, 10],
    ]);
    expect(last).toEqual({ ts: 2000, value: 25, origValue: 12.5 });
  });

  it('continues from the previous point of the series (a latest value replaced by a newer one)', () => {
    const delta: PostFunction = (_t, value, _pv, _tp, prevOrig) => (value as number) - (prevOrig as number);
    const { points } = postProcessPoints(delta, [[3000, '15']], { ts: 2000, value: 5, origValue: 12 });
    expect(points).toEqual([[3000, 3]]);
  });

  it('keeps text that is not a number, and shows objects as JSON and undefined as no value', () => {
    expect(convertValue('on')).toBe('on');
    expect(convertValue(' ')).toBe(' ');
    expect(convertValue('-3e2')).toBe(-300);
    expect(postProcessPoints(() => ({ a: 1 }), [[1, '1']], null).points).toEqual([[1, '{"a":1}']]);
    expect(postProcessPoints(() => undefined, [[1, '1']], null).points).toEqual([[1, null]]);
  });

  it('is on only when enabled with a body', () => {
    expect(postFunctionBody({ usePostProcessing: true, postFuncBody: 'return value;' })).toBe('return value;');
    expect(postFunctionBody({ usePostProcessing: false, postFuncBody: 'return value;' })).toBeNull();
    expect(postFunctionBody({ usePostProcessing: true, postFuncBody: '  ' })).toBeNull();
    expect(postFunctionBody({ usePostProcessing: true })).toBeNull();
  });
});

describe('post-processing plan', () => {
  const key = {
    name: 'temperature',
    type: 'timeseries',
    label: 'Temp',
    usePostProcessing: true,
    postFuncBody: 'return value - prevOrigValue;',
  };
  const series = (data: [number, string][]) => [{ datasourceIndex: 0, entity: { id: 'd1' }, dataKey: key, data }];
  const run = (s: ReturnType<typeof series>, history: boolean, memo: Map<string, LatestMemo>) => {
    const plan = planPostProcessing(s, history, memo);
    const fn: PostFunction = (_t, v, _p, _tp, po) => (v as number) - (po as number);
    const results = plan.map((item) => postProcessPoints(fn, item.points, item.seed));
    return applyPostProcessing(s, plan, results, memo);
  };

  it('carries a latest value on from the one it replaced, and repeats the same answer for the same point', () => {
    const memo = new Map<string, LatestMemo>();
    expect(run(series([[1000, '10']]), false, memo).series[0]?.data).toEqual([[1000, 10]]);
    expect(run(series([[2000, '13']]), false, memo).series[0]?.data).toEqual([[2000, 3]]);
    expect(run(series([[2000, '13']]), false, memo).series[0]?.data).toEqual([[2000, 3]]);
  });

  it('processes a history series whole, and leaves keys without a function alone', () => {
    const plain = { ...series([[1, '5']])[0]!, dataKey: { ...key, usePostProcessing: false } };
    const s = [
      ...series([
        [1, '5'],
        [2, '7'],
      ]),
      plain,
    ];
    const out = run(s, true, new Map());
    expect(out.series[0]?.data).toEqual([
      [1, 5],
      [2, 2],
    ]);
    expect(out.series[1]).toBe(plain);
    expect(out.error).toBeNull();
  });

  it('shows why a function failed instead of values it did not produce', () => {
    const s = series([[1, '5']]);
    const plan = planPostProcessing(s, true, new Map());
    const out = applyPostProcessing(s, plan, [{ error: 'ReferenceError: x is not defined' }], new Map());
    expect(out.series[0]?.data).toEqual([]);
    expect(out.error).toBe('Post-processing function of "Temp" failed: ReferenceError: x is not defined');
  });
});
