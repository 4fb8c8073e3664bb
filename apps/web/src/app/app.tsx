import './mantine-styles.ts';
import '@mantine/charts/styles.css';
import '@mantine/dropzone/styles.css';
import '@fieldhouse/client/theme/focus.css';
import '@fieldhouse/client/theme/touch.css';
import { AppFrame, useGuardsFollow } from '@fieldhouse/client/app-frame.tsx';
import { PageSplash } from '@fieldhouse/client/page-splash.tsx';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { GlobalLoadingOverlay } from '../components/global-loading-overlay.tsx';
import type { Auth } from '../features/auth/auth-context.ts';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { showPendingFlash } from '../lib/flash.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

function AuthedRouter({ auth }: { auth: Auth }) {
  useGuardsFollow(router, auth.state);
  return <RouterProvider router={router} context={{ auth }} />;
}

export function App() {
  useEffect(showPendingFlash, []);
  return (
    <AppFrame queryClient={queryClient} defaultColorScheme="light">
      <AuthProvider splash={<PageSplash />}>{(auth) => <AuthedRouter auth={auth} />}</AuthProvider>
      <GlobalLoadingOverlay />
    </AppFrame>
  );
}
