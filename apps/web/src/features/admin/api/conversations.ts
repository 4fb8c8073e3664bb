import type { PagedResponse, PaginationInfo, SupervisedConversation, SupervisedMessage } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { download } from '../../../lib/download.ts';
import { adminKeys } from './admin-keys.ts';

export const conversationsQueryOptions = (query: { search: string; page: number; limit: number }) =>
  queryOptions({
    queryKey: adminKeys.conversations(query),
    queryFn: () => apiGet<PagedResponse<SupervisedConversation>>('/admin/conversations', query),
    placeholderData: keepPreviousData,
  });

export type SupervisedThread = {
  conversation: Omit<SupervisedConversation, 'lastMessage' | 'messageCount'>;
  messages: SupervisedMessage[];
  paginationInfo: PaginationInfo;
};

/** Every read is audited with its reason on the server, so this is fetched on demand, never cached. */
export const readConversation = async (roomId: number, reason: string, page = 1) =>
  (
    await apiGet<{ data: SupervisedThread }>(`/admin/conversations/${roomId}/messages`, {
      reason,
      page,
      limit: 200,
    })
  ).data;

export const exportConversation = (roomId: number, reason: string, format: 'csv' | 'pdf', name: string) =>
  download(
    `/admin/conversations/${roomId}/export.${format}`,
    { reason },
    `conversation-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${format}`,
  );
