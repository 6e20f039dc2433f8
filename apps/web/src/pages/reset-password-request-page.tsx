import { useTranslation } from 'react-i18next';
import { AuthScreen } from '../features/auth/auth-screen';
import { ResetRequestForm } from '../features/auth/reset-request-form';

/** login/resetPasswordRequest (spec 1-client §2.3). */
export function ResetPasswordRequestPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen heading={t('login.request-password-reset')} titleKey="login.request-password-reset">
      <ResetRequestForm />
    </AuthScreen>
  );
}
