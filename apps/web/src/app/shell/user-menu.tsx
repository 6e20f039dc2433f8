import AccountCircle from '@mui/icons-material/AccountCircle';
import Check from '@mui/icons-material/Check';
import DarkMode from '@mui/icons-material/DarkMode';
import Keyboard from '@mui/icons-material/Keyboard';
import Language from '@mui/icons-material/Language';
import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '../../features/auth/auth-types';
import { useLogout } from '../../features/auth/auth-queries';
import { displayName, initials } from '../../features/auth/user-display';
import { LANGUAGES, preloadLanguages, type Language as LanguageCode } from '../../lib/i18n';
import { colorModeStore } from '../color-mode';

/** Each language named in itself, so a user who cannot read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<LanguageCode, string> = { en_US: 'English', zh_TW: '繁體中文' };

/**
 * Avatar button with the user's name and role (the name block hides below the large breakpoint,
 * spec 1-client §2.6), opening Profile, language, dark theme, shortcuts and Logout.
 */
export function UserMenu({
  user,
  onShowShortcuts,
  onSwitchLanguage,
}: {
  user: User;
  onShowShortcuts: () => void;
  onSwitchLanguage: (language: LanguageCode) => void;
}) {
  const { t, i18n } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const mode = useSyncExternalStore(colorModeStore.subscribe, colorModeStore.get);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = displayName(user);
  const role = t(`authority.${user.authority}`);
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        aria-label={t('home.user-menu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          preloadLanguages(); // the menu offers the other languages
          setAnchor(event.currentTarget);
        }}
        sx={{ borderRadius: 6, px: 1, py: 0.5, gap: 1.5, color: 'inherit' }}
      >
        <Box
          sx={{ display: { xs: 'none', lg: 'block' }, textAlign: 'right', lineHeight: 1.2 }}
          data-testid="user-menu-header"
        >
          <Typography variant="body2" sx={{ fontWeight: 500, maxWidth: 220 }} noWrap>
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
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography variant="subtitle2" noWrap>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {role}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void navigate('/profile');
          }}
        >
          <ListItemIcon>
            <AccountCircle fontSize="small" />
          </ListItemIcon>
          {t('profile.profile')}
        </MenuItem>
        <MenuItem
          onClick={() => colorModeStore.set(mode === 'dark' ? 'light' : 'dark')}
          role="menuitemcheckbox"
          aria-checked={mode === 'dark'}
        >
          <ListItemIcon>
            <DarkMode fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('home.dark-theme')}</ListItemText>
          <Switch
            edge="end"
            size="small"
            checked={mode === 'dark'}
            tabIndex={-1}
            slotProps={{ input: { 'aria-hidden': true } }}
          />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onShowShortcuts();
          }}
        >
          <ListItemIcon>
            <Keyboard fontSize="small" />
          </ListItemIcon>
          {t('shortcuts.title')}
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px', display: 'flex', alignItems: 'center', gap: 1 }}>
          <Language fontSize="small" /> {t('language.language')}
        </ListSubheader>
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language.replace('_', '-')}
            selected={i18n.language === language}
            role="menuitemradio"
            aria-checked={i18n.language === language}
            onClick={() => onSwitchLanguage(language)}
          >
            <ListItemIcon>{i18n.language === language && <Check fontSize="small" />}</ListItemIcon>
            {LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            logout.mutate();
          }}
          disabled={logout.isPending}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('home.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
