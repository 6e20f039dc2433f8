import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../features/auth/auth-types';
import { useLogout } from '../../features/auth/auth-queries';
import { displayName, initials } from '../../features/auth/user-display';

/**
 * Avatar button with the user's name and role (the name block hides below the large breakpoint,
 * spec 1-client §2.6), opening a menu with Logout.
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = displayName(user);
  const role = t(`authority.${user.authority}`);

  const signOut = () => {
    setAnchor(null);
    logout.mutate();
  };

  return (
    <>
      <ButtonBase
        aria-label={t('home.user-menu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 6, px: 1, py: 0.5, gap: 1.5, color: 'inherit' }}
      >
        <Box sx={{ display: { xs: 'none', lg: 'block' }, textAlign: 'right', lineHeight: 1.2 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
          <Typography variant="caption" sx={{ opacity: 0.8 }}>
            {role}
          </Typography>
        </Box>
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: 16 }}>{initials(user)}</Avatar>
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {role}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={signOut} disabled={logout.isPending}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('home.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
