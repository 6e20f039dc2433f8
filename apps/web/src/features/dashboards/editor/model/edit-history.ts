// Undo/redo of the dashboard editor: snapshots of the whole configuration (they are plain JSON and
// edits are user-paced, so structural sharing of unchanged parts keeps this cheap).

export interface EditHistory<T> {
  past: T[];
  present: T;
  future: T[];
}

/** Steps kept for undo; older ones are dropped. */
export const HISTORY_LIMIT = 100;

export function startHistory<T>(present: T): EditHistory<T> {
  return { past: [], present, future: [] };
}

/** A new edit: the present goes to the past, the redo branch is dropped. Same value: no step. */
export function pushEdit<T>(h: EditHistory<T>, next: T): EditHistory<T> {
  if (next === h.present) return h;
  const past = [...h.past, h.present];
  return {
    past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past,
    present: next,
    future: [],
  };
}

export function undo<T>(h: EditHistory<T>): EditHistory<T> {
  const prev = h.past[h.past.length - 1];
  if (prev === undefined) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
}

export function redo<T>(h: EditHistory<T>): EditHistory<T> {
  const [next, ...rest] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: rest };
}

export const canUndo = (h: EditHistory<unknown>) => h.past.length > 0;
export const canRedo = (h: EditHistory<unknown>) => h.future.length > 0;
