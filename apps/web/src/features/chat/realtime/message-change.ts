/** An edited or unsent message (decision 023) replaces its cached copies: the thread and the room lists' previews. */
import type { ChatMessage } from '@fieldhouse/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { type HistoryPage, type RoomListPage, replaceInHistory, replaceInRoomList } from '../api/chat-cache.ts';
import { chatKeys } from '../api/chat-queries.ts';

export function storeMessageChange(queryClient: QueryClient, message: ChatMessage) {
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
