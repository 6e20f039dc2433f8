import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthScreen } from '../features/auth/auth-screen';
import { InvalidLinkNotice } from '../features/auth/invalid-link-notice';
import { NewPasswordForm } from '../features/auth/new-password-form';
import { useResetPassword } from '../features/auth/sign-in-queries';

const NAMES = ['newPassword', 'newPassword2'] as const;
const LABELS = ['login.new-password', 'login.new-password-again'] as const;

/** Both reset screens (spec 1-client §2.1, §2.4): a new password for ?resetToken=, then signed in. */
function ResetPasswordScreen({ expired }: { expired: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resetToken = params.get('resetToken');
  const reset = useResetPassword();

  return (
    <AuthScreen heading={t('login.password-reset')} titleKey="login.reset-password">
      {resetToken ? (
        <NewPasswordForm
          names={NAMES}
          labels={LABELS}
          submitLabel={t('login.reset-password')}
          pending={reset.isPending}
          error={reset.isError ? reset.error.message : null}
          notice={
            expired && (
              <Alert severity="warning" data-testid="expired-password-notice">
                {t('login.expired-password-reset-message')}
              </Alert>
            )
          }
          onSubmit={(password) =>
            reset.mutate({ resetToken, password }, { onSuccess: () => void navigate('/home', { replace: true }) })
          }
        />
      ) : (
        <InvalidLinkNotice message={t('login.reset-link-missing-token')} requestNewLink />
      )}
    </AuthScreen>
  );
}

/** login/resetPassword?resetToken= — the link from the reset e-mail. */
export function ResetPasswordPage() {
  return <ResetPasswordScreen expired={false} />;
}

/** login/resetExpiredPassword?resetToken= — after a sign-in refused because the password expired. */
export function ResetExpiredPasswordPage() {
  return <ResetPasswordScreen expired />;
}
