// The dashboard's states as the states dialog edits them: unique ids, exactly one root, never none.
import { createState, type DashboardState } from '../../../model/dashboard-config';

export type States = Record<string, DashboardState>;

export interface StateEdit {
  id: string;
  name: string;
  root: boolean;
}

export type StateErrors = Partial<Record<'id' | 'name', string>>;

/** A state id from a name, as ThingsBoard suggests it: lower case, other characters as '_'. */
export function stateIdFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Problems of an added or edited state (`ownId`: the id it had, when editing). */
export function validateState(edit: StateEdit, states: States, ownId?: string): StateErrors {
  const errors: StateErrors = {};
  if (!edit.name.trim()) errors.name = 'dashboard.state-name-required';
  const id = edit.id.trim();
  if (!id) errors.id = 'dashboard.state-id-required';
  else if (id !== ownId && Object.hasOwn(states, id)) errors.id = 'dashboard.state-id-exists';
  return errors;
}

/** Makes `rootId` the only root. */
export function setRootState(states: States, rootId: string): States {
  if (!states[rootId]) return states;
  const out: States = {};
  for (const [id, s] of Object.entries(states))
    out[id] = s.root === (id === rootId) ? s : { ...s, root: id === rootId };
  return out;
}

/**
 * Adds a state (ownId absent) or changes one: a new id keeps its place and layouts. Root can be given,
 * not taken away: the root stays root until another state becomes root.
 */
export function saveState(states: States, edit: StateEdit, ownId?: string): States {
  const id = edit.id.trim();
  const name = edit.name.trim();
  const out: States = {};
  let placed = false;
  for (const [key, s] of Object.entries(states)) {
    if (key === ownId) {
      out[id] = { ...s, name, root: s.root || edit.root };
      placed = true;
    } else out[key] = s;
  }
  if (!placed) out[id] = createState(name, edit.root || Object.keys(states).length === 0);
  return edit.root ? setRootState(out, id) : out;
}

/** Why a state cannot be deleted (translation key), or null when it can. */
export function deleteStateError(states: States, id: string): string | null {
  if (Object.keys(states).length <= 1) return 'dashboard.state-delete-last';
  if (states[id]?.root) return 'dashboard.state-delete-root';
  return null;
}

export function deleteState(states: States, id: string): States {
  if (deleteStateError(states, id)) return states;
  return Object.fromEntries(Object.entries(states).filter(([key]) => key !== id));
}
