import Box from '@mui/material/Box';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications';
import type { User } from '../../auth/auth-types';
import type { Dashboard } from '../dashboard-types';
import { useSaveDashboard } from '../dashboards-queries';
import type { DashboardConfig, LayoutId } from '../model/dashboard-config';
import { DashboardGrid } from '../viewer/dashboard-grid';
import { AddWidgetDialog, type PickedWidgetType } from './add-widget-dialog';
import { EditorDialogs, type EditorDialog } from './editor-dialogs';
import { EditorToolbar } from './editor-toolbar';
import { WidgetEditControls } from './widget-edit-controls';
import {
  addWidgetToState,
  importWidget,
  parseWidgetFile,
  removeWidgetFromState,
  setLayout,
  widgetFromType,
} from './model/dashboard-edits';
import { canRedo, canUndo, pushEdit, redo, startHistory, undo, type EditHistory } from './model/edit-history';

/**
 * The dashboard in edit mode (1-client §3.7): the grid becomes draggable and resizable, widgets get
 * edit and remove buttons, and the toolbar adds widgets, imports a widget file, opens the alias,
 * state and settings dialogs, undoes and redoes, and saves the whole configuration at once.
 */
export function DashboardEditor({
  dashboard,
  config,
  stateId,
  onChange,
  onDone,
  user,
}: {
  dashboard: Dashboard;
  config: DashboardConfig;
  stateId: string;
  onChange: (next: DashboardConfig) => void;
  onDone: () => void;
  user: User;
}) {
  const { t } = useTranslation();
  const [history, setHistory] = useState<EditHistory<DashboardConfig>>(() => startHistory(config));
  const [title, setTitle] = useState(dashboard.title);
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const save = useSaveDashboard();
  const present = history.present;
  const state = present.states[stateId] ?? Object.values(present.states)[0];
  const currentStateId = present.states[stateId] ? stateId : (Object.keys(present.states)[0] ?? stateId);
  const layoutId: LayoutId = 'main';

  const apply = useCallback(
    (next: DashboardConfig) => {
      setHistory((h) => pushEdit(h, next));
      onChange(next);
    },
    [onChange],
  );
  const step = useCallback(
    (dir: 'undo' | 'redo') => {
      setHistory((h) => {
        const next = dir === 'undo' ? undo(h) : redo(h);
        if (next !== h) onChange(next.present);
        return next;
      });
    },
    [onChange],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement | null)?.closest('input, textarea, .cm-editor')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        step('undo');
      } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
        e.preventDefault();
        step('redo');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  const onPick = (picked: PickedWidgetType) => {
    setAdding(false);
    const widget = widgetFromType(picked.ref, picked.name, picked.descriptor);
    apply(addWidgetToState(present, currentStateId, layoutId, widget));
    setDialog({ kind: 'widget', widgetId: widget.id });
  };

  const onImportWidget = (text: string) => {
    try {
      apply(importWidget(present, currentStateId, layoutId, parseWidgetFile(text)));
    } catch (error) {
      notify({ message: t(error instanceof Error ? error.message : String(error)), type: 'error' });
    }
  };

  const onSave = async () => {
    const trimmed = title.trim();
    if (!trimmed) {
      notify({ message: t('dashboard.title-required'), type: 'error' });
      return;
    }
    try {
      await save.mutateAsync({
        ...dashboard,
        title: trimmed,
        configuration: { ...dashboard.configuration, ...present },
      });
      notify({ message: t('dashboard.dashboard-saved', { title: trimmed }), type: 'success' });
      onDone();
    } catch (error) {
      notify({ message: error instanceof Error ? error.message : String(error), type: 'error' });
    }
  };

  return (
    <Box data-testid="dashboard-editor" sx={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
      <EditorToolbar
        title={title}
        onTitle={setTitle}
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        onUndo={() => step('undo')}
        onRedo={() => step('redo')}
        onAddWidget={() => setAdding(true)}
        onImportWidget={onImportWidget}
        onOpen={setDialog}
        onCancel={onDone}
        onSave={() => void onSave()}
        saving={save.isPending}
      />
      {state && (
        <Box
          className="sapo-dashboard-content"
          sx={{ flex: 1, minWidth: 0, outline: '1px dashed', outlineColor: 'divider' }}
        >
          <DashboardGrid
            layout={state.layouts.main}
            widgets={present.widgets}
            editing
            onLayoutChange={(next) => apply(setLayout(present, currentStateId, layoutId, next))}
            editControls={(widgetId) => (
              <WidgetEditControls
                onEdit={() => setDialog({ kind: 'widget', widgetId })}
                onRemove={() => apply(removeWidgetFromState(present, currentStateId, layoutId, widgetId))}
              />
            )}
          />
        </Box>
      )}
      <AddWidgetDialog open={adding} onClose={() => setAdding(false)} onPick={onPick} />
      <EditorDialogs
        dialog={dialog}
        config={present}
        user={user}
        stateId={currentStateId}
        title={title}
        onTitle={setTitle}
        onClose={() => setDialog(null)}
        onApply={apply}
      />
    </Box>
  );
}
