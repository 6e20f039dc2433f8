import AccessTime from '@mui/icons-material/AccessTime';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Timewindow } from '@sapo/common';
import { useState } from 'react';
import { isTimewindowDisabled } from './model/timewindow-draft';
import { PANEL_MAX_HEIGHT, PANEL_MIN_WIDTH, popoverPlacement, type PopoverPlacement } from './model/popover-placement';
import { TimewindowPanel, type TimewindowPanelProps } from './timewindow-panel';
import { useTimewindowLabel } from './use-timewindow-label';

export interface TimewindowButtonProps extends Pick<
  TimewindowPanelProps,
  'maxDatapoints' | 'isEdit' | 'aggregation' | 'timezone' | 'historyOnly' | 'realtimeQuickCurrentOnly' | 'loading'
> {
  /** The parsed window (normaliseTimewindow). Its hide* flags decide what the panel shows. */
  value: Timewindow;
  onChange: (tw: Timewindow) => void;
  /** Dashboard toolbar look: icon + summary, only the icon on phones. */
  isToolbar?: boolean;
  /** An outlined button instead of a text button. */
  asButton?: boolean;
  disabled?: boolean;
}

/**
 * Shows the current window ("Realtime - last day") and opens the time-window panel: an overlay
 * anchored to it on wide screens, full screen on phones (2-calls §2). Disabled when every section
 * is hidden by settings, unless in edit mode.
 */
export function TimewindowButton({
  value,
  onChange,
  isToolbar = false,
  asButton = false,
  disabled = false,
  ...panelProps
}: TimewindowButtonProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = useTimewindowLabel(value);
  const [anchor, setAnchor] = useState<{ el: HTMLElement; placement: PopoverPlacement } | null>(null);
  const off =
    disabled ||
    isTimewindowDisabled(value, panelProps.isEdit ?? false, {
      aggregation: panelProps.aggregation ?? true,
      timezone: panelProps.timezone ?? true,
    });

  const open = (el: HTMLElement) => {
    const rect = el.getBoundingClientRect();
    setAnchor({ el, placement: popoverPlacement(rect, { width: window.innerWidth, height: window.innerHeight }) });
  };
  const close = () => setAnchor(null);
  const panel = (
    <TimewindowPanel
      {...panelProps}
      value={value}
      onCancel={close}
      onApply={(tw) => {
        close();
        onChange(tw);
      }}
    />
  );

  const trigger =
    isToolbar && phone ? (
      <IconButton aria-label={label} disabled={off} onClick={(e) => open(e.currentTarget)}>
        <AccessTime />
      </IconButton>
    ) : (
      <Button
        variant={asButton ? 'outlined' : 'text'}
        color={asButton ? 'primary' : 'inherit'}
        size="small"
        startIcon={<AccessTime />}
        disabled={off}
        onClick={(e) => open(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0, maxWidth: '100%' }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
      </Button>
    );

  return (
    <>
      <Tooltip title={label}>
        <span style={{ display: 'inline-flex', minWidth: 0, maxWidth: '100%' }}>{trigger}</span>
      </Tooltip>
      {phone ? (
        <Dialog fullScreen open={anchor !== null} onClose={close}>
          {anchor && panel}
        </Dialog>
      ) : (
        <Popover
          open={anchor !== null}
          anchorEl={anchor?.el}
          onClose={close}
          anchorOrigin={anchor?.placement.anchorOrigin}
          transformOrigin={anchor?.placement.transformOrigin}
          slotProps={{
            paper: {
              sx: {
                minWidth: PANEL_MIN_WIDTH,
                maxWidth: 520,
                maxHeight: PANEL_MAX_HEIGHT,
                display: 'flex',
                flexDirection: 'column',
              },
            },
          }}
        >
          {anchor && panel}
        </Popover>
      )}
    </>
  );
}
