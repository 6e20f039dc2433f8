import ArrowBack from '@mui/icons-material/ArrowBack';
import BugReport from '@mui/icons-material/BugReport';
import Delete from '@mui/icons-material/Delete';
import Done from '@mui/icons-material/Done';
import Close from '@mui/icons-material/Close';
import FitScreen from '@mui/icons-material/FitScreen';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import ViewSidebar from '@mui/icons-material/ViewSidebar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EditorToolbarProps {
  title: string;
  subtitle?: string | undefined;
  onBack: () => void;
  onTogglePalette?: (() => void) | undefined;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  canDelete: boolean;
  onDelete: () => void;
  canShowEvents: boolean;
  eventsOpen: boolean;
  onToggleEvents: () => void;
  onFit: () => void;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}

function ToolButton({
  label,
  disabled,
  onClick,
  children,
  pressed,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  pressed?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
          aria-pressed={pressed}
          color={pressed ? 'primary' : 'default'}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The editor's top bar: back, name, undo/redo, delete, debug events, fit, discard and save. */
export function EditorToolbar(p: EditorToolbarProps) {
  const { t } = useTranslation();
  // Phones: discard becomes an icon so the tools and Save fit one row.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'wrap',
        rowGap: 0.5,
      }}
    >
      <ToolButton label={t('rulechain.rulechains')} onClick={p.onBack}>
        <ArrowBack />
      </ToolButton>
      {p.onTogglePalette && (
        <ToolButton label={t('rulenode.palette')} onClick={p.onTogglePalette}>
          <ViewSidebar />
        </ToolButton>
      )}
      <Box sx={{ minWidth: 0, flex: '1 1 160px', px: 0.5 }}>
        <Typography component="h1" variant="h6" noWrap sx={{ lineHeight: 1.3 }}>
          {p.title}
        </Typography>
        {p.subtitle && (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {p.subtitle}
          </Typography>
        )}
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.25, ml: 'auto' }}>
        <ToolButton label={`${t('action.undo')} (Ctrl+Z)`} disabled={!p.canUndo} onClick={p.onUndo}>
          <Undo />
        </ToolButton>
        <ToolButton label={`${t('action.redo')} (Ctrl+Shift+Z)`} disabled={!p.canRedo} onClick={p.onRedo}>
          <Redo />
        </ToolButton>
        <ToolButton label={t('rulenode.delete-selected')} disabled={!p.canDelete} onClick={p.onDelete}>
          <Delete />
        </ToolButton>
        <ToolButton
          label={t('rulenode.debug-events')}
          disabled={!p.canShowEvents}
          onClick={p.onToggleEvents}
          pressed={p.eventsOpen}
        >
          <BugReport />
        </ToolButton>
        <ToolButton label={t('rulenode.fit-view')} onClick={p.onFit}>
          <FitScreen />
        </ToolButton>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5, display: { xs: 'none', sm: 'block' } }} />
        {narrow ? (
          <ToolButton label={t('rulechain.discard-changes')} disabled={!p.dirty || p.saving} onClick={p.onDiscard}>
            <Close />
          </ToolButton>
        ) : (
          <Button startIcon={<Close />} disabled={!p.dirty || p.saving} onClick={p.onDiscard}>
            {t('rulechain.discard-changes')}
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={narrow ? undefined : <Done />}
          disabled={!p.dirty || p.saving}
          onClick={p.onSave}
        >
          {t('action.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
