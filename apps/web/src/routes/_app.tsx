import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Shell } from '../components/app-shell.tsx';

/** The signed-in area (SPEC §2). The sign-in guard arrives with the auth issue. */
export const Route = createFileRoute('/_app')({
  component: () => (
    <Shell>
      <Outlet />
    </Shell>
  ),
});
