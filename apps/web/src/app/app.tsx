import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { PageProgress } from '../components/page-progress';
import { AuthProvider } from '../features/auth/auth-provider';
import { ApiError, createApiClient } from '../lib/api-client';
import { createBrowserTokenStore } from '../lib/token-store';
import { createAppRouter } from './router';
import { theme } from './theme';

// One instance of each for the page's lifetime; created here, the app's only wiring point.
const apiClient = createApiClient({ tokens: createBrowserTokenStore() });
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

export function App() {
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
