import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../components/app-logo';
import { LoginForm } from '../features/auth/login-form';

/** Sign-in screen: a centred 400 px card (spec 1-client §9) on the brand background. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #1f3b5a 0%, #305680 55%, #527dad 100%)',
      }}
    >
      <Card elevation={8} sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            <AppLogo title={t('app.title')} size="large" />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mb: 1 }}>
            {t('app.tagline')}
          </Typography>
          <Typography component="h1" variant="h6" sx={{ textAlign: 'center', mb: 1 }}>
            {t('login.sign-in-subtitle')}
          </Typography>
          <LoginForm />
        </CardContent>
      </Card>
    </Box>
  );
}
