import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * Shown instead of a password form when the link lacks its token (cut off when copied, say): the
 * form could never succeed, so say so and offer the way forward.
 */
export function InvalidLinkNotice({ message, requestNewLink }: { message: string; requestNewLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5} sx={{ mt: 2 }}>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
      <Stack spacing={1}>
        {requestNewLink && (
          <Button component={RouterLink} to="/login/resetPasswordRequest" variant="contained" size="large" fullWidth>
            {t('login.request-new-link')}
          </Button>
        )}
        <Button component={RouterLink} to="/login" fullWidth variant={requestNewLink ? 'text' : 'contained'}>
          {t('login.back-to-login')}
        </Button>
      </Stack>
    </Stack>
  );
}
