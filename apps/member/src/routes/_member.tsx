import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { Shell } from '../components/shell.tsx';
import { useAuth } from '../features/auth/use-auth.ts';
import { MemberChat } from '../features/conversations/realtime/member-chat.tsx';

/** The signed-in area: a signed-out visitor signs in and comes back here; staff go to the admin app. */
export const Route = createFileRoute('/_member')({
  beforeLoad: ({ context, location }) => {
    const { status } = context.auth.state;
    if (status === 'signedOut') throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } });
    if (status === 'staff') throw redirect({ to: '/auth/staff' });
  },
  component: function MemberLayout() {
    const { state } = useAuth();
    // Between a sign-out and the guard's redirect there is no member to draw for.
    if (state.status !== 'signedIn') return null;
    return (
      <MemberChat viewerId={state.user.id}>
        <Shell schoolName={state.organization?.name ?? null}>
          <Outlet />
        </Shell>
      </MemberChat>
    );
  },
});
