// Widget actions (1-client §3.7): what the author configured for an action source, and what running
// one does to the dashboard state stack. Custom actions hold author JavaScript, which runs in the
// script worker (custom-action.ts, ADR 0006), not here.
import type { DashboardConfig, DashboardWidget } from '../../model/dashboard-config';
import { actionParams, openState, updateState, type ActionEntity, type StateEntry } from '../../model/dashboard-state';
import { isRecord } from '../../model/json-guards';

export interface WidgetAction {
  id?: string;
  name?: string;
  icon?: string;
  type: string;
  targetDashboardStateId?: string | null;
  targetDashboardId?: string | null;
  setEntityId?: boolean;
  stateEntityParamName?: string | null;
  openInSeparateDialog?: boolean;
  [field: string]: unknown;
}

/** The actions configured for a source, in order; malformed entries are skipped. */
export function actionsFor(widget: Pick<DashboardWidget, 'config'>, source: string): WidgetAction[] {
  const all = widget.config.actions;
  const list = isRecord(all) ? all[source] : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((a): a is WidgetAction => isRecord(a) && typeof a.type === 'string');
}

export type ActionOutcome =
  | { kind: 'state'; stack: StateEntry[] }
  | { kind: 'dashboard'; dashboardId: string; stack: StateEntry[] | null }
  | { kind: 'none' };

/** What one action does, given the current stack and the entity the user clicked. */
export function runWidgetAction(
  config: DashboardConfig,
  stack: StateEntry[],
  action: WidgetAction,
  entity?: ActionEntity | null,
): ActionOutcome {
  const current = stack[stack.length - 1]?.params ?? {};
  // setEntityId false: the target state keeps the current entity (ThingsBoard's "set entity" toggle).
  const clicked = action.setEntityId === false ? undefined : (entity ?? undefined);
  const params = actionParams(current, clicked, action.stateEntityParamName ?? undefined);
  const target = action.targetDashboardStateId ?? undefined;
  switch (action.type) {
    case 'openDashboardState':
      if (!target) return { kind: 'none' };
      return { kind: 'state', stack: openState(config, stack, target, params) };
    case 'updateDashboardState':
      return { kind: 'state', stack: updateState(config, stack, target, params) };
    case 'openDashboard':
      if (!action.targetDashboardId) return { kind: 'none' };
      return {
        kind: 'dashboard',
        dashboardId: action.targetDashboardId,
        stack: target ? [{ id: target, params }] : null,
      };
    default:
      return { kind: 'none' };
  }
}
