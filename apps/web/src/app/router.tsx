import { createRouter } from '@tanstack/react-router';
import { ErrorView } from '../components/error-view.tsx';
import { NotFoundView } from '../components/not-found-view.tsx';
import { routeTree } from '../routeTree.gen.ts';
import { queryClient } from './query-client.ts';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which owns freshness.
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
