import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import LayersIcon from '@mui/icons-material/Layers';
import RedoIcon from '@mui/icons-material/Redo';
import SettingsIcon from '@mui/icons-material/Settings';
import UndoIcon from '@mui/icons-material/Undo';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorDialog } from './editor-dialogs';

function ToolButton({
  label,
  onClick,
  disabled,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The edit-mode toolbar: title, library, import, dialogs, undo/redo, cancel and save. */
export function EditorToolbar(props: {
  title: string;
  onTitle: (title: string) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onAddWidget: () => void;
  onImportWidget: (text: string) => void;
  onOpen: (dialog: EditorDialog) => void;
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <Box
      data-testid="editor-toolbar"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: { xs: 1, sm: 2 },
        py: 1,
        flexWrap: 'wrap',
        bgcolor: 'action.hover',
      }}
    >
      <TextField
        size="small"
        label={t('dashboard.title')}
        value={props.title}
        onChange={(e) => props.onTitle(e.target.value)}
        required
        error={!props.title.trim()}
        sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
      />
      <Box sx={{ flex: 1 }} />
      <Button startIcon={<AddIcon />} variant="contained" onClick={props.onAddWidget} data-testid="add-widget">
        {t('widget.add')}
      </Button>
      <ToolButton label={t('widget.import')} onClick={() => fileRef.current?.click()}>
        <FileUploadIcon />
      </ToolButton>
      <input
        ref={fileRef}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="import-widget-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void file.text().then(props.onImportWidget);
        }}
      />
      <ToolButton
        label={t('dashboard.entity-aliases')}
        onClick={() => props.onOpen({ kind: 'aliases' })}
        testId="open-aliases"
      >
        <LayersIcon />
      </ToolButton>
      <ToolButton label={t('dashboard.states')} onClick={() => props.onOpen({ kind: 'states' })} testId="open-states">
        <ViewQuiltIcon />
      </ToolButton>
      <ToolButton
        label={t('dashboard.settings')}
        onClick={() => props.onOpen({ kind: 'settings' })}
        testId="open-settings"
      >
        <SettingsIcon />
      </ToolButton>
      <ToolButton label={t('action.undo')} onClick={props.onUndo} disabled={!props.canUndo} testId="undo">
        <UndoIcon />
      </ToolButton>
      <ToolButton label={t('action.redo')} onClick={props.onRedo} disabled={!props.canRedo} testId="redo">
        <RedoIcon />
      </ToolButton>
      <Button startIcon={<CloseIcon />} onClick={props.onCancel}>
        {t('action.cancel')}
      </Button>
      <Button
        startIcon={<CheckIcon />}
        variant="contained"
        color="primary"
        onClick={props.onSave}
        disabled={props.saving}
        data-testid="save-dashboard"
      >
        {t('action.save')}
      </Button>
    </Box>
  );
}
