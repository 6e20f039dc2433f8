import { notify } from '../../../lib/notifications';
import type { DashboardConfig } from '../model/dashboard-config';
import type { StateEntry } from '../model/dashboard-state';
import type { WidgetEntity } from '../widgets/widget-types';
import { actionEffects } from './model/custom-action';
import type { WidgetAction } from './model/widget-actions';
import { sharedScriptRunner } from './script-runner';

/** The author's code of a custom action, or null when the action is not one (or has none). */
export function customActionBody(action: WidgetAction): string | null {
  if (action.type !== 'custom' && action.type !== 'customPretty') return null;
  const body = typeof action.customFunction === 'string' ? action.customFunction.trim() : '';
  return body || null;
}

/**
 * Runs a custom action in the script worker, then carries out what it asked for: toasts, the new
 * state stack, an in-app link. A failure becomes an error toast.
 */
export async function runCustomAction(
  run: {
    action: WidgetAction;
    body: string;
    config: DashboardConfig;
    stack: StateEntry[];
    entity?: WidgetEntity | null;
    extra?: Record<string, unknown>;
  },
  apply: { setStack: (stack: StateEntry[]) => void; navigate: (url: string) => void },
): Promise<void> {
  const { action, body, config, stack, entity, extra } = run;
  const top = stack[stack.length - 1];
  const additionalParams = { ...extra };
  delete additionalParams.actionIndex;
  const result = await sharedScriptRunner().action({
    body,
    input: {
      stateId: top?.id ?? '',
      stateParams: top?.params ?? {},
      entity: entity ? { id: entity.id, entityType: entity.entityType, name: entity.name, label: entity.label } : null,
      additionalParams,
    },
  });
  if ('error' in result) {
    notify({ type: 'error', message: `Custom action "${action.name ?? action.type}" failed: ${result.error}` });
    return;
  }
  const effects = actionEffects(config, stack, result.requests);
  for (const toast of effects.toasts) notify(toast);
  if (effects.stack !== stack) apply.setStack(effects.stack);
  if (effects.navigate) apply.navigate(effects.navigate);
}
