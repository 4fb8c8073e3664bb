import { theme } from '@fieldhouse/client/theme/theme.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Auth, AuthContext } from '../features/auth/auth-context.ts';

const signedOut: Auth = {
  state: { status: 'signedOut' },
  completeSignIn: async () => ({ ok: false, reason: 'no-user' }),
  signOut: async () => {},
};

/** Renders `ui` as the page of a memory router, with Mantine, Query and a signed-out auth. */
export async function renderPage(ui: ReactNode, auth: Auth = signedOut) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider value={auth}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  await router.load();
  return result;
}
