import { describe, expect, it } from 'vitest';
import { createState } from '../../../model/dashboard-config';
import {
  deleteState,
  deleteStateError,
  saveState,
  setRootState,
  stateIdFromName,
  validateState,
  type States,
} from './dashboard-states';

const base = (): States => ({ default: createState('Main', true), details: createState('Details', false) });
const roots = (states: States) => Object.keys(states).filter((id) => states[id]?.root);

describe('dashboard states', () => {
  it('suggests an id from the name', () => {
    expect(stateIdFromName('  Floor plan #2 ')).toBe('floor_plan_2');
  });

  it('requires a name and a unique id', () => {
    expect(validateState({ id: '', name: ' ', root: false }, base())).toEqual({
      id: 'dashboard.state-id-required',
      name: 'dashboard.state-name-required',
    });
    expect(validateState({ id: 'details', name: 'X', root: false }, base())).toEqual({
      id: 'dashboard.state-id-exists',
    });
    expect(validateState({ id: 'details', name: 'X', root: false }, base(), 'details')).toEqual({});
  });

  it('adds a state with an empty layout, and a root one takes the root over', () => {
    const added = saveState(base(), { id: 'room', name: 'Room', root: false });
    expect(added.room).toEqual(createState('Room', false));
    expect(roots(added)).toEqual(['default']);
    expect(roots(saveState(base(), { id: 'room', name: 'Room', root: true }))).toEqual(['room']);
  });

  it('renames an id in place keeping the layouts, and never takes the root away', () => {
    const states = base();
    states.default!.layouts.main.widgets = { w1: { sizeX: 1, sizeY: 1, row: 0, col: 0 } };
    const out = saveState(states, { id: 'home', name: 'Home', root: false }, 'default');
    expect(Object.keys(out)).toEqual(['home', 'details']);
    expect(out.home?.layouts.main.widgets.w1).toBeDefined();
    expect(roots(out)).toEqual(['home']);
  });

  it('keeps exactly one root', () => {
    expect(roots(setRootState(base(), 'details'))).toEqual(['details']);
    expect(setRootState(base(), 'nope')).toEqual(base());
  });

  it('does not delete the root or the last state', () => {
    expect(deleteStateError(base(), 'default')).toBe('dashboard.state-delete-root');
    expect(deleteStateError({ default: createState('Main', true) }, 'default')).toBe('dashboard.state-delete-last');
    expect(Object.keys(deleteState(base(), 'details'))).toEqual(['default']);
    expect(Object.keys(deleteState(base(), 'default'))).toEqual(['default', 'details']);
  });
});
