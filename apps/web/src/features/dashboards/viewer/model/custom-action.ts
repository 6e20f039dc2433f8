// Custom widget actions (ThingsBoard's `function ($event, widgetContext, entityId, entityName,
// additionalParams, entityLabel)`). The author's code runs in the script worker against a small
// widgetContext that only records what it asks for; the page then carries out the requests it allows.
// Pure: the function is compiled by the worker.
import type { DashboardConfig } from '../../model/dashboard-config';
import { openState, updateState, type StateEntry, type StateParams } from '../../model/dashboard-state';

export type CustomActionFunction = (
  $event: null,
  widgetContext: unknown,
  entityId: { id: string; entityType: string } | null,
  entityName: string | null,
  additionalParams: Record<string, unknown> | null,
  entityLabel: string | null,
) => unknown;

export const CUSTOM_ACTION_PARAMS = [
  '$event',
  'widgetContext',
  'entityId',
  'entityName',
  'additionalParams',
  'entityLabel',
] as const;

/** What a custom action may ask the page to do. */
export type ActionRequest =
  | { kind: 'openState'; stateId: string; params: StateParams }
  | { kind: 'updateState'; stateId: string | null; params: StateParams }
  | { kind: 'navigate'; url: string }
  | { kind: 'toast'; type: 'success' | 'error' | 'info'; message: string };

/** What the worker gets: the clicked entity and the dashboard's current state. */
export interface ActionInput {
  stateId: string;
  stateParams: StateParams;
  entity: { id: string; entityType: string; name?: string; label?: string } | null;
  additionalParams: Record<string, unknown> | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));
const paramsOf = (v: unknown): StateParams =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (JSON.parse(JSON.stringify(v)) as StateParams) : {};

/** Runs a compiled custom action and returns, in order, what it asked for (throws what it throws). */
export function runCustomAction(fn: CustomActionFunction, input: ActionInput): ActionRequest[] {
  const requests: ActionRequest[] = [];
  const toast = (type: 'success' | 'error' | 'info') => (message: unknown) =>
    void requests.push({ kind: 'toast', type, message: text(message) });
  const widgetContext = {
    stateController: {
      getStateId: () => input.stateId,
      getStateParams: () => paramsOf(input.stateParams),
      openState: (stateId: unknown, params?: unknown) => {
        if (typeof stateId === 'string') requests.push({ kind: 'openState', stateId, params: paramsOf(params) });
      },
      updateState: (stateId?: unknown, params?: unknown) => {
        requests.push({
          kind: 'updateState',
          stateId: typeof stateId === 'string' ? stateId : null,
          params: paramsOf(params),
        });
      },
    },
    router: {
      navigateByUrl: (url: unknown) => {
        if (typeof url === 'string') requests.push({ kind: 'navigate', url });
      },
    },
    showSuccessToast: toast('success'),
    showErrorToast: toast('error'),
    showInfoToast: toast('info'),
  };
  const entity = input.entity;
  fn(
    null,
    widgetContext,
    entity ? { id: entity.id, entityType: entity.entityType } : null,
    entity?.name ?? null,
    input.additionalParams,
    entity?.label ?? null,
  );
  return requests;
}

/**
 * Only links inside the app are followed (`/dashboards/…`, `/devices`, …); anything that could leave it
 * (`//host`, `https:`, `javascript:`) is refused.
 */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** What the page does with a custom action's requests. */
export interface ActionEffects {
  /** The state stack after the state requests (unchanged when there were none). */
  stack: StateEntry[];
  /** The last in-app link asked for, if any (followed after the state changes). */
  navigate: string | null;
  toasts: { type: 'success' | 'error' | 'info'; message: string }[];
}

/** Applies a custom action's requests in order; links that would leave the app become error toasts. */
export function actionEffects(
  config: DashboardConfig,
  stack: StateEntry[],
  requests: readonly ActionRequest[],
): ActionEffects {
  const out: ActionEffects = { stack, navigate: null, toasts: [] };
  for (const request of requests) {
    switch (request.kind) {
      case 'openState':
        out.stack = openState(config, out.stack, request.stateId, request.params);
        break;
      case 'updateState':
        out.stack = updateState(config, out.stack, request.stateId ?? undefined, request.params);
        break;
      case 'navigate':
        if (isAppPath(request.url)) out.navigate = request.url;
        else
          out.toasts.push({
            type: 'error',
            message: `A custom action may only open pages of this app: ${request.url}`,
          });
        break;
      case 'toast':
        out.toasts.push({ type: request.type, message: request.message });
        break;
    }
  }
  return out;
}
