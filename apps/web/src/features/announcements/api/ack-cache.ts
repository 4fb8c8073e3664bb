/**
 * Live acknowledgement counts (decision 027): a `chat:ack-update` sets the counts of the message
 * wherever a thread holds it, and makes its "See who" list stale. The app wires it to the socket
 * (app/live-updates.tsx), so the chat feature needs to know nothing of announcements.
 */

import type { HistoryPage } from '@fieldhouse/client/chat/cache/chat-cache.ts';
import { chatKeys } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import type { AckUpdate, ChatMessage } from '@fieldhouse/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { announcementsKeys } from './announcements-queries.ts';

/** The message's ack with the new counts; the viewer's own state stays as it was. */
export function withAckCounts(message: ChatMessage, update: AckUpdate): ChatMessage {
  if (message.id !== update.messageId) return message;
  return {
    ...message,
    ack: { mine: message.ack?.mine ?? null, asked: update.asked, acknowledged: update.acknowledged },
  };
}

export function applyAckCounts(data: InfiniteData<HistoryPage>, update: AckUpdate): InfiniteData<HistoryPage> {
  if (!data.pages.some((page) => page.messages.some((m) => m.id === update.messageId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some((m) => m.id === update.messageId)
        ? { ...page, messages: page.messages.map((m) => withAckCounts(m, update)) }
        : page,
    ),
  };
}

export function storeAckUpdate(queryClient: QueryClient, update: AckUpdate) {
  queryClient.setQueriesData<InfiniteData<HistoryPage>>({ queryKey: chatKeys.histories(update.roomId) }, (data) =>
    data ? applyAckCounts(data, update) : data,
  );
  void queryClient.invalidateQueries({ queryKey: announcementsKeys.tracking(update.messageId) });
}

/** The viewer's own "Got it": their state and the counts the answer gives. */
export function storeOwnAck(
  queryClient: QueryClient,
  message: ChatMessage,
  counts: Omit<AckUpdate, 'roomId' | 'messageId'>,
) {
  queryClient.setQueriesData<InfiniteData<HistoryPage>>(
    { queryKey: chatKeys.histories(message.chatRoom.id) },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              messages: page.messages.map((m) =>
                m.id === message.id ? { ...m, ack: { ...counts, mine: 'ACKNOWLEDGED' as const } } : m,
              ),
            })),
          }
        : data,
  );
}
