import { NULL_UUID } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import { configStates, dashboardPickerPath, pickerOptions } from '../../../model/dashboard-picker';
import {
  cleanAction,
  createAction,
  deleteAction,
  flattenActions,
  normaliseActions,
  saveAction,
  validateAction,
  type WidgetAction,
} from './widget-actions';

const action = (patch: Partial<WidgetAction>): WidgetAction => ({ ...createAction('a1'), name: 'Open', ...patch });
const ctx = { sources: ['headerButton', 'rowClick'], stateIds: ['default', 'details'] };

describe('normaliseActions', () => {
  it('keeps sources with actions, fills id/name/icon/type and keeps unknown fields', () => {
    let n = 0;
    const out = normaliseActions(
      { rowClick: [{ name: 'Go', type: 'openDashboardState', extra: 1 }, 'junk'], headerButton: [], cardClick: 'x' },
      () => `gen-${++n}`,
    );
    expect(out).toEqual({
      rowClick: [{ id: 'gen-1', name: 'Go', icon: 'more_horiz', type: 'openDashboardState', extra: 1 }],
    });
    expect(normaliseActions(null)).toEqual({});
  });

  it('flattens in source order', () => {
    const out = flattenActions({ a: [action({ id: '1' })], b: [action({ id: '2' }), action({ id: '3' })] });
    expect(out.map((x) => `${x.source}:${x.action.id}`)).toEqual(['a:1', 'b:2', 'b:3']);
  });
});

describe('cleanAction', () => {
  it("keeps only the type's fields and writes empty optional text as null", () => {
    const out = cleanAction(
      action({ type: 'custom', customFunction: 'return 1;', targetDashboardStateId: 'x', openRightLayout: true }),
    );
    expect(out).toEqual({ id: 'a1', name: 'Open', icon: 'more_horiz', type: 'custom', customFunction: 'return 1;' });
    const state = cleanAction(action({ targetDashboardStateId: ' details ', stateEntityParamName: '  ' }));
    expect(state).toMatchObject({ targetDashboardStateId: 'details', stateEntityParamName: null, setEntityId: true });
    expect(state).not.toHaveProperty('customFunction');
  });
});

describe('validateAction', () => {
  it('requires a name unique within its source, and a target per type', () => {
    const existing = { rowClick: [action({ id: 'other', name: 'Open' })] };
    expect(
      validateAction(
        { source: 'rowClick', action: action({ name: ' open ', targetDashboardStateId: 'details' }) },
        existing,
        ctx,
      ),
    ).toEqual({
      name: 'widget-action.name-not-unique',
    });
    expect(
      validateAction({ source: 'headerButton', action: action({ targetDashboardStateId: 'details' }) }, existing, ctx),
    ).toEqual({});
    expect(validateAction({ source: '', action: action({ name: '' }) }, {}, ctx)).toEqual({
      source: 'widget-action.source-required',
      name: 'widget-action.name-required',
      targetDashboardStateId: 'widget-action.target-state-required',
    });
    expect(validateAction({ source: 'rowClick', action: action({ targetDashboardStateId: 'gone' }) }, {}, ctx)).toEqual(
      {
        targetDashboardStateId: 'widget-action.target-state-unknown',
      },
    );
    expect(validateAction({ source: 'rowClick', action: action({ type: 'updateDashboardState' }) }, {}, ctx)).toEqual(
      {},
    );
    expect(validateAction({ source: 'rowClick', action: action({ type: 'openDashboard' }) }, {}, ctx)).toEqual({
      targetDashboardId: 'widget-action.target-dashboard-required',
    });
  });
});

describe('saveAction / deleteAction', () => {
  it('adds, replaces in place, moves between sources and drops emptied sources', () => {
    const a = action({ id: 'a', targetDashboardStateId: 'details' });
    const b = action({ id: 'b', name: 'B', targetDashboardStateId: 'details' });
    let actions = saveAction({}, { source: 'rowClick', action: a });
    actions = saveAction(actions, { source: 'rowClick', action: b });
    actions = saveAction(actions, { source: 'rowClick', action: { ...a, name: 'A2' } }, 'rowClick');
    expect(actions.rowClick?.map((x) => x.name)).toEqual(['A2', 'B']);
    actions = saveAction(actions, { source: 'headerButton', action: b }, 'rowClick');
    expect(Object.keys(actions)).toEqual(['rowClick', 'headerButton']);
    expect(actions.rowClick?.map((x) => x.id)).toEqual(['a']);
    expect(deleteAction(actions, 'rowClick', 'a')).toEqual({ headerButton: actions.headerButton });
  });
});

describe('dashboard picker', () => {
  it("lists tenant dashboards for tenant roles and the customer's for customer roles", () => {
    expect(dashboardPickerPath('TENANT_USER', null)).toBe(
      '/api/tenant/dashboards?pageSize=100&page=0&sortProperty=title&sortOrder=ASC',
    );
    expect(dashboardPickerPath('CUSTOMER_USER', 'c1')).toMatch(/^\/api\/customer\/c1\/dashboards\?pageSize=100/);
    expect(dashboardPickerPath('CUSTOMER_ADMIN', NULL_UUID)).toBeNull();
  });

  it('hides the built-in React dashboards and reads target states', () => {
    const rows = [
      { id: { id: '1' }, title: 'Energy Dashboard' },
      { id: { id: '2' }, title: 'Plant' },
    ];
    expect(pickerOptions(rows)).toEqual([{ id: '2', title: 'Plant' }]);
    expect(configStates({ states: { default: { name: 'Main' }, x: {} } })).toEqual([
      { id: 'default', name: 'Main' },
      { id: 'x', name: 'x' },
    ]);
  });
});
