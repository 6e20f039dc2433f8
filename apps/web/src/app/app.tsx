import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { permissionDeniedDialog } from '../components/dialogs/dialog-store';
import { PageProgress } from '../components/page-progress';
import { AuthProvider } from '../features/auth/auth-provider';
import { currentUserQuery } from '../features/auth/auth-queries';
import { ApiError, createApiClient, type FailedCall } from '../lib/api-client';
import { presentError } from '../lib/http-error-policy';
import { notify } from '../lib/notifications';
import { createBrowserTokenStore } from '../lib/token-store';
import { colorModeStore } from './color-mode';
import { createAppRouter } from './router';
import { createAppTheme } from './theme';

/** Every failed call lands here once: a toast, the permission-denied dialog, or nothing (spec §8). */
function reportError(error: ApiError, call: FailedCall) {
  const presentation = presentError(error, call);
  if (presentation.kind === 'toast') notify({ type: 'error', message: presentation.message });
  else if (presentation.kind === 'permission-denied') void permissionDeniedDialog();
}

// One instance of each for the page's lifetime; created here, the app's only wiring point.
const apiClient = createApiClient({ tokens: createBrowserTokenStore(), onError: reportError });
const router = createAppRouter();
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry (and a 401 has already been refreshed by the client).
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Already signed in (a reload, a dashboard link): the user, and on dashboard pages the telemetry socket,
// load while the router fetches the page's code instead of after it.
if (apiClient.tokens.status() === 'active') {
  void queryClient.prefetchQuery(currentUserQuery(apiClient));
  if (/^\/dashboards?\//.test(window.location.pathname)) {
    void import('../lib/ws-client').then(({ wsClientFor }) => wsClientFor(apiClient).warm());
  }
}

export function App() {
  const mode = useSyncExternalStore(colorModeStore.subscribe, colorModeStore.get);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <AuthProvider client={apiClient}>
          {/* Suspends while the language file loads. */}
          <Suspense fallback={<PageProgress />}>
            <RouterProvider router={router} />
          </Suspense>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
