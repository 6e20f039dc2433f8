import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { DialogHost } from '../components/dialogs/dialog-host';
import { closeAllDialogs } from '../components/dialogs/dialog-store';
import { Toaster } from '../components/notifications/toaster';
import { PageProgress } from '../components/page-progress';
import { useAuth } from '../features/auth/auth-provider';
import { StartupParams } from '../features/auth/startup-params';
import type { RouteHandle } from './navigation/route-handle';

export type { RouteHandle } from './navigation/route-handle';

/**
 * Around every route: the page title ('SAPO Dashboard | <page>', spec 1-client §2.5), the loading
 * bar (lazy routes and counted requests), toasts, shared dialogs and the start-up parameters.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const navigation = useNavigation();
  const location = useLocation();
  const { client } = useAuth();
  const requestsActive = useSyncExternalStore(client.activity.subscribe, client.activity.isActive);
  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast((key) => key !== undefined);

  useEffect(() => {
    const appTitle = t('app.title');
    document.title = titleKey ? `${appTitle} | ${t(titleKey)}` : appTitle;
  }, [t, titleKey]);

  // Spec §2.6: dialogs close on any navigation start.
  useEffect(() => {
    if (navigation.state === 'loading') closeAllDialogs();
  }, [navigation.state]);
  useEffect(() => closeAllDialogs, [location.pathname]);

  return (
    <>
      {(navigation.state === 'loading' || requestsActive) && <PageProgress />}
      <StartupParams />
      <Outlet />
      <Toaster />
      <DialogHost />
    </>
  );
}
