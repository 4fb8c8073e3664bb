import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { Shell } from '../components/shell.tsx';
import { useMember } from '../features/auth/use-auth.ts';

/** The signed-in area: a signed-out visitor signs in and comes back here; staff go to the admin app. */
export const Route = createFileRoute('/_member')({
  beforeLoad: ({ context, location }) => {
    const { status } = context.auth.state;
    if (status === 'signedOut') throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } });
    if (status === 'staff') throw redirect({ to: '/auth/staff' });
  },
  component: function MemberLayout() {
    const member = useMember();
    return (
      <Shell schoolName={member.organization?.name ?? null}>
        <Outlet />
      </Shell>
    );
  },
});
