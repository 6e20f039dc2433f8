import MenuIconGlyph from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { AppLogo } from '../../components/app-logo';
import { CrumbLabelProvider } from '../../components/page-search/crumb-label';
import { PageSearchProvider } from '../../components/page-search/page-search';
import { useCurrentUser } from '../../features/auth/auth-queries';
import type { User } from '../../features/auth/auth-types';
import type { RouteHandle } from '../navigation/route-handle';
import { CheatSheet } from './cheat-sheet';
import { ForbiddenGate } from './forbidden-gate';
import { FullscreenToggle } from './fullscreen-toggle';
import { ShellBreadcrumbs } from './shell-breadcrumbs';
import { ShellSearch } from './shell-search';
import { SideMenu } from './side-menu';
import { useHotkeys } from './use-hotkeys';
import { useMenuData } from './use-menu-data';
import { useUpdateCheck } from './use-update-check';
import { useUserLanguage } from './use-user-language';
import { UserMenu } from './user-menu';

/** Spec 1-client §2.5 / §9. */
export const SIDENAV_WIDTH = 250;

/** The signed-in frame: side menu, toolbar (menu button, breadcrumb, search, full screen, user menu), page, footer. */
export function AppShell() {
  const { data: user } = useCurrentUser(); // RequireAuth renders this only once the user is loaded
  const { pathname } = useLocation();
  if (!user) return null;
  return (
    <PageSearchProvider resetKey={pathname}>
      <CrumbLabelProvider>
        <ShellFrame user={user} />
      </CrumbLabelProvider>
    </PageSearchProvider>
  );
}

function ShellFrame({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const matches = useMatches();
  // 'side' and open above the small breakpoint, 'over' and closed on narrow screens (spec §2.5).
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [overOpen, setOverOpen] = useState(false);
  const [sideOpen, setSideOpen] = useState(true);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const { menu } = useMenuData(user);
  useUpdateCheck(user);
  const switchLanguage = useUserLanguage(user);

  const handles = matches.map((match) => match.handle as RouteHandle | undefined);
  const allowed = handles.every((handle) => !handle?.auth || handle.auth.includes(user.authority));
  const searchable = allowed && Boolean(handles.at(-1)?.search);
  const drawerOpen = wide ? sideOpen : overOpen;

  useEffect(() => setOverOpen(false), [wide]);

  useHotkeys([
    { combo: '?', description: 'shortcuts.show', handler: () => setShortcutsOpen(true) },
    { combo: '/', description: 'shortcuts.focus-search', handler: () => searchRef.current?.focus() },
    {
      combo: 'alt+m',
      description: 'shortcuts.toggle-menu',
      handler: () => (wide ? setSideOpen((o) => !o) : setOverOpen((o) => !o)),
    },
    { combo: 'alt+h', description: 'shortcuts.go-home', handler: () => void navigate('/home') },
  ]);

  const drawer = (
    <>
      <Toolbar
        sx={(theme) => ({
          px: 2,
          color: 'common.white',
          bgcolor: theme.palette.mode === 'dark' ? '#1f2a3a' : theme.palette.primary.main,
        })}
      >
        <AppLogo title={t('app.title')} tone="inverse" />
      </Toolbar>
      <Divider />
      <SideMenu sections={menu} onNavigate={() => !wide && setOverOpen(false)} />
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Drawer
        variant={wide ? 'persistent' : 'temporary'}
        open={drawerOpen}
        onClose={() => setOverOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{
          width: wide && sideOpen ? SIDENAV_WIDTH : 0,
          flexShrink: 0,
          transition: (theme) => theme.transitions.create('width'),
          '& .MuiDrawer-paper': { width: SIDENAV_WIDTH, boxSizing: 'border-box' },
        }}
        slotProps={{ paper: { component: 'aside', 'aria-label': t('home.menu') } as object }}
      >
        {drawer}
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" elevation={1}>
          <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={drawerOpen ? t('action.close-menu') : t('action.open-menu')}
              aria-expanded={drawerOpen}
              onClick={() => (wide ? setSideOpen(!sideOpen) : setOverOpen(!overOpen))}
            >
              <MenuIconGlyph />
            </IconButton>
            <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', alignItems: 'center' }}>
              <ShellBreadcrumbs />
            </Box>
            {searchable && <ShellSearch ref={searchRef} />}
            <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
              <FullscreenToggle />
            </Box>
            <UserMenu
              user={user}
              onShowShortcuts={() => setShortcutsOpen(true)}
              onSwitchLanguage={(language) => void switchLanguage(language)}
            />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
          {allowed ? <Outlet /> : <ForbiddenGate />}
        </Box>
        <Typography component="footer" variant="caption" color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
          {t('app.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Box>
      <CheatSheet
        open={shortcutsOpen}
        onClose={() => setShortcutsOpen(false)}
        hotkeys={[
          { combo: '?', description: 'shortcuts.show' },
          { combo: '/', description: 'shortcuts.focus-search' },
          { combo: 'alt+m', description: 'shortcuts.toggle-menu' },
          { combo: 'alt+h', description: 'shortcuts.go-home' },
        ]}
      />
    </Box>
  );
}
