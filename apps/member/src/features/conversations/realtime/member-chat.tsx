/**
 * The shared chat core (ChatProvider from @fieldhouse/client) in the member app: rooms open on
 * the Chats tab, and every live event that changes who has what unread refreshes the member
 * app's own lists (`/me/conversations`, `/me/unread`), which the core does not know.
 */
import { type ChatNavigation, ChatProvider, useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { SOCKET_EVENTS } from '@fieldhouse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo } from 'react';
import { conversationKeys } from '../api/conversations.ts';

const LIVE_EVENTS = [
  SOCKET_EVENTS.chatMessageReceived,
  SOCKET_EVENTS.messageUpdated,
  SOCKET_EVENTS.roomUpdate,
  SOCKET_EVENTS.tabUnreadCountUpdate,
];

function LiveLists() {
  const { socket } = useChat();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    const offs = [...LIVE_EVENTS.map((event) => socket.on(event, refresh)), socket.on('connect', refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, [socket, queryClient]);
  return null;
}

/** `resumed`: the app started offline from its stored copy (features/offline). */
export function MemberChat({
  viewerId,
  resumed,
  children,
}: {
  viewerId: number;
  resumed: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  // One object per router: a new one would reconnect the socket.
  const navigation = useMemo<ChatNavigation>(
    () => ({
      openRoom: (roomId) => void router.navigate({ to: '/chats/$roomId', params: { roomId } }),
      showRoomList: () => router.navigate({ to: '/chats' }),
      // The Chats tab shows each new message in its list or thread; a toast on top would repeat it.
      toastMessages: () => !window.location.pathname.startsWith(`${import.meta.env.BASE_URL}chats`),
      onRead: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
    }),
    [router, queryClient],
  );
  return (
    <ChatProvider viewerId={viewerId} navigation={navigation} resumed={resumed}>
      <LiveLists />
      {children}
    </ChatProvider>
  );
}
