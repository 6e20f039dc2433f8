import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EntityDetailsDrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons in the header (edit, delete, …). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The details panel: slides in from the right, full width on phones. */
export function EntityDetailsDrawer({ open, onClose, title, subtitle, actions, children }: EntityDetailsDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 520, md: 640 } },
          role: 'dialog',
          'aria-label': typeof title === 'string' ? title : undefined,
        } as object,
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={(theme) => ({
          alignItems: 'center',
          px: 2.5,
          py: 2,
          color: 'common.white',
          bgcolor: theme.palette.mode === 'dark' ? '#1f2a3a' : theme.palette.primary.main,
        })}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ opacity: 0.85 }} noWrap>
              {subtitle}
            </Typography>
          )}
        </Box>
        <IconButton color="inherit" aria-label={t('action.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      {actions && (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ px: 2.5, py: 1.5, flexWrap: 'wrap' }}>
            {actions}
          </Stack>
          <Divider />
        </>
      )}
      <Box sx={{ p: 2.5, overflowY: 'auto' }}>{children}</Box>
    </Drawer>
  );
}
