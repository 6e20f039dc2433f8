import type { User } from '../../auth/auth-types';
import type { DashboardConfig } from '../model/dashboard-config';
import { DashboardSettingsDialog } from './dialogs/dashboard-settings-dialog';
import { DashboardStatesDialog } from './dialogs/dashboard-states-dialog';
import { EntityAliasesDialog } from './dialogs/entity-aliases-dialog';
import { setGridSettings, setMobileLayout, updateWidget, type MobileLayout } from './model/dashboard-edits';
import { WidgetConfigDialog } from './widget-config/widget-config-dialog';

export type EditorDialog =
  { kind: 'aliases' } | { kind: 'states' } | { kind: 'settings' } | { kind: 'widget'; widgetId: string };

/** The dialog the editor has open, fed with the configuration; saving applies one undoable edit. */
export function EditorDialogs({
  dialog,
  config,
  user,
  stateId,
  title,
  onTitle,
  onClose,
  onApply,
}: {
  dialog: EditorDialog | null;
  config: DashboardConfig;
  user: User;
  stateId: string;
  title: string;
  onTitle: (title: string) => void;
  onClose: () => void;
  onApply: (next: DashboardConfig) => void;
}) {
  if (!dialog) return null;
  const done = (next: DashboardConfig) => {
    onApply(next);
    onClose();
  };
  switch (dialog.kind) {
    case 'aliases':
      return (
        <EntityAliasesDialog
          value={config.entityAliases}
          widgets={config.widgets}
          authority={user.authority}
          onSave={(entityAliases) => done({ ...config, entityAliases })}
          onClose={onClose}
        />
      );
    case 'states':
      return (
        <DashboardStatesDialog
          value={config.states}
          onSave={(states) => done({ ...config, states })}
          onClose={onClose}
        />
      );
    case 'settings': {
      const layout = config.states[stateId]?.layouts.main;
      if (!layout) return null;
      return (
        <DashboardSettingsDialog
          value={{ title, settings: config.settings, gridSettings: layout.gridSettings }}
          onSave={(v) => {
            onTitle(v.title);
            done(setGridSettings({ ...config, settings: v.settings }, stateId, v.gridSettings));
          }}
          onClose={onClose}
        />
      );
    }
    case 'widget': {
      const widget = config.widgets[dialog.widgetId];
      if (!widget) return null;
      return (
        <WidgetConfigDialog
          widget={widget}
          config={config}
          user={user}
          mobile={mobileOf(config.states[stateId]?.layouts.main?.widgets[widget.id])}
          onSave={(w, mobile) => done(setMobileLayout(updateWidget(config, w), stateId, 'main', w.id, mobile))}
          onClose={onClose}
        />
      );
    }
  }
}

function mobileOf(place: { mobileOrder?: number; mobileHeight?: number } | undefined): MobileLayout {
  return {
    ...(typeof place?.mobileOrder === 'number' ? { mobileOrder: place.mobileOrder } : {}),
    ...(typeof place?.mobileHeight === 'number' ? { mobileHeight: place.mobileHeight } : {}),
  };
}
