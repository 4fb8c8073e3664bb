/**
 * The member app's conversations (decision 026): my rooms (`GET /me/conversations`), the unread
 * badge (`GET /me/unread`), who I may write to first (`GET /me/contacts`), and starting a direct
 * room (`POST /chat/rooms/direct`). The server decides every rule; these only ask.
 */
import type {
  ChatMessage,
  MemberContact,
  MemberConversation,
  MemberUnread,
  PagedResponse,
  PaginationInfo,
  RoomDetail,
} from '@fieldhouse/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

const PAGE_SIZE = 20;

export const conversationKeys = {
  all: ['me', 'conversations'] as const,
  list: (search: string) => [...conversationKeys.all, 'list', search] as const,
  unread: () => [...conversationKeys.all, 'unread'] as const,
  contacts: (search: string) => [...conversationKeys.all, 'contacts', search] as const,
  room: (roomId: number) => [...conversationKeys.all, 'room', roomId] as const,
  messages: (roomId: number) => [...conversationKeys.all, 'messages', roomId] as const,
};

/** Pages of a paged list: the next page number, or undefined after the last. */
const nextPage = (last: { paginationInfo: PaginationInfo }) => last.paginationInfo.nextPage ?? undefined;

export const conversationsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.list(search),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (
        await apiGet<PagedResponse<MemberConversation>>('/me/conversations', {
          search,
          page: pageParam,
          limit: PAGE_SIZE,
        })
      ).data,
    getNextPageParam: nextPage,
  });

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.unread(),
    queryFn: async () => (await apiGet<{ data: MemberUnread }>('/me/unread')).data,
  });

export const contactsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.contacts(search),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (
        await apiGet<PagedResponse<MemberContact>>('/me/contacts', {
          search,
          page: pageParam,
          limit: PAGE_SIZE,
        })
      ).data,
    getNextPageParam: nextPage,
  });

export const roomQueryOptions = (roomId: number) =>
  queryOptions({
    queryKey: conversationKeys.room(roomId),
    queryFn: async () => (await apiGet<{ data: RoomDetail }>(`/chat/rooms/${roomId}`)).data,
  });

export type History = { messages: ChatMessage[]; hasOlder: boolean; hasNewer: boolean };

/**
 * A room's history in the admin app's shape (pages oldest to newest, older ones fetched as
 * previous pages), so the shared cache updates apply to both apps. Live events keep it current.
 */
export const messagesQueryOptions = (roomId: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(roomId),
    initialPageParam: {} as { before?: number },
    queryFn: async ({ pageParam }) =>
      (await apiGet<{ data: History }>(`/chat/rooms/${roomId}/messages`, { ...pageParam, limit: 50 })).data,
    getPreviousPageParam: (first) => {
      const oldest = first.messages[0];
      return first.hasOlder && oldest ? { before: oldest.id } : undefined;
    },
    getNextPageParam: () => undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roomId: number) => apiPost(`/chat/rooms/${roomId}/read`, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'list'] });
    },
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) =>
      (await apiPost<{ data: { id: number } }>('/chat/rooms/direct', { userId })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
