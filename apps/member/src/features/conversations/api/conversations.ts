/**
 * The member app's conversations (decision 026): my rooms (`GET /me/conversations`), the unread
 * badge (`GET /me/unread`), who I may write to first (`GET /me/contacts`), and starting a direct
 * room (`POST /chat/rooms/direct`). A room itself (detail, history, live events) is the shared chat
 * core's (@fieldhouse/client/chat). The server decides every rule; these only ask.
 */
import type {
  MemberContact,
  MemberConversation,
  MemberUnread,
  PagedResponse,
  PaginationInfo,
} from '@fieldhouse/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

const PAGE_SIZE = 20;

export const conversationKeys = {
  all: ['me', 'conversations'] as const,
  list: (search: string) => [...conversationKeys.all, 'list', search] as const,
  unread: () => [...conversationKeys.all, 'unread'] as const,
  contacts: (search: string) => [...conversationKeys.all, 'contacts', search] as const,
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

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) =>
      (await apiPost<{ data: { id: number } }>('/chat/rooms/direct', { userId })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
