import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notifications';
import { PasswordField } from '../../components/password-field/password-field';
import { hasErrors, validateNewPassword, type NewPasswordErrors } from './reset-validation';

interface NewPasswordFormProps {
  /** Field names: newPassword/newPassword2 (reset) or password/password2 (create), spec 1-client §3.1. */
  names: readonly [string, string];
  /** Translation keys of the two labels. */
  labels: readonly [string, string];
  submitLabel: string;
  /** Sends the password; the page decides what happens next. */
  onSubmit: (password: string) => void;
  pending: boolean;
  /** The server's message after a failed submit (expired link, password policy…). */
  error: string | null;
  /** Shown above the fields (the expired-password notice). */
  notice?: ReactNode;
}

/** The two password fields of the reset and create-password screens (spec 1-client §2.4). */
export function NewPasswordForm({
  names,
  labels,
  submitLabel,
  onSubmit,
  pending,
  error,
  notice,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNewPassword(password, confirm);
    // The mismatch is a toast (spec 1-client §8); only empty fields are marked on the form.
    setErrors({
      ...(found.password && { password: found.password }),
      ...(found.confirm && { confirm: found.confirm }),
    });
    if (found.mismatch) notify({ message: t('login.passwords-mismatch-error'), type: 'error' });
    if (found.password) passwordRef.current?.focus();
    else if (found.confirm) confirmRef.current?.focus();
    if (!hasErrors(found)) onSubmit(password);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={submitLabel}>
      <LinearProgress
        aria-hidden={!pending}
        sx={{ visibility: pending ? 'visible' : 'hidden', mb: 2, borderRadius: 1 }}
      />
      <Stack spacing={2.5}>
        {notice}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <PasswordField
          label={t(labels[0])}
          name={names[0]}
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          inputRef={passwordRef}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password && event.target.value) setErrors(({ password: _cleared, ...rest }) => rest);
          }}
          error={Boolean(errors.password)}
          helperText={errors.password ? t(errors.password) : undefined}
        />
        <PasswordField
          label={t(labels[1])}
          name={names[1]}
          autoComplete="new-password"
          required
          value={confirm}
          inputRef={confirmRef}
          onChange={(event) => {
            setConfirm(event.target.value);
            if (errors.confirm && event.target.value) setErrors(({ confirm: _cleared, ...rest }) => rest);
          }}
          error={Boolean(errors.confirm)}
          helperText={errors.confirm ? t(errors.confirm) : undefined}
        />
        <Stack spacing={1}>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={pending}>
            {submitLabel}
          </Button>
          <Button fullWidth onClick={() => void navigate('/login')}>
            {t('action.cancel')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
