import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthScreen } from '../features/auth/auth-screen';
import { InvalidLinkNotice } from '../features/auth/invalid-link-notice';
import { NewPasswordForm } from '../features/auth/new-password-form';
import { useActivateAccount } from '../features/auth/sign-in-queries';

const NAMES = ['password', 'password2'] as const;
const LABELS = ['login.password', 'login.password-again'] as const;

/** login/createPassword?activateToken= (spec 1-client §2.4): an invited user's first password, then signed in. */
export function CreatePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const activateToken = params.get('activateToken');
  const activate = useActivateAccount();

  return (
    <AuthScreen heading={t('login.create-password')} titleKey="login.create-password">
      {activateToken ? (
        <NewPasswordForm
          names={NAMES}
          labels={LABELS}
          submitLabel={t('login.create-password')}
          pending={activate.isPending}
          error={activate.isError ? activate.error.message : null}
          notice={
            <Typography variant="body2" color="text.secondary">
              {t('login.create-password-hint')}
            </Typography>
          }
          onSubmit={(password) =>
            activate.mutate({ activateToken, password }, { onSuccess: () => void navigate('/home', { replace: true }) })
          }
        />
      ) : (
        <InvalidLinkNotice message={t('login.activation-link-missing-token')} />
      )}
    </AuthScreen>
  );
}
