import LoginIcon from '@mui/icons-material/Login';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { OAuth2ClientInfo } from './oauth2-clients';

/** One 'Login with {name}' link per OAuth2 client, then an 'or' divider (spec 1-client §2.2). */
export function OAuth2Links({ clients }: { clients: OAuth2ClientInfo[] }) {
  const { t } = useTranslation();
  if (clients.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 2, mb: 2.5 }} data-testid="oauth2-clients">
      {clients.map((client) => (
        <Button
          key={`${client.name} ${client.url}`}
          component="a"
          href={client.url}
          variant="outlined"
          size="large"
          fullWidth
          startIcon={
            client.iconSrc ? (
              <Box component="img" src={client.iconSrc} alt="" sx={{ width: 20, height: 20, objectFit: 'contain' }} />
            ) : (
              <LoginIcon />
            )
          }
        >
          {t('login.login-with', { name: client.name })}
        </Button>
      ))}
      <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>{t('login.or')}</Divider>
    </Stack>
  );
}
