import { createRouter } from '@tanstack/react-router';
import { ErrorView, NotFoundView } from '../components/views.tsx';
import type { Auth } from '../features/auth/auth-context.ts';
import { routeTree } from '../routeTree.gen.ts';
import { queryClient } from './query-client.ts';

export const router = createRouter({
  routeTree,
  // The vite `base` of this app; the server sends every /m/… page here (decision 021).
  basepath: '/m',
  context: { queryClient, auth: undefined as unknown as Auth },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: ErrorView,
  defaultNotFoundComponent: NotFoundView,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
