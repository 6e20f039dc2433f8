import LockReset from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications';
import {
  EMPTY_PASSWORD_CHANGE,
  validatePasswordChange,
  type PasswordChangeErrors,
  type PasswordChangeForm,
} from './password-change';
import { PasswordField } from '../../components/password-field/password-field';
import { PasswordRulesList } from './password-rules-list';
import { useChangePassword, usePasswordPolicy } from './profile-queries';

/**
 * Current password plus the new one twice. The server checks the password policy and the current
 * password; its message (e.g. "Current password doesn't match!") is shown in the card as it comes.
 */
export function ChangePasswordCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const policy = usePasswordPolicy();
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY_PASSWORD_CHANGE);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const update = (field: keyof PasswordChangeForm, value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    // After a failed submit, errors follow the typing so they clear as soon as a field is fixed.
    if (submitted) setErrors(validatePasswordChange(next));
    if (change.isError) change.reset(); // the server's complaint was about the previous attempt
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePasswordChange(form);
    setSubmitted(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          setForm(EMPTY_PASSWORD_CHANGE);
          setSubmitted(false);
          notify({ message: t('profile.password-changed'), type: 'success' });
        },
      },
    );
  };

  const field = (name: keyof PasswordChangeForm) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name]) : undefined,
    disabled: change.isPending,
    required: true,
  });

  return (
    <Card component="section" aria-labelledby="change-password-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<LockReset color="primary" />}
        title={t('profile.change-password')}
        subheader={t('profile.change-password-hint')}
        slotProps={{ title: { id: 'change-password-title', component: 'h2', variant: 'h6' } }}
      />
      <Divider />
      <LinearProgress aria-hidden={!change.isPending} sx={{ visibility: change.isPending ? 'visible' : 'hidden' }} />
      <CardContent>
        <form noValidate onSubmit={submit} aria-label={t('profile.change-password')}>
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <Stack spacing={2.5}>
            {change.isError && (
              <Alert severity="error" role="alert">
                {change.error.message}
              </Alert>
            )}
            <PasswordField
              label={t('profile.current-password')}
              autoComplete="current-password"
              {...field('currentPassword')}
            />
            <PasswordField label={t('login.new-password')} autoComplete="new-password" {...field('newPassword')} />
            <PasswordField
              label={t('login.new-password-again')}
              autoComplete="new-password"
              {...field('newPassword2')}
            />
            {policy.data && <PasswordRulesList policy={policy.data} password={form.newPassword} />}
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={change.isPending}>
                {t('profile.change-password')}
              </Button>
            </Stack>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
