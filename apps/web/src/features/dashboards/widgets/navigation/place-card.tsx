import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One page as a tile: icon over the name. A router link (no reload, the back button works); while
 * the dashboard is edited it is inert, so a click selects the widget instead of leaving the editor.
 */
export function PlaceCard({
  to,
  icon,
  label,
  editing,
  iconSize = 36,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  editing: boolean;
  iconSize?: number;
}) {
  const sx = {
    width: '100%',
    height: '100%',
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 0.75,
    p: 1,
    borderRadius: 2,
    border: 1,
    borderColor: 'divider',
    color: 'text.primary',
    textAlign: 'center',
    textDecoration: 'none',
    overflow: 'hidden',
    '&:hover': { bgcolor: 'action.hover', borderColor: 'primary.main' },
    '& .place-icon': { fontSize: iconSize, color: 'primary.main' },
  } as const;
  const content = (
    <>
      <Box sx={{ display: 'flex', lineHeight: 0 }}>{icon}</Box>
      <Typography variant="body2" sx={{ lineHeight: 1.25, overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
    </>
  );
  if (editing || to === '') {
    return (
      <Box sx={sx} aria-disabled>
        {content}
      </Box>
    );
  }
  return (
    <ButtonBase component={Link} to={to} sx={sx}>
      {content}
    </ButtonBase>
  );
}
