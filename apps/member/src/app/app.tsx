import './mantine-styles.ts';
import '@fieldhouse/client/theme/focus.css';
import '@fieldhouse/client/theme/touch.css';
import { AppFrame, useGuardsFollow } from '@fieldhouse/client/app-frame.tsx';
import { PageSplash } from '@fieldhouse/client/page-splash.tsx';
import { RouterProvider } from '@tanstack/react-router';
import type { Auth } from '../features/auth/auth-context.ts';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

function AuthedRouter({ auth }: { auth: Auth }) {
  useGuardsFollow(router, auth.state);
  return <RouterProvider router={router} context={{ auth }} />;
}

/** A phone follows its own light or dark setting. */
export function App() {
  return (
    <AppFrame queryClient={queryClient} defaultColorScheme="auto">
      <AuthProvider splash={<PageSplash />}>{(auth) => <AuthedRouter auth={auth} />}</AuthProvider>
    </AppFrame>
  );
}
