/** An edited or unsent message (decision 023) replaces its cached copies: the thread, the room lists' previews, the pin. */
import { type ChatMessage, quoteOf, type RoomDetail } from '@fieldhouse/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { type HistoryPage, type RoomListPage, replaceInHistory, replaceInRoomList } from '../cache/chat-cache.ts';
import { chatKeys } from '../cache/chat-queries.ts';

export function storeMessageChange(queryClient: QueryClient, message: ChatMessage) {
  // The room's pinned message quotes it as it now reads (decision 023).
  queryClient.setQueryData<RoomDetail>(chatKeys.room(message.chatRoom.id), (room) =>
    room?.pinned?.quote.id === message.id
      ? {
          ...room,
          pinned: {
            ...room.pinned,
            quote: quoteOf(
              { ...message, deletedAt: message.unsent ? message.createdAt : null },
              room.pinned.quote.senderName,
            ),
          },
        }
      : room,
  );
  queryClient.setQueriesData<InfiniteData<HistoryPage>>(
    { queryKey: chatKeys.histories(message.chatRoom.id) },
    (data) => (data ? replaceInHistory(data, message) : data),
  );
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<RoomListPage>>({
    queryKey: chatKeys.roomLists(),
  })) {
    if (!data) continue;
    const replaced = replaceInRoomList(data, message);
    if (replaced.stale) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else if (replaced.data !== data) queryClient.setQueryData(key, replaced.data);
  }
}
