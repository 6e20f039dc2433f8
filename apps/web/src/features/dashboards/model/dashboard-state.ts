// Dashboard state navigation (widget actions openDashboardState / updateDashboardState, spec 1-client
// §3.7): the viewer keeps a stack of states, each with its parameters (the entity a user clicked, under
// the root or under a named parameter that `stateEntity` aliases read). The stack round-trips through
// the URL's `state` parameter so a link or a reload opens the same place.
import type { DashboardConfig } from './dashboard-config';
import { rootStateId } from './dashboard-config';
import { isRecord } from './json-guards';

export interface StateEntity {
  entityId: { entityType: string; id: string };
  entityName?: string;
  entityLabel?: string;
}

/** A state's parameters: the root entity (`entityId`…) and named entities (`{[param]: StateEntity}`). */
export type StateParams = Partial<StateEntity> & Record<string, unknown>;

export interface StateEntry {
  id: string;
  params: StateParams;
}

/** The clicked entity as an action gives it to the next state. */
export interface ActionEntity {
  id: string;
  entityType: string;
  name?: string;
  label?: string;
}

/** The root state alone. */
export function rootStack(config: DashboardConfig): StateEntry[] {
  return [{ id: rootStateId(config), params: {} }];
}

/**
 * Parameters for the target state: the current ones plus the clicked entity, at the root or under
 * `paramName` (ThingsBoard's "state entity parameter name"). Without an entity the current ones stay.
 */
export function actionParams(current: StateParams, entity?: ActionEntity, paramName?: string): StateParams {
  if (!entity) return { ...current };
  const value: StateEntity = {
    entityId: { entityType: entity.entityType, id: entity.id },
    ...(entity.name !== undefined ? { entityName: entity.name } : {}),
    ...(entity.label !== undefined ? { entityLabel: entity.label } : {}),
  };
  const name = paramName?.trim();
  return name ? { ...current, [name]: value } : { ...current, ...value };
}

/** openDashboardState: goes one level deeper (an unknown state id changes nothing). */
export function openState(config: DashboardConfig, stack: StateEntry[], id: string, params: StateParams): StateEntry[] {
  if (!config.states[id]) return stack;
  const top = stack[stack.length - 1];
  // Opening the state already shown only changes its parameters, as a second click on the same row would.
  if (top?.id === id) return [...stack.slice(0, -1), { id, params }];
  return [...stack, { id, params }];
}

/** updateDashboardState: replaces the current level (its id when given, and its parameters). */
export function updateState(
  config: DashboardConfig,
  stack: StateEntry[],
  id: string | undefined,
  params: StateParams,
): StateEntry[] {
  const top = stack[stack.length - 1];
  const nextId = id && config.states[id] ? id : top?.id;
  if (!nextId) return rootStack(config);
  return [...stack.slice(0, -1), { id: nextId, params }];
}

/** A breadcrumb click: back to that level (the levels above it are closed). */
export function backTo(stack: StateEntry[], index: number): StateEntry[] {
  if (index < 0 || index >= stack.length) return stack;
  return stack.slice(0, index + 1);
}

/** A state's title for the breadcrumb: `${entityName}` / `${entityLabel}` filled from its parameters. */
export function stateTitle(config: DashboardConfig, entry: StateEntry): string {
  const name = config.states[entry.id]?.name ?? entry.id;
  const entityName = typeof entry.params.entityName === 'string' ? entry.params.entityName : '';
  const entityLabel = typeof entry.params.entityLabel === 'string' ? entry.params.entityLabel : entityName;
  return name.replaceAll('${entityName}', entityName).replaceAll('${entityLabel}', entityLabel);
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The `state` URL parameter of a stack; none for the bare root state. */
export function encodeStateParam(config: DashboardConfig, stack: StateEntry[]): string | undefined {
  const [first] = stack;
  if (stack.length === 1 && first?.id === rootStateId(config) && Object.keys(first.params).length === 0)
    return undefined;
  return toBase64Url(JSON.stringify(stack));
}

/**
 * The stack a `state` URL parameter names. Unknown states and malformed levels are dropped; a stack
 * that does not start at the root gets the root in front; anything unreadable gives the root alone.
 */
export function decodeStateParam(config: DashboardConfig, param: string | null | undefined): StateEntry[] {
  if (!param) return rootStack(config);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(param));
  } catch {
    return rootStack(config);
  }
  if (!Array.isArray(parsed)) return rootStack(config);
  const stack = parsed
    .filter(
      (e): e is { id: string; params?: unknown } =>
        isRecord(e) && typeof e.id === 'string' && Boolean(config.states[e.id]),
    )
    .map((e) => ({ id: e.id, params: isRecord(e.params) ? (e.params as StateParams) : {} }));
  if (!stack.length) return rootStack(config);
  const root = rootStateId(config);
  return stack[0]!.id === root ? stack : [{ id: root, params: {} }, ...stack];
}
