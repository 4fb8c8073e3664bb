import { createRouter } from '@tanstack/react-router';
import { ErrorView } from '../components/error-view.tsx';
import { NotFoundView } from '../components/not-found-view.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import type { Auth } from '../features/auth/auth-context.ts';
import { routeTree } from '../routeTree.gen.ts';
import { queryClient } from './query-client.ts';

export const router = createRouter({
  routeTree,
  // `auth` is provided by <RouterProvider context> once the auth state has loaded.
  context: { queryClient, auth: undefined as unknown as Auth },
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which owns freshness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: ErrorView,
  // A slow answer shows the page's shape inside the shell, never a blank page.
  defaultPendingComponent: PageSkeleton,
  defaultPendingMs: 150,
  defaultPendingMinMs: 300,
  defaultNotFoundComponent: NotFoundView,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
