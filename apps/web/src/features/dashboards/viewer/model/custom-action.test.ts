import { describe, expect, it } from 'vitest';
import type { DashboardConfig } from '../../model/dashboard-config';
import {
  CUSTOM_ACTION_PARAMS,
  actionEffects,
  isAppPath,
  runCustomAction,
  type CustomActionFunction,
} from './custom-action';

const compile = (body: string) => new Function(...CUSTOM_ACTION_PARAMS, body) as CustomActionFunction;
const input = {
  stateId: 'default',
  stateParams: { site: 'north' },
  entity: { id: 'd1', entityType: 'DEVICE', name: 'Boiler 1', label: 'Boiler' },
  additionalParams: { row: 3 },
};

describe('custom actions', () => {
  it('records the state changes, links and toasts the author asks for, in order', () => {
    const fn = compile(`
      var params = widgetContext.stateController.getStateParams();
      params.entityId = entityId; params.entityName = entityName;
      widgetContext.stateController.openState('details', params, false);
      widgetContext.showSuccessToast('Opened ' + entityLabel + ' row ' + additionalParams.row);
      widgetContext.router.navigateByUrl('/dashboards/abc');
      widgetContext.stateController.updateState(undefined, { site: 'south' });
    `);
    expect(runCustomAction(fn, input)).toEqual([
      {
        kind: 'openState',
        stateId: 'details',
        params: { site: 'north', entityId: { id: 'd1', entityType: 'DEVICE' }, entityName: 'Boiler 1' },
      },
      { kind: 'toast', type: 'success', message: 'Opened Boiler row 3' },
      { kind: 'navigate', url: '/dashboards/abc' },
      { kind: 'updateState', stateId: null, params: { site: 'south' } },
    ]);
  });

  it('hands the author a copy of the state parameters, and passes what the function throws on', () => {
    const fn = compile(
      `widgetContext.stateController.getStateParams().site = 'x'; return widgetContext.stateController.getStateId();`,
    );
    runCustomAction(fn, input);
    expect(input.stateParams.site).toBe('north');
    expect(() => runCustomAction(compile('nope();'), input)).toThrow(/nope/);
  });

  it('follows only links inside the app', () => {
    expect(isAppPath('/dashboards/1?state=x')).toBe(true);
    expect(isAppPath('//evil.example')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('https://evil.example')).toBe(false);
    expect(isAppPath('javascript:alert(1)')).toBe(false);
  });
});

describe('custom action effects', () => {
  const config = {
    states: { default: { name: 'Main', root: true }, details: { name: 'Details' } },
  } as unknown as DashboardConfig;
  const stack = [{ id: 'default', params: {} }];

  it('opens states on the stack, follows an in-app link, shows toasts, and refuses links out of the app', () => {
    const out = actionEffects(config, stack, [
      { kind: 'openState', stateId: 'details', params: { entityName: 'Boiler 1' } },
      { kind: 'openState', stateId: 'no-such-state', params: {} },
      { kind: 'navigate', url: 'https://evil.example' },
      { kind: 'navigate', url: '/dashboards/abc' },
      { kind: 'toast', type: 'success', message: 'Done' },
    ]);
    expect(out.stack).toEqual([
      { id: 'default', params: {} },
      { id: 'details', params: { entityName: 'Boiler 1' } },
    ]);
    expect(out.navigate).toBe('/dashboards/abc');
    expect(out.toasts).toEqual([
      { type: 'error', message: 'A custom action may only open pages of this app: https://evil.example' },
      { type: 'success', message: 'Done' },
    ]);
  });

  it('leaves the stack alone when nothing changes the state', () => {
    expect(actionEffects(config, stack, []).stack).toBe(stack);
  });
});
