import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMenuData } from '../app/shell/use-menu-data';
import { useCurrentUser } from '../features/auth/auth-queries';
import type { User } from '../features/auth/auth-types';
import { greetingName, initials } from '../features/auth/user-display';
import { HomeSections } from '../features/home/home-sections';

/** Landing page after sign-in: who you are, and the places of your role as cards. */
export function HomePage() {
  const { data: user } = useCurrentUser();
  if (!user) return null; // RequireAuth only renders this once the user is loaded
  return <Home user={user} />;
}

function Home({ user }: { user: User }) {
  const { t } = useTranslation();
  const { home } = useMenuData(user);
  const name = greetingName(user);
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar
          sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 22, display: { xs: 'none', sm: 'flex' } }}
        >
          {initials(user)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {t('home.welcome', { name })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Chip size="small" color="primary" label={t(`authority.${user.authority}`)} />
            <Chip size="small" variant="outlined" label={user.authority} data-testid="authority" />
            {name !== user.email && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
            )}
          </Stack>
        </Box>
      </Stack>
      <HomeSections sections={home} />
    </Box>
  );
}
