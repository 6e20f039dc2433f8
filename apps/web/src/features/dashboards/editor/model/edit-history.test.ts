import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, canRedo, canUndo, pushEdit, redo, startHistory, undo } from './edit-history';

describe('edit history', () => {
  it('undoes and redoes edits in order', () => {
    let h = startHistory('a');
    h = pushEdit(h, 'b');
    h = pushEdit(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
  });
  it('drops the redo branch on a new edit and ignores no-op edits', () => {
    let h = pushEdit(pushEdit(startHistory(1), 2), 3);
    h = undo(h);
    h = pushEdit(h, 4);
    expect(canRedo(h)).toBe(false);
    expect(pushEdit(h, 4)).toBe(h);
    expect(undo(undo(undo(h))).present).toBe(1);
  });
  it('keeps at most the limit of undo steps', () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) h = pushEdit(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(10);
  });
  it('does nothing at the ends', () => {
    const h = startHistory('x');
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });
});
