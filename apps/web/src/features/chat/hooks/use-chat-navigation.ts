/** Where the shared ChatProvider leads in the admin app: the messages screen, on a tab. */
import type { ChatNavigation } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';

export function useChatNavigation(): ChatNavigation {
  const router = useRouter();
  // One object per router: a new one would reconnect the socket.
  return useMemo(
    () => ({
      openRoom: (roomId, tab) => void router.navigate({ to: '/messages', search: { tab, roomId } }),
      showRoomList: (tab) => router.navigate({ to: '/messages', search: { tab } }),
    }),
    [router],
  );
}
