import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Label of the add button; no button when absent. */
  addLabel?: string;
  onAdd?: () => void;
  /** Extra buttons next to the add button. */
  actions?: ReactNode;
}

/** Title row of a list page with its main action. */
export function PageHeader({ title, subtitle, addLabel, onAdd, actions }: PageHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: { xs: 'flex-end', sm: 'flex-start' } }}>
        {actions}
        {addLabel && onAdd && (
          <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
