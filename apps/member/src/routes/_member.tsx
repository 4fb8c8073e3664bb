import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { Shell } from '../components/shell.tsx';
import { useAuth } from '../features/auth/use-auth.ts';
import { MemberChat } from '../features/conversations/realtime/member-chat.tsx';
import { OfflineBanner } from '../features/offline/offline-banner.tsx';
import { useOfflineSnapshot } from '../features/offline/use-offline-snapshot.ts';

/** The signed-in area: a signed-out visitor signs in and comes back here; staff go to the admin app. */
export const Route = createFileRoute('/_member')({
  beforeLoad: ({ context, location }) => {
    const { status } = context.auth.state;
    if (status === 'signedOut') throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } });
    if (status === 'staff') throw redirect({ to: '/auth/staff' });
  },
  component: function MemberLayout() {
    const { state } = useAuth();
    const signedIn = state.status === 'signedIn' ? state : null;
    useOfflineSnapshot(state);
    // Between a sign-out and the guard's redirect there is no member to draw for.
    if (!signedIn) return null;
    return (
      <MemberChat viewerId={signedIn.user.id} resumed={signedIn.offline === true}>
        <Shell schoolName={signedIn.organization?.name ?? null}>
          <OfflineBanner startedOffline={signedIn.offline === true} />
          <Outlet />
        </Shell>
      </MemberChat>
    );
  },
});
