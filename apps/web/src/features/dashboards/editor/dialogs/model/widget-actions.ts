import { isRecord } from '../../../model/json-guards';
// A widget's actions (ThingsBoard 3.2 `config.actions = {[sourceId]: WidgetAction[]}`, spec 1-client
// §3.7): read from any stored value, edited per row, and validated before they are written back.
export type WidgetActionType = 'openDashboardState' | 'updateDashboardState' | 'openDashboard' | 'custom';
/** Types the editor offers; a stored customPretty action is kept and shown, not created. */
export const WIDGET_ACTION_TYPES: readonly WidgetActionType[] = [
  'openDashboardState',
  'updateDashboardState',
  'openDashboard',
  'custom',
];

export const ACTION_TYPE_KEYS: Record<string, string> = {
  openDashboardState: 'widget-action.open-dashboard-state',
  updateDashboardState: 'widget-action.update-dashboard-state',
  openDashboard: 'widget-action.open-dashboard',
  custom: 'widget-action.custom',
  customPretty: 'widget-action.custom-pretty',
};

export const ACTION_SOURCE_KEYS: Record<string, string> = {
  headerButton: 'widget-action.source-header-button',
  rowClick: 'widget-action.source-row-click',
  rowDoubleClick: 'widget-action.source-row-double-click',
  actionCellButton: 'widget-action.source-action-cell-button',
  markerClick: 'widget-action.source-marker-click',
  tooltipAction: 'widget-action.source-tooltip-action',
  cardClick: 'widget-action.source-card-click',
  elementClick: 'widget-action.source-element-click',
};

export interface WidgetAction {
  id: string;
  name: string;
  icon: string;
  type: string;
  targetDashboardStateId?: string | null;
  setEntityId?: boolean;
  stateEntityParamName?: string | null;
  openRightLayout?: boolean;
  targetDashboardId?: string | null;
  /** Author code, kept as text: only the sandboxed iframe runs it. */
  customFunction?: string;
  [field: string]: unknown;
}
export type WidgetActions = Record<string, WidgetAction[]>;

/** An action with the source it belongs to, as the editor lists and edits it. */
export interface SourcedAction {
  source: string;
  action: WidgetAction;
}

export const DEFAULT_ACTION_ICON = 'more_horiz';

/** Fields each type reads; the others are dropped when an action is saved with that type. */
const TYPE_FIELDS: Record<WidgetActionType, readonly string[]> = {
  openDashboardState: ['targetDashboardStateId', 'setEntityId', 'stateEntityParamName', 'openRightLayout'],
  updateDashboardState: ['targetDashboardStateId', 'setEntityId', 'stateEntityParamName', 'openRightLayout'],
  openDashboard: ['targetDashboardId', 'targetDashboardStateId', 'setEntityId', 'stateEntityParamName'],
  custom: ['customFunction'],
};
const ALL_TYPE_FIELDS = new Set(Object.values(TYPE_FIELDS).flat());

/**
 * Stored actions in a usable shape: sources map to lists; entries that are not objects are dropped;
 * each gets an id, a name, an icon and a type so the editor can show and key it. Unknown fields stay.
 */
export function normaliseActions(raw: unknown, newId: () => string = () => crypto.randomUUID()): WidgetActions {
  const out: WidgetActions = {};
  if (!isRecord(raw)) return out;
  for (const [source, list] of Object.entries(raw)) {
    if (!Array.isArray(list)) continue;
    const actions = list.filter(isRecord).map((a) => ({
      ...a,
      id: typeof a.id === 'string' && a.id ? a.id : newId(),
      name: typeof a.name === 'string' ? a.name : '',
      icon: typeof a.icon === 'string' && a.icon ? a.icon : DEFAULT_ACTION_ICON,
      type: typeof a.type === 'string' ? a.type : '',
    }));
    if (actions.length > 0) out[source] = actions;
  }
  return out;
}

/** Every action in source order, for one table. */
export function flattenActions(actions: WidgetActions): SourcedAction[] {
  return Object.entries(actions).flatMap(([source, list]) => list.map((action) => ({ source, action })));
}

