import { useTranslation } from 'react-i18next';
import { AuthScreen } from '../features/auth/auth-screen';
import { LoginForm } from '../features/auth/login-form';
import { OAuth2Links } from '../features/auth/oauth2-links';
import { useOAuth2Clients } from '../features/auth/sign-in-queries';

/** Sign-in screen (spec 1-client §2.2): OAuth2 links, then the form, in the (white-labelled) frame. */
export function LoginPage() {
  const { t } = useTranslation();
  const oauth2 = useOAuth2Clients();
  return (
    <AuthScreen
      heading={t('login.sign-in-subtitle')}
      titleKey="login.login"
      showIntro
      loading={oauth2.isPending && oauth2.isFetching}
    >
      <OAuth2Links clients={oauth2.data ?? []} />
      <LoginForm />
    </AuthScreen>
  );
}
