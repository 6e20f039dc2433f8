import SpeedDial from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface FabAction {
  id: string;
  /** Shown beside the button (always, not only on hover: touch screens have no hover). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

export interface FabStackProps {
  /** Accessible name of the main button (e.g. 'Add widget'). */
  label: string;
  actions: readonly FabAction[];
  /** The main button's icon when closed; a plus that turns into a cross by default. */
  icon?: ReactNode;
  openIcon?: ReactNode;
  direction?: 'up' | 'down' | 'left' | 'right';
  /** Placement; bottom-right of the positioned parent by default. */
  sx?: SxProps<Theme>;
  hidden?: boolean;
}

/** Spec §2.8: the stack closes about 100 ms after focus leaves it (a click on an action lands first). */
const CLOSE_DELAY_MS = 100;

/** A floating action button that expands into a stack of labelled actions (MUI SpeedDial). */
export function FabStack({ label, actions, icon, openIcon, direction = 'up', sx, hidden }: FabStackProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelClose = () => clearTimeout(timer.current);
  useEffect(() => cancelClose, []);

  return (
    <SpeedDial
      ariaLabel={label}
      hidden={hidden}
      open={open}
      direction={direction}
      icon={<SpeedDialIcon icon={icon} openIcon={openIcon} />}
      onOpen={() => {
        cancelClose();
        setOpen(true);
      }}
      onClose={(_, reason) => {
        cancelClose();
        if (reason === 'blur' || reason === 'mouseLeave')
          timer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
        else setOpen(false);
      }}
      sx={sx ?? { position: 'absolute', bottom: 16, right: 16 }}
    >
      {actions.map((action) => (
        <SpeedDialAction
          key={action.id}
          icon={action.icon}
          onClick={() => {
            setOpen(false);
            action.onClick();
          }}
          slotProps={{
            fab: { disabled: action.disabled, 'aria-label': action.label },
            tooltip: { title: action.label, open: true },
            staticTooltipLabel: { sx: { whiteSpace: 'nowrap' } },
          }}
        />
      ))}
    </SpeedDial>
  );
}