/** A new action's defaults (ThingsBoard's: the entity is passed on, the right layout stays closed). */
export function createAction(id: string = crypto.randomUUID()): WidgetAction {
  return {
    id,
    name: '',
    icon: DEFAULT_ACTION_ICON,
    type: 'openDashboardState',
    targetDashboardStateId: null,
    setEntityId: true,
    stateEntityParamName: null,
    openRightLayout: false,
  };
}

/** The action as stored: only its type's fields, trimmed; optional text left empty becomes null. */
export function cleanAction(action: WidgetAction): WidgetAction {
  const trimmed: WidgetAction = {
    ...action,
    name: action.name.trim(),
    icon: action.icon.trim() || DEFAULT_ACTION_ICON,
  };
  const keep = TYPE_FIELDS[action.type as WidgetActionType] as readonly string[] | undefined;
  if (!keep) return trimmed; // customPretty or a newer type: nothing is known to drop
  const out = Object.fromEntries(
    Object.entries(trimmed).filter(([field]) => keep.includes(field) || !ALL_TYPE_FIELDS.has(field)),
  ) as WidgetAction;
  for (const field of ['targetDashboardStateId', 'stateEntityParamName', 'targetDashboardId']) {
    if (!keep.includes(field)) continue;
    const v = out[field];
    out[field] = typeof v === 'string' && v.trim() ? v.trim() : null;
  }
  if (keep.includes('setEntityId')) out.setEntityId = out.setEntityId !== false;
  if (keep.includes('openRightLayout')) out.openRightLayout = out.openRightLayout === true;
  if (keep.includes('customFunction'))
    out.customFunction = typeof out.customFunction === 'string' ? out.customFunction : '';
  return out;
}

export type ActionField = 'name' | 'type' | 'source' | 'targetDashboardStateId' | 'targetDashboardId';
export type ActionErrors = Partial<Record<ActionField, string>>;

/** Problems (translation keys) of an action about to be saved under `source` among `actions`. */
export function validateAction(
  edit: SourcedAction,
  actions: WidgetActions,
  ctx: { sources: readonly string[]; stateIds: readonly string[] },
): ActionErrors {
  const errors: ActionErrors = {};
  const { source, action } = edit;
  const name = action.name.trim();
  if (!source) errors.source = 'widget-action.source-required';
  if (!name) errors.name = 'widget-action.name-required';
  else if (
    (actions[source] ?? []).some((a) => a.id !== action.id && a.name.trim().toLowerCase() === name.toLowerCase())
  )
    errors.name = 'widget-action.name-not-unique';
  if (!action.type) errors.type = 'widget-action.type-required';
  const state = typeof action.targetDashboardStateId === 'string' ? action.targetDashboardStateId.trim() : '';
  if (action.type === 'openDashboardState' && !state)
    errors.targetDashboardStateId = 'widget-action.target-state-required';
  else if (
    (action.type === 'openDashboardState' || action.type === 'updateDashboardState') &&
    state &&
    !ctx.stateIds.includes(state)
  )
    errors.targetDashboardStateId = 'widget-action.target-state-unknown';
  if (action.type === 'openDashboard' && !(typeof action.targetDashboardId === 'string' && action.targetDashboardId))
    errors.targetDashboardId = 'widget-action.target-dashboard-required';
  return errors;
}

/**
 * Writes an edited action back: removed from the source it was in (it may have moved), then added to or
 * replaced in its source. A source left without actions disappears, as ThingsBoard stores it.
 */
export function saveAction(actions: WidgetActions, edit: SourcedAction, previousSource?: string): WidgetActions {
  const action = cleanAction(edit.action);
  const out: WidgetActions = {};
  for (const [source, list] of Object.entries(actions)) {
    const kept = source === previousSource && source !== edit.source ? list.filter((a) => a.id !== action.id) : list;
    if (kept.length > 0) out[source] = kept;
  }
  const list = out[edit.source] ?? [];
  out[edit.source] = list.some((a) => a.id === action.id)
    ? list.map((a) => (a.id === action.id ? action : a))
    : [...list, action];
  return out;
}

export function deleteAction(actions: WidgetActions, source: string, id: string): WidgetActions {
  const out: WidgetActions = {};
  for (const [key, list] of Object.entries(actions)) {
    const kept = key === source ? list.filter((a) => a.id !== id) : list;
    if (kept.length > 0) out[key] = kept;
  }
  return out;
}
