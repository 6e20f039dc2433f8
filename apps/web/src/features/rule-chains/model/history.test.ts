import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, canRedo, canUndo, record, redo, startHistory, undo } from './history';

describe('editor history', () => {
  it('undoes and redoes steps in order', () => {
    let h = startHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
  });

  it('a new change after undo drops the redo steps', () => {
    let h = record(record(startHistory(1), 2), 3);
    h = record(undo(h), 4);
    expect(h.present).toBe(4);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(2);
  });

  it('keeps at most the limit of undo steps', () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = record(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });
});
