import '@mantine/core/styles.css';
import '@fieldhouse/client/theme/focus.css';
import '@fieldhouse/client/theme/touch.css';
import { cspNonce } from '@fieldhouse/client/csp.ts';
import { cssVariablesResolver, theme } from '@fieldhouse/client/theme/theme.ts';
import { Toaster } from '@fieldhouse/client/toaster.tsx';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SplashScreen } from '../components/views.tsx';
import type { Auth } from '../features/auth/auth-context.ts';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

/** Re-runs route guards whenever the auth state changes (sign-in, sign-out, 401). */
function AuthedRouter({ auth }: { auth: Auth }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the guard must re-run when the auth state changes.
  useEffect(() => {
    void router.invalidate();
  }, [auth.state]);
  return <RouterProvider router={router} context={{ auth }} />;
}

export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      getStyleNonce={cspNonce}
    >
      <QueryClientProvider client={queryClient}>
        <AuthProvider splash={<SplashScreen />}>{(auth) => <AuthedRouter auth={auth} />}</AuthProvider>
        <Toaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}
