import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from './auth-queries';
import { validateLogin, type LoginErrors } from './login-validation';

/**
 * Email + password sign-in. Validation runs on submit (an invalid submit sends nothing); the
 * server's message (e.g. 'Invalid username or password') is shown as it comes.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
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
        <TextField
          label={t('login.password')}
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          required
          fullWidth
          value={password}
          inputRef={passwordRef}
          onChange={(event) => {
            setPassword(event.target.value);
            revalidate({ username, password: event.target.value });
          }}
          error={Boolean(errors.password)}
          helperText={errors.password ? t(errors.password) : undefined}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    edge="end"
                    aria-label={t(showPassword ? 'login.hide-password' : 'login.show-password')}
                    onClick={() => setShowPassword((shown) => !shown)}
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={login.isPending}>
          {t('login.sign-in')}
        </Button>
      </Stack>
    </form>
  );
}
