import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { Auth } from '../features/auth/auth-context.ts';

export type RouterContext = { queryClient: QueryClient; auth: Auth };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});
