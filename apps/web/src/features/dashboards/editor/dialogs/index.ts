export { EntityAliasesDialog, type EntityAliasesDialogProps } from './entity-aliases-dialog';
export { EntityAliasDialog, type EntityAliasDialogProps } from './entity-alias-dialog';
export { DashboardStatesDialog, type DashboardStatesDialogProps } from './dashboard-states-dialog';
export { DashboardSettingsDialog, type DashboardSettingsDialogProps } from './dashboard-settings-dialog';
export { WidgetActionsEditor, type WidgetActionsEditorProps } from './widget-actions-editor';
export type { StateOption } from './widget-action-dialog';
export type { DashboardSettingsValue } from './model/dashboard-settings-form';
export type { WidgetAction, WidgetActions } from './model/widget-actions';
export { normaliseActions } from './model/widget-actions';
