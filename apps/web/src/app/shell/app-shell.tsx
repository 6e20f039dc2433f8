import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppLogo } from '../../components/app-logo';
import { useCurrentUser } from '../../features/auth/auth-queries';
import { UserMenu } from './user-menu';

/**
 * The signed-in frame: top bar, page, footer. The side menu, breadcrumb and search of spec
 * 1-client §2.5 land here with the full shell.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser(); // RequireAuth renders this only once the user is loaded
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <AppLogo title={t('app.title')} tone="inverse" />
          <Box sx={{ flexGrow: 1 }} />
          {user && <UserMenu user={user} />}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <Typography component="footer" variant="caption" color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
        {t('app.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
