import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notifications';
import { validateEmail, type EmailError } from './reset-validation';
import { useRequestPasswordReset } from './sign-in-queries';

/**
 * Asks for a reset link by email (spec 1-client §2.3): validated on submit; on success a toast and
 * back to the sign-in page.
 */
export function ResetRequestForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<EmailError | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateEmail(email);
    setError(found);
    if (found) {
      emailRef.current?.focus();
      return;
    }
    request.mutate(email.trim(), {
      onSuccess: () => {
        notify({ message: t('login.password-link-sent-message'), type: 'success' });
        void navigate('/login');
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('login.request-password-reset')}>
      <LinearProgress
        aria-hidden={!request.isPending}
        sx={{ visibility: request.isPending ? 'visible' : 'hidden', mb: 2, borderRadius: 1 }}
      />
      <Stack spacing={2.5}>
        <Typography variant="body2" color="text.secondary">
          {t('login.request-password-reset-hint')}
        </Typography>
        {request.isError && (
          <Alert severity="error" role="alert">
            {request.error.message}
          </Alert>
        )}
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          required
          fullWidth
          value={email}
          inputRef={emailRef}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(validateEmail(event.target.value));
          }}
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
        />
        <Stack spacing={1}>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={request.isPending}>
            {t('login.send-request')}
          </Button>
          <Button fullWidth onClick={() => void navigate('/login')}>
            {t('action.cancel')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
