import { describe, expect, it } from 'vitest';
import { emptyDashboardConfig, createState } from '../../model/dashboard-config';
import { actionsFor, runWidgetAction } from './widget-actions';

const config = emptyDashboardConfig('Plant', 500, 0);
config.states.details = createState('${entityName} details', false);
const root = [{ id: 'default', params: {} }];
const pump = { id: 'p1', entityType: 'DEVICE', name: 'Pump 1' };

describe('widget actions', () => {
  it('lists only well-formed actions of a source', () => {
    const widget = { config: { actions: { rowClick: [{ type: 'openDashboardState' }, 'junk', { name: 'no type' }] } } };
    expect(actionsFor(widget, 'rowClick')).toHaveLength(1);
    expect(actionsFor(widget, 'headerButton')).toEqual([]);
    expect(actionsFor({ config: {} }, 'rowClick')).toEqual([]);
  });

  it('opens a state one level deeper with the clicked entity', () => {
    const out = runWidgetAction(config, root, { type: 'openDashboardState', targetDashboardStateId: 'details' }, pump);
    expect(out).toEqual({
      kind: 'state',
      stack: [
        ...root,
        { id: 'details', params: { entityId: { entityType: 'DEVICE', id: 'p1' }, entityName: 'Pump 1' } },
      ],
    });
  });

  it('puts the entity under a named parameter when one is set', () => {
    const out = runWidgetAction(
      config,
      root,
      { type: 'updateDashboardState', targetDashboardStateId: 'details', stateEntityParamName: 'pump' },
      pump,
    );
    expect(out.kind === 'state' && out.stack).toEqual([
      { id: 'details', params: { pump: { entityId: { entityType: 'DEVICE', id: 'p1' }, entityName: 'Pump 1' } } },
    ]);
  });

  it('keeps the current entity when "set entity" is off', () => {
    const out = runWidgetAction(
      config,
      root,
      { type: 'openDashboardState', targetDashboardStateId: 'details', setEntityId: false },
      pump,
    );
    expect(out.kind === 'state' && out.stack[1]?.params).toEqual({});
  });

  it('opens another dashboard, in a state when one is named', () => {
    expect(runWidgetAction(config, root, { type: 'openDashboard', targetDashboardId: 'd2' }, pump)).toEqual({
      kind: 'dashboard',
      dashboardId: 'd2',
      stack: null,
    });
    const out = runWidgetAction(
      config,
      root,
      { type: 'openDashboard', targetDashboardId: 'd2', targetDashboardStateId: 's' },
      pump,
    );
    expect(out.kind === 'dashboard' && out.stack?.[0]?.id).toBe('s');
  });

  it('does nothing for custom code or an action without a target', () => {
    expect(runWidgetAction(config, root, { type: 'custom', customFunction: 'alert(1)' }, pump)).toEqual({
      kind: 'none',
    });
    expect(runWidgetAction(config, root, { type: 'openDashboardState' }, pump)).toEqual({ kind: 'none' });
    expect(runWidgetAction(config, root, { type: 'openDashboard' }, pump)).toEqual({ kind: 'none' });
  });
});
