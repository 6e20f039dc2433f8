import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../features/auth/auth-queries';
import { greetingName, initials } from '../features/auth/user-display';

/** Landing page after sign-in: who you are and your role. Role-specific content comes later. */
export function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return null; // RequireAuth only renders this once the user is loaded
  const name = greetingName(user);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
            <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 26 }}>{initials(user)}</Avatar>
            <Stack spacing={1} sx={{ minWidth: 0 }}>
              <Typography
                component="h1"
                variant="h4"
                sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
              >
                {t('home.welcome', { name })}
              </Typography>
              {name !== user.email && (
                <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t('home.signed-in-as', { email: user.email })}
                </Typography>
              )}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('home.role')}:
                </Typography>
                <Chip color="primary" label={t(`authority.${user.authority}`)} />
                <Chip variant="outlined" label={user.authority} data-testid="authority" />
              </Stack>
            </Stack>
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 3 }}>
            {t('home.intro')}
          </Typography>
        </CardContent>
      </Card>
    </Container>
  );
}
