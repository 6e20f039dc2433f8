import { describe, expect, it } from 'vitest';
import { applyReply, visibleEntries, withoutKeys, type LiveEntries } from './live-state';

const empty: LiveEntries = new Map();

describe('live telemetry state', () => {
  it('takes the newest value of each key from the first reply, whatever the list order', () => {
    const state = applyReply(
      empty,
      {
        temperature: [
          [300, '22'],
          [100, '20'],
          [200, '21'],
        ],
        s: [[5, 'on']],
      },
      true,
      1,
    );
    expect(state.get('temperature')).toEqual({ key: 'temperature', ts: 300, value: '22', changed: 0 });
    expect(state.get('s')).toMatchObject({ value: 'on', changed: 0 });
  });

  it('updates changed keys in place, marks them for the flash and keeps the others', () => {
    const first = applyReply(empty, { a: [[1, '1']], b: [[1, 'x']] }, true, 1);
    const next = applyReply(first, { a: [[2, '2']], c: [[3, 'new']] }, false, 2);
    expect(next.get('a')).toEqual({ key: 'a', ts: 2, value: '2', changed: 2 });
    expect(next.get('b')).toBe(first.get('b'));
    expect(next.get('c')).toMatchObject({ value: 'new', changed: 2 });
  });

  it('ignores a value older than the one shown, and an unchanged repeat', () => {
    const first = applyReply(empty, { a: [[10, '10']] }, true, 1);
    expect(applyReply(first, { a: [[5, '5']] }, false, 2).get('a')).toMatchObject({ ts: 10, value: '10', changed: 0 });
    expect(applyReply(first, { a: [[10, '10']] }, false, 3).get('a')?.changed).toBe(0);
  });

  it('a snapshot after a reconnect replaces everything; an empty list removes a key', () => {
    const first = applyReply(empty, { a: [[1, '1']], gone: [[1, '1']] }, true, 1);
    expect([...applyReply(first, { a: [[2, '2']] }, true, 2).keys()]).toEqual(['a']);
    expect(applyReply(first, { gone: [] }, false, 2).has('gone')).toBe(false);
    expect(withoutKeys(first, ['a']).has('a')).toBe(false);
  });

  it('filters rows by key or value (any case) and sorts them by key', () => {
    const state = applyReply(empty, { zeta: [[1, 'ON']], alpha: [[1, '3']], Beta: [[1, 'off']] }, true, 1);
    expect(visibleEntries(state, '').map((e) => e.key)).toEqual(['alpha', 'Beta', 'zeta']);
    expect(visibleEntries(state, 'BET').map((e) => e.key)).toEqual(['Beta']);
    expect(visibleEntries(state, 'on').map((e) => e.key)).toEqual(['zeta']);
  });
});
