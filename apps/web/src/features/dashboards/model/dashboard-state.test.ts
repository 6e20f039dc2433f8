import { describe, expect, it } from 'vitest';
import { emptyDashboardConfig, createState, type DashboardConfig } from './dashboard-config';
import {
  actionParams,
  backTo,
  decodeStateParam,
  encodeStateParam,
  openState,
  rootStack,
  stateTitle,
  updateState,
} from './dashboard-state';

function config(): DashboardConfig {
  const c = emptyDashboardConfig('Building');
  c.states.floor = createState('Floor ${entityName}', false);
  c.states.room = createState('Room ${entityLabel}', false);
  return c;
}

const floor = { id: 'f1', entityType: 'ASSET', name: 'Floor 3', label: 'Third floor' };
const room = { id: 'r7', entityType: 'ASSET', name: 'Room 301' };

describe('dashboard state navigation', () => {
  it('opens states one level deeper with the clicked entity, and goes back by breadcrumb', () => {
    const c = config();
    let stack = rootStack(c);
    expect(stack).toEqual([{ id: 'default', params: {} }]);
    stack = openState(c, stack, 'floor', actionParams(stack.at(-1)!.params, floor));
    stack = openState(c, stack, 'room', actionParams(stack.at(-1)!.params, room, 'room'));
    expect(stack.map((s) => s.id)).toEqual(['default', 'floor', 'room']);
    // The room level keeps the floor as root entity and adds the room under its named parameter.
    expect(stack[2]!.params).toEqual({
      entityId: { entityType: 'ASSET', id: 'f1' },
      entityName: 'Floor 3',
      entityLabel: 'Third floor',
      room: { entityId: { entityType: 'ASSET', id: 'r7' }, entityName: 'Room 301' },
    });
    // Titles use the level's root entity: the room level still names the floor (its room is a named parameter).
    expect(stack.map((s) => stateTitle(c, s))).toEqual(['Building', 'Floor Floor 3', 'Room Third floor']);
    expect(backTo(stack, 1).map((s) => s.id)).toEqual(['default', 'floor']);
    expect(backTo(stack, 5)).toBe(stack);
  });

  it('opening the state already shown replaces its parameters; unknown states change nothing', () => {
    const c = config();
    const one = openState(c, rootStack(c), 'floor', actionParams({}, floor));
    const again = openState(c, one, 'floor', actionParams({}, { ...floor, id: 'f2', name: 'Floor 4' }));
    expect(again).toHaveLength(2);
    expect(again[1]!.params.entityName).toBe('Floor 4');
    expect(openState(c, one, 'nope', {})).toBe(one);
  });

  it('updateDashboardState replaces the current level', () => {
    const c = config();
    const stack = openState(c, rootStack(c), 'floor', actionParams({}, floor));
    expect(updateState(c, stack, 'room', { x: 1 })).toEqual([stack[0], { id: 'room', params: { x: 1 } }]);
    expect(updateState(c, stack, undefined, { y: 2 })).toEqual([stack[0], { id: 'floor', params: { y: 2 } }]);
    expect(updateState(c, stack, 'missing', {})[1]!.id).toBe('floor');
    expect(updateState(c, [], undefined, {})).toEqual(rootStack(c));
  });

  it('round-trips through the URL, including non-Latin names', () => {
    const c = config();
    const stack = openState(c, rootStack(c), 'floor', actionParams({}, { ...floor, name: '三樓 €' }));
    const param = encodeStateParam(c, stack)!;
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeStateParam(c, param)).toEqual(stack);
    expect(encodeStateParam(c, rootStack(c))).toBeUndefined();
  });

  it('reads bad URL states as the root, and puts the root under a stack that lacks it', () => {
    const c = config();
    for (const bad of [null, '', '!!!', 'bm90IGpzb24', btoa('{"id":"floor"}'), btoa('[{"id":"gone"},{"x":1}]')]) {
      expect(decodeStateParam(c, bad)).toEqual(rootStack(c));
    }
    const noRoot = btoa(JSON.stringify([{ id: 'room', params: 'junk' }]));
    expect(decodeStateParam(c, noRoot)).toEqual([
      { id: 'default', params: {} },
      { id: 'room', params: {} },
    ]);
  });
});
