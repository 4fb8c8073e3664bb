import { tabsQueryOptions } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { ChatProvider } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { LiveUpdates } from '../app/live-updates.tsx';
import { Shell } from '../components/app-shell.tsx';
import { announcementSlots } from '../features/announcements/components/message-ack-slots.tsx';
import { ChangePasswordModal } from '../features/auth/components/change-password-modal.tsx';
import { useAuth } from '../features/auth/hooks/use-auth.ts';
import { MessageSlotsProvider } from '../features/chat/components/message-slots.tsx';
import { NotificationsBell } from '../features/chat/components/notifications-bell.tsx';
import { useChatNavigation } from '../features/chat/hooks/use-chat-navigation.ts';
import { OrganizationSwitcher } from '../features/organizations/components/organization-switcher.tsx';
import { withoutSchool } from '../lib/active-organization.ts';

/** Screens that work without a school: the set-up itself, the admin area and one's own messages. */
const WITHOUT_SCHOOL = /^\/(setup|admin|messages)(\/|$)/;

/**
 * The signed-in area (SPEC §2): a signed-out visitor goes to sign-in, coming back here after. A
 * super admin with no school yet is guided to set one up instead of meeting screens that need one.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    const { state } = context.auth;
    if (state.status !== 'signedIn') {
      throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } });
    }
    if (withoutSchool(state.user) && !WITHOUT_SCHOOL.test(location.pathname)) throw redirect({ to: '/setup' });
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  const auth = useAuth();
  const [changingPassword, setChangingPassword] = useState(false);
  const tabs = useQuery({ ...tabsQueryOptions(), enabled: auth.state.status === 'signedIn' });
  const chatNavigation = useChatNavigation();
  if (auth.state.status !== 'signedIn') return null;
  const unreadMessages = (tabs.data ?? []).reduce((sum, tab) => sum + tab.count, 0);
  return (
    <ChatProvider viewerId={auth.state.user.id} navigation={chatNavigation}>
      <LiveUpdates />
      <Shell
        user={auth.state.user}
        organizationName={auth.state.organization?.name ?? null}
        organizationSlot={
          auth.state.user.role === 'SUPER_ADMIN' ? (
            <OrganizationSwitcher ownOrganizationId={auth.state.user.organizationId as number | null} />
          ) : null
        }
        notificationsSlot={<NotificationsBell unreadMessages={unreadMessages} />}
        unreadMessages={unreadMessages}
        onChangePassword={() => setChangingPassword(true)}
        onSignOut={() => void auth.signOut()}
      >
        <MessageSlotsProvider value={announcementSlots}>
          <Outlet />
        </MessageSlotsProvider>
        <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
      </Shell>
    </ChatProvider>
  );
}
