import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { validateLogin, type LoginErrors } from './login-validation';
import { PasswordField } from '../../components/password-field/password-field';
import { useSignIn } from './sign-in-queries';

/**
 * Email + password sign-in. Validation runs on submit (an invalid submit sends nothing); the
 * server's message (e.g. 'Invalid username or password') is shown in the form, and an expired
 * password leads to the reset screen.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const login = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // After a failed submit, errors follow the typing so they disappear as soon as a field is fixed.
  const revalidate = (next: { username: string; password: string }) => {
    if (errors.username || errors.password) setErrors(validateLogin(next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const credentials = { username: username.trim(), password };
    const found = validateLogin(credentials);
    setErrors(found);
    if (found.username) usernameRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else login.mutate(credentials);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('login.login')}>
      {/* Kept in the layout while idle so the form does not jump when loading starts. */}
      <LinearProgress
        aria-hidden={!login.isPending}
        sx={{ visibility: login.isPending ? 'visible' : 'hidden', mb: 2, borderRadius: 1 }}
      />
      <Stack spacing={2.5}>
        {login.isError && (
          <Alert severity="error" role="alert">
            {login.error.message}
          </Alert>
        )}
        <TextField
          label={t('login.username')}
          type="email"
          name="username"
          autoComplete="username"
          autoFocus
          required
          fullWidth
          value={username}
          inputRef={usernameRef}
          onChange={(event) => {
            setUsername(event.target.value);
            revalidate({ username: event.target.value, password });
          }}
          error={Boolean(errors.username)}
          helperText={errors.username ? t(errors.username) : undefined}
        />
        <Box>
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            inputRef={passwordRef}
            onChange={(event) => {
              setPassword(event.target.value);
              revalidate({ username, password: event.target.value });
            }}
            error={Boolean(errors.password)}
            helperText={errors.password ? t(errors.password) : undefined}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Link component={RouterLink} to="/login/resetPasswordRequest" variant="body2" underline="hover">
              {t('login.forgot-password')}
            </Link>
          </Box>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={login.isPending}>
          {t('login.sign-in')}
        </Button>
      </Stack>
    </form>
  );
}
