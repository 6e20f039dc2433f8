import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { PageProgress } from '../components/page-progress';

/** Route `handle` data read by the root layout. */
export interface RouteHandle {
  /** Translation key of the page title. */
  title?: string;
}

/** Sets the page title ('SAPO Dashboard | <page>', spec 1-client §2.5) and shows lazy-route loading. */
export function RootLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const navigation = useNavigation();
  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast((key) => key !== undefined);

  useEffect(() => {
    const appTitle = t('app.title');
    document.title = titleKey ? `${appTitle} | ${t(titleKey)}` : appTitle;
  }, [t, titleKey]);

  return (
    <>
      {navigation.state === 'loading' && <PageProgress />}
      <Outlet />
    </>
  );
}
